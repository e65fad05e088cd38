// Individual paths, for callers that want them one by one (the endpoints answer with their
// union). Both listings are count-bounded: a request whose answer would exceed the limit
// fails with PATH-TOO-MANY-PATHS instead of exhausting memory. The searches prune with exact
// distances, so every branch explored ends in at least one path: work follows output size.
import { PathError } from './errors.js';
import type { ResolvedRequest } from './request.js';
import { distances, expand, type Budget, type Meeting, type Side, type Step } from './search.js';
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
  // Depth-first over parent steps with an explicit stack (a chain is as long as the shortest
  // path, which follows the data: recursion would hit the JavaScript stack on long chains).
  const stack: { v: number; steps: Step[]; i: number }[] = [];
  const enter = (v: number): void => {
    budget.tick();
    if (side.distanceOf(v) === 0) {
      into.add(
        forward
          ? { vertices: [...vertices].reverse(), edges: [...edges].reverse() }
          : { vertices: [...vertices], edges: [...edges] },
      );
      stack.push({ v, steps: [], i: 0 });
      return;
    }
    stack.push({ v, steps: side.parentsOf(v), i: 0 });
  };
  enter(start);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as (typeof stack)[number];
    const step = frame.steps[frame.i++];
    if (step === undefined) {
      stack.pop();
      if (stack.length > 0) {
        vertices.pop();
        edges.pop();
      }
      continue;
    }
    vertices.push(step.other);
    // A backward step was walked from `step.other` to `v` against the edge: the path goes v -> other.
    edges.push({ walk: step.walk, edge: step.edge, from: forward ? step.other : frame.v });
    enter(step.other);
  }
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
    for (let step = side.parentsOf(v)[0]; step; step = side.parentsOf(v)[0]) {
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
  // Depth-first with an explicit stack: maxLength follows the request, and recursion would hit
  // the JavaScript stack on long walks.
  type Next = { next: number; walk: number; edge: WalkedEdge['edge'] };
  const stack: { v: number; depth: number; steps: Next[]; i: number }[] = [];
  const enter = (v: number, depth: number): void => {
    if (targets.has(v)) out.add({ vertices: [...vertices], edges: [...edges] });
    const steps: Next[] = [];
    if (depth < max) {
      expand(request, v, false, (next, walk, edge) => {
        budget.tick();
        const rest = toTarget.distanceOf(next);
        // Only steps from which a target is still reachable within the length.
        if (rest === undefined || depth + 1 + rest > max) return;
        steps.push({ next, walk, edge });
      });
    }
    stack.push({ v, depth, steps, i: 0 });
  };
  for (const source of request.sources) {
    const rest = toTarget.distanceOf(source);
    if (rest === undefined || rest > max) continue;
    vertices.push(source);
    enter(source, 0);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as (typeof stack)[number];
      const step = frame.steps[frame.i++];
      if (step === undefined) {
        stack.pop();
        if (stack.length > 0) {
          vertices.pop();
          edges.pop();
        }
        continue;
      }
      vertices.push(step.next);
      edges.push({ walk: step.walk, edge: step.edge, from: frame.v });
      enter(step.next, frame.depth + 1);
    }
    vertices.pop();
  }
  return out.paths;
}
