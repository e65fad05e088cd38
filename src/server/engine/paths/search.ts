// Breadth-first searches over a resolved request: one filtered step function, the bidirectional
// search for shortest paths (layer by layer, always growing the smaller frontier), and plain
// distances for all paths. Searches are synchronous (a consistent snapshot of the graph: no
// write can land mid-search) and check their abort signal and deadline every few thousand steps.
import type { Graph } from '../graph/graph.js';
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

/**
 * Which vertices a search side has reached, as dense arrays per vertex type (slot -> discovery
 * index), valid where the slot's stamp is the current search's epoch. One per graph and
 * direction, reused by every search (searches are synchronous), so a search costs what it
 * touches, not the graph's size, and allocates nothing per vertex.
 */
class DenseIndex {
  private readonly stamps: Uint32Array[] = [];
  private readonly at: Int32Array[] = [];
  epoch = 0;

  constructor(private readonly graph: Graph) {}

  /** Starts a search: every vertex unreached; answers the search's epoch. */
  begin(): number {
    this.epoch += 1;
    if (this.epoch >= 0xffffffff) {
      for (const stamp of this.stamps) stamp.fill(0);
      this.epoch = 1;
    }
    return this.epoch;
  }

  get(key: number): number | undefined {
    const type = keyType(key);
    const slot = keySlot(key);
    const stamp = this.stamps[type];
    return stamp !== undefined && stamp[slot] === this.epoch ? this.at[type]?.[slot] : undefined;
  }

  set(key: number, index: number): void {
    const type = keyType(key);
    const slot = keySlot(key);
    let stamp = this.stamps[type];
    let at = this.at[type];
    if (stamp === undefined || at === undefined || slot >= stamp.length) {
      const slots = this.graph.vertexByIndex[type]?.slotCount ?? 0;
      const size = Math.max(slot + 1, slots + (slots >> 2));
      const grownStamp = new Uint32Array(size);
      const grownAt = new Int32Array(size);
      if (stamp) grownStamp.set(stamp);
      if (at) grownAt.set(at);
      this.stamps[type] = stamp = grownStamp;
      this.at[type] = at = grownAt;
    }
    stamp[slot] = this.epoch;
    at[slot] = index;
  }
}

const denseIndexes = new WeakMap<Graph, [DenseIndex, DenseIndex]>();

/** The graph's reusable index for one search direction. */
function denseIndex(graph: Graph, backward: boolean): DenseIndex {
  let pair = denseIndexes.get(graph);
  if (!pair) {
    pair = [new DenseIndex(graph), new DenseIndex(graph)];
    denseIndexes.set(graph, pair);
  }
  return pair[backward ? 1 : 0];
}

/**
 * One direction of a breadth-first search: distances and, per vertex, its parent steps. Each
 * reached vertex gets an index (in order of discovery) into number columns: its key, distance
 * and first parent step. Further parent steps of the same length (all shortest paths) go into
 * a map by index, the only per-vertex objects, and only where two shortest ways meet.
 */
export class Side {
  private readonly index: DenseIndex;
  private readonly epoch: number;
  // Plain number arrays, not typed ones: a search reaches a few hundred vertices as often as
  // millions, and growing small typed arrays (new buffers, copies) cost more than the search.
  private readonly keys: number[] = [];
  private readonly depths: number[] = [];
  /** First parent step: the parent's index (-1 at the origin), the walk and the edge slot. */
  private readonly parentIndex: number[] = [];
  private readonly parentWalk: number[] = [];
  private readonly parentEdge: number[] = [];
  private readonly moreParents = new Map<number, Step[]>();
  frontier: number[];
  depth = 0;

  constructor(
    request: ResolvedRequest,
    starts: readonly number[],
    private readonly backward: boolean,
  ) {
    this.index = denseIndex(request.graph, backward);
    this.epoch = this.index.begin();
    for (const s of starts) if (this.index.get(s) === undefined) this.add(s, 0, -1, -1, -1);
    this.frontier = [...starts];
  }

  private add(key: number, depth: number, parent: number, walk: number, edge: number): void {
    this.index.set(key, this.keys.length);
    this.keys.push(key);
    this.depths.push(depth);
    this.parentIndex.push(parent);
    this.parentWalk.push(walk);
    this.parentEdge.push(edge);
  }

  /** The discovery index of `key`; fails when a later search of the graph reused the index. */
  private indexOf(key: number): number | undefined {
    if (this.index.epoch !== this.epoch)
      throw new Error('a path search side was read after a later search of the same graph began');
    return this.index.get(key);
  }

  /** Distance of `key` from this side's origin; undefined when not reached. */
  distanceOf(key: number): number | undefined {
    const i = this.indexOf(key);
    return i === undefined ? undefined : this.depths[i];
  }

  /** Every vertex reached, with its distance. */
  *reached(): IterableIterator<[number, number]> {
    for (let i = 0; i < this.keys.length; i++) yield [this.keys[i] ?? 0, this.depths[i] ?? 0];
  }

  /** The steps by which `key` was first reached at its distance (none at the origin). */
  parentsOf(key: number): Step[] {
    const i = this.indexOf(key);
    if (i === undefined) return [];
    const parent = this.parentIndex[i] ?? -1;
    if (parent < 0) return [];
    const first: Step = {
      other: this.keys[parent] ?? 0,
      walk: this.parentWalk[i] ?? 0,
      edge: this.parentEdge[i] ?? 0,
    };
    const more = this.moreParents.get(i);
    return more ? [first, ...more] : [first];
  }

  /** A step from `from` reaches `key` at `depth`: a new vertex, or another shortest way in. */
  private reach(
    key: number,
    from: number,
    fromIndex: number,
    walk: number,
    edge: number,
    depth: number,
    keepParents: boolean,
    next: number[],
  ): void {
    const known = this.index.get(key);
    if (known === undefined) {
      if (keepParents) this.add(key, depth, fromIndex, walk, edge);
      else this.add(key, depth, -1, -1, -1);
      next.push(key);
    } else if (keepParents && this.depths[known] === depth) {
      // Another shortest way into the same vertex: kept for all shortest paths.
      const step: Step = { other: from, walk, edge };
      const more = this.moreParents.get(known);
      if (more) more.push(step);
      else this.moreParents.set(known, [step]);
    }
  }

  /** Grows the search by one layer; returns the new frontier. */
  advance(request: ResolvedRequest, budget: Budget, keepParents: boolean): number[] {
    const next: number[] = [];
    const depth = this.depth + 1;
    const walks = this.backward ? request.backWalks : request.walks;
    const { edgeTests, vertexTests } = request;
    for (const from of this.frontier) {
      const type = keyType(from);
      const slot = keySlot(from);
      const fromIndex = this.index.get(from) ?? -1;
      for (let w = 0; w < walks.length; w++) {
        const walk = walks[w];
        if (!walk) continue;
        const { table, reversed } = walk;
        const edgeOk = edgeTests[w];
        // Out-adjacency (far end: the target), then for reverse walks and undirected edges the
        // in-adjacency (far end: the source) -- the rules of graph/traverse.ts forEachStep.
        for (let side = 0; side < 2; side++) {
          const outward = side === 0;
          if (outward ? reversed : !reversed && table.def.directed) continue;
          const adjacency = (outward ? table.out : table.in)[type];
          if (!adjacency) continue;
          const alive = table.alive;
          const farTypes = outward ? table.dstType : table.srcType;
          const fars = outward ? table.dst : table.src;
          // An undirected self-loop walked from its in side is already reported from the out side.
          const skipSelfLoop = !outward && !reversed;
          const visit = (edge: number): void => {
            if (alive[edge] !== 1) return;
            const farType = farTypes[edge] ?? 0;
            const farSlot = fars[edge] ?? 0;
            if (skipSelfLoop && farType === type && farSlot === slot) return;
            budget.tick();
            if (edgeOk && !edgeOk(edge)) return;
            const vertexOk = vertexTests[farType];
            if (vertexOk && !vertexOk(farSlot)) return;
            this.reach(
              vertexKey(farType, farSlot),
              from,
              fromIndex,
              w,
              edge,
              depth,
              keepParents,
              next,
            );
          };
          // The compact range first, then the edges added since the last fold (adjacency.ts).
          if (slot < adjacency.built) {
            const { offsets, edges } = adjacency;
            const end = offsets[slot + 1] ?? 0;
            for (let k = offsets[slot] ?? 0; k < end; k++) visit(edges[k] ?? -1);
          }
          const added = adjacency.deltaCount > 0 ? adjacency.delta.get(slot) : undefined;
          if (added) for (const edge of added) visit(edge);
        }
      }
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
  const forward = new Side(request, request.sources, false);
  const backward = new Side(request, request.targets, true);
  const common = request.sources.filter((s) => backward.distanceOf(s) !== undefined);
  if (common.length > 0) return { length: 0, meet: common, forward, backward };
  while (
    forward.frontier.length > 0 &&
    backward.frontier.length > 0 &&
    forward.depth + backward.depth < request.maxLength
  ) {
    const growForward = forward.frontier.length <= backward.frontier.length;
    const [side, other] = growForward ? [forward, backward] : [backward, forward];
    const layer = side.advance(request, budget, true);
    let best = Infinity;
    for (const key of layer) best = Math.min(best, other.distanceOf(key) ?? Infinity);
    if (best < Infinity) {
      const meet = layer.filter((key) => other.distanceOf(key) === best);
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
): Side {
  const side = new Side(request, starts, backward);
  while (side.frontier.length > 0 && side.depth < request.maxLength) {
    side.advance(request, budget, false);
  }
  return side;
}
