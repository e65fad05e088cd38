// Accumulators. Scalar kinds (Sum, Max, Min, Or, And, Bitwise*, and the overwrite rule MapAccum
// uses for DATETIME/tuple/BOOL values) are a plain value plus a combine function, so vertex
// accumulators of those kinds live in flat arrays; the others are objects implementing Acc.
import { QueryRuntimeError } from './errors.js';
import {
  cmp,
  converter,
  defaultValue,
  EdgeRef,
  eq,
  iadd,
  keyOf,
  toInt,
  VSet,
} from './runtime-values.js';
import { isScalarAccum, type AccSpec } from './types.js';

/** Run-level facts accumulator instances need: heap capacities (they may be parameters). */
export type HeapCaps = ReadonlyMap<AccSpec, number>;

export interface Scalar {
  readonly init: unknown;
  readonly combine: (cur: unknown, input: unknown) => unknown;
  readonly conv: (v: unknown) => unknown;
}

const INT_MIN = -(2n ** 63n);
const INT_MAX = 2n ** 63n - 1n;
const FLOAT_MAX = 3.4028234663852886e38;

const identity = (v: unknown): unknown => v;

/** The scalar behaviour of a scalar accumulator spec. */
export function scalarOf(spec: AccSpec): Scalar {
  const conv = converter(spec.el) ?? identity;
  const el = spec.el.k;
  switch (spec.name) {
    case 'SumAccum': {
      if (el === 'string')
        return { init: '', conv, combine: (a, b) => (a as string) + (b as string) };
      if (el === 'float')
        return { init: 0, conv, combine: (a, b) => Math.fround((a as number) + (b as number)) };
      if (el === 'double')
        return { init: 0, conv, combine: (a, b) => (a as number) + (b as number) };
      return { init: 0, conv, combine: iadd };
    }
    case 'MaxAccum': {
      const init =
        el === 'int'
          ? INT_MIN
          : el === 'uint'
            ? 0
            : el === 'float'
              ? -FLOAT_MAX
              : el === 'double'
                ? -Number.MAX_VALUE
                : el === 'string'
                  ? ''
                  : defaultValue(spec.el);
      return {
        init,
        conv,
        combine: (a, b) => (a === null || a === undefined || cmp(b, a) > 0 ? b : a),
      };
    }
    case 'MinAccum': {
      const init =
        el === 'int'
          ? INT_MAX
          : el === 'uint'
            ? 2n ** 64n - 1n
            : el === 'float'
              ? FLOAT_MAX
              : el === 'double'
                ? Number.MAX_VALUE
                : el === 'string'
                  ? ''
                  : el === 'tuple'
                    ? defaultValue(spec.el)
                    : null;
      return {
        init,
        conv,
        combine: (a, b) => (a === null || a === undefined || cmp(b, a) < 0 ? b : a),
      };
    }
    case 'OrAccum':
      return { init: false, conv: Boolean, combine: (a, b) => Boolean(a) || Boolean(b) };
    case 'AndAccum':
      return { init: true, conv: Boolean, combine: (a, b) => Boolean(a) && Boolean(b) };
    case 'BitwiseOrAccum':
      return { init: 0, conv: toInt, combine: (a, b) => bitOp(a, b, '|') };
    case 'BitwiseAndAccum':
      return { init: -1, conv: toInt, combine: (a, b) => bitOp(a, b, '&') };
    default:
      return { init: defaultValue(spec.el), conv, combine: (_a, b) => b };
  }
}

function bitOp(a: unknown, b: unknown, op: '|' | '&'): unknown {
  if (
    typeof a === 'number' &&
    typeof b === 'number' &&
    Math.abs(a) < 2 ** 31 &&
    Math.abs(b) < 2 ** 31
  )
    return op === '|' ? a | b : a & b;
  const x = BigInt.asIntN(64, typeof a === 'bigint' ? a : BigInt(a as number));
  const y = BigInt.asIntN(64, typeof b === 'bigint' ? b : BigInt(b as number));
  const r = op === '|' ? x | y : x & y;
  return toInt(r);
}

export interface Acc {
  readonly spec: AccSpec;
  add(v: unknown): void;
  assign(v: unknown): void;
  /** Scalar accumulators: their value; containers: themselves. */
  value(): unknown;
  copy(): Acc;
  clear(): void;
  /** Elements in output order (containers). */
  items(): unknown[];
  size(): number;
}

const scalars = new WeakMap<AccSpec, Scalar>();
export function scalarCached(spec: AccSpec): Scalar {
  let s = scalars.get(spec);
  if (!s) scalars.set(spec, (s = scalarOf(spec)));
  return s;
}

/** Elements of any collection-like value (containers, arrays, vertex sets, maps' keys). */
export function elementsOf(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (v instanceof VSet) return v.ids as number[];
  if (v instanceof AccBase) return v.items();
  if (v instanceof Set) return [...v];
  return [v];
}

function isCollection(v: unknown): boolean {
  return (
    Array.isArray(v) ||
    v instanceof VSet ||
    v instanceof ListAcc ||
    v instanceof SetAcc ||
    v instanceof BagAcc
  );
}

abstract class AccBase implements Acc {
  constructor(readonly spec: AccSpec) {}
  abstract add(v: unknown): void;
  abstract assign(v: unknown): void;
  abstract copy(): Acc;
  abstract clear(): void;
  abstract items(): unknown[];
  value(): unknown {
    return this;
  }
  size(): number {
    return this.items().length;
  }
}

export class ScalarAcc extends AccBase {
  v: unknown;
  private readonly s: Scalar;
  constructor(spec: AccSpec, init?: unknown) {
    super(spec);
    this.s = scalarCached(spec);
    this.v = init === undefined ? this.s.init : this.s.conv(init);
  }
  add(v: unknown): void {
    this.v = this.s.combine(this.v, this.s.conv(v));
  }
  assign(v: unknown): void {
    this.v = this.s.conv(v);
  }
  override value(): unknown {
    return this.v;
  }
  copy(): Acc {
    const c = new ScalarAcc(this.spec);
    c.v = this.v;
    return c;
  }
  clear(): void {
    this.v = this.s.init;
  }
  items(): unknown[] {
    return [this.v];
  }
}

export class AvgAcc extends AccBase {
  sum = 0;
  n = 0;
  add(v: unknown): void {
    if (v instanceof AvgAcc) {
      this.sum += v.sum;
      this.n += v.n;
      return;
    }
    this.sum += Number(v);
    this.n += 1;
  }
  assign(v: unknown): void {
    this.sum = Number(v);
    this.n = 1;
  }
  override value(): unknown {
    return this.n === 0 ? 0 : this.sum / this.n;
  }
  copy(): Acc {
    const c = new AvgAcc(this.spec);
    c.sum = this.sum;
    c.n = this.n;
    return c;
  }
  clear(): void {
    this.sum = 0;
    this.n = 0;
  }
  items(): unknown[] {
    return [this.value()];
  }
}

export class ListAcc extends AccBase {
  list: unknown[] = [];
  private readonly conv = converter(this.spec.el);
  private one(v: unknown): unknown {
    return this.conv ? this.conv(v) : v;
  }
  /** Elements that are themselves collections (ListAccum<ListAccum<VERTEX>>, LIST<LIST<..>>). */
  private readonly nested =
    this.spec.el.k === 'list' ||
    this.spec.el.k === 'set' ||
    this.spec.el.k === 'bag' ||
    (this.spec.el.k === 'accum' &&
      ['ListAccum', 'SetAccum', 'BagAccum'].includes(this.spec.el.a.name));
  add(v: unknown): void {
    if (!this.nested) {
      if (isCollection(v)) for (const x of elementsOf(v)) this.list.push(this.one(x));
      else this.list.push(this.one(v));
      return;
    }
    // A collection of collections adds each; a flat collection is one element.
    const items = isCollection(v) ? elementsOf(v) : [v];
    if (items.length > 0 && items.every(isCollection))
      for (const x of items) this.list.push(elementsOf(x).slice());
    else this.list.push(items.slice());
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

export class MapAcc extends AccBase {
  map = new Map<unknown, { k: unknown; acc: Acc }>();
  private readonly kconv = this.spec.key ? converter(this.spec.key) : null;
  constructor(
    spec: AccSpec,
    private readonly caps: HeapCaps,
  ) {
    super(spec);
  }
  private keyValue(k: unknown): unknown {
    return this.kconv ? this.kconv(k) : k;
  }
  add(v: unknown): void {
    if (v instanceof ArrowValue) {
      this.put(v.keys[0], v.values[0]);
      return;
    }
    if (v instanceof MapAcc) {
      for (const e of v.map.values()) this.putAcc(e.k, e.acc);
      return;
    }
    if (v instanceof Map) {
      for (const [k, x] of v) this.put(k, x);
      return;
    }
    throw new QueryRuntimeError('QUERY-BAD-VALUE', 'MapAccum += needs a (key -> value) pair');
  }
  entry(k: unknown): { k: unknown; acc: Acc } {
    const key = this.keyValue(k);
    const hk = keyOf(key);
    let e = this.map.get(hk);
    if (!e) {
      e = { k: key, acc: makeAcc(this.spec.val as AccSpec, this.caps) };
      this.map.set(hk, e);
    }
    return e;
  }
  private put(k: unknown, v: unknown): void {
    this.entry(k).acc.add(v);
  }
  private putAcc(k: unknown, acc: Acc): void {
    const e = this.entry(k);
    if (acc instanceof ScalarAcc) e.acc.add(acc.v);
    else e.acc.add(acc);
  }
  get(k: unknown): unknown {
    const e = this.map.get(keyOf(this.keyValue(k)));
    if (e) return e.acc.value();
    return makeAcc(this.spec.val as AccSpec, this.caps).value();
  }
  has(k: unknown): boolean {
    return this.map.has(keyOf(this.keyValue(k)));
  }
  remove(k: unknown): void {
    this.map.delete(keyOf(this.keyValue(k)));
  }
  assign(v: unknown): void {
    this.map = new Map();
    this.add(v);
  }
  copy(): Acc {
    const c = new MapAcc(this.spec, this.caps);
    for (const [hk, e] of this.map) c.map.set(hk, { k: e.k, acc: e.acc.copy() });
    return c;
  }
  clear(): void {
    this.map = new Map();
  }
  items(): unknown[] {
    return [...this.map.values()].map((e) => e.k);
  }
  override size(): number {
    return this.map.size;
  }
}

export class HeapAcc extends AccBase {
  list: Record<string, unknown>[] = [];
  constructor(
    spec: AccSpec,
    public capacity: number,
  ) {
    super(spec);
  }
  private order(a: Record<string, unknown>, b: Record<string, unknown>): number {
    const fields = this.spec.el.k === 'tuple' ? this.spec.el.fields : [];
    for (const key of this.spec.heapOrder ?? []) {
      const name = fields[key.index]?.name ?? '';
      const c = cmp(a[name], b[name]);
      if (c !== 0) return key.desc ? -c : c;
    }
    return 0;
  }
  add(v: unknown): void {
    if (v instanceof HeapAcc) {
      for (const x of v.list) this.add(x);
      return;
    }
    const t = v as Record<string, unknown>;
    // Insert after equal elements (stable), then trim to capacity.
    let lo = 0;
    let hi = this.list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.order(this.list[mid] as Record<string, unknown>, t) <= 0) lo = mid + 1;
      else hi = mid;
    }
    if (this.capacity >= 0 && lo >= this.capacity) return;
    this.list.splice(lo, 0, t);
    if (this.capacity >= 0 && this.list.length > this.capacity) this.list.length = this.capacity;
  }
  assign(v: unknown): void {
    this.list = [];
    this.add(v);
  }
  top(): unknown {
    return this.list[0] ?? defaultValue(this.spec.el);
  }
  pop(): unknown {
    return this.list.shift() ?? defaultValue(this.spec.el);
  }
  resize(n: number): void {
    this.capacity = n;
    if (this.list.length > n) this.list.length = n;
  }
  copy(): Acc {
    const c = new HeapAcc(this.spec, this.capacity);
    c.list = this.list.slice();
    return c;
  }
  clear(): void {
    this.list = [];
  }
  items(): unknown[] {
    return this.list;
  }
}

export class GroupByAcc extends AccBase {
  map = new Map<unknown, { keys: unknown[]; accs: Acc[] }>();
  constructor(
    spec: AccSpec,
    private readonly caps: HeapCaps,
  ) {
    super(spec);
  }
  private convKeys(keys: readonly unknown[]): unknown[] {
    return (this.spec.groupKeys ?? []).map((f, i) => {
      const c = converter(f.type);
      return c ? c(keys[i]) : keys[i];
    });
  }
  entry(keys: readonly unknown[]): { keys: unknown[]; accs: Acc[] } {
    const ks = this.convKeys(keys);
    const hk = keyOf(ks);
    let e = this.map.get(hk);
    if (!e) {
      e = { keys: ks, accs: (this.spec.groupAccs ?? []).map((a) => makeAcc(a.spec, this.caps)) };
      this.map.set(hk, e);
    }
    return e;
  }
  add(v: unknown): void {
    if (v instanceof GroupByAcc) {
      for (const e of v.map.values()) {
        const mine = this.entry(e.keys);
        e.accs.forEach((a, i) => mine.accs[i]?.add(a instanceof ScalarAcc ? a.v : a));
      }
      return;
    }
    if (!(v instanceof ArrowValue))
      throw new QueryRuntimeError('QUERY-BAD-VALUE', 'GroupByAccum += needs (keys -> values)');
    const e = this.entry(v.keys);
    v.values.forEach((x, i) => e.accs[i]?.add(x));
  }
  get(keys: readonly unknown[]): Record<string, unknown> {
    const e = this.map.get(keyOf(this.convKeys(keys)));
    const out: Record<string, unknown> = {};
    (this.spec.groupAccs ?? []).forEach((a, i) => {
      out[a.name] = e?.accs[i]?.value() ?? makeAcc(a.spec, this.caps).value();
    });
    return out;
  }
  has(keys: readonly unknown[]): boolean {
    return this.map.has(keyOf(this.convKeys(keys)));
  }
  remove(keys: readonly unknown[]): void {
    this.map.delete(keyOf(this.convKeys(keys)));
  }
  assign(v: unknown): void {
    this.map = new Map();
    this.add(v);
  }
  copy(): Acc {
    const c = new GroupByAcc(this.spec, this.caps);
    for (const [hk, e] of this.map)
      c.map.set(hk, { keys: e.keys, accs: e.accs.map((a) => a.copy()) });
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

export class ArrayAcc extends AccBase {
  dims: number[] = [];
  cells: Acc[] = [];
  constructor(
    spec: AccSpec,
    private readonly caps: HeapCaps,
  ) {
    super(spec);
  }
  reallocate(dims: readonly number[]): void {
    this.dims = dims.slice();
    const n = dims.reduce((a, b) => a * b, 1);
    this.cells = [];
    for (let i = 0; i < n; i++) this.cells.push(makeAcc(this.spec.arrayEl as AccSpec, this.caps));
  }
  cell(index: readonly number[]): Acc {
    let flat = 0;
    for (let i = 0; i < this.dims.length; i++) {
      const d = this.dims[i] ?? 0;
      const x = index[i] ?? 0;
      if (x < 0 || x >= d)
        throw new QueryRuntimeError('QUERY-BAD-VALUE', `ArrayAccum index ${x} out of range`);
      flat = flat * d + x;
    }
    const c = this.cells[flat];
    if (!c) throw new QueryRuntimeError('QUERY-BAD-VALUE', 'ArrayAccum index out of range');
    return c;
  }
  add(v: unknown): void {
    if (v instanceof ArrayAcc) {
      v.cells.forEach((c, i) => this.cells[i]?.add(c instanceof ScalarAcc ? c.v : c));
      return;
    }
    throw new QueryRuntimeError('QUERY-BAD-VALUE', 'ArrayAccum += needs an ArrayAccum');
  }
  assign(v: unknown): void {
    if (v instanceof ArrayAcc) {
      this.dims = v.dims.slice();
      this.cells = v.cells.map((c) => c.copy());
    }
  }
  copy(): Acc {
    const c = new ArrayAcc(this.spec, this.caps);
    c.dims = this.dims.slice();
    c.cells = this.cells.map((x) => x.copy());
    return c;
  }
  clear(): void {
    for (const c of this.cells) c.clear();
  }
  items(): unknown[] {
    return this.cells.map((c) => c.value());
  }
}

export function makeAcc(spec: AccSpec, caps: HeapCaps, init?: unknown): Acc {
  let acc: Acc;
  if (isScalarAccum(spec)) return new ScalarAcc(spec, init);
  switch (spec.name) {
    case 'AvgAccum':
      acc = new AvgAcc(spec);
      break;
    case 'ListAccum':
      acc = new ListAcc(spec);
      break;
    case 'SetAccum':
      acc = new SetAcc(spec);
      break;
    case 'BagAccum':
      acc = new BagAcc(spec);
      break;
    case 'MapAccum':
      acc = new MapAcc(spec, caps);
      break;
    case 'HeapAccum':
      acc = new HeapAcc(spec, caps.get(spec) ?? -1);
      break;
    case 'GroupByAccum':
      acc = new GroupByAcc(spec, caps);
      break;
    case 'ArrayAccum':
      acc = new ArrayAcc(spec, caps);
      break;
    default:
      acc = new ScalarAcc(spec, init);
  }
  if (init !== undefined && init !== null) acc.assign(init);
  return acc;
}

export { AccBase, isCollection };
export const isEdgeRef = (v: unknown): v is EdgeRef => v instanceof EdgeRef;
export const sameValue = eq;
