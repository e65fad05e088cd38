// The edges of one type: endpoint columns (vertex type index and slot of each end), liveness, one
// column per attribute, an index from endpoints (and discriminator) to the edge slot, and the
// out- and in-adjacency per vertex type. An undirected edge is stored once; its in-adjacency is
// how it is reached from the other end. Bulk inserts (insert with `defer`) leave the adjacency
// alone until syncAdjacency(), which merges them in one pass when they are many. A bulk load into
// the table while it has no live edges goes through BulkEdges (bulk-edges.ts): its rows wait
// after the last slot, settled by syncAdjacency() or by whatever uses the table first.
import type { EdgeTypeDef } from '../catalog/types.js';
import { defaultOf } from '../values.js';
import { Adjacency } from './adjacency.js';
import { ensureSize, ensureSizeSteps, fillDefaults } from './arrays.js';
import { BulkEdges, type PreparedOut, type RowUpdate } from './bulk-edges.js';
import { PairIndex } from './pair-index.js';
import { runSteps, stepMask } from './steps.js';

/** How many CSR entries a merge moves for the cost of one delta list entry (see syncAdjacency). */
const mergeCostRatio = 32;

/** Vertex slots per type are kept below this (an edge end is a slot below 2^26 of a type). */
export const maxSlotsPerType = 2 ** 26;

export class EdgeTable {
  srcType = new Uint16Array(16);
  src = new Int32Array(16);
  dstType = new Uint16Array(16);
  dst = new Int32Array(16);
  alive = new Uint8Array(16);
  columns: unknown[][];
  slotCount = 0;
  liveCount = 0;
  /** Endpoints -> slot, for edge types without a discriminator. */
  pairIndex = new PairIndex(() => this);
  /** Endpoints plus discriminator values -> slot, for discriminated edge types. */
  readonly keyIndex = new Map<string, number>();
  readonly out: Adjacency[] = [];
  readonly in: Adjacency[] = [];
  /** Edge slots from here on were inserted with `defer` and are not in the adjacency yet. */
  private adjacencyUpTo = 0;
  /** Rows of a bulk load into the table while it had no live edges, not settled yet. */
  private bulk: BulkEdges | undefined;
  /** The out-adjacency of the last rows settled, for the next syncAdjacency (bulk-edges.ts). */
  private preparedOut: PreparedOut | undefined;

  constructor(public def: EdgeTypeDef) {
    this.columns = def.attributes.map(() => []);
  }

  get discriminated(): boolean {
    return this.def.discriminator.length > 0;
  }

  /** Undirected edges are one edge whichever end is named first: order the ends canonically. */
  private ends(st: number, s: number, dt: number, d: number): [number, number, number, number] {
    if (!this.def.directed && (dt < st || (dt === st && d < s))) return [dt, d, st, s];
    return [st, s, dt, d];
  }

  /** The key of a discriminated edge in keyIndex. */
  discKey(st: number, s: number, dt: number, d: number, disc: readonly unknown[]): string {
    return `${st}:${s}:${dt}:${d}:${JSON.stringify(disc, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`;
  }

  /** The live edge slot between two vertices (with these discriminator values), or -1. */
  find(st: number, s: number, dt: number, d: number, disc: readonly unknown[] = []): number {
    if (this.bulk) this.settle();
    if (this.discriminated) {
      const [a, b, c, e] = this.ends(st, s, dt, d);
      return this.keyIndex.get(this.discKey(a, b, c, e, disc)) ?? -1;
    }
    // The canonical order without an array per call (bulk loading calls this per edge).
    if (!this.def.directed && (dt < st || (dt === st && d < s)))
      return this.pairIndex.get(dt, d, st, s);
    return this.pairIndex.get(st, s, dt, d);
  }

  /** Every live edge slot between two vertices (all discriminator values). */
  between(st: number, s: number, dt: number, d: number): number[] {
    if (this.bulk) this.settle();
    if (!this.discriminated) {
      const slot = this.find(st, s, dt, d);
      return slot < 0 ? [] : [slot];
    }
    const [a, b, c, e] = this.ends(st, s, dt, d);
    const found: number[] = [];
    this.out[a]?.forEach(b, (slot) => {
      if (this.alive[slot] === 1 && this.dstType[slot] === c && this.dst[slot] === e)
        found.push(slot);
    });
    return found;
  }

  /** Room for `more` new edges, so a bulk insert grows the columns and the index once. */
  reserve(more: number): void {
    runSteps(this.reserveSteps(more));
  }

  /** reserve() in steps (see steps.ts): the index's rehash is the long part. */
  *reserveSteps(more: number): Generator<void> {
    yield* this.settleSteps();
    const size = this.slotCount + more;
    if (size > this.src.length) {
      // Copied in steps, the columns replaced at the end (nothing reads them meanwhile).
      const used = this.slotCount;
      const srcType = yield* ensureSizeSteps(this.srcType, size, used);
      const src = yield* ensureSizeSteps(this.src, size, used);
      const dstType = yield* ensureSizeSteps(this.dstType, size, used);
      const dst = yield* ensureSizeSteps(this.dst, size, used);
      const alive = yield* ensureSizeSteps(this.alive, size, used);
      this.srcType = srcType;
      this.src = src;
      this.dstType = dstType;
      this.dst = dst;
      this.alive = alive;
    }
    if (!this.discriminated) yield* this.pairIndex.reserveSteps(more);
  }

  private growColumns(size: number): void {
    if (size <= this.src.length) return;
    this.srcType = ensureSize(this.srcType, size);
    this.src = ensureSize(this.src, size);
    this.dstType = ensureSize(this.dstType, size);
    this.dst = ensureSize(this.dst, size);
    this.alive = ensureSize(this.alive, size);
  }

  /**
   * Adds a new edge with default attributes (callers check `find` first). With `defer` the
   * adjacency is left to syncAdjacency(), which must run before anything reads it.
   */
  insert(
    st: number,
    s: number,
    dt: number,
    d: number,
    disc: readonly unknown[] = [],
    defer = false,
  ): number {
    if (this.bulk) this.settle();
    // The canonical order without an array per call (bulk loading calls this per edge).
    const swap = !this.def.directed && (dt < st || (dt === st && d < s));
    const a = swap ? dt : st;
    const b = swap ? d : s;
    const c = swap ? st : dt;
    const e = swap ? s : d;
    if (!defer && this.adjacencyUpTo < this.slotCount) this.syncAdjacency();
    const slot = this.slotCount++;
    if (slot >= this.src.length) {
      const size = slot + 1;
      this.srcType = ensureSize(this.srcType, size);
      this.src = ensureSize(this.src, size);
      this.dstType = ensureSize(this.dstType, size);
      this.dst = ensureSize(this.dst, size);
      this.alive = ensureSize(this.alive, size);
    }
    this.place(slot, a, b, c, e);
    if (this.discriminated) this.keyIndex.set(this.discKey(a, b, c, e, disc), slot);
    else this.pairIndex.add(slot);
    if (defer) return slot;
    (this.out[a] ??= new Adjacency()).add(b, slot);
    (this.in[c] ??= new Adjacency()).add(e, slot);
    this.adjacencyUpTo = this.slotCount;
    return slot;
  }

  /** A new live edge in `slot` (columns grown to hold it) with these ends, default attributes. */
  private place(slot: number, a: number, b: number, c: number, e: number): void {
    this.srcType[slot] = a;
    this.src[slot] = b;
    this.dstType[slot] = c;
    this.dst[slot] = e;
    this.alive[slot] = 1;
    this.liveCount += 1;
    if (this.columns.length > 0) fillDefaults(this.def.attributes, this.columns, slot);
  }

  /**
   * A table filled in bulk (a checkpoint read back, store/checkpoint.ts): every slot is in the
   * adjacency already (graph/build-adjacency.ts built it from the columns).
   */
  adjacencyBuilt(): void {
    this.adjacencyUpTo = this.slotCount;
  }

  /**
   * Bulk loading (after reserve(), no discriminator): the slot of the edge between two vertices,
   * inserting it with default attributes, its adjacency deferred, when absent. A new edge's slot
   * is slotCount - 1 afterwards.
   */
  upsertDeferred(st: number, s: number, dt: number, d: number): number {
    if (this.bulk) this.settle();
    const swap = !this.def.directed && (dt < st || (dt === st && d < s));
    const a = swap ? dt : st;
    const b = swap ? d : s;
    const c = swap ? st : dt;
    const e = swap ? s : d;
    const found = this.pairIndex.getOrBucket(a, b, c, e);
    if (found >= 0) return found;
    const slot = this.slotCount++;
    this.growColumns(slot + 1); // (the index must not grow here: the bucket would move)
    this.place(slot, a, b, c, e);
    this.pairIndex.addAt(-found - 1, slot);
    return slot;
  }

  /**
   * Whether a bulk load may write its rows through pendRow(): rows are pending already, or the
   * table has no live edge (so no row can be an edge that exists) and no discriminator.
   */
  get takesBulkRows(): boolean {
    return this.bulk !== undefined || (this.liveCount === 0 && !this.discriminated);
  }

  /**
   * Starts (or continues) the rows of a bulk load (see takesBulkRows); `update` applies a row's
   * attribute updates once its slot is known. A batch of updates is registered with the index
   * pendRow takes.
   */
  bulkRows<B>(update: RowUpdate<B>): BulkEdges<B> {
    return (this.bulk ??= new BulkEdges(update as RowUpdate<unknown>)) as BulkEdges<B>;
  }

  /**
   * One row of a bulk load (see bulkRows): upserts the edge between these ends when the rows are
   * settled; `batch` and `row` name its attribute updates (batch -1: none).
   */
  pendRow(st: number, s: number, dt: number, d: number, batch: number, row: number): void {
    const bulk = this.bulk;
    if (!bulk) throw new Error(`edge type ${this.def.name} takes no bulk rows now`);
    const swap = !this.def.directed && (dt < st || (dt === st && d < s));
    const a = swap ? dt : st;
    const b = swap ? d : s;
    const c = swap ? st : dt;
    const e = swap ? s : d;
    const at = this.slotCount + bulk.n;
    if (at >= this.src.length) this.growColumns(at + 1);
    this.srcType[at] = a;
    this.src[at] = b;
    this.dstType[at] = c;
    this.dst[at] = e;
    bulk.note(a, b, c, e, batch, row);
  }

  /** Settles the rows of a bulk load (see bulk-edges.ts): new slots, not in the adjacency yet. */
  private settle(): void {
    runSteps(this.settleSteps());
  }

  /** settle() in steps. */
  *settleSteps(): Generator<void> {
    const bulk = this.bulk;
    if (!bulk) return;
    const from = this.slotCount;
    const attributes = this.def.attributes;
    const columns = this.columns;
    const place =
      columns.length > 0 ? (slot: number) => fillDefaults(attributes, columns, slot) : undefined;
    // Its out-adjacency is worth sorting for only when nothing else waits for the adjacency.
    const to = yield* bulk.settleSteps(this, place, this.adjacencyUpTo === from);
    this.bulk = undefined;
    this.preparedOut = bulk.prepared;
    this.pairIndex.addLater(from, to);
  }

  /** Whether edges inserted with `defer` (or bulk rows) wait for syncAdjacency(). */
  get deferred(): boolean {
    return this.adjacencyUpTo < this.slotCount || this.bulk !== undefined;
  }

  /**
   * Puts the edges inserted with `defer` into the adjacency: one merged CSR per adjacency when
   * they and the deltas there are many (at least 4096 and an eighth of the compact part), else
   * a delta entry each.
   * `slotCounts`: vertex slots per type index (the merged CSR covers them all).
   */
  syncAdjacency(slotCounts?: readonly number[]): void {
    runSteps(this.syncAdjacencySteps(slotCounts));
  }

  /** syncAdjacency() in steps (see Adjacency.appendSteps). */
  *syncAdjacencySteps(slotCounts?: readonly number[]): Generator<void> {
    yield* this.settleSteps();
    const prepared = this.preparedOut;
    this.preparedOut = undefined;
    const from = this.adjacencyUpTo;
    const to = this.slotCount;
    if (from >= to) return;
    this.adjacencyUpTo = to;
    // Merge once the deltas (with these edges) would reach an eighth of the compact part, as a
    // query's early compaction does: steady small writes then cost O(E) once per E/8 new edges
    // instead of growing per-vertex delta lists without bound. Sooner when the merge costs less
    // than listing them: a delta entry (a Map lookup and an array push, and a large array's
    // growth for a vertex with many) costs about as much as moving mergeCostRatio CSR entries
    // (or vertices), which a merge mostly does in place (Adjacency.appendSteps).
    let compact = 0;
    let vertices = 0;
    let delta = to - from;
    this.out.forEach((adj, t) => {
      compact += adj.edges.length;
      vertices += slotCounts?.[t] ?? 0;
      delta += adj.deltaCount;
    });
    const merge =
      delta >= 4096 && (delta * 8 >= compact || delta * mergeCostRatio >= compact + vertices);
    if (slotCounts === undefined || !merge) {
      for (let slot = from; slot < to; slot++) {
        if (((slot - from) & stepMask) === stepMask) yield;
        if (this.alive[slot] !== 1) continue;
        (this.out[this.srcType[slot] as number] ??= new Adjacency()).add(
          this.src[slot] as number,
          slot,
        );
        (this.in[this.dstType[slot] as number] ??= new Adjacency()).add(
          this.dst[slot] as number,
          slot,
        );
      }
      return;
    }
    // The end types the new edges have (a Set lookup only when the type changes: most loads
    // have one pair of types).
    const outTypes = new Set<number>();
    const inTypes = new Set<number>();
    let lastOut = -1;
    let lastIn = -1;
    for (let slot = from; slot < to; slot++) {
      if ((slot & stepMask) === stepMask) yield;
      const a = this.srcType[slot] as number;
      const c = this.dstType[slot] as number;
      if (a !== lastOut) outTypes.add((lastOut = a));
      if (c !== lastIn) inTypes.add((lastIn = c));
    }
    const { alive, srcType, src, dstType, dst } = this;
    for (const t of outTypes) {
      const adj = (this.out[t] ??= new Adjacency());
      if (
        prepared?.type === t &&
        prepared.from === from &&
        prepared.to === to &&
        adj.edges.length === 0 &&
        adj.deltaCount === 0
      ) {
        yield* adj.adoptSteps(slotCounts[t] ?? 0, prepared);
        continue;
      }
      yield* adj.appendSteps(slotCounts[t] ?? 0, alive, dstType, dst, t, srcType, src, from, to);
    }
    for (const t of inTypes) {
      const adj = (this.in[t] ??= new Adjacency());
      yield* adj.appendSteps(slotCounts[t] ?? 0, alive, srcType, src, t, dstType, dst, from, to);
    }
  }

  /** The discriminator values of an edge, in discriminator order. */
  discriminatorOf(slot: number): unknown[] {
    return this.def.discriminator.map((name) => {
      const i = this.def.attributes.findIndex((a) => a.name === name);
      return this.columns[i]?.[slot];
    });
  }

  delete(slot: number): void {
    if (this.bulk) this.settle();
    if (this.alive[slot] !== 1) return;
    const a = this.srcType[slot] ?? 0;
    const b = this.src[slot] ?? 0;
    const c = this.dstType[slot] ?? 0;
    const e = this.dst[slot] ?? 0;
    if (this.discriminated)
      this.keyIndex.delete(this.discKey(a, b, c, e, this.discriminatorOf(slot)));
    else this.pairIndex.remove(slot);
    this.alive[slot] = 0;
    this.liveCount -= 1;
    const out = this.out[a];
    if (out) out.dead += 1;
    const back = this.in[c];
    if (back) back.dead += 1;
    for (const column of this.columns) column[slot] = undefined;
  }

  /** Live edge slots touching a vertex (as source, or as target). */
  incident(typeIndex: number, slot: number): number[] {
    if (this.bulk) this.settle();
    const found = new Set<number>();
    const collect = (e: number) => {
      if (this.alive[e] === 1) found.add(e);
    };
    this.out[typeIndex]?.forEach(slot, collect);
    this.in[typeIndex]?.forEach(slot, collect);
    return [...found];
  }

  /** Folds every adjacency's delta into its CSR (vertex counts per type index given). */
  fold(slotCounts: readonly number[]): void {
    runSteps(this.foldSteps(slotCounts));
  }

  /** fold() in steps (see Adjacency.appendSteps). */
  *foldSteps(slotCounts: readonly number[]): Generator<void> {
    yield* this.settleSteps();
    // The index takes a bulk load's slots now, in steps, rather than at its first use.
    yield* this.pairIndex.catchUpSteps();
    for (const [t, adj] of this.out.entries())
      if (adj) yield* adj.foldSteps(slotCounts[t] ?? 0, this.alive, this.dstType, this.dst);
    for (const [t, adj] of this.in.entries())
      if (adj) yield* adj.foldSteps(slotCounts[t] ?? 0, this.alive, this.srcType, this.src);
  }

  hasLargeDelta(minDelta: number): boolean {
    return (
      this.out.some((adj) => adj.deltaIsLarge(minDelta)) ||
      this.in.some((adj) => adj.deltaIsLarge(minDelta))
    );
  }

  /** Compacts the adjacencies whose delta is large (see Adjacency.deltaIsLarge). */
  compactLarge(slotCounts: readonly number[], minDelta: number): void {
    this.out.forEach((adj, t) => {
      if (adj.deltaIsLarge(minDelta))
        adj.compact(slotCounts[t] ?? 0, this.alive, this.dstType, this.dst);
    });
    this.in.forEach((adj, t) => {
      if (adj.deltaIsLarge(minDelta))
        adj.compact(slotCounts[t] ?? 0, this.alive, this.srcType, this.src);
    });
  }

  /** Edges added since the last fold (early compaction does not count as one). */
  get deltaCount(): number {
    let n = 0;
    for (const adj of this.out) n += adj?.unfolded ?? 0;
    return n;
  }

  /** Follows a schema change: columns kept by attribute name, new ones get defaults. */
  reshape(def: EdgeTypeDef): void {
    const byName = new Map(this.def.attributes.map((a, i) => [a.name, this.columns[i] ?? []]));
    this.columns = def.attributes.map((attr) => {
      const kept = byName.get(attr.name);
      if (kept) return kept;
      const value = attr.defaultValue ?? defaultOf(attr.type);
      const column: unknown[] = [];
      for (let slot = 0; slot < this.slotCount; slot++)
        if (this.alive[slot] === 1) column[slot] = value;
      return column;
    });
    this.def = def;
  }
}
