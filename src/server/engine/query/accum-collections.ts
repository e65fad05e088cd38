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

/** A SetAccum of up to this many elements keeps them in a list (no Map per vertex's set). */
const SMALL_SET = 8;
/** The list of every empty SetAccum (never written: the first element makes a list of one). */
const NONE: unknown[] = [];

export class SetAcc extends AccBase {
  /** Small: the elements in insertion order; their keys (keyOf) where some key is not the element. */
  private list: unknown[] | null = NONE;
  private keys: unknown[] | null = null;
  /** Large (more than SMALL_SET elements at some point): elements by key, in insertion order. */
  private map: Map<unknown, unknown> | null = null;
  private readonly conv = converter(this.spec.el);
  add(v: unknown): void {
    if (isCollection(v)) for (const x of elementsOf(v)) this.put(x);
    else this.put(v);
  }
  /** Position of key k in `keys`, -1 when absent (keys compared as a Map compares them). */
  private static find(keys: readonly unknown[], k: unknown): number {
    if (k !== k) {
      for (let i = 0; i < keys.length; i++) if (keys[i] !== keys[i]) return i;
      return -1;
    }
    for (let i = 0; i < keys.length; i++) if (keys[i] === k) return i;
    return -1;
  }
  private put(x: unknown): void {
    const v = this.conv ? this.conv(x) : x;
    const k = keyOf(v);
    const list = this.list;
    if (list === null) {
      const map = this.map as Map<unknown, unknown>;
      if (!map.has(k)) map.set(k, v);
      return;
    }
    if (SetAcc.find(this.keys ?? list, k) >= 0) return;
    if (list.length >= SMALL_SET) {
      const map = new Map<unknown, unknown>();
      const keys = this.keys ?? list;
      for (let i = 0; i < list.length; i++) map.set(keys[i], list[i]);
      map.set(k, v);
      this.map = map;
      this.list = null;
      this.keys = null;
      return;
    }
    if (k !== v && this.keys === null) this.keys = list.slice();
    if (list === NONE) this.list = [v];
    else list.push(v);
    this.keys?.push(k);
  }
  has(v: unknown): boolean {
    const k = keyOf(this.conv ? this.conv(v) : v);
    const list = this.list;
    return list !== null ? SetAcc.find(this.keys ?? list, k) >= 0 : (this.map?.has(k) ?? false);
  }
  /** Equal sets compare equal whatever order their elements came in. */
  override toJSON(): unknown {
    const keys = this.list !== null ? (this.keys ?? this.list) : [...(this.map?.keys() ?? [])];
    return keys.map((k) => JSON.stringify(k, bigintText)).sort();
  }
  remove(v: unknown): void {
    const k = keyOf(this.conv ? this.conv(v) : v);
    if (this.list === null) {
      this.map?.delete(k);
      return;
    }
    const i = SetAcc.find(this.keys ?? this.list, k);
    if (i < 0) return;
    this.list.splice(i, 1);
    this.keys?.splice(i, 1);
  }
  assign(v: unknown): void {
    this.clear();
    this.add(v);
  }
  copy(): Acc {
    const c = new SetAcc(this.spec);
    c.list = this.list?.slice() ?? null;
    c.keys = this.keys?.slice() ?? null;
    c.map = this.map ? new Map(this.map) : null;
    return c;
  }
  clear(): void {
    this.list = NONE;
    this.keys = null;
    this.map = null;
  }
  items(): unknown[] {
    return this.list !== null ? this.list.slice() : [...(this.map?.values() ?? [])];
  }
  /** items() without the copy of a small set's list: read it only, and before the set changes. */
  elements(): readonly unknown[] {
    return this.list !== null ? this.list : [...(this.map?.values() ?? [])];
  }
  override size(): number {
    return this.list !== null ? this.list.length : (this.map?.size ?? 0);
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
