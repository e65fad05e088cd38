// External vertex id -> slot, keyed on the id's UTF-8 bytes: an open-addressing hash table over
// typed arrays, with the key bytes of every slot kept end to end in one byte arena. Bulk loading
// looks ids up straight from the bytes of its input (a CSV token, a JSON key, a log entry)
// without making a string per lookup, and the table costs a few typed-array entries per vertex
// instead of a Map entry. Ids written as plain decimal integers (digits, no leading zero, below
// 2^53: most numeric ids) are looked up by their value (IntegerIds: an array indexed by the id
// while the ids are dense, else a hash table), without a byte comparison in the arena. Deleting a vertex
// leaves a tombstone (its bytes stay in the arena) so probing past it still works; a rehash on
// growth drops tombstones.

const empty = -1;
const tombstone = -2;

/** FNV-1a over bytes [start, end). */
export function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ (bytes[i] as number), 0x01000193);
  return h >>> 0;
}

import { IntegerIds } from './integer-ids.js';

const encoder = new TextEncoder();

/** The value of bytes [start, end) when they are a plain decimal integer below 2^53, else -1. */
export function plainInteger(bytes: Uint8Array, start: number, end: number): number {
  const n = end - start;
  if (n < 1 || n > 15 || (bytes[start] === 0x30 && n > 1)) return -1;
  let value = 0;
  for (let i = start; i < end; i++) {
    const d = (bytes[i] as number) - 0x30;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value;
}

export class IdIndex {
  /** Slot per table position, or empty / tombstone. */
  private table = new Int32Array(64).fill(empty);
  /** Live keys and tombstones in the table. */
  private filled = 0;
  /** Key bytes of every slot ever added, end to end. */
  private arena = new Uint8Array(1024);
  private arenaUsed = 0;
  /** Per slot: where its key starts in the arena, its length, its hash. */
  private keyStart = new Uint32Array(64);
  private keyLength = new Uint32Array(64);
  private keyHash = new Uint32Array(64);
  /** Plain integer ids. */
  private numbers = new IntegerIds();
  /** Keys of live slots (both tables), and of the byte table alone. */
  size = 0;
  private bytesLive = 0;
  /** Scratch buffer for string lookups. */
  private scratch = new Uint8Array(256);

  /** The slot of the id in bytes [start, end), or -1. */
  get(bytes: Uint8Array, start: number, end: number): number {
    const value = plainInteger(bytes, start, end);
    if (value >= 0) return this.numbers.get(value);
    return this.probe(bytes, start, end, hashBytes(bytes, start, end));
  }

  /** The slot of a string id, or -1. */
  getString(id: string): number {
    const n = this.encode(id);
    return this.get(this.scratch, 0, n);
  }

  /** Records `slot` under the id in bytes [start, end) (callers checked it is absent). */
  add(bytes: Uint8Array, start: number, end: number, slot: number): void {
    const value = plainInteger(bytes, start, end);
    const h = value >= 0 ? 0 : hashBytes(bytes, start, end);
    const length = end - start;
    this.ensureSlot(slot);
    if (this.arenaUsed + length > this.arena.length) {
      let capacity = this.arena.length * 2;
      while (capacity < this.arenaUsed + length) capacity *= 2;
      const grown = new Uint8Array(capacity);
      grown.set(this.arena.subarray(0, this.arenaUsed));
      this.arena = grown;
    }
    this.arena.set(bytes.subarray(start, end), this.arenaUsed);
    this.keyStart[slot] = this.arenaUsed;
    this.keyLength[slot] = length;
    this.keyHash[slot] = h;
    this.arenaUsed += length;
    if (value >= 0) this.numbers.add(value, slot);
    else {
      this.place(slot, h);
      this.bytesLive += 1;
    }
    this.size += 1;
  }

  /** Records `slot` under a string id. */
  addString(id: string, slot: number): void {
    const n = this.encode(id);
    this.add(this.scratch, 0, n, slot);
  }

  /** Forgets the id of `slot` (a deleted vertex); its slot is never reused. */
  delete(slot: number): void {
    const value = plainInteger(
      this.arena,
      this.keyStart[slot] as number,
      (this.keyStart[slot] as number) + (this.keyLength[slot] as number),
    );
    if (value >= 0) {
      const before = this.numbers.size;
      this.numbers.remove(value, slot);
      this.size -= before - this.numbers.size;
      return;
    }
    const h = this.keyHash[slot] as number;
    const mask = this.table.length - 1;
    for (let p = h & mask; ; p = (p + 1) & mask) {
      const at = this.table[p] as number;
      if (at === empty) return;
      if (at === slot) {
        this.table[p] = tombstone;
        this.size -= 1;
        this.bytesLive -= 1;
        return;
      }
    }
  }

  /** The id bytes of a slot (a view into the arena, valid until the next add). */
  keyOf(slot: number): Uint8Array {
    const start = this.keyStart[slot] as number;
    return this.arena.subarray(start, start + (this.keyLength[slot] as number));
  }

  clear(): void {
    this.table = new Int32Array(64).fill(empty);
    this.filled = 0;
    this.arena = new Uint8Array(1024);
    this.arenaUsed = 0;
    this.keyStart = new Uint32Array(64);
    this.keyLength = new Uint32Array(64);
    this.keyHash = new Uint32Array(64);
    this.numbers = new IntegerIds();
    this.size = 0;
    this.bytesLive = 0;
  }

  private encode(id: string): number {
    // ASCII (the common case) without a call into the encoder.
    const n = id.length;
    if (this.scratch.length < n * 3) this.scratch = new Uint8Array(n * 3 + 16);
    const out = this.scratch;
    for (let i = 0; i < n; i++) {
      const c = id.charCodeAt(i);
      if (c >= 0x80) return encoder.encodeInto(id, out).written;
      out[i] = c;
    }
    return n;
  }

  private probe(bytes: Uint8Array, start: number, end: number, h: number): number {
    const table = this.table;
    const mask = table.length - 1;
    const length = end - start;
    for (let p = h & mask; ; p = (p + 1) & mask) {
      const slot = table[p] as number;
      if (slot === empty) return -1;
      if (slot >= 0 && this.keyHash[slot] === h && this.keyLength[slot] === length) {
        const arena = this.arena;
        const from = this.keyStart[slot] as number;
        let i = 0;
        while (i < length && arena[from + i] === bytes[start + i]) i++;
        if (i === length) return slot;
      }
    }
  }

  private place(slot: number, h: number): void {
    if ((this.filled + 1) * 2 > this.table.length) this.rehash();
    const table = this.table;
    const mask = table.length - 1;
    let p = h & mask;
    while ((table[p] as number) >= 0) p = (p + 1) & mask;
    if (table[p] === empty) this.filled += 1;
    table[p] = slot;
  }

  /** Grows the table (live keys only: tombstones are dropped). */
  private rehash(): void {
    const old = this.table;
    let capacity = old.length;
    while ((this.bytesLive + 1) * 2 > capacity / 2) capacity *= 2;
    const table = new Int32Array(capacity).fill(empty);
    const mask = capacity - 1;
    for (const slot of old) {
      if (slot < 0) continue;
      let p = (this.keyHash[slot] as number) & mask;
      while (table[p] !== empty) p = (p + 1) & mask;
      table[p] = slot;
    }
    this.table = table;
    this.filled = this.bytesLive;
  }

  private ensureSlot(slot: number): void {
    if (slot < this.keyStart.length) return;
    let capacity = this.keyStart.length * 2;
    while (capacity <= slot) capacity *= 2;
    const grow = (a: Uint32Array) => {
      const b = new Uint32Array(capacity);
      b.set(a);
      return b;
    };
    this.keyStart = grow(this.keyStart);
    this.keyLength = grow(this.keyLength);
    this.keyHash = grow(this.keyHash);
  }
}
