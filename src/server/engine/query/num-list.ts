// A list of numbers a run fills one at a time (the slots an accumulator column had written, the
// vertices with a pending += input), held in a Float64Array grown by doubling. On this engine's
// V8 a JS array past ~16k elements lives in the large-object space and each push that grows it
// costs 50-100 ns (a fresh allocation and its page faults); a typed array grows a few times per
// run, and its large buffers are kept between runs (a few per size), so a run that lists 200k
// vertices pays no allocation at all once another run has.

/** Buffers this large and larger are kept when a list is released. */
const KEEP_FROM = 1 << 14;
/** At most this many kept buffers of one size, and this many bytes in all. */
const PER_SIZE = 8;
const MAX_BYTES = 64 * 2 ** 20;
const free = new Map<number, Float64Array[]>();
let keptBytes = 0;

/** A Float64Array of exactly `capacity` numbers (a kept one when there is one; any content). */
export function takeBuffer(capacity: number): Float64Array {
  const kept = free.get(capacity)?.pop();
  if (kept === undefined) return new Float64Array(capacity);
  keptBytes -= kept.byteLength;
  return kept;
}

export class NumList {
  /** The numbers, valid below `length`. */
  items: Float64Array;
  length = 0;

  constructor(capacity = 16) {
    this.items = new Float64Array(capacity);
  }

  push(x: number): void {
    if (this.length === this.items.length) this.grow();
    this.items[this.length++] = x;
  }

  clear(): void {
    this.length = 0;
  }

  private grow(): void {
    const next = takeBuffer(2 * this.items.length);
    next.set(this.items);
    keepBuffer(this.items);
    this.items = next;
  }

  /** Empties the list; its buffer goes back to the shared free list (large ones only). */
  release(): void {
    this.length = 0;
    if (this.items.length < KEEP_FROM) return;
    keepBuffer(this.items);
    this.items = new Float64Array(16);
  }
}

/** Keeps a buffer no one uses any more for a later takeBuffer (large ones, a few per size). */
export function keepBuffer(buffer: Float64Array): void {
  if (buffer.length < KEEP_FROM) return;
  let list = free.get(buffer.length);
  if (!list) free.set(buffer.length, (list = []));
  if (list.length >= PER_SIZE || keptBytes + buffer.byteLength > MAX_BYTES) return;
  list.push(buffer);
  keptBytes += buffer.byteLength;
}
