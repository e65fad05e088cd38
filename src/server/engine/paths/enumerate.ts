// Individual paths, for callers that want them one by one (the endpoints answer with their
// union). Both listings are count-bounded: a request whose answer would exceed the limit
// fails with PATH-TOO-MANY-PATHS instead of exhausting memory. The searches prune with exact
// distances, so every branch explored ends in at least one path: work follows output size.
import { PathError } from './errors.js';
import type { ResolvedRequest } from './request.js';
import { distances, expand, type Budget, type Meeting, type Side } from './search.js';
import type { KeyPath, WalkedEdge } from './subgraph.js';

export const defaultPathLimit = 100_000;

class Collector {
  readonly paths: KeyPath[] = [];

  constructor(private readonly limit: number) {}

  add(path: KeyPath): void {
    if (this.paths.length >= this.limit) {
      throw new PathError(
        'PATH-TOO-MANY-PATHS',
        `more than ${this.limit} paths match; use a smaller maxLength or narrower filters`,
      );
    }
    this.paths.push(path);
  }
}

/**
 * Every chain of parent steps from `start` to the side's origin (distance 0), in path
 * direction: for the forward side from a source to `start`, for the backward side from `start`
 * to a target.
 */
function chains(
  side: Side,
  start: number,
  forward: boolean,
  into: Collector,
  budget: Budget,
): void {
  const vertices = [start];
  const edges: WalkedEdge[] = [];
  const visit = (v: number): void => {
    budget.tick();
    if (side.dist.get(v) === 0) {
      into.add(
        forward
          ? { vertices: [...vertices].reverse(), edges: [...edges].reverse() }
          : { vertices: [...vertices], edges: [...edges] },
      );
      return;
    }
    for (const step of side.parents.get(v) ?? []) {
      vertices.push(step.other);
      // A backward step was walked from `step.other` to `v` against the edge: the path goes v -> other.
      edges.push({ walk: step.walk, edge: step.edge, from: forward ? step.other : v });
      visit(step.other);
      vertices.pop();
      edges.pop();
    }
  };
  visit(start);
}

/** Every shortest path of a meeting: each way in from the sources times each way out. */
export function shortestPathList(meeting: Meeting, budget: Budget, limit: number): KeyPath[] {
  const out = new Collector(limit);
  for (const middle of meeting.meet) {
    const prefixes = new Collector(limit);
    const suffixes = new Collector(limit);
    chains(meeting.forward, middle, true, prefixes, budget);
    chains(meeting.backward, middle, false, suffixes, budget);
    for (const pre of prefixes.paths) {
      for (const suf of suffixes.paths) {
        out.add({
          vertices: [...pre.vertices, ...suf.vertices.slice(1)],
          edges: [...pre.edges, ...suf.edges],
        });
      }
    }
  }
  return out.paths;
}

/** One shortest path: the first meeting vertex, first parent at every step. */
export function oneShortestPath(meeting: Meeting, budget: Budget): KeyPath | undefined {
  const middle = meeting.meet[0];
  if (middle === undefined) return undefined;
  const firstChain = (side: Side, forward: boolean): KeyPath => {
    const vertices = [middle];
    const edges: WalkedEdge[] = [];
    let v = middle;
    for (let step = side.parents.get(v)?.[0]; step; step = side.parents.get(v)?.[0]) {
      budget.tick();
      edges.push({ walk: step.walk, edge: step.edge, from: forward ? step.other : v });
      vertices.push(step.other);
      v = step.other;
    }
    return forward ? { vertices: vertices.reverse(), edges: edges.reverse() } : { vertices, edges };
  };
  const pre = firstChain(meeting.forward, true);
  const suf = firstChain(meeting.backward, false);
  return {
    vertices: [...pre.vertices, ...suf.vertices.slice(1)],
    edges: [...pre.edges, ...suf.edges],
  };
}

/**
 * Every path of at most maxLength edges from a source to a target. As in the real service, a
 * path may repeat vertices (and edges): it is any walk, including one that passes a target and
 * comes back to it, and a source that is a target is a path of length 0.
 */
export function allPathList(request: ResolvedRequest, budget: Budget, limit: number): KeyPath[] {
  const out = new Collector(limit);
  const toTarget = distances(request, request.targets, true, budget);
  const targets = new Set(request.targets);
  const max = request.maxLength;
  const vertices: number[] = [];
  const edges: WalkedEdge[] = [];
  const visit = (v: number, depth: number): void => {
    if (targets.has(v)) out.add({ vertices: [...vertices], edges: [...edges] });
    if (depth === max) return;
    expand(request, v, false, (next, walk, edge) => {
      budget.tick();
      const rest = toTarget.get(next);
      // Only steps from which a target is still reachable within the length.
      if (rest === undefined || depth + 1 + rest > max) return;
      vertices.push(next);
      edges.push({ walk, edge, from: v });
      visit(next, depth + 1);
      vertices.pop();
      edges.pop();
    });
  };
  for (const source of request.sources) {
    const rest = toTarget.get(source);
    if (rest === undefined || rest > max) continue;
    vertices.push(source);
    visit(source, 0);
    vertices.pop();
  }
  return out.paths;
}
