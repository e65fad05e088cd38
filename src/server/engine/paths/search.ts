// Breadth-first searches over a resolved request: one filtered step function, the bidirectional
// search for shortest paths (layer by layer, always growing the smaller frontier; for one path
// the last layer stops at its first meeting vertex), and plain distances for all paths. A layer
// reads the compact adjacency with the far ends the fold wrote beside each edge, then the edges
// added since the fold. Searches are synchronous (a consistent snapshot of the graph: no write
// can land mid-search) and check their abort signal and deadline every few thousand steps.
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
  private left: number;

  constructor(
    private readonly options: PathOptions,
    private readonly every = 4096,
  ) {
    this.left = every;
    this.check();
  }

  tick(): void {
    if (--this.left === 0) {
      this.left = this.every;
      this.check();
    }
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
    return this.at2(keyType(key), keySlot(key));
  }

  /** get() by type index and slot (the search has both at hand: no key arithmetic). */
  at2(type: number, slot: number): number | undefined {
    const stamp = this.stamps[type];
    return stamp !== undefined && stamp[slot] === this.epoch ? this.at[type]?.[slot] : undefined;
  }

  /** Whether the vertex was reached in this search. */
  has(type: number, slot: number): boolean {
    const stamp = this.stamps[type];
    return stamp !== undefined && stamp[slot] === this.epoch;
  }

  set(key: number, index: number): void {
    this.set2(keyType(key), keySlot(key), index);
  }

  set2(type: number, slot: number, index: number): void {
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

  /**
   * A step reaches (farType, farSlot) from the vertex being expanded (see advance): a new vertex
   * of the next layer, or another shortest way into one. Answers true when a first-meeting
   * search may stop: the vertex is new and the other side has reached it.
   */
  private reach(farType: number, farSlot: number, walk: number, edge: number): boolean {
    const known = this.index.at2(farType, farSlot);
    if (known === undefined) {
      const key = vertexKey(farType, farSlot);
      this.index.set2(farType, farSlot, this.keys.length);
      this.keys.push(key);
      this.depths.push(this.layerDepth);
      if (this.keepParents) {
        this.parentIndex.push(this.fromIndex);
        this.parentWalk.push(walk);
        this.parentEdge.push(edge);
      } else {
        this.parentIndex.push(-1);
        this.parentWalk.push(-1);
        this.parentEdge.push(-1);
      }
      this.next.push(key);
      const other = this.other;
      if (other !== undefined && other.index.has(farType, farSlot)) {
        this.touched = true;
        return this.stopAtFirst;
      }
    } else if (this.keepParents && this.depths[known] === this.layerDepth) {
      // Another shortest way into the same vertex: kept for all shortest paths.
      const step: Step = { other: this.from, walk, edge };
      const more = this.moreParents.get(known);
      if (more) more.push(step);
      else this.moreParents.set(known, [step]);
    }
    return false;
  }

  // The layer being grown (fields rather than a closure per expanded vertex).
  private next: number[] = [];
  private layerDepth = 0;
  private from = 0;
  private fromIndex = -1;
  private keepParents = false;
  private other: Side | undefined;
  private stopAtFirst = false;
  /** Whether the last layer reached a vertex the other side had reached. */
  touched = false;

  /**
   * Grows the search by one layer; returns the new frontier. With `other`, notes (`touched`)
   * whether the layer reached any vertex the other side has reached; with `stopAtFirst` too, the
   * layer stops at the first such vertex (the last one of the returned frontier), enough when
   * one shortest path is wanted (see meetInTheMiddle).
   */
  advance(
    request: ResolvedRequest,
    budget: Budget,
    keepParents: boolean,
    other?: Side,
    stopAtFirst = false,
  ): number[] {
    this.next = [];
    this.layerDepth = this.depth + 1;
    this.keepParents = keepParents;
    this.other = other;
    this.stopAtFirst = stopAtFirst;
    this.touched = false;
    const walks = this.backward ? request.backWalks : request.walks;
    const { edgeTests, vertexTests } = request;
    let stop = false;
    for (let f = 0; f < this.frontier.length && !stop; f++) {
      const from = this.frontier[f] ?? 0;
      const type = keyType(from);
      const slot = keySlot(from);
      this.from = from;
      this.fromIndex = this.index.at2(type, slot) ?? -1;
      for (let w = 0; w < walks.length && !stop; w++) {
        const walk = walks[w];
        if (!walk) continue;
        const { table, reversed } = walk;
        const edgeOk = edgeTests[w];
        const alive = table.alive;
        // Out-adjacency (far end: the target), then for reverse walks and undirected edges the
        // in-adjacency (far end: the source) -- the rules of graph/traverse.ts forEachStep.
        for (let side = 0; side < 2 && !stop; side++) {
          const outward = side === 0;
          if (outward ? reversed : !reversed && table.def.directed) continue;
          const adjacency = (outward ? table.out : table.in)[type];
          if (!adjacency) continue;
          // An undirected self-loop walked from its in side is already reported from the out side.
          const skipSelfLoop = !outward && !reversed;
          // The compact range first, reading the far ends the fold wrote beside each edge (in
          // order, no lookups in the edge table); then the edges added since the fold.
          if (slot < adjacency.built) {
            const { offsets, edges, farType: farTypes, far } = adjacency;
            const checkAlive = adjacency.dead !== 0;
            const end = offsets[slot + 1] ?? 0;
            for (let k = offsets[slot] ?? 0; k < end; k++) {
              const edge = edges[k] ?? -1;
              if (checkAlive && alive[edge] !== 1) continue;
              const farType = farTypes[k] ?? 0;
              const farSlot = far[k] ?? 0;
              if (skipSelfLoop && farType === type && farSlot === slot) continue;
              budget.tick();
              if (edgeOk && !edgeOk(edge)) continue;
              const vertexOk = vertexTests[farType];
              if (vertexOk && !vertexOk(farSlot)) continue;
              if (this.reach(farType, farSlot, w, edge)) {
                stop = true;
                break;
              }
            }
          }
          const added = adjacency.deltaCount > 0 ? adjacency.delta.get(slot) : undefined;
          if (!added || stop) continue;
          const farTypes = outward ? table.dstType : table.srcType;
          const fars = outward ? table.dst : table.src;
          for (const edge of added) {
            if (alive[edge] !== 1) continue;
            const farType = farTypes[edge] ?? 0;
            const farSlot = fars[edge] ?? 0;
            if (skipSelfLoop && farType === type && farSlot === slot) continue;
            budget.tick();
            if (edgeOk && !edgeOk(edge)) continue;
            const vertexOk = vertexTests[farType];
            if (vertexOk && !vertexOk(farSlot)) continue;
            if (this.reach(farType, farSlot, w, edge)) {
              stop = true;
              break;
            }
          }
        }
      }
    }
    const next = this.next;
    this.next = [];
    this.other = undefined;
    this.frontier = next;
    this.depth = this.layerDepth;
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
 * is the sum of their two distances. Every meeting vertex of that layer is at the other side's
 * full depth: one nearer the other side's origin would have been expanded by it, reaching the
 * vertex this side came from, and the two would have met a layer earlier. So with `firstOnly`
 * (one shortest path wanted) the layer stops at its first meeting vertex, which is the first
 * of the whole layer's meeting vertices in discovery order: the same path as the full layer.
 */
export function meetInTheMiddle(
  request: ResolvedRequest,
  budget: Budget,
  firstOnly = false,
): Meeting | undefined {
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
    const layer = side.advance(request, budget, true, other, firstOnly);
    if (!side.touched) continue;
    if (firstOnly) {
      const meet = layer[layer.length - 1] ?? 0;
      return {
        length: side.depth + (other.distanceOf(meet) ?? 0),
        meet: [meet],
        forward,
        backward,
      };
    }
    let best = Infinity;
    for (const key of layer) best = Math.min(best, other.distanceOf(key) ?? Infinity);
    const meet = layer.filter((key) => other.distanceOf(key) === best);
    return { length: side.depth + best, meet, forward, backward };
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
