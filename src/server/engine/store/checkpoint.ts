// The in-memory graph as a checkpoint file and back. Each vertex table writes its liveness flags,
// ids and attribute columns; each edge table its endpoint and liveness columns (the typed arrays
// themselves), its attribute columns and its endpoint index. Reading fills fresh tables straight
// from those sections, with no mutation replayed per vertex or edge: the id map is rebuilt from
// the ids and the adjacency from the endpoint columns in one counting sort. Anything that does
// not add up (a checksum, a length, a type missing from the catalog) is CheckpointDamaged.
import type { CatalogData } from '../catalog/types.js';
import { Adjacency } from '../graph/adjacency.js';
import { buildAdjacency } from '../graph/build-adjacency.js';
import type { EdgeTable } from '../graph/edge-table.js';
import { Graph } from '../graph/graph.js';
import { PairIndex } from '../graph/pair-index.js';
import type { VertexTable } from '../graph/vertex-table.js';
import {
  CheckpointDamaged,
  CheckpointReader,
  type CheckpointWriter,
  type ElementType,
} from './checkpoint-file.js';
import { readColumn, writeColumn, type ColumnCodec } from './column-codec.js';

interface ColumnPart {
  readonly name: string;
  readonly codec: ColumnCodec;
}

interface VertexPart {
  readonly name: string;
  readonly typeIndex: number;
  readonly slotCount: number;
  readonly liveCount: number;
  readonly banned: readonly string[];
  readonly alive: number;
  readonly ids: ColumnCodec;
  readonly columns: readonly ColumnPart[];
}

interface EdgePart {
  readonly name: string;
  readonly slotCount: number;
  readonly liveCount: number;
  readonly srcType: number;
  readonly src: number;
  readonly dstType: number;
  readonly dst: number;
  readonly alive: number;
  readonly columns: readonly ColumnPart[];
  /** The endpoint index (types without a discriminator). */
  readonly pairs?: { readonly table: number; readonly size: number; readonly used: number };
  /** The compact adjacency by direction and vertex type index (absent: built on reading). */
  readonly adjacency?: readonly AdjacencyPart[];
}

interface AdjacencyPart {
  readonly side: 'out' | 'in';
  readonly typeIndex: number;
  readonly built: number;
  readonly offsets: number;
  readonly edges: number;
  readonly farType: number;
  readonly far: number;
}

interface CheckpointBody {
  /** The last log sequence number the checkpoint holds. */
  readonly seq: number;
  readonly catalog: CatalogData;
  readonly vertices: readonly VertexPart[];
  readonly edges: readonly EdgePart[];
}

export interface CheckpointCounts {
  readonly vertices: number;
  readonly edges: number;
}

async function writeColumns(
  writer: CheckpointWriter,
  table: VertexTable | EdgeTable,
  n: number,
): Promise<ColumnPart[]> {
  const parts: ColumnPart[] = [];
  for (const [i, attr] of table.def.attributes.entries())
    parts.push({
      name: attr.name,
      codec: await writeColumn(writer, table.columns[i] ?? [], n, table.alive),
    });
  return parts;
}

/**
 * The CSR arrays of every adjacency of a table, when all are compact (as a rebuild leaves them):
 * reading them back is cheaper than sorting the edges again. Undefined otherwise.
 */
async function writeAdjacency(
  writer: CheckpointWriter,
  table: EdgeTable,
): Promise<AdjacencyPart[] | undefined> {
  const sides = [
    ['out', table.out],
    ['in', table.in],
  ] as const;
  if (table.deferred) return undefined;
  for (const [, list] of sides)
    for (const adj of list) if (adj && (adj.deltaCount > 0 || adj.dead > 0)) return undefined;
  const parts: AdjacencyPart[] = [];
  for (const [side, list] of sides) {
    for (const [typeIndex, adj] of list.entries()) {
      if (!adj) continue;
      const total = adj.offsets[adj.built] ?? 0;
      parts.push({
        side,
        typeIndex,
        built: adj.built,
        offsets: await writer.section(adj.offsets.subarray(0, adj.built + 1), 'u32'),
        edges: await writer.section(adj.edges.subarray(0, total), 'i32'),
        farType: await writer.section(adj.farType.subarray(0, total), 'u16'),
        far: await writer.section(adj.far.subarray(0, total), 'i32'),
      });
    }
  }
  return parts;
}

/** Reads back what writeAdjacency wrote, checking that the arrays agree with each other. */
function readAdjacency(
  reader: CheckpointReader,
  table: EdgeTable,
  parts: readonly AdjacencyPart[],
  slotCounts: readonly number[],
): void {
  table.out.length = 0;
  table.in.length = 0;
  for (const part of parts) {
    const adj = new Adjacency();
    adj.offsets = reader.section(part.offsets, 'u32');
    adj.edges = reader.section(part.edges, 'i32');
    adj.farType = reader.section(part.farType, 'u16');
    adj.far = reader.section(part.far, 'i32');
    adj.built = part.built;
    const total = adj.edges.length;
    check(
      part.built <= (slotCounts[part.typeIndex] ?? 0) &&
        adj.offsets.length === part.built + 1 &&
        adj.offsets[part.built] === total &&
        adj.farType.length === total &&
        adj.far.length === total,
      `${table.def.name}: adjacency arrays disagree`,
    );
    (part.side === 'out' ? table.out : table.in)[part.typeIndex] = adj;
  }
  table.adjacencyBuilt();
}

/** Checks one end of every live edge and renumbers its vertex type (see readEdges). */
function checkEnds(
  types: Uint16Array,
  slots: Int32Array,
  alive: Uint8Array,
  n: number,
  renumber: Int32Array,
  slotCounts: Int32Array,
): boolean {
  for (let e = 0; e < n; e++) {
    if (alive[e] !== 1) continue;
    const to = renumber[types[e] as number] as number;
    const slot = slots[e] as number;
    if (to < 0 || slot < 0 || slot >= (slotCounts[to] as number)) return false;
    types[e] = to;
  }
  return true;
}

/**
 * Writes the graph as of log sequence `seq` (finishing the file). The caller keeps the graph
 * still meanwhile (no mutation until this resolves): sections are written between awaits.
 */
export async function writeCheckpoint(
  writer: CheckpointWriter,
  graph: Graph,
  seq: number,
): Promise<CheckpointCounts> {
  const section = (array: Uint8Array | Uint16Array | Int32Array, type: ElementType, n: number) =>
    writer.section(array.subarray(0, n), type);
  const vertices: VertexPart[] = [];
  const counts = { vertices: 0, edges: 0 };
  for (const table of graph.vertices.values()) {
    const n = table.slotCount;
    vertices.push({
      name: table.def.name,
      typeIndex: table.typeIndex,
      slotCount: n,
      liveCount: table.liveCount,
      banned: [...table.banned],
      alive: await section(table.alive, 'u8', n),
      ids: await writeColumn(writer, table.ids, n),
      columns: await writeColumns(writer, table, n),
    });
    counts.vertices += table.liveCount;
  }
  const edges: EdgePart[] = [];
  for (const table of graph.edges.values()) {
    const n = table.slotCount;
    const index = table.pairIndex;
    edges.push({
      name: table.def.name,
      slotCount: n,
      liveCount: table.liveCount,
      srcType: await section(table.srcType, 'u16', n),
      src: await section(table.src, 'i32', n),
      dstType: await section(table.dstType, 'u16', n),
      dst: await section(table.dst, 'i32', n),
      alive: await section(table.alive, 'u8', n),
      columns: await writeColumns(writer, table, n),
      pairs: table.discriminated
        ? undefined
        : { table: await writer.section(index.table, 'i32'), size: index.size, used: index.used },
      adjacency: await writeAdjacency(writer, table),
    });
    counts.edges += table.liveCount;
  }
  await writer.finish({ seq, catalog: graph.catalog, vertices, edges } satisfies CheckpointBody);
  return counts;
}

function check(condition: boolean, what: string): asserts condition {
  if (!condition) throw new Error(what);
}

function countLive(alive: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < alive.length; i++) n += alive[i] === 1 ? 1 : 0;
  return n;
}

function readColumns(
  reader: CheckpointReader,
  table: VertexTable | EdgeTable,
  parts: readonly ColumnPart[],
  n: number,
): unknown[][] {
  const names = table.def.attributes.map((a) => a.name);
  check(
    parts.length === names.length && parts.every((p, i) => p.name === names[i]),
    `${table.def.name}: columns ${parts.map((p) => p.name).join(',')} are not its attributes`,
  );
  return parts.map((p) => readColumn(reader, p.codec, n, table.alive));
}

function readVertices(reader: CheckpointReader, table: VertexTable, part: VertexPart): void {
  const n = part.slotCount;
  const alive = reader.section(part.alive, 'u8');
  check(alive.length === n, `${part.name}: ${alive.length} flags for ${n} slots`);
  check(countLive(alive) === part.liveCount, `${part.name}: live count disagrees`);
  const ids = readColumn(reader, part.ids, n);
  table.alive = alive;
  for (let slot = 0; slot < n; slot++) {
    const id = ids[slot];
    check(typeof id === 'string', `${part.name}: slot ${slot} has no id`);
    table.ids.push(id);
    if (alive[slot] === 1) table.slotOf.addString(id, slot);
  }
  check(table.slotOf.size === part.liveCount, `${part.name}: duplicate ids`);
  table.liveCount = part.liveCount;
  for (const id of part.banned) table.banned.add(id);
  table.columns = readColumns(reader, table, part.columns, n);
}

function readEdges(
  reader: CheckpointReader,
  table: EdgeTable,
  part: EdgePart,
  typeIndexes: Map<number, number>,
  slotCounts: readonly number[],
): void {
  const n = part.slotCount;
  const srcType = reader.section(part.srcType, 'u16');
  const src = reader.section(part.src, 'i32');
  const dstType = reader.section(part.dstType, 'u16');
  const dst = reader.section(part.dst, 'i32');
  const alive = reader.section(part.alive, 'u8');
  check(
    [srcType, src, dstType, dst, alive].every((a) => a.length === n),
    `${part.name}: endpoint columns of the wrong length`,
  );
  check(countLive(alive) === part.liveCount, `${part.name}: live count disagrees`);
  // Type indexes are renumbered when the catalog had dropped types (the graph read back has no
  // holes): the stored endpoint index hashes the old numbers, so it is rebuilt then.
  const renumber = new Int32Array(65536).fill(-1);
  let renumbered = false;
  for (const [from, to] of typeIndexes) {
    renumber[from] = to;
    if (from !== to) renumbered = true;
  }
  const counts = Int32Array.from(slotCounts);
  check(
    checkEnds(srcType, src, alive, n, renumber, counts) &&
      checkEnds(dstType, dst, alive, n, renumber, counts),
    `${part.name}: an edge ends outside the vertex tables`,
  );
  table.srcType = srcType;
  table.src = src;
  table.dstType = dstType;
  table.dst = dst;
  table.alive = alive;
  table.slotCount = n;
  table.liveCount = part.liveCount;
  table.columns = readColumns(reader, table, part.columns, n);
  if (table.discriminated) {
    for (let e = 0; e < n; e++) {
      if (alive[e] !== 1) continue;
      const key = table.discKey(
        srcType[e] as number,
        src[e] as number,
        dstType[e] as number,
        dst[e] as number,
        table.discriminatorOf(e),
      );
      table.keyIndex.set(key, e);
    }
  } else if (part.pairs && !renumbered) {
    const stored = reader.section(part.pairs.table, 'i32');
    const length = stored.length;
    check(length >= 16 && (length & (length - 1)) === 0, `${part.name}: bad index size`);
    check(part.pairs.size === part.liveCount, `${part.name}: index size disagrees`);
    table.pairIndex = new PairIndex(() => table, { ...part.pairs, table: stored });
  } else {
    // Rebuilt from the columns at its first use (or the next rebuild), not on open.
    table.pairIndex.addLater(0, n);
  }
  // Far ends in the stored adjacency carry the old type numbers: sorted again when renumbered.
  if (part.adjacency && !renumbered) readAdjacency(reader, table, part.adjacency, slotCounts);
  else buildAdjacency(table, slotCounts);
}

/** The graph in a checkpoint file; throws CheckpointDamaged unless it reads back whole. */
export function readCheckpoint(path: string): {
  graph: Graph;
  seq: number;
  counts: CheckpointCounts;
} {
  const reader = CheckpointReader.open(path);
  try {
    const body = reader.body as CheckpointBody | undefined;
    check(body !== undefined && Number.isInteger(body.seq), 'no checkpoint header');
    const graph = new Graph(body.catalog);
    const typeIndexes = new Map<number, number>();
    const counts = { vertices: 0, edges: 0 };
    for (const part of body.vertices) {
      const table = graph.vertexTable(part.name);
      check(table !== undefined, `vertex type ${part.name} is not in its catalog`);
      typeIndexes.set(part.typeIndex, table.typeIndex);
      readVertices(reader, table, part);
      counts.vertices += table.liveCount;
    }
    const slotCounts = graph.vertexByIndex.map((t) => t?.slotCount ?? 0);
    for (const part of body.edges) {
      const table = graph.edgeTable(part.name);
      check(table !== undefined, `edge type ${part.name} is not in its catalog`);
      readEdges(reader, table, part, typeIndexes, slotCounts);
      counts.edges += table.liveCount;
    }
    return { graph, seq: body.seq, counts };
  } catch (error) {
    if (error instanceof CheckpointDamaged) throw error;
    throw new CheckpointDamaged(path, error instanceof Error ? error.message : String(error));
  } finally {
    reader.close();
  }
}
