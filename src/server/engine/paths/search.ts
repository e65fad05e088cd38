// Breadth-first searches over a resolved request: one filtered step function, the bidirectional
// search for shortest paths (layer by layer, always growing the smaller frontier), and plain
// distances for all paths. Searches are synchronous (a consistent snapshot of the graph: no
// write can land mid-search) and check their abort signal and deadline every few thousand steps.
import { forEachStep } from '../graph/traverse.js';
import { PathError } from './errors.js';
import { keySlot, keyType, vertexKey, type ResolvedRequest } from './request.js';

export interface PathOptions {
  /** Checked every few thousand steps; an aborted search throws PATH-ABORTED. */
  readonly signal?: AbortSignal;
  /** Epoch milliseconds after which the search gives up (PATH-TIMEOUT). */
  readonly deadline?: number;
  /** Most paths a listing may produce before it fails with PATH-TOO-MANY-PATHS. */
  readonly limit?: number;
}

/** Counts steps and checks the signal and deadline every `every` of them. */
export class Budget {
  private steps = 0;

  constructor(
    private readonly options: PathOptions,
    private readonly every = 4096,
  ) {
    this.check();
  }

  tick(): void {
    this.steps += 1;
    if (this.steps % this.every === 0) this.check();
  }

  check(): void {
    if (this.options.signal?.aborted)
      throw new PathError('PATH-ABORTED', 'the path search was aborted');
    if (this.options.deadline !== undefined && Date.now() > this.options.deadline) {
      throw new PathError('PATH-TIMEOUT', 'the path search ran past its time limit');
    }
  }
}

/** An edge on a search tree: walk index and edge slot, and the vertex at the other end. */
export interface Step {
  readonly other: number;
  readonly walk: number;
  readonly edge: number;
}

export type Visit = (next: number, walk: number, edge: number) => void;

/**
 * Every step from `key` that the filters allow. `backward` walks against the edges' direction
 * (the search from the targets), reporting the forward walk's index.
 */
export function expand(
  request: ResolvedRequest,
  key: number,
  backward: boolean,
  visit: Visit,
): void {
  const type = keyType(key);
  const slot = keySlot(key);
  const walks = backward ? request.backWalks : request.walks;
  const { edgeTests, vertexTests } = request;
  for (let w = 0; w < walks.length; w++) {
    const walk = walks[w];
    if (!walk) continue;
    const edgeOk = edgeTests[w];
    forEachStep(walk, type, slot, (edge, farType, farSlot) => {
      if (edgeOk && !edgeOk(edge)) return;
      const vertexOk = vertexTests[farType];
      if (vertexOk && !vertexOk(farSlot)) return;
      visit(vertexKey(farType, farSlot), w, edge);
    });
  }
}

/** One direction of a breadth-first search: distances and, per vertex, its parent steps. */
export class Side {
  readonly dist = new Map<number, number>();
  readonly parents = new Map<number, Step[]>();
  frontier: number[];
  depth = 0;

  constructor(
    starts: readonly number[],
    private readonly backward: boolean,
  ) {
    for (const s of starts) this.dist.set(s, 0);
    this.frontier = [...starts];
  }

  /** Grows the search by one layer; returns the new frontier. */
  advance(request: ResolvedRequest, budget: Budget, keepParents: boolean): number[] {
    const next: number[] = [];
    const depth = this.depth + 1;
    for (const from of this.frontier) {
      expand(request, from, this.backward, (key, walk, edge) => {
        budget.tick();
        const known = this.dist.get(key);
        if (known === undefined) {
          this.dist.set(key, depth);
          if (keepParents) this.parents.set(key, [{ other: from, walk, edge }]);
          next.push(key);
        } else if (known === depth && keepParents) {
          // Another shortest way into the same vertex: kept for all shortest paths.
          this.parents.get(key)?.push({ other: from, walk, edge });
        }
      });
    }
    this.frontier = next;
    this.depth = depth;
    return next;
  }
}

export interface Meeting {
  /** Length of the shortest paths. */
  readonly length: number;
  /** Vertices where the two searches meet: at depth forward.depth from the sources. */
  readonly meet: readonly number[];
  readonly forward: Side;
  readonly backward: Side;
}

/**
 * Bidirectional BFS from the sources and the targets. When a new layer of one side first
 * touches vertices the other side has seen, those vertices lie on shortest paths; the length
 * is the sum of their two distances (every meeting vertex has the same sum: a shorter path
 * would have met one layer earlier).
 */
export function meetInTheMiddle(request: ResolvedRequest, budget: Budget): Meeting | undefined {
  const forward = new Side(request.sources, false);
  const backward = new Side(request.targets, true);
  const common = request.sources.filter((s) => backward.dist.has(s));
  if (common.length > 0) return { length: 0, meet: common, forward, backward };
  while (
    forward.frontier.length > 0 &&
    backward.frontier.length > 0 &&
    forward.depth + backward.depth < request.maxLength
  ) {
    const growForward = forward.frontier.length <= backward.frontier.length;
    const [side, other] = growForward ? [forward, backward] : [backward, forward];
    const grown = side.advance(request, budget, true);
    let best = Infinity;
    for (const key of grown) best = Math.min(best, other.dist.get(key) ?? Infinity);
    if (best < Infinity) {
      const meet = grown.filter((key) => other.dist.get(key) === best);
      return { length: side.depth + best, meet, forward, backward };
    }
  }
  return undefined;
}

/** Distances from `starts` up to `maxLength` (backward: to them). */
export function distances(
  request: ResolvedRequest,
  starts: readonly number[],
  backward: boolean,
  budget: Budget,
): Map<number, number> {
  const side = new Side(starts, backward);
  while (side.frontier.length > 0 && side.depth < request.maxLength) {
    side.advance(request, budget, false);
  }
  return side.dist;
}
