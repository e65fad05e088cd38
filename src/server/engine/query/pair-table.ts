// The (vertex, key) -> value entries behind vertex-attached SetAccum and MapAccum values of
// integer keys (see VAcc in run.ts): typed arrays with a hash index on the pair and, per vertex,
// a chain of its entries in insertion order (the order its accumulator lists them). A query that
// gives 200k vertices a set of one element each makes no object at all, where an accumulator
// object per vertex cost a microsecond apiece in allocation and collection on this engine's V8.
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

export class PairTable {
  /** The entries' vertex ids, keys, values and next entries of their vertex's chain (-1: last). */
  vid: Float64Array;
  key: Float64Array;
  val: Float64Array;
  next: Float64Array;
  /** Entries used. */
  size = 0;
  /** The hash index: entry index + 1 per slot, 0 for an empty slot (at most half full). */
  private slots: Int32Array;
  /** Per vertex type, by slot: first and last entry of the vertex's chain (-1: none), count. */
  private first: (Float64Array | undefined)[] = [];
  private last: (Float64Array | undefined)[] = [];
  private counts: (Float64Array | undefined)[] = [];
  /** Vertices given a chain, in order (what reset() must clear). */
  private readonly owners = new NumList();

  constructor(
    private readonly pool: ColumnPool,
    /** Slots of vertex type t (the length of its columns). */
    private readonly slotsOf: (t: number) => number,
  ) {
    this.vid = takeBuffer(64);
    this.key = takeBuffer(64);
    this.val = takeBuffer(64);
    this.next = takeBuffer(64);
    this.slots = new Int32Array(128);
  }

  /** The first entry of the vertex's chain, -1 when it has none. */
  head(t: number, s: number): number {
    const f = this.first[t];
    return f === undefined ? -1 : (f[s] as number);
  }

  /** How many entries the vertex's chain has. */
  count(t: number, s: number): number {
    const c = this.counts[t];
    return c === undefined ? 0 : (c[s] as number);
  }

  /** The entry of (id, k), -1 when there is none. */
  find(id: number, k: number): number {
    const slots = this.slots;
    const mask = slots.length - 1;
    for (let i = mix(id, k) & mask; ; i = (i + 1) & mask) {
      const e = (slots[i] as number) - 1;
      if (e < 0) return -1;
      if (this.key[e] === k && this.vid[e] === id) return e;
    }
  }

  /** A new entry (id, k) at the end of the vertex's chain (it must have none); its index. */
  append(t: number, s: number, id: number, k: number): number {
    if (this.size === this.vid.length) this.grow();
    const e = this.size++;
    this.vid[e] = id;
    this.key[e] = k;
    this.val[e] = 0;
    this.next[e] = -1;
    const first = this.column(this.first, t, -1);
    const last = this.column(this.last, t, -1);
    const counts = this.column(this.counts, t, 0);
    const tail = last[s] as number;
    if (tail < 0) {
      first[s] = e;
      if (counts[s] === 0) this.owners.push(id);
    } else this.next[tail] = e;
    last[s] = e;
    counts[s] = (counts[s] as number) + 1;
    this.index(e);
    return e;
  }

  /** Forgets the vertex's chain (its value now lives elsewhere). */
  drop(t: number, s: number): void {
    const first = this.first[t];
    if (first === undefined) return;
    first[s] = -1;
    (this.last[t] as Float64Array)[s] = -1;
    (this.counts[t] as Float64Array)[s] = 0;
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
    this.size = 0;
    this.slots.fill(0);
  }

  /** reset(), and the columns and buffers go back to their pools (end of the run). */
  release(): void {
    this.reset();
    this.owners.release();
    for (const list of [this.first, this.last]) for (const c of list) if (c) this.pool.give(-1, c);
    for (const c of this.counts) if (c) this.pool.give(0, c);
    this.first = [];
    this.last = [];
    this.counts = [];
    for (const b of [this.vid, this.key, this.val, this.next]) keepBuffer(b);
    this.vid = this.key = this.val = this.next = new Float64Array(0);
    this.slots = new Int32Array(2);
  }

  /** Bytes held (the run's memory estimate). */
  bytes(): number {
    let n = 4 * this.vid.byteLength + this.slots.byteLength;
    for (const list of [this.first, this.last, this.counts])
      for (const c of list) n += c?.byteLength ?? 0;
    return n;
  }

  private column(list: (Float64Array | undefined)[], t: number, fill: number): Float64Array {
    let c = list[t];
    if (c === undefined) list[t] = c = this.pool.take(true, fill, this.slotsOf(t)) as Float64Array;
    return c;
  }

  private index(e: number): void {
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
    this.slots = new Int32Array(2 * n);
    for (let e = 0; e < this.size; e++) this.index(e);
  }
}
