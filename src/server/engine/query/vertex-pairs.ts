// A vertex accumulator's SetAccum or MapAccum values held in a PairTable (pair-table.ts) rather
// than an accumulator object per vertex, for the kinds whose values the table holds exactly:
// SetAccum of vertices or integers, and MapAccum of vertex or integer keys to a Sum, Max or Min
// of a number type (values kept while they stay JS numbers). An input the table cannot hold (a
// collection, a bigint, a non-integer key), and any use that needs the object (the closure tier
// reading the value, a method call, a prime snapshot), moves the vertex's entries into an
// ordinary accumulator object, which holds its value from then on (VAcc.acc). The table keeps
// each vertex's entries in insertion order, so the object lists them as it would have.
import {
  type Acc,
  ArrowValue,
  type MapAcc,
  type ScalarAcc,
  scalarCached,
  type SetAcc,
} from './accum.js';
import type { Scalar } from './accum-scalar.js';
import { PairTable, type SizeHint } from './pair-table.js';
import type { ColumnPool } from './run.js';
import { converter, keyOf } from './runtime-values.js';
import { isScalarAccum, type AccSpec, type T } from './types.js';

/** Key (set element) types whose values are integers: vertices, INT, UINT. */
const integral = (t: T | undefined): boolean =>
  t !== undefined && (t.k === 'vertex' || t.k === 'int' || t.k === 'uint');

/** The value accumulators a map entry holds as one number. */
function numericScalar(val: AccSpec | undefined): boolean {
  if (val === undefined || !isScalarAccum(val)) return false;
  const el = val.el.k;
  const name = val.name;
  const number = el === 'int' || el === 'uint' || el === 'float' || el === 'double';
  return number && (name === 'SumAccum' || name === 'MaxAccum' || name === 'MinAccum');
}

export class VertexPairs {
  readonly table: PairTable;
  /** SetAccum (else MapAccum). */
  private readonly set: boolean;
  /** The element (set) or key (map) converter, as SetAcc / MapAcc convert. */
  private readonly conv: ((v: unknown) => unknown) | null;
  /** A map's value accumulator behaviour, and what get() answers for a missing key. */
  private readonly scalar: Scalar | null;

  /** The pairs of a vertex accumulator of this spec, or null for a kind the table cannot hold. */
  static of(
    spec: AccSpec,
    init: unknown,
    pool: ColumnPool,
    slotsOf: (t: number) => number,
    hint?: SizeHint,
  ): VertexPairs | null {
    // A declared initial value: every vertex starts with it, which an empty chain cannot say.
    if (init !== undefined && init !== null) return null;
    if (spec.name === 'SetAccum' && integral(spec.el))
      return new VertexPairs(spec, pool, slotsOf, hint);
    if (spec.name === 'MapAccum' && integral(spec.key) && numericScalar(spec.val))
      return new VertexPairs(spec, pool, slotsOf, hint);
    return null;
  }

  private constructor(
    spec: AccSpec,
    pool: ColumnPool,
    slotsOf: (t: number) => number,
    hint: SizeHint | undefined,
  ) {
    this.table = new PairTable(pool, slotsOf, hint);
    this.set = spec.name === 'SetAccum';
    this.conv = converter((this.set ? spec.el : spec.key) as T);
    this.scalar = this.set ? null : scalarCached(spec.val as AccSpec);
  }

  /**
   * An element or key to store: the converted value SetAcc / MapAcc would store, when it is an
   * integer number (it is then its own key, runtime-values keyOf), else null.
   */
  private stored(v: unknown): number | null {
    const c = this.conv ? this.conv(v) : v;
    return typeof c === 'number' && Number.isInteger(c) ? c : null;
  }

  /** The key a lookup of `v` compares (keyOf of the converted value) when it is a number. */
  private lookup(v: unknown): number | null {
    const k = keyOf(this.conv ? this.conv(v) : v);
    return typeof k === 'number' ? k : null;
  }

  /**
   * `+= v` of a vertex whose value is in the table (or empty): a set's element, a map's
   * ArrowValue; false when the table cannot hold the result (nothing changed then).
   */
  add(t: number, s: number, id: number, v: unknown): boolean {
    if (!this.set) return v instanceof ArrowValue && this.put(t, s, id, v.keys[0], v.values[0]);
    // A collection adds each element (SetAcc.add): the object does that.
    if (typeof v !== 'number') return false;
    const k = this.stored(v);
    if (k === null) return false;
    if (this.table.find(t, s, id, k) < 0) this.table.append(t, s, id, k);
    return true;
  }

  /** A map's `+= (k -> x)` (MapAcc.add takes an ArrowValue's first pair); false as add(). */
  put(t: number, s: number, id: number, k0: unknown, x: unknown): boolean {
    const sc = this.scalar;
    if (sc === null) return false;
    const k = this.stored(k0);
    if (k === null) return false;
    const table = this.table;
    const e = table.find(t, s, id, k);
    // A new key's accumulator starts at the scalar's init (makeAcc), as the object's would.
    const v = sc.combine(e >= 0 ? table.val[e] : sc.init, sc.conv(x));
    if (typeof v !== 'number') return false;
    // The entry first: appending may grow the table, replacing `val`.
    const at = e >= 0 ? e : table.append(t, s, id, k);
    table.val[at] = v;
    return true;
  }

  /** Moves the vertex's entries into `acc`, a fresh accumulator of the spec, and drops them. */
  moveInto(t: number, s: number, acc: Acc): void {
    const table = this.table;
    for (let e = table.head(t, s); e >= 0; e = table.next[e] as number) {
      const k = table.key[e] as number;
      if (this.set) (acc as SetAcc).add(k);
      else ((acc as MapAcc).entry(k).acc as ScalarAcc).v = table.val[e];
    }
    table.drop(t, s);
  }

  /** A vertex's elements (set) or [key, value] pairs (map), in insertion order. */
  items(t: number, s: number): unknown[] {
    const table = this.table;
    const out: unknown[] = [];
    for (let e = table.head(t, s); e >= 0; e = table.next[e] as number)
      out.push(this.set ? table.key[e] : [table.key[e], table.val[e]]);
    return out;
  }

  /** contains(x) of a vertex whose value is in the table (or empty). */
  has(t: number, s: number, id: number, x: unknown): boolean {
    const k = this.lookup(x);
    return k !== null && this.table.find(t, s, id, k) >= 0;
  }

  /** A map's get(k) of a vertex whose value is in the table (MapAcc.get for a missing key). */
  get(t: number, s: number, id: number, k0: unknown): unknown {
    const k = this.lookup(k0);
    const e = k === null ? -1 : this.table.find(t, s, id, k);
    return e >= 0 ? this.table.val[e] : (this.scalar as Scalar).init;
  }
}
