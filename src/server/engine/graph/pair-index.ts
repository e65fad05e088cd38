// The index from an edge's endpoints to its slot, for edge types without a discriminator: an
// open-addressing hash table (linear probing) in one Int32Array holding slot + 1 per bucket, the
// keys read back from the edge table's endpoint columns. It replaces a Map of Maps whose number
// keys (src * 2^26 + dst) were boxed: about 60 bytes an edge, against 6 to 11 here, and the table
// is a typed array a checkpoint writes and reads as it is.
// A bulk load into an empty edge type (graph/bulk-edges.ts) finds its duplicates by sorting, not
// through the index: its slots are handed over as a range to add later (addLater), added the
// first time anything uses the index (or in steps by reserveSteps and catchUpSteps), each without
// comparing keys since they are known to be distinct. Loading a graph and querying it then never
// builds the index at all.
import { runSteps, stepMask } from './steps.js';

/**
 * The endpoint columns the keys are read from, and which slots are live (the edge table's; they
 * may be reallocated). Every live slot below slotCount is in the index, or waits to be added
 * (addLater), or is the one being added (add).
 */
export interface EdgeEnds {
  readonly srcType: Uint16Array;
  readonly src: Int32Array;
  readonly dstType: Uint16Array;
  readonly dst: Int32Array;
  readonly alive: Uint8Array;
  readonly slotCount: number;
}

const empty = 0;
const removed = -1;
/** Grow (and drop tombstones) once live entries plus tombstones pass this share of the table. */
const maxLoad = 0.7;

function hash(a: number, b: number, c: number, e: number): number {
  let h = Math.imul(b ^ (a << 26), 0x9e3779b1) ^ Math.imul(e ^ (c << 26), 0x85ebca77);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h ^ (h >>> 12);
}

function capacityFor(entries: number): number {
  let capacity = 16;
  while (capacity * maxLoad < entries + 1) capacity *= 2;
  return capacity;
}

export class PairIndex {
  /** slot + 1 per bucket; 0 empty; -1 a removed entry (probing goes on past it). */
  private buckets: Int32Array;
  /** Live entries. */
  private live = 0;
  /** Live entries and tombstones. */
  private filled = 0;
  /** The live slots of [laterFrom, laterTo) have distinct ends and are not in the table yet. */
  private laterFrom = 0;
  private laterTo = 0;

  constructor(
    private readonly ends: () => EdgeEnds,
    table?: { table: Int32Array; size: number; used: number },
  ) {
    this.buckets = table?.table ?? new Int32Array(16);
    this.live = table?.size ?? 0;
    this.filled = table?.used ?? 0;
  }

  /** The buckets (slot + 1; 0 empty; -1 removed), every entry in: what a checkpoint writes. */
  get table(): Int32Array {
    this.catchUp();
    return this.buckets;
  }

  /** Live entries (those still to add are added first). */
  get size(): number {
    this.catchUp();
    return this.live;
  }

  /** Live entries and tombstones in the table (every entry in). */
  get used(): number {
    this.catchUp();
    return this.filled;
  }

  /**
   * The live slots of [from, to), with ends distinct from each other and from every entry, to be
   * added before the index is next used. A range already waiting is added first.
   */
  addLater(from: number, to: number): void {
    this.catchUp();
    this.laterFrom = from;
    this.laterTo = to;
  }

  /** Whether slots handed over by addLater still wait. */
  get lagging(): boolean {
    return this.laterTo > this.laterFrom;
  }

  private catchUp(): void {
    if (this.laterTo > this.laterFrom) runSteps(this.catchUpSteps());
  }

  /** Adds the slots addLater handed over, in steps (the index is not to be used meanwhile). */
  *catchUpSteps(): Generator<void> {
    const to = this.laterTo;
    if (to <= this.laterFrom) return;
    if (this.filled + (to - this.laterFrom) > this.buckets.length * maxLoad)
      yield* this.resizeSteps(capacityFor(this.live + (to - this.laterFrom)));
    const { srcType, src, dstType, dst, alive } = this.ends();
    const table = this.buckets;
    const mask = table.length - 1;
    for (let slot = this.laterFrom; slot < to; slot++) {
      if ((slot & stepMask) === stepMask) {
        this.laterFrom = slot; // what is added so far stays added should the steps stop here
        yield;
      }
      if (alive[slot] !== 1) continue;
      const h = hash(
        srcType[slot] as number,
        src[slot] as number,
        dstType[slot] as number,
        dst[slot] as number,
      );
      // Distinct ends: the first free bucket is this entry's (no key to compare on the way).
      let i = h & mask;
      while ((table[i] as number) > 0) i = (i + 1) & mask;
      if (table[i] === empty) this.filled += 1;
      table[i] = slot + 1;
      this.live += 1;
    }
    this.laterFrom = this.laterTo = 0;
  }

  /** The slot of the edge with these (canonically ordered) ends, or -1. */
  get(a: number, b: number, c: number, e: number): number {
    this.catchUp();
    const { srcType, src, dstType, dst } = this.ends();
    const table = this.buckets;
    const mask = table.length - 1;
    for (let i = hash(a, b, c, e) & mask; ; i = (i + 1) & mask) {
      const entry = table[i] as number;
      if (entry === empty) return -1;
      if (entry === removed) continue;
      const slot = entry - 1;
      if (src[slot] === b && dst[slot] === e && srcType[slot] === a && dstType[slot] === c)
        return slot;
    }
  }

  /**
   * Bulk inserts: the slot of the edge with these ends, or -(bucket + 1) for the bucket a new
   * edge with them takes (pass it to addAt before any other change; reserve() first, so that no
   * growth comes between). One probe instead of get() and then add().
   */
  getOrBucket(a: number, b: number, c: number, e: number): number {
    this.catchUp();
    const { srcType, src, dstType, dst } = this.ends();
    const table = this.buckets;
    const mask = table.length - 1;
    let free = -1;
    for (let i = hash(a, b, c, e) & mask; ; i = (i + 1) & mask) {
      const entry = table[i] as number;
      if (entry === empty) return -((free >= 0 ? free : i) + 1);
      if (entry === removed) {
        if (free < 0) free = i;
        continue;
      }
      const slot = entry - 1;
      if (src[slot] === b && dst[slot] === e && srcType[slot] === a && dstType[slot] === c)
        return slot;
    }
  }

  /** Puts `slot` in the bucket getOrBucket answered (its ends are in the columns). */
  addAt(bucket: number, slot: number): void {
    if (this.buckets[bucket] === empty) this.filled += 1;
    this.buckets[bucket] = slot + 1;
    this.live += 1;
  }

  /** Adds an edge slot whose ends are already in the columns (callers checked `get` first). */
  add(slot: number): void {
    this.catchUp();
    const { srcType, src, dstType, dst, alive, slotCount } = this.ends();
    if (this.filled + 1 > this.buckets.length * maxLoad) {
      this.resize(capacityFor(this.live + 1));
      // The resize took every live slot: this one too when it is live already.
      if (alive[slot] === 1 && slot < slotCount) return;
    }
    const h = hash(srcType[slot] ?? 0, src[slot] ?? 0, dstType[slot] ?? 0, dst[slot] ?? 0);
    const table = this.buckets;
    const mask = table.length - 1;
    let i = h & mask;
    while (table[i] !== empty && table[i] !== removed) i = (i + 1) & mask;
    if (table[i] === empty) this.filled += 1;
    table[i] = slot + 1;
    this.live += 1;
  }

  /** Removes an edge slot (its ends still in the columns). */
  remove(slot: number): void {
    this.catchUp();
    const { srcType, src, dstType, dst } = this.ends();
    const table = this.buckets;
    const mask = table.length - 1;
    const h = hash(srcType[slot] ?? 0, src[slot] ?? 0, dstType[slot] ?? 0, dst[slot] ?? 0);
    for (let i = h & mask; table[i] !== empty; i = (i + 1) & mask) {
      if (table[i] === slot + 1) {
        table[i] = removed;
        this.live -= 1;
        return;
      }
    }
  }

  /** Room for `more` entries without growing on the way (bulk inserts). */
  reserve(more: number): void {
    runSteps(this.reserveSteps(more));
  }

  /**
   * reserve() in steps (see steps.ts), slots waiting from addLater added on the way: the index
   * is not to be used until the last one.
   */
  *reserveSteps(more: number): Generator<void> {
    yield* this.catchUpSteps();
    if (this.filled + more > this.buckets.length * maxLoad)
      yield* this.resizeSteps(capacityFor(this.live + more));
  }

  /** Rehashes the live entries into a table of `capacity` buckets (a power of two). */
  private resize(capacity: number): void {
    runSteps(this.resizeSteps(capacity));
  }

  /**
   * resize() in steps: the new table replaces the old one at the end. It is filled from the
   * live slots in slot order (those waiting for addLater aside), not from the old buckets: the
   * endpoint columns are then read in order instead of at random.
   */
  private *resizeSteps(capacity: number): Generator<void> {
    const table = new Int32Array(capacity);
    const { srcType, src, dstType, dst, alive, slotCount } = this.ends();
    const mask = capacity - 1;
    let live = 0;
    for (let slot = 0; slot < slotCount; slot++) {
      if ((slot & stepMask) === stepMask) yield;
      if (alive[slot] !== 1 || (slot >= this.laterFrom && slot < this.laterTo)) continue;
      const h = hash(
        srcType[slot] as number,
        src[slot] as number,
        dstType[slot] as number,
        dst[slot] as number,
      );
      let i = h & mask;
      while (table[i] !== empty) i = (i + 1) & mask;
      table[i] = slot + 1;
      live++;
    }
    this.buckets = table;
    this.live = live;
    this.filled = live;
  }
}
