// Collection accumulators: ListAccum, SetAccum, BagAccum, the arrow value of `(k -> v)`
// inputs, and isCollection (which values spread their elements on `+=`).
import { type Acc, elementsOf, AccBase } from './accum-base.js';
import { converter, keyOf, VSet } from './runtime-values.js';
import type { T } from './types.js';

const bigintText = (_k: string, v: unknown): unknown => (typeof v === 'bigint' ? v.toString() : v);

export function isCollection(v: unknown): boolean {
  return (
    Array.isArray(v) ||
    v instanceof VSet ||
    v instanceof ListAcc ||
    v instanceof SetAcc ||
    v instanceof BagAcc
  );
}

/** Collection levels of a type: LIST<LIST<INT>> and ListAccum<ListAccum<INT>> have 2. */
function collectionDepth(t: T): number {
  if (t.k === 'list' || t.k === 'set' || t.k === 'bag') return 1 + collectionDepth(t.el);
  if (t.k === 'accum' && ['ListAccum', 'SetAccum', 'BagAccum'].includes(t.a.name))
    return 1 + collectionDepth(t.a.el);
  return 0;
}

/** Collection levels of a value (an empty collection counts as one level). */
function valueDepth(v: unknown): number {
  if (v instanceof AccBase) return 1 + collectionDepth(v.spec.el);
  if (!isCollection(v)) return 0;
  const first = elementsOf(v)[0];
  return 1 + (first === undefined ? 0 : valueDepth(first));
}

/** A nested element held as plain arrays, detached from the accumulator it came from. */
function plainCopy(v: unknown): unknown {
  return isCollection(v) ? elementsOf(v).map(plainCopy) : v;
}

export class ListAcc extends AccBase {
  list: unknown[] = [];
  private readonly conv = converter(this.spec.el);
  private one(v: unknown): unknown {
    return this.conv ? this.conv(v) : v;
  }
  /** How many collection levels an element has (ListAccum<ListAccum<INT>>: 1; flat lists: 0). */
  private readonly depth = collectionDepth(this.spec.el);
  add(v: unknown): void {
    // `L += L` appends a snapshot of L: iterate a copy, never the list being grown.
    if (v === this || v === this.list) v = this.list.slice();
    if (this.depth === 0) {
      if (isCollection(v)) for (const x of elementsOf(v)) this.list.push(this.one(x));
      else this.list.push(this.one(v));
      return;
    }
    // A value as deep as an element is one element; one level deeper adds each of its elements
    // (a 2-D list += a 2-D list appends its rows, += a 1-D list appends it as a row).
    if (valueDepth(v) > this.depth) for (const x of elementsOf(v)) this.list.push(plainCopy(x));
    else this.list.push(plainCopy(isCollection(v) ? v : [v]));
  }
  assign(v: unknown): void {
    this.list = [];
    this.add(v);
  }
  copy(): Acc {
    const c = new ListAcc(this.spec);
    c.list = this.list.slice();
    return c;
  }
  clear(): void {
    this.list = [];
  }
  items(): unknown[] {
    return this.list;
  }
  override size(): number {
    return this.list.length;
  }
}

export class SetAcc extends AccBase {
  map = new Map<unknown, unknown>();
  private readonly conv = converter(this.spec.el);
  add(v: unknown): void {
    if (isCollection(v)) for (const x of elementsOf(v)) this.put(x);
    else this.put(v);
  }
  private put(x: unknown): void {
    const v = this.conv ? this.conv(x) : x;
    const k = keyOf(v);
    if (!this.map.has(k)) this.map.set(k, v);
  }
  has(v: unknown): boolean {
    return this.map.has(keyOf(this.conv ? this.conv(v) : v));
  }
  /** Equal sets compare equal whatever order their elements came in. */
  override toJSON(): unknown {
    return [...this.map.keys()].map((k) => JSON.stringify(k, bigintText)).sort();
  }
  remove(v: unknown): void {
    this.map.delete(keyOf(this.conv ? this.conv(v) : v));
  }
  assign(v: unknown): void {
    this.map = new Map();
    this.add(v);
  }
  copy(): Acc {
    const c = new SetAcc(this.spec);
    c.map = new Map(this.map);
    return c;
  }
  clear(): void {
    this.map = new Map();
  }
  items(): unknown[] {
    return [...this.map.values()];
  }
  override size(): number {
    return this.map.size;
  }
}

export class BagAcc extends AccBase {
  map = new Map<unknown, { v: unknown; n: number }>();
  private readonly conv = converter(this.spec.el);
  add(v: unknown): void {
    // `B += B` doubles each multiplicity from a snapshot, not from counts being raised.
    if (v === this) v = this.items();
    if (isCollection(v)) for (const x of elementsOf(v)) this.put(x);
    else this.put(v);
  }
  private put(x: unknown): void {
    const v = this.conv ? this.conv(x) : x;
    const k = keyOf(v);
    const e = this.map.get(k);
    if (e) e.n += 1;
    else this.map.set(k, { v, n: 1 });
  }
  /** Equal bags compare equal whatever order their elements came in. */
  override toJSON(): unknown {
    return [...this.map.entries()]
      .map(([k, e]) => `${e.n}:${JSON.stringify(k, bigintText)}`)
      .sort();
  }
  count(v: unknown): number {
    return this.map.get(keyOf(v))?.n ?? 0;
  }
  remove(v: unknown): void {
    const k = keyOf(v);
    const e = this.map.get(k);
    if (!e) return;
    e.n -= 1;
    if (e.n === 0) this.map.delete(k);
  }
  removeAll(v: unknown): void {
    this.map.delete(keyOf(v));
  }
  assign(v: unknown): void {
    this.map = new Map();
    this.add(v);
  }
  copy(): Acc {
    const c = new BagAcc(this.spec);
    for (const [k, e] of this.map) c.map.set(k, { v: e.v, n: e.n });
    return c;
  }
  clear(): void {
    this.map = new Map();
  }
  items(): unknown[] {
    const out: unknown[] = [];
    for (const e of this.map.values()) for (let i = 0; i < e.n; i++) out.push(e.v);
    return out;
  }
}

/** A (key -> value) input: `+= (k -> v)` and GroupByAccum's `(k1, k2 -> a1, a2)`. */
export class ArrowValue {
  constructor(
    readonly keys: readonly unknown[],
    readonly values: readonly unknown[],
  ) {}
}
