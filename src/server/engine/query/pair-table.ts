// The (vertex, key) -> value entries behind vertex-attached SetAccum and MapAccum values of
// integer keys (see VAcc in run.ts): typed arrays with, per vertex, a chain of its entries in
// insertion order (the order its accumulator lists them), and a hash index on (vertex, key) for
// the entries of chains longer than one (a vertex with one entry is found by its chain). A query
// that gives 200k vertices a set of one element each makes no object at all, where an
// accumulator object per vertex cost a microsecond apiece in allocation and collection on this
// engine's V8. A table starts at the size the same declaration's table reached in the run
// before (SizeHint), so a repeated query does not grow it step by step.
// Entries are never removed one by one: a vertex whose value leaves the table (VAcc makes it an
// accumulator object) has its chain dropped, and its entries stay unreachable until reset().
import type { ColumnPool } from './run.js';
import { keepBuffer, NumList, takeBuffer } from './num-list.js';
import { VT } from './runtime-values.js';

/** A hash of two integer-valued doubles (vertex id, key). */
function mix(a: number, b: number): number {
  let h = Math.imul((a | 0) ^ Math.imul((a / 4294967296) | 0, 0x27d4eb2d), 0x9e3779b1);
  h ^= Math.imul((b | 0) ^ Math.imul((b / 4294967296) | 0, 0x165667b1), 0x85ebca6b);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h ^ (h >>> 12);
}

/** Chains this long or shorter are searched entry by entry, longer ones through the index. */
const SHORT = 1;

/** The size a declaration's table reached in the last run that released one (see PairTable). */
export interface SizeHint {
  entries: number;
  /** Entries in the hash index. */
  indexed: number;
}

export class PairTable {
  /** The entries' vertex ids, keys, values and next entries of their vertex's chain (-1: last). */
  vid: Float64Array;
  key: Float64Array;
  val: Float64Array;
  next: Float64Array;
  /** Entries used. */
  size = 0;
  /**
   * The hash index of the entries of chains longer than SHORT: entry index + 1 per slot, 0 for
   * an empty slot (at most half full).
   */
  private slots: Int32Array;
  /** Entries in the hash index. */
  private indexed = 0;
  /**
   * Per vertex type, three numbers per slot side by side (one cache line to read, where three
   * columns were three): the first entry + 1 and last entry + 1 of the vertex's chain (0: none),
   * and its length. Pool columns filled with 0.
   */
  private chains: (Float64Array | undefined)[] = [];
  /** Vertices given a chain, in order (what reset() must clear). */
  private readonly owners = new NumList();
  /** Vertices whose chain grew longer than SHORT (what a rehash indexes). */
  private readonly longs = new NumList();

  constructor(
    private readonly pool: ColumnPool,
    /** Slots of vertex type t (the length of its columns). */
    private readonly slotsOf: (t: number) => number,
    private readonly hint: SizeHint = { entries: 0, indexed: 0 },
  ) {
    let n = 64;
    while (n < hint.entries) n *= 2;
    this.vid = takeBuffer(n);
    this.key = takeBuffer(n);
    this.val = takeBuffer(n);
    this.next = takeBuffer(n);
    let m = 64;
    while (m < 2 * hint.indexed) m *= 2;
    this.slots = new Int32Array(m);
  }

  /** The first entry of the vertex's chain, -1 when it has none. */
  head(t: number, s: number): number {
    const c = this.chains[t];
    return c === undefined ? -1 : (c[3 * s] as number) - 1;
  }

  /** How many entries the vertex's chain has. */
  count(t: number, s: number): number {
    const c = this.chains[t];
    return c === undefined ? 0 : (c[3 * s + 2] as number);
  }

  /** The entry of key k in the chain of vertex id (type t, slot s), -1 when there is none. */
  find(t: number, s: number, id: number, k: number): number {
    const n = this.count(t, s);
    if (n === 0) return -1;
    if (n <= SHORT) {
      for (let e = this.head(t, s); e >= 0; e = this.next[e] as number)
        if (this.key[e] === k) return e;
      return -1;
    }
    const slots = this.slots;
    const mask = slots.length - 1;
    for (let i = mix(id, k) & mask; ; i = (i + 1) & mask) {
      const e = (slots[i] as number) - 1;
      if (e < 0) return -1;
      if (this.key[e] === k && this.vid[e] === id) return e;
    }
  }

  /** A new entry (id, k) at the end of the vertex's chain (which must not hold k yet); its index. */
  append(t: number, s: number, id: number, k: number): number {
    if (this.size === this.vid.length) this.grow();
    const e = this.size++;
    this.vid[e] = id;
    this.key[e] = k;
    this.val[e] = 0;
    this.next[e] = -1;
    let c = this.chains[t];
    if (c === undefined)
      this.chains[t] = c = this.pool.take(true, 0, 3 * this.slotsOf(t)) as Float64Array;
    const n = (c[3 * s + 2] as number) + 1;
    // Room in the hash index for the entries this one makes indexed, made before the chain
    // grows (a rehash indexes the long chains as they are).
    const adding = n === SHORT + 1 ? n : n > SHORT ? 1 : 0;
    if (adding > 0 && 2 * (this.indexed + adding) > this.slots.length) {
      let size = this.slots.length;
      while (2 * (this.indexed + adding) > size) size *= 2;
      this.rehash(size);
    }
    const tail = (c[3 * s + 1] as number) - 1;
    if (tail < 0) {
      c[3 * s] = e + 1;
      this.owners.push(id);
    } else this.next[tail] = e;
    c[3 * s + 1] = e + 1;
    c[3 * s + 2] = n;
    // A chain getting long: its entries go into the hash index from now on.
    if (n === SHORT + 1) {
      this.longs.push(id);
      for (let x = this.head(t, s); x >= 0; x = this.next[x] as number) this.index(x);
    } else if (n > SHORT) this.index(e);
    return e;
  }

  /** Forgets the vertex's chain (its value now lives elsewhere). */
  drop(t: number, s: number): void {
    const c = this.chains[t];
    if (c === undefined) return;
    c[3 * s] = 0;
    c[3 * s + 1] = 0;
    c[3 * s + 2] = 0;
  }

  /** The vertices that have a chain now, in the order they got one. */
  holders(): number[] {
    const out: number[] = [];
    const ids = this.owners.items;
    for (let i = 0; i < this.owners.length; i++) {
      const id = ids[i] as number;
      const t = Math.floor(id / VT);
      if (this.head(t, id - t * VT) >= 0) out.push(id);
    }
    return out;
  }

  /** Every chain dropped and every entry gone. */
  reset(): void {
    const ids = this.owners.items;
    for (let i = 0; i < this.owners.length; i++) {
      const id = ids[i] as number;
      const t = Math.floor(id / VT);
      this.drop(t, id - t * VT);
    }
    this.owners.clear();
    this.longs.clear();
    this.size = 0;
    this.slots.fill(0);
    this.indexed = 0;
  }

  /** reset(), and the columns and buffers go back to their pools (end of the run). */
  release(): void {
    this.hint.entries = Math.max(this.size, this.hint.entries >> 1);
    this.hint.indexed = Math.max(this.indexed, this.hint.indexed >> 1);
    this.reset();
    this.owners.release();
    this.longs.release();
    for (const c of this.chains) if (c) this.pool.give(0, c);
    this.chains = [];
    for (const b of [this.vid, this.key, this.val, this.next]) keepBuffer(b);
    this.vid = this.key = this.val = this.next = new Float64Array(0);
    this.slots = new Int32Array(2);
  }

  /** Bytes held (the run's memory estimate). */
  bytes(): number {
    let n = 4 * this.vid.byteLength + this.slots.byteLength;
    for (const c of this.chains) n += c?.byteLength ?? 0;
    return n;
  }

  /** Puts entry e in the hash index (which has room: see append). */
  private index(e: number): void {
    this.indexed++;
    const slots = this.slots;
    const mask = slots.length - 1;
    let i = mix(this.vid[e] as number, this.key[e] as number) & mask;
    while (slots[i] !== 0) i = (i + 1) & mask;
    slots[i] = e + 1;
  }

  private grow(): void {
    const n = Math.max(64, 2 * this.vid.length);
    const move = (old: Float64Array): Float64Array => {
      const next = takeBuffer(n);
      next.set(old.subarray(0, this.size));
      keepBuffer(old);
      return next;
    };
    this.vid = move(this.vid);
    this.key = move(this.key);
    this.val = move(this.val);
    this.next = move(this.next);
  }

  /** A hash index of `size` slots holding the entries of every long chain. */
  private rehash(size: number): void {
    this.slots = new Int32Array(size);
    this.indexed = 0;
    const ids = this.longs.items;
    for (let i = 0; i < this.longs.length; i++) {
      const id = ids[i] as number;
      const t = Math.floor(id / VT);
      const s = id - t * VT;
      // A chain dropped since (its vertex's value moved to an object).
      if (this.count(t, s) <= SHORT) continue;
      for (let e = this.head(t, s); e >= 0; e = this.next[e] as number) this.index(e);
    }
  }
}
