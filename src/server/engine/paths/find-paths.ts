// The path-finding built-ins, POST /restpp/shortestpath/{graph} and /allpaths/{graph}: unweighted
// paths from a set of sources to a set of targets, along edges in their direction (undirected
// edges both ways, reverse edge types backwards), through vertices and edges the filters allow.
// Without edge filters every edge type of the graph is walked, reverse edge types included: in
// the real service a reverse edge is an edge type of the graph like any other.
//
// The answer is the real service's: `results` holds ONE object with every vertex and edge on
// the found paths (a subgraph, not a list of paths; server docs "Path-Finding Algorithms":
// "The collections of vertices and edges are not in path order", pyTigerGraph: "a subgraph: all
// vertices and edges that are part of the path(s); i.e. not a (list of individual) path(s)").
// When no path exists the object has empty lists. listShortestPaths/listAllPaths give the
// paths one by one for callers that want them.
import type { Graph } from '../graph/graph.js';
import { allPathList, defaultPathLimit, oneShortestPath, shortestPathList } from './enumerate.js';
import {
  resolveRequest,
  type FilterKind,
  type PathRequest,
  type ResolvedRequest,
} from './request.js';
import {
  Budget,
  distances,
  expand,
  meetInTheMiddle,
  type Meeting,
  type PathOptions,
  type Side,
} from './search.js';
import { pathRecords, SubgraphBuilder, type PathSubgraph, type WalkedEdge } from './subgraph.js';

export type { PathOptions } from './search.js';
export type { PathSubgraph } from './subgraph.js';
export type { FilterKind, PathFilter, PathRequest, VertexRef } from './request.js';

/** The spec: shortest paths are at most 6 edges long unless the request says otherwise. */
export const defaultShortestMaxLength = 6;

export interface PathAnswer {
  /** The response's `results`: one subgraph of every vertex and edge on the found paths. */
  readonly results: [PathSubgraph];
  /** Whether any path was found. */
  readonly found: boolean;
  /** Shortest paths: their length in edges, when found. */
  readonly length?: number;
  /** Filter arrays the request did not give: the real service notes it in `message`. */
  readonly missingFilters: readonly FilterKind[];
}

/** The real service's note for missing filter arrays ("" when both were given). */
export function emptyFilterMessage(missing: readonly FilterKind[]): string {
  return missing.map((kind) => `Cannot get '${kind}' filters, use empty filter.`).join(' ');
}

/** Walks parent steps from `starts` to the side's origin, each vertex once; returns them. */
function dagFrom(side: Side, starts: readonly number[], forward: boolean) {
  const vertices = [...starts];
  const seen = new Set(starts);
  const edges: { walked: WalkedEdge; layer: number }[] = [];
  for (let i = 0; i < vertices.length; i++) {
    const v = vertices[i] ?? 0;
    const layer = side.distanceOf(v) ?? 0;
    for (const step of side.parentsOf(v)) {
      edges.push({
        walked: { walk: step.walk, edge: step.edge, from: forward ? step.other : v },
        layer,
      });
      if (!seen.has(step.other)) {
        seen.add(step.other);
        vertices.push(step.other);
      }
    }
  }
  // This order is by layer from the meeting vertices; the part before them is turned round
  // (stably, keeping parallel edges in adjacency order) to read from the sources.
  if (!forward) return { vertices, edges: edges.map((e) => e.walked) };
  const dist = (v: number) => side.distanceOf(v) ?? 0;
  return {
    vertices: vertices.sort((x, y) => dist(x) - dist(y)),
    edges: edges.sort((x, y) => x.layer - y.layer).map((e) => e.walked),
  };
}

/** Every vertex and edge on some shortest path, without listing the paths. */
function allShortestUnion(meeting: Meeting, builder: SubgraphBuilder): void {
  const before = dagFrom(meeting.forward, meeting.meet, true);
  const after = dagFrom(meeting.backward, meeting.meet, false);
  for (const v of [...before.vertices, ...after.vertices]) builder.addVertex(v);
  for (const e of [...before.edges, ...after.edges]) builder.addEdge(e);
}

function answer(
  request: ResolvedRequest,
  builder: SubgraphBuilder,
  length: number | undefined,
): PathAnswer {
  const results: [PathSubgraph] = [builder.build()];
  const found = results[0].vertices.length > 0;
  return {
    results,
    found,
    ...(found && length !== undefined ? { length } : {}),
    missingFilters: request.missingFilters,
  };
}

/**
 * Shortest paths (bidirectional BFS): one path, or with `allShortestPaths` every path of the
 * shortest length from any source to any target. maxLength defaults to 6.
 */
export function shortestPaths(
  graph: Graph,
  request: PathRequest,
  options: PathOptions = {},
): PathAnswer {
  const resolved = resolveRequest(graph, request, defaultShortestMaxLength);
  const budget = new Budget(options);
  const meeting = meetInTheMiddle(resolved, budget, request.allShortestPaths !== true);
  const builder = new SubgraphBuilder(resolved);
  if (meeting && request.allShortestPaths === true) allShortestUnion(meeting, builder);
  else if (meeting) {
    const path = oneShortestPath(meeting, budget);
    if (path) builder.addPath(path);
  }
  return answer(resolved, builder, meeting?.length);
}

/**
 * All paths of at most maxLength edges (required) from a source to a target. As in the real
 * service these include loops (any walk); their union is found from exact distances (a step
 * u -> v lies on such a path iff dist(sources, u) + 1 + dist(v, targets) <= maxLength), so the
 * answer costs linear time however many paths there are.
 */
export function allPaths(
  graph: Graph,
  request: PathRequest,
  options: PathOptions = {},
): PathAnswer {
  const resolved = resolveRequest(graph, request, undefined);
  const budget = new Budget(options);
  const max = resolved.maxLength;
  const fromSource = distances(resolved, resolved.sources, false, budget);
  const toTarget = distances(resolved, resolved.targets, true, budget);
  const builder = new SubgraphBuilder(resolved);
  for (const [v, d] of fromSource.reached()) {
    const rest = toTarget.distanceOf(v);
    if (rest !== undefined && d + rest <= max) builder.addVertex(v);
  }
  for (const [u, d] of fromSource.reached()) {
    const rest = toTarget.distanceOf(u);
    if (rest === undefined || d + rest > max || d === max) continue;
    expand(resolved, u, false, (v, walk, edge) => {
      budget.tick();
      const after = toTarget.distanceOf(v);
      if (after !== undefined && d + 1 + after <= max) builder.addEdge({ walk, edge, from: u });
    });
  }
  return answer(resolved, builder, undefined);
}

/** Shortest paths one by one, each in path order (all of them with `allShortestPaths`). */
export function listShortestPaths(
  graph: Graph,
  request: PathRequest,
  options: PathOptions = {},
): PathSubgraph[] {
  const resolved = resolveRequest(graph, request, defaultShortestMaxLength);
  const budget = new Budget(options);
  const meeting = meetInTheMiddle(resolved, budget, request.allShortestPaths !== true);
  if (!meeting) return [];
  const paths =
    request.allShortestPaths === true
      ? shortestPathList(meeting, budget, options.limit ?? defaultPathLimit)
      : [oneShortestPath(meeting, budget) ?? { vertices: [], edges: [] }];
  return paths.map((p) => pathRecords(resolved, p));
}

/** All paths up to maxLength one by one, in path order; fails past `options.limit` paths. */
export function listAllPaths(
  graph: Graph,
  request: PathRequest,
  options: PathOptions = {},
): PathSubgraph[] {
  const resolved = resolveRequest(graph, request, undefined);
  const budget = new Budget(options);
  return allPathList(resolved, budget, options.limit ?? defaultPathLimit).map((p) =>
    pathRecords(resolved, p),
  );
}
