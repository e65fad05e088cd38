// Checkpoints of earlier versions, kept inside lmdb as chunks (names and external ids,
// attributes by name): read back as upsert mutations so a data folder written by an earlier
// version opens. New checkpoints are files (store/checkpoint.ts); the chunks are dropped once
// two of those exist.
import type { Graph } from '../graph/graph.js';
import type { AttrUpdate, Mutation } from '../mutations.js';
import type { SnapshotChunk } from './log-store.js';

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
