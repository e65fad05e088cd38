// Cardinalities counted from the in-memory graph: live vertices of a type, live edges of a type
// (in all, or between one FROM and TO vertex type; an undirected edge counts either way round),
// and the merge of fresh or user-given counts into the persisted ones (an entry replaces the one
// of the same type and pair).
import type { GraphScope } from '../scope.js';
import type { Cardinality, EdgeCount, VertexCount } from './store.js';

export function countVertices(scope: GraphScope, type: string): VertexCount {
  return { type, count: scope.vertexTable(type).liveCount };
}

export function countEdges(
  scope: GraphScope,
  type: string,
  pair?: { readonly from: string; readonly to: string },
): EdgeCount {
  const table = scope.edgeTable(type);
  if (!pair) return { type, count: table.liveCount };
  const from = scope.vertexTable(pair.from).typeIndex;
  const to = scope.vertexTable(pair.to).typeIndex;
  let count = 0;
  for (let slot = 0; slot < table.slotCount; slot++) {
    if (table.alive[slot] !== 1) continue;
    const s = table.srcType[slot];
    const d = table.dstType[slot];
    if ((s === from && d === to) || (!table.def.directed && s === to && d === from)) count++;
  }
  return { type, count, from: pair.from, to: pair.to };
}

const edgeKey = (e: EdgeCount) => `${e.type}|${e.from ?? ''}|${e.to ?? ''}`;

export function mergeCardinality(
  current: Cardinality | undefined,
  fresh: Partial<Cardinality>,
): Cardinality {
  const vertices = new Map((current?.vertex_counts ?? []).map((v) => [v.type, v]));
  for (const v of fresh.vertex_counts ?? []) vertices.set(v.type, v);
  const edges = new Map((current?.edge_counts ?? []).map((e) => [edgeKey(e), e]));
  for (const e of fresh.edge_counts ?? []) edges.set(edgeKey(e), e);
  return { vertex_counts: [...vertices.values()], edge_counts: [...edges.values()] };
}
