// Builds an edge table's adjacency (out and in, per vertex type) in one counting sort over its
// endpoint columns, for a table filled in bulk (a checkpoint read back): the CSR arrays Adjacency
// holds after a fold, without per-vertex delta lists. Edges of a vertex come in slot order, as a
// fold leaves them (the CSR first, then the delta, both in the order the slots were made).
import { Adjacency } from './adjacency.js';
import type { EdgeTable } from './edge-table.js';

function build(
  vertexCount: number,
  type: number,
  slotCount: number,
  alive: Uint8Array,
  nearTypes: Uint16Array,
  nears: Int32Array,
  farTypes: Uint16Array,
  fars: Int32Array,
): Adjacency {
  const offsets = new Uint32Array(vertexCount + 1);
  for (let e = 0; e < slotCount; e++)
    if (alive[e] === 1 && nearTypes[e] === type) {
      const v = (nears[e] as number) + 1;
      offsets[v] = (offsets[v] as number) + 1;
    }
  for (let v = 0; v < vertexCount; v++)
    offsets[v + 1] = (offsets[v + 1] as number) + (offsets[v] as number);
  const total = offsets[vertexCount] as number;
  const edges = new Int32Array(total);
  const farType = new Uint16Array(total);
  const far = new Int32Array(total);
  const cursor = offsets.slice(0, vertexCount);
  for (let e = 0; e < slotCount; e++) {
    if (alive[e] !== 1 || nearTypes[e] !== type) continue;
    const v = nears[e] as number;
    const at = cursor[v] as number;
    cursor[v] = at + 1;
    edges[at] = e;
    farType[at] = farTypes[e] as number;
    far[at] = fars[e] as number;
  }
  const adjacency = new Adjacency();
  adjacency.offsets = offsets;
  adjacency.edges = edges;
  adjacency.farType = farType;
  adjacency.far = far;
  adjacency.built = vertexCount;
  return adjacency;
}

/**
 * Gives `table` out- and in-adjacency for every vertex type index that has edges at that end
 * (vertex counts per type index given); replaces whatever adjacency it had.
 */
export function buildAdjacency(table: EdgeTable, slotCounts: readonly number[]): void {
  const { slotCount, alive, srcType, src, dstType, dst } = table;
  const outTypes = new Uint8Array(65536);
  const inTypes = new Uint8Array(65536);
  for (let e = 0; e < slotCount; e++) {
    outTypes[srcType[e] as number] = 1;
    inTypes[dstType[e] as number] = 1;
  }
  table.out.length = 0;
  table.in.length = 0;
  for (let t = 0; t < 65536; t++) {
    if (outTypes[t] === 1)
      table.out[t] = build(slotCounts[t] ?? 0, t, slotCount, alive, srcType, src, dstType, dst);
    if (inTypes[t] === 1)
      table.in[t] = build(slotCounts[t] ?? 0, t, slotCount, alive, dstType, dst, srcType, src);
  }
  table.adjacencyBuilt();
}
