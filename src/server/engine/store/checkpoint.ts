// The graph as checkpoint chunks (names and external ids, attributes by name) and back. Chunks
// are bounded so a checkpoint of a large graph never needs one huge value.
import type { Graph } from '../graph/graph.js';
import type { AttrUpdate, Mutation } from '../mutations.js';
import type { SnapshotChunk } from './log-store.js';

const chunkSize = 50_000;

/** Every live vertex and edge of the graph, as chunks. */
export function* graphChunks(graph: Graph): Generator<SnapshotChunk> {
  for (const table of graph.vertices.values()) {
    const attributes = table.def.attributes.map((a) => a.name);
    let keys: string[] = [];
    let columns: unknown[][] = attributes.map(() => []);
    for (const slot of table.liveSlots()) {
      keys.push(table.ids[slot] ?? '');
      table.columns.forEach((column, i) => columns[i]?.push(column[slot]));
      if (keys.length === chunkSize) {
        yield { kind: 'v', type: table.def.name, keys, attributes, columns };
        keys = [];
        columns = attributes.map(() => []);
      }
    }
    if (keys.length > 0) yield { kind: 'v', type: table.def.name, keys, attributes, columns };
  }
  for (const table of graph.edges.values()) {
    const attributes = table.def.attributes.map((a) => a.name);
    let keys: string[] = [];
    let columns: unknown[][] = attributes.map(() => []);
    for (let slot = 0; slot < table.slotCount; slot++) {
      if (table.alive[slot] !== 1) continue;
      const from = graph.vertexByIndex[table.srcType[slot] ?? 0];
      const to = graph.vertexByIndex[table.dstType[slot] ?? 0];
      keys.push(from?.def.name ?? '', from?.ids[table.src[slot] ?? 0] ?? '');
      keys.push(to?.def.name ?? '', to?.ids[table.dst[slot] ?? 0] ?? '');
      table.columns.forEach((column, i) => columns[i]?.push(column[slot]));
      if (keys.length === chunkSize * 4) {
        yield { kind: 'e', type: table.def.name, keys, attributes, columns };
        keys = [];
        columns = attributes.map(() => []);
      }
    }
    if (keys.length > 0) yield { kind: 'e', type: table.def.name, keys, attributes, columns };
  }
}

/** A chunk as upsert mutations against the graph's current catalog. */
export function* chunkMutations(graph: Graph, chunk: SnapshotChunk): Generator<Mutation> {
  const def =
    chunk.kind === 'v' ? graph.vertexTable(chunk.type)?.def : graph.edgeTable(chunk.type)?.def;
  if (!def) return;
  const positions = chunk.attributes.map((name) =>
    def.attributes.findIndex((a) => a.name === name),
  );
  const updatesAt = (row: number): AttrUpdate[] => {
    const updates: AttrUpdate[] = [];
    positions.forEach((pos, i) => {
      if (pos >= 0) updates.push([pos, '=', chunk.columns[i]?.[row]]);
    });
    return updates;
  };
  if (chunk.kind === 'v') {
    for (let row = 0; row < chunk.keys.length; row++) {
      yield { k: 'v', t: chunk.type, id: chunk.keys[row] ?? '', u: updatesAt(row) };
    }
    return;
  }
  const edgeDef = graph.edgeTable(chunk.type)?.def;
  const discPositions = (edgeDef?.discriminator ?? []).map((name) =>
    chunk.attributes.indexOf(name),
  );
  for (let row = 0; row * 4 < chunk.keys.length; row++) {
    const k = row * 4;
    yield {
      k: 'e',
      t: chunk.type,
      ft: chunk.keys[k] ?? '',
      f: chunk.keys[k + 1] ?? '',
      tt: chunk.keys[k + 2] ?? '',
      to: chunk.keys[k + 3] ?? '',
      u: updatesAt(row),
      disc: discPositions.map((i) => chunk.columns[i]?.[row]),
    };
  }
}
