// Walking edges from a vertex: the one place that knows how directed, undirected and reverse
// edges are reached. An undirected edge is stored once, so from its target end it is found in
// the in-adjacency; a reverse edge type is the in-adjacency of its forward type.
import type { Graph } from './graph.js';
import type { EdgeTable } from './edge-table.js';

/** One step: the edge slot, and the vertex at its far end. */
export type Step = (edge: number, farType: number, farSlot: number) => void;

/** How an edge type name is walked: its table and whether the walk goes against its direction. */
export interface EdgeWalk {
  readonly table: EdgeTable;
  /** The name the walk reports as e_type (the reverse name for reverse edges). */
  readonly name: string;
  readonly reversed: boolean;
}

/** Resolves an edge type name, including reverse edge names (WITH REVERSE_EDGE). */
export function edgeWalk(graph: Graph, name: string): EdgeWalk | undefined {
  const table = graph.edgeTable(name);
  if (table) return { table, name, reversed: false };
  for (const candidate of graph.edges.values()) {
    if (candidate.def.reverseEdge === name) return { table: candidate, name, reversed: true };
  }
  return undefined;
}

/** Every live edge leaving `slot` (of vertex type `typeIndex`) along `walk`. */
export function forEachStep(walk: EdgeWalk, typeIndex: number, slot: number, step: Step): void {
  const { table, reversed } = walk;
  const alive = table.alive;
  if (!reversed) {
    table.out[typeIndex]?.forEach(slot, (e) => {
      if (alive[e] === 1) step(e, table.dstType[e] ?? 0, table.dst[e] ?? 0);
    });
  }
  if (reversed || !table.def.directed) {
    table.in[typeIndex]?.forEach(slot, (e) => {
      if (alive[e] !== 1) return;
      // An undirected self-loop is already reported from the out side.
      if (!reversed && table.srcType[e] === typeIndex && table.src[e] === slot) return;
      step(e, table.srcType[e] ?? 0, table.src[e] ?? 0);
    });
  }
}

/** Out-degree along one walk (live edges). */
export function degree(walk: EdgeWalk, typeIndex: number, slot: number): number {
  let n = 0;
  forEachStep(walk, typeIndex, slot, () => {
    n++;
  });
  return n;
}
