// Accumulators. Scalar kinds (Sum, Max, Min, Or, And, Bitwise*, and the overwrite rule MapAccum
// uses for DATETIME/tuple/BOOL values) are a plain value plus a combine function, so vertex
// accumulators of those kinds live in flat arrays; the others are objects implementing Acc.
// This module holds the nested accumulators (MapAccum, GroupByAccum, ArrayAccum) and makeAcc;
// the other kinds live in the accum-*.ts modules and are re-exported here.
import { type Acc, AccBase, ScalarAcc, AvgAcc } from './accum-base.js';
import { scalarCached } from './accum-scalar.js';
import { ListAcc, SetAcc, BagAcc, ArrowValue } from './accum-collections.js';
import { HeapAcc } from './accum-heap.js';
import { PercentileAcc } from './accum-percentile.js';
import { QueryRuntimeError } from './errors.js';
import { converter, EdgeRef, eq, keyOf } from './runtime-values.js';
import { isScalarAccum, type AccSpec } from './types.js';

export { scalarCached, scalarOf, type Scalar } from './accum-scalar.js';
export { AccBase, AvgAcc, elementsOf, ScalarAcc, type Acc } from './accum-base.js';
export { ArrowValue, BagAcc, isCollection, ListAcc, SetAcc } from './accum-collections.js';
export { HeapAcc } from './accum-heap.js';
export { PercentileAcc } from './accum-percentile.js';

/** Run-level facts accumulator instances need: heap capacities (they may be parameters). */
export type HeapCaps = ReadonlyMap<AccSpec, number>;

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
  /** add() of the input `(k -> v)`, with no ArrowValue made for it (generated code). */
  addPair(k: unknown, v: unknown): void {
    this.put(k, v);
  }
  private putAcc(k: unknown, acc: Acc): void {
    const e = this.entry(k);
    if (acc instanceof ScalarAcc) e.acc.add(acc.v);
    else e.acc.add(acc);
  }
  get(k: unknown): unknown {
    const e = this.map.get(keyOf(this.keyValue(k)));
    if (e) return e.acc.value();
    return this.absent !== noValue
      ? this.absent
      : makeAcc(this.spec.val as AccSpec, this.caps).value();
  }
  /** What get() answers for a missing key when that is a primitive (no accumulator made per miss). */
  private readonly absent: unknown = absentValue(this.spec.val);
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
  override toJSON(): unknown {
    return sortedEntries(this.map, (e) => e.acc);
  }
  override size(): number {
    return this.map.size;
  }
}

/** A GroupByAccum group: its (converted) key values and accumulators. */
type GroupEntry = { keys: unknown[]; accs: Acc[] };

export class GroupByAcc extends AccBase {
  /** Groups by groupKeyOf(keys). */
  map = new Map<unknown, GroupEntry>();
  /** The key fields' converters, made once (a GroupByAccum takes an input per row). */
  private readonly convs = (this.spec.groupKeys ?? []).map((f) => converter(f.type));
  constructor(
    spec: AccSpec,
    private readonly caps: HeapCaps,
  ) {
    super(spec);
  }
  private convKeys(keys: readonly unknown[]): unknown[] {
    const convs = this.convs;
    const out = new Array<unknown>(convs.length);
    for (let i = 0; i < convs.length; i++) {
      const c = convs[i];
      out[i] = c ? c(keys[i]) : keys[i];
    }
    return out;
  }
  /**
   * The groups again, one Map level per key, for key values that are numbers, booleans or
   * strings (a Map tells those apart exactly as groupKeyOf does): finding a group builds no text
   * and no array. Dropped when a group is removed; rebuilt as groups are found.
   */
  private index: Map<unknown, unknown> | null = null;
  /** The converted keys of the input being looked up (entry() copies them for a new group). */
  private readonly scratch: unknown[] = [];
  entry(keys: readonly unknown[]): GroupEntry {
    const convs = this.convs;
    const ks = this.scratch;
    let plain = true;
    for (let i = 0; i < convs.length; i++) {
      const c = convs[i];
      const k = c ? c(keys[i]) : keys[i];
      ks[i] = k;
      const t = typeof k;
      if (t !== 'number' && t !== 'boolean' && t !== 'string') plain = false;
    }
    // Set once (a length change is a runtime call).
    if (ks.length !== convs.length) ks.length = convs.length;
    let level = plain ? (this.index ??= new Map()) : null;
    for (let i = 0; level !== null && i < ks.length - 1; i++)
      level = (level.get(ks[i]) as Map<unknown, unknown> | undefined) ?? null;
    const found = level?.get(ks[ks.length - 1]) as GroupEntry | undefined;
    if (found !== undefined) return found;
    const own = ks.slice();
    const hk = groupKeyOf(own);
    let e = this.map.get(hk);
    if (!e) {
      e = { keys: own, accs: (this.spec.groupAccs ?? []).map((a) => makeAcc(a.spec, this.caps)) };
      this.map.set(hk, e);
    }
    if (plain && own.length > 0) {
      let node = this.index as Map<unknown, unknown>;
      for (let i = 0; i < own.length - 1; i++) {
        let next = node.get(own[i]) as Map<unknown, unknown> | undefined;
        if (next === undefined) node.set(own[i], (next = new Map()));
        node = next;
      }
      node.set(own[own.length - 1], e);
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
    this.addRow(v.keys, v.values);
  }
  /**
   * add() of `(keys -> values)` given as two arrays, which it does not keep (generated code passes
   * the same arrays for every input).
   */
  addRow(keys: readonly unknown[], values: readonly unknown[]): void {
    const accs = this.entry(keys).accs;
    for (let i = 0; i < values.length; i++) accs[i]?.add(values[i]);
  }
  get(keys: readonly unknown[]): Record<string, unknown> {
    const e = this.map.get(groupKeyOf(this.convKeys(keys)));
    const out: Record<string, unknown> = {};
    (this.spec.groupAccs ?? []).forEach((a, i) => {
      out[a.name] = e?.accs[i]?.value() ?? makeAcc(a.spec, this.caps).value();
    });
    return out;
  }
  has(keys: readonly unknown[]): boolean {
    return this.map.has(groupKeyOf(this.convKeys(keys)));
  }
  remove(keys: readonly unknown[]): void {
    this.map.delete(groupKeyOf(this.convKeys(keys)));
    this.index = null;
  }
  assign(v: unknown): void {
    this.map = new Map();
    this.index = null;
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
    this.index = null;
  }
  items(): unknown[] {
    return [...this.map.values()];
  }
  override toJSON(): unknown {
    return sortedEntries(this.map, (e) => e.accs);
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
    // Cell by cell, from the right side's cells as they were (`A += A` doubles each cell).
    if (v instanceof ArrayAcc && v.dims.length === this.dims.length) {
      if (v.dims.every((d, i) => d === this.dims[i])) {
        const cells = v === this ? v.cells.map((c) => c.copy()) : v.cells;
        cells.forEach((c, i) => this.cells[i]?.add(c instanceof ScalarAcc ? c.v : c));
        return;
      }
    }
    throw new QueryRuntimeError(
      'QUERY-BAD-VALUE',
      'ArrayAccum += needs an ArrayAccum of the same size and dimensions',
    );
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
  override toJSON(): unknown {
    return { dims: this.dims, cells: this.cells };
  }
}

/**
 * The map key of a group's (converted) key values: one key as keyOf gives it, several as one
 * text in which each value is self-delimiting (numbers and bools as they print, bigints marked,
 * text and structured values length-prefixed), so equal key lists and only those give equal keys
 * without a JSON text per input.
 */
export function groupKeyOf(ks: readonly unknown[]): unknown {
  if (ks.length === 1) return keyOf(ks[0]);
  let s = '';
  for (let i = 0; i < ks.length; i++) {
    const k = ks[i];
    if (typeof k === 'number') s += `${k}\u0001`;
    else if (typeof k === 'boolean') s += k ? 't\u0001' : 'f\u0001';
    else if (typeof k === 'string') s += `s${k.length}:${k}\u0001`;
    else {
      const o = keyOf(k);
      if (typeof o === 'number') s += `${o}\u0001`;
      else if (typeof o === 'bigint') s += `${o}n\u0001`;
      else {
        const text = typeof o === 'string' ? o : String(o);
        s += `o${text.length}:${text}\u0001`;
      }
    }
  }
  return s;
}

const noValue = Symbol('no value');

/** A MapAccum's value for a missing key when it is a primitive, else noValue. */
function absentValue(val: AccSpec | undefined): unknown {
  if (!val || !isScalarAccum(val)) return noValue;
  const init = scalarCached(val).init;
  return typeof init === 'object' && init !== null ? noValue : init;
}

/** A map's entries as [key text, value] pairs in key order: equal maps compare equal. */
function sortedEntries<E>(map: Map<unknown, E>, value: (e: E) => unknown): unknown[] {
  const text = (k: unknown): string =>
    JSON.stringify(k, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
  return [...map.entries()]
    .map(([k, e]): [string, unknown] => [text(k), value(e)])
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

export function makeAcc(spec: AccSpec, caps: HeapCaps, init?: unknown): Acc {
  let acc: Acc;
  if (isScalarAccum(spec)) return new ScalarAcc(spec, init);
  switch (spec.name) {
    case 'AvgAccum':
      acc = new AvgAcc(spec);
      break;
    case 'PercentileContAccum':
      acc = new PercentileAcc(spec);
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
    case 'AndAccum':
    case 'BitwiseAndAccum':
    case 'BitwiseOrAccum':
    case 'MaxAccum':
    case 'MinAccum':
    case 'OrAccum':
    case 'Overwrite':
    case 'SumAccum':
      acc = new ScalarAcc(spec, init);
  }
  if (init !== undefined && init !== null) acc.assign(init);
  return acc;
}

export const isEdgeRef = (v: unknown): v is EdgeRef => v instanceof EdgeRef;
export const sameValue = eq;
