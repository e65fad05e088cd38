// Vertex ids written as plain decimal integers (IdIndex's `numbers`): integer -> slot. Ids below
// the length of a direct array are read straight from it (slot + 1 at the id's index: one memory
// access and no hashing); the array grows to take a larger id while its length stays within 16
// entries per id (or 2^17), so 4 bytes per possible id, and a million ids in 0..1,000,000 take
// 4 MB where a hash table of (value, slot) pairs a quarter full took 64 MB and missed the cache
// on every probe. Ids beyond it (sparse or huge ids) go to such a hash table, and move to the
// array once it grows past them (a load whose first ids are large and its later ones dense).

const empty = -1;
const tombstone = -2;

/** The direct array may grow while its length stays within this many entries per id... */
const directPerId = 16;
/** ...or within this length, whatever the number of ids. */
const directFloor = 1 << 17;

function hashNumber(value: number): number {
  let h = Math.imul((value % 4294967296) | 0, 0x9e3779b1);
  h ^= Math.imul(Math.floor(value / 4294967296), 0x85ebca77);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return (h ^ (h >>> 12)) >>> 0;
}

export class IntegerIds {
  /** slot + 1 by id (0: none), for ids below its length. */
  private direct = new Int32Array(1024);
  /** The other ids: (value, slot) pairs, slot -1 empty and -2 removed. */
  private pairs: Float64Array = new Float64Array(0);
  /** Pairs in use (live or removed), and live. */
  private pairsFilled = 0;
  private hashed = 0;
  /** Ids held. */
  size = 0;

  /** The slot of id `value`, or -1. */
  get(value: number): number {
    const direct = this.direct;
    if (value < direct.length) return (direct[value] as number) - 1;
    if (this.hashed === 0) return -1;
    const pairs = this.pairs;
    const mask = (pairs.length >> 1) - 1;
    for (let p = hashNumber(value) & mask; ; p = (p + 1) & mask) {
      const slot = pairs[2 * p + 1] as number;
      if (slot === empty) return -1;
      if (slot >= 0 && pairs[2 * p] === value) return slot;
    }
  }

  /** Records `slot` for id `value` (callers checked it is absent). */
  add(value: number, slot: number): void {
    this.size += 1;
    if (value >= this.direct.length) {
      let length = this.direct.length;
      while (length <= value) length *= 2;
      if (length > Math.max(directFloor, directPerId * this.size)) {
        this.addPair(value, slot);
        return;
      }
      this.growDirect(length);
    }
    this.direct[value] = slot + 1;
  }

  /** Forgets id `value` if it is `slot`'s. */
  remove(value: number, slot: number): void {
    const direct = this.direct;
    if (value < direct.length) {
      if (direct[value] === slot + 1) {
        direct[value] = 0;
        this.size -= 1;
      }
      return;
    }
    const pairs = this.pairs;
    if (pairs.length === 0) return;
    const mask = (pairs.length >> 1) - 1;
    for (let p = hashNumber(value) & mask; ; p = (p + 1) & mask) {
      const at = pairs[2 * p + 1] as number;
      if (at === empty) return;
      if (at === slot) {
        pairs[2 * p + 1] = tombstone;
        this.hashed -= 1;
        this.size -= 1;
        return;
      }
    }
  }

  /** A longer direct array; the hashed ids below its length move into it. */
  private growDirect(length: number): void {
    const direct = new Int32Array(length);
    direct.set(this.direct);
    this.direct = direct;
    if (this.hashed === 0) return;
    const old = this.pairs;
    const kept: number[] = [];
    for (let q = 0; q < old.length; q += 2) {
      const slot = old[q + 1] as number;
      if (slot < 0) continue;
      const value = old[q] as number;
      if (value < length) direct[value] = slot + 1;
      else kept.push(value, slot);
    }
    this.rehash(kept);
  }

  private addPair(value: number, slot: number): void {
    if ((this.pairsFilled + 1) * 2 > this.pairs.length >> 1) {
      const live: number[] = [];
      const old = this.pairs;
      for (let q = 0; q < old.length; q += 2)
        if ((old[q + 1] as number) >= 0) live.push(old[q] as number, old[q + 1] as number);
      this.rehash(live);
    }
    this.place(value, slot);
    this.hashed += 1;
  }

  /** A hash table at most a quarter full holding `live` (value, slot, value, slot, ...). */
  private rehash(live: readonly number[]): void {
    const count = live.length / 2;
    let capacity = 64;
    while ((count + 1) * 2 > capacity / 2) capacity *= 2;
    this.pairs = new Float64Array(capacity * 2).fill(empty);
    this.pairsFilled = 0;
    this.hashed = 0;
    for (let i = 0; i < live.length; i += 2) {
      this.place(live[i] as number, live[i + 1] as number);
      this.hashed += 1;
    }
  }

  private place(value: number, slot: number): void {
    const pairs = this.pairs;
    const mask = (pairs.length >> 1) - 1;
    let p = hashNumber(value) & mask;
    while ((pairs[2 * p + 1] as number) >= 0) p = (p + 1) & mask;
    if (pairs[2 * p + 1] === empty) this.pairsFilled += 1;
    pairs[2 * p] = value;
    pairs[2 * p + 1] = slot;
  }
}
