// One execution of a compiled query: the frame of variables, accumulator instances, deferred
// accumulator inputs of the running ACCUM / POST-ACCUM clause, collected writes and files, PRINT
// results, and the time slicing that keeps the event loop free.
import type { Engine } from '../engine.js';
import type { Graph } from '../graph/graph.js';
import {
  ArrayAcc,
  makeAcc,
  type MapAcc,
  ScalarAcc,
  scalarCached,
  type Acc,
  type HeapCaps,
  type Scalar,
} from './accum.js';
import { QueryRuntimeError } from './errors.js';
import { checkQueryMemory, defaultQueryMemoryBytes, estimateBytes } from './memory.js';
import { NumList } from './num-list.js';
import { VertexPairs } from './vertex-pairs.js';
import type { SizeHint } from './pair-table.js';
import { VT, vslotOf, vtypeOf } from './runtime-values.js';
import { isScalarAccum, type AccSpec } from './types.js';
import type { WriteSet } from './writes.js';

/** Whether a run should stop (an AbortSignal is one; queries/query-stop.ts QueryStop another). */
export interface AbortState {
  readonly aborted: boolean;
}

/** What a run needs from its caller. */
export interface RunContext {
  readonly graph: Graph;
  /** Needed only by queries that write (attribute updates, INSERT, DELETE). */
  readonly engine?: Engine;
  /** Polled at each slice: the run fails with QUERY-ABORTED once it says aborted. */
  readonly signal?: AbortState;
  /** Absolute time (ms since the epoch, as Date.now()) after which the run fails. */
  readonly deadline?: number;
  /** Folders FILE objects may write into; none: FILE with a non-empty path fails. */
  readonly allowedFileDirs?: readonly string[];
  /** Installed queries callable as subqueries. */
  readonly queries?: (name: string) => CompiledQueryLike | undefined;
  /** The clock (ms since the epoch) for now(); defaults to Date.now. */
  readonly now?: () => number;
  /** LOG statements' lines. */
  readonly log?: (line: string) => void;
  /**
   * The roles of the user who runs the query, granted globally or on its graph, when REST++
   * authentication is on; undefined otherwise, and then the context functions (current_roles)
   * fail as the reference's context-functions page says.
   */
  readonly roles?: readonly string[];
  /** The run's memory budget in bytes (defaultQueryMemoryBytes() when not given). */
  readonly memoryLimitBytes?: number;
}

/** The part of a compiled query a subquery call needs. */
export interface CompiledQueryLike {
  readonly name: string;
  /** Runs as a subquery inside `parent`: shares its writes, files and deadline. */
  callAsSubquery(args: readonly unknown[], parent: Run): Promise<unknown>;
  /** The same, to completion without yielding (a call from an ACCUM clause). */
  callSync(args: readonly unknown[], parent: Run): unknown;
}

/** Something with inputs deferred to the end of the running clause. */
interface Flushable {
  flush(): void;
}

type Column = unknown[] | Float64Array | Uint8Array;
type Typed = Float64Array | Uint8Array;

/**
 * An array of n copies of v, made at its size (pushing a million values one by one costs 50-100
 * ns each on this V8 past ~16k elements; reads of the filled holey array cost what a packed
 * one's do).
 */
function filled(n: number, v: unknown): unknown[] {
  return new Array<unknown>(n).fill(v);
}

/** A fill value a generic column can be pooled under (a primitive), as a key; else undefined. */
function fillKey(v: unknown): string | undefined {
  switch (typeof v) {
    case 'undefined':
      return 'u';
    case 'number':
      return Object.is(v, -0) ? 'n-0' : `n${v}`;
    case 'string':
      return `s${v}`;
    case 'boolean':
    case 'bigint':
      return `${typeof v}${String(v)}`;
    case 'object':
      // null: the blank of MinAccum / MaxAccum of a vertex (accum-scalar.ts).
      return v === null ? 'null' : undefined;
    case 'function':
    case 'symbol':
      return undefined;
  }
}

/**
 * Columns kept between runs of every query (vertex-accumulator values, their delta columns,
 * SELECT collector marks), by kind, fill value and length. A column is given back holding its
 * fill value in every slot, so taking one costs nothing per slot: a query that touches a few
 * vertices pays nothing in proportion to the graph, however many queries were compiled (each
 * interpreted text is a new one). Concurrent runs share it safely: a column belongs to the run
 * that took it until it gives it back. What it keeps is bounded: at most `perKey` columns of a
 * kind, fill and length, and `maxBytes` in all (columns of lengths the graph no longer has are
 * dropped first).
 */
export class ColumnPool {
  private readonly free = new Map<string, Column[]>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = 512 * 2 ** 20,
    private readonly perKey = 8,
  ) {}

  /** A Float64Array (f64) or Uint8Array holding `fill` in each of its n slots. */
  take(f64: boolean, fill: number, n: number): Typed {
    const a = this.pop(`${f64 ? 'd' : 'b'}${fill}:${n}`) as Typed | undefined;
    if (a) return a;
    const c = f64 ? new Float64Array(n) : new Uint8Array(n);
    if (fill !== 0) c.fill(fill);
    return c;
  }

  /** A plain array holding `fill` in each of its n slots. */
  takeArray(fill: unknown, n: number): unknown[] {
    const key = fillKey(fill);
    return (
      (key !== undefined ? (this.pop(`g${n}:${key}`) as unknown[] | undefined) : undefined) ??
      filled(n, fill)
    );
  }

  /**
   * A Float64Array of at least n slots whose contents are undefined (scratch space, e.g. a
   * SELECT's collected ids): a pooled one of the same or the next power-of-two size when there
   * is one, so a run touching few vertices pays nothing in proportion to n.
   */
  takeScratch(n: number): Float64Array {
    const size = scratchSize(n);
    return (this.pop(`x${size}`) as Float64Array | undefined) ?? new Float64Array(size);
  }

  /** Gives back a takeScratch() array. */
  giveScratch(a: Float64Array): void {
    if (a.length === scratchSize(a.length)) this.keep(`x${a.length}`, a, a.byteLength);
  }

  /** `a` must hold `fill` in every slot. */
  give(fill: number, a: Typed): void {
    this.keep(`${a instanceof Float64Array ? 'd' : 'b'}${fill}:${a.length}`, a, a.byteLength);
  }

  /** `a` must hold `fill` in every slot (a fill fillKey refuses is not kept). */
  giveArray(fill: unknown, a: unknown[]): void {
    const key = fillKey(fill);
    if (key !== undefined) this.keep(`g${a.length}:${key}`, a, 8 * a.length);
  }

  private pop(key: string): Column | undefined {
    const a = this.free.get(key)?.pop();
    if (a) this.bytes -= sizeOf(a);
    return a;
  }

  private keep(key: string, a: Column, size: number): void {
    let list = this.free.get(key);
    if (!list) this.free.set(key, (list = []));
    if (list.length >= this.perKey) return;
    if (this.bytes + size > this.maxBytes) this.dropOtherLengths(a.length);
    if (this.bytes + size > this.maxBytes) return;
    list.push(a);
    this.bytes += size;
  }

  /** Frees the columns of other lengths than n (a graph that grew leaves stale lengths). */
  private dropOtherLengths(n: number): void {
    for (const [key, list] of this.free) {
      if (list[0] === undefined || list[0].length === n) continue;
      for (const a of list) this.bytes -= sizeOf(a);
      this.free.delete(key);
    }
  }
}

/** takeScratch sizes: powers of two from 1024 (a graph that grows keeps the same key longer). */
function scratchSize(n: number): number {
  return Math.max(1024, 2 ** Math.ceil(Math.log2(Math.max(1, n))));
}

function sizeOf(a: Column): number {
  return Array.isArray(a) ? 8 * a.length : a.byteLength;
}

/** The pool every run takes its columns from. */
export const sharedColumnPool = new ColumnPool();

/** Column kinds: 0 generic array, 1 Float64Array (FLOAT/DOUBLE sum, max, min), 2 Uint8Array (Or/And). */
const GENERIC = 0;
const F64 = 1;
const BOOLS = 2;

/**
 * Vertex-attached accumulator storage: dense columns per vertex type, indexed by slot. Scalar
 * accumulators of FLOAT/DOUBLE values live in Float64Arrays, OrAccum / AndAccum in Uint8Arrays
 * (0 / 1), the others in plain arrays. Columns come from the run's pool and go back to it at the
 * end of the run, reset through the list of slots written (or a fill when many were), so a run
 * that touches a few vertices costs nothing in proportion to the graph. The += inputs of an
 * ACCUM clause are combined into a delta column and applied when the clause ends.
 */
export class VAcc implements Flushable {
  readonly scalar: Scalar | null;
  /** Values (scalars; Or/And as 0/1) or Acc objects, per type index. */
  vals: (Column | undefined)[] = [];
  prev: (Column | undefined)[] | null = null;
  /** GENERIC, F64 or BOOLS. */
  readonly kind: number;
  /** The init value as stored in a typed column. */
  private readonly raw: number;
  /** What a fresh column holds in every slot: raw, the scalar init, or undefined (containers). */
  private readonly blank: unknown;
  /** Slots written per type (null: too many, or a NaN blank: fill on release). */
  private written: (NumList | null)[] = [];
  /** 1: SumAccum<DOUBLE>, 2: SumAccum<FLOAT> (fast paths), 0: other. */
  private readonly sumKind: number;
  private dv: (Column | undefined)[] = [];
  /** This clause's inputs are not marked (see denseFor). */
  private dense = false;
  private dmark: (Uint8Array | undefined)[] = [];
  /** Ids with a pending += input in this clause (cleared in place, so generated code may hold it). */
  readonly touched = new NumList();
  /** This clause's `=` inputs in order (applied in order at the flush, so the last one wins). */
  private readonly assignIds = new NumList();
  private assignVals: unknown[] = [];
  private readonly pendIds = new NumList();
  private pendVals: unknown[] = [];
  private dirty = false;
  /** SetAccum / MapAccum values held as table entries (vertex-pairs.ts), else null. */
  private readonly pairs: VertexPairs | null;

  constructor(
    readonly spec: AccSpec,
    readonly init: unknown,
    private readonly run: Run,
    /** Declared sizes of a vertex ArrayAccum (`@a[3]`): every vertex's array gets them. */
    private readonly arrayDims: readonly number[] = [],
    /** The declaration's table size in its last run (pair-table.ts SizeHint). */
    hint?: SizeHint,
  ) {
    this.scalar = isScalarAccum(spec) ? scalarCached(spec) : null;
    if (this.scalar && init !== undefined) this.init = this.scalar.conv(init);
    else if (this.scalar) this.init = this.scalar.init;
    const el = spec.el.k;
    this.kind =
      this.scalar === null
        ? GENERIC
        : (el === 'double' || el === 'float') &&
            (spec.name === 'SumAccum' || spec.name === 'MaxAccum' || spec.name === 'MinAccum') &&
            typeof this.init === 'number'
          ? F64
          : spec.name === 'OrAccum' || spec.name === 'AndAccum'
            ? BOOLS
            : GENERIC;
    this.raw =
      this.kind === BOOLS ? (this.init ? 1 : 0) : this.kind === F64 ? (this.init as number) : 0;
    this.blank = this.kind !== GENERIC ? this.raw : this.scalar ? this.init : undefined;
    this.sumKind = spec.name === 'SumAccum' ? (el === 'double' ? 1 : el === 'float' ? 2 : 0) : 0;
    this.pairs =
      this.scalar === null
        ? VertexPairs.of(spec, init, run.pool, (t) => this.slots(t), hint)
        : null;
    run.vaccs.push(this);
  }

  private slots(t: number): number {
    return this.run.graph.vertexByIndex[t]?.slotCount ?? 0;
  }

  private column(t: number): Column {
    let a = this.vals[t];
    if (!a) {
      const n = this.slots(t);
      a =
        this.kind !== GENERIC
          ? this.run.pool.take(this.kind === F64, this.raw, n)
          : this.run.pool.takeArray(this.blank, n);
      // NaN never equals itself: such a column is refilled whole on release.
      this.written[t] = Number.isNaN(this.blank) ? null : new NumList();
      this.vals[t] = a;
    }
    return a;
  }

  /** Notes a write of slot s of a column (before the write), so release() can reset it. */
  private note(t: number, s: number, a: Column): void {
    if (a[s] !== this.blank) return;
    const w = this.written[t];
    if (w) {
      if (w.length > a.length >> 3) {
        w.release();
        this.written[t] = null;
      } else w.push(s);
    }
  }

  /** Stores a scalar value (converted) at slot s of type t. */
  private put(t: number, s: number, v: unknown): void {
    const a = this.column(t);
    this.note(t, s, a);
    if (this.kind === GENERIC) (a as unknown[])[s] = v;
    else (a as Typed)[s] = this.kind === BOOLS ? (v ? 1 : 0) : (v as number);
  }

  /** The scalar value at slot s of column a. */
  private read(a: Column, s: number): unknown {
    const v = a[s];
    return this.kind === BOOLS ? v === 1 : v;
  }

  /** The column of vertex type `t` (scalar accumulators: values by slot; Or/And: 0 / 1). */
  col(t: number): Column {
    return this.vals[t] ?? this.column(t);
  }

  /** Scalar: the value; container: the Acc (created on first use). */
  get(id: number): unknown {
    const a = this.column(vtypeOf(id));
    const s = vslotOf(id);
    if (this.scalar) return this.read(a, s);
    return this.acc(id).value();
  }

  getPrev(id: number): unknown {
    if (!this.prev) return this.get(id);
    const p = this.prev[vtypeOf(id)];
    // No column at snapshot time: the vertex still had the initial value.
    if (!p) return this.scalar ? this.init : this.fresh().value();
    const v = p[vslotOf(id)];
    if (this.scalar) return this.kind === BOOLS ? v === 1 : v;
    return v === undefined ? this.fresh().value() : (v as Acc).value();
  }

  /**
   * Takes the prime snapshot (the values before this SELECT's ACCUM). A typed column is copied
   * into the previous snapshot's array of its type when there is one of its length (a loop that
   * reads primes takes a snapshot per iteration; nothing keeps an older one, which the next
   * snapshot replaces anyway).
   */
  snapshot(): void {
    // Values held as table entries become objects first: the snapshot copies objects.
    if (this.pairs !== null) for (const id of this.pairs.table.holders()) this.acc(id);
    const old = this.prev;
    this.prev = this.vals.map((a, t) => {
      if (!a) return undefined;
      if (!this.scalar) return (a as unknown[]).map((x) => (x as Acc | undefined)?.copy());
      const p = old?.[t];
      if (this.kind !== GENERIC && p !== undefined && p.length === a.length) {
        (p as Typed).set(a as Typed);
        return p;
      }
      return a.slice();
    });
  }

  /** Empties every vertex's collection accumulator (reset_collection_accum). */
  clearAll(): void {
    if (this.scalar) return;
    for (const col of this.vals) if (col) for (const a of col as (Acc | undefined)[]) a?.clear();
    this.pairs?.table.reset();
  }

  /** The vertex's container accumulator object (made, with its table entries, on first use). */
  acc(id: number): Acc {
    const t = vtypeOf(id);
    const a = this.column(t) as unknown[];
    const s = vslotOf(id);
    let acc = a[s] as Acc | undefined;
    if (!acc) {
      this.note(t, s, a);
      a[s] = acc = this.fresh();
      this.pairs?.moveInto(t, s, acc);
    }
    return acc;
  }

  /** The vertex's container accumulator object, if it has one yet. */
  private objectAt(t: number, s: number): Acc | undefined {
    const a = this.vals[t];
    return a === undefined ? undefined : (a[s] as Acc | undefined);
  }

  /**
   * The vertex's container accumulator, or an empty one made once for every vertex that has
   * none: only for reading (size, contains, get), where acc() would give the vertex one.
   */
  peek(id: number): Acc {
    const t = vtypeOf(id);
    const s = vslotOf(id);
    const acc = this.objectAt(t, s);
    if (acc !== undefined) return acc;
    if (this.pairs !== null && this.pairs.table.head(t, s) >= 0) return this.acc(id);
    return (this.blankAcc ??= this.fresh());
  }
  private blankAcc: Acc | undefined = undefined;

  /** `+= v` of a container: into the table when the vertex's value is there and it can hold v. */
  private containerAdd(t: number, s: number, id: number, v: unknown): void {
    const pairs = this.pairs;
    if (pairs !== null && this.objectAt(t, s) === undefined && pairs.add(t, s, id, v)) return;
    this.acc(id).add(v);
  }

  /**
   * The number of table entries of the vertex's value (0: none yet), or -1 when its value is
   * not in the table (an object, or a kind the table does not hold): generated code reads the
   * table (pairHead, pairHas, pairGet) only after a count of 0 or more.
   */
  pairCount(id: number): number {
    const t = vtypeOf(id);
    const s = id - t * VT;
    if (this.pairs === null || this.objectAt(t, s) !== undefined) return -1;
    return this.pairs.table.count(t, s);
  }

  /** The first table entry of the vertex's value (-1: none): see pairCount. */
  pairHead(id: number): number {
    const t = vtypeOf(id);
    return (this.pairs as VertexPairs).table.head(t, id - t * VT);
  }

  /** The key (set element) of table entry e. */
  pairKey(e: number): number {
    return (this.pairs as VertexPairs).table.key[e] as number;
  }

  /** The value of table entry e (a MapAccum's). */
  pairVal(e: number): number {
    return (this.pairs as VertexPairs).table.val[e] as number;
  }

  /** The next entry of the vertex's chain after e (-1: none). */
  pairNext(e: number): number {
    return (this.pairs as VertexPairs).table.next[e] as number;
  }

  /**
   * The items of a FOREACH over the vertex's value in the table (see pairCount), as foreachItems
   * gives a SetAccum's (its elements) or a MapAccum's ([key, value] pairs), in a fresh array.
   */
  pairItems(id: number): unknown[] {
    const t = vtypeOf(id);
    return (this.pairs as VertexPairs).items(t, id - t * VT);
  }

  /** contains(x) of a vertex's value in the table: see pairCount. */
  pairHas(id: number, x: unknown): boolean {
    const t = vtypeOf(id);
    return (this.pairs as VertexPairs).has(t, id - t * VT, id, x);
  }

  /** get(k) of a vertex's MapAccum value in the table: see pairCount. */
  pairGet(id: number, k: unknown): unknown {
    const t = vtypeOf(id);
    return (this.pairs as VertexPairs).get(t, id - t * VT, id, k);
  }

  /** A vertex's initial accumulator (an ArrayAccum sized as declared). */
  private fresh(): Acc {
    const acc = makeAcc(this.spec, this.run.caps, this.init);
    if (acc instanceof ArrayAcc && this.arrayDims.length > 0) acc.reallocate(this.arrayDims);
    return acc;
  }

  add(id: number, v: unknown): void {
    const sc = this.scalar;
    const t = vtypeOf(id);
    const s = vslotOf(id);
    if (sc) this.put(t, s, sc.combine(this.read(this.column(t), s), sc.conv(v)));
    else this.containerAdd(t, s, id, v);
  }

  assign(id: number, v: unknown): void {
    if (this.scalar) this.put(vtypeOf(id), vslotOf(id), this.scalar.conv(v));
    else this.acc(id).assign(v);
  }

  /** add() of `(k -> v)` to a vertex's MapAccum, with no ArrowValue made for it. */
  addPair(id: number, k: unknown, v: unknown): void {
    const t = vtypeOf(id);
    const s = vslotOf(id);
    const pairs = this.pairs;
    if (pairs !== null && this.objectAt(t, s) === undefined && pairs.put(t, s, id, k, v)) return;
    (this.acc(id) as MapAcc).addPair(k, v);
  }

  /** Lists this accumulator among those the end of the clause flushes (generated code). */
  markDirty(): void {
    if (!this.dirty) {
      this.dirty = true;
      this.run.dirty.push(this);
    }
  }

  addDeferred(id: number, v: unknown): void {
    this.addDeferredAt(vtypeOf(id), vslotOf(id), id, v);
  }

  /** addDeferred with the vertex's type index and slot already known. */
  addDeferredAt(t: number, s: number, id: number, v: unknown): void {
    if (!this.dirty) this.markDirty();
    const sc = this.scalar;
    if (!sc) {
      this.pendIds.push(id);
      this.pendVals.push(v);
      return;
    }
    let d = this.dv[t];
    let m = this.dmark[t];
    if (!d || !m) {
      const n = this.slots(t);
      this.dv[t] = d =
        this.sumKind !== 0 ? this.run.pool.take(true, 0, n) : this.run.pool.takeArray(undefined, n);
      this.dmark[t] = m = this.run.pool.take(false, 0, n) as Uint8Array;
    }
    if (this.sumKind === 1) {
      (d as Float64Array)[s] =
        ((d as Float64Array)[s] as number) + (typeof v === 'number' ? v : Number(v));
      if (m[s] === 0) {
        m[s] = 1;
        this.touched.push(id);
      }
      return;
    }
    if (m[s] === 0) {
      m[s] = 1;
      (d as unknown[])[s] = sc.conv(v);
      this.touched.push(id);
    } else (d as unknown[])[s] = sc.combine(d[s], sc.conv(v));
  }

  /** addDeferredAt of a SumAccum<DOUBLE> and a number (generated ACCUM code). */
  addSumAt(t: number, s: number, id: number, v: number): void {
    const d = this.dv[t] as Float64Array | undefined;
    const m = this.dmark[t];
    if (d === undefined || m === undefined || this.sumKind !== 1) {
      this.addDeferredAt(t, s, id, v);
      return;
    }
    d[s] = (d[s] as number) + v;
    if (m[s] === 0) {
      // The first input of a clause always lands here: the marks are clear after a flush.
      if (!this.dirty) this.markDirty();
      m[s] = 1;
      this.touched.push(id);
    }
  }

  /** The += input column of type t of a SumAccum<DOUBLE> (generated ACCUM code adds into it). */
  deltaF64(t: number): Float64Array {
    this.ensureDelta(t);
    return this.dv[t] as Float64Array;
  }

  /** The marks of the slots of type t with a pending input (1: listed in `touched`). */
  deltaMark(t: number): Uint8Array {
    this.ensureDelta(t);
    return this.dmark[t] as Uint8Array;
  }

  private ensureDelta(t: number): void {
    if (this.dv[t] && this.dmark[t]) return;
    const n = this.slots(t);
    this.dv[t] =
      this.sumKind !== 0 ? this.run.pool.take(true, 0, n) : this.run.pool.takeArray(undefined, n);
    this.dmark[t] = this.run.pool.take(false, 0, n) as Uint8Array;
  }

  /**
   * Whether this clause's += inputs (of a SumAccum<DOUBLE> in Float64Arrays) are added into the
   * delta columns without marking each vertex, because the clause has `sources` source vertices,
   * at least an eighth of the graph's: the flush then reads the whole delta columns, which costs
   * no more than the clause. Decided at the clause's first input; kept until its flush.
   */
  denseFor(sources: number): boolean {
    if (!this.dense && this.kind === F64 && this.sumKind === 1) {
      let total = 0;
      for (const table of this.run.graph.vertexByIndex) total += table?.slotCount ?? 0;
      this.dense = sources * 8 >= total;
    }
    return this.dense;
  }

  /** flush() of a SumAccum<DOUBLE> in a Float64Array: the sums added in place. */
  private flushSum(): void {
    if (this.dense) {
      this.flushDense();
      return;
    }
    const touched = this.touched;
    const raw = this.raw;
    let lt = -1;
    let a: Float64Array | undefined;
    let d: Float64Array | undefined;
    let m: Uint8Array | undefined;
    const ids = touched.items;
    for (let i = 0; i < touched.length; i++) {
      const id = ids[i] as number;
      const t = Math.floor(id / VT);
      const s = id - t * VT;
      if (t !== lt) {
        lt = t;
        a = this.column(t) as Float64Array;
        d = this.dv[t] as Float64Array;
        m = this.dmark[t];
      }
      const col = a as Float64Array;
      const old = col[s] as number;
      if (old === raw) this.note(t, s, col);
      col[s] = old + ((d as Float64Array)[s] as number);
      (d as Float64Array)[s] = 0;
      (m as Uint8Array)[s] = 0;
    }
    touched.clear();
  }

  /**
   * flushSum() after dense inputs: every slot whose delta is not 0 gets it (a delta of exactly 0
   * adds nothing), then the marks of inputs that came through addDeferredAt are cleared.
   */
  private flushDense(): void {
    this.dense = false;
    const raw = this.raw;
    for (let t = 0; t < this.dv.length; t++) {
      const d = this.dv[t] as Float64Array | undefined;
      if (!d) continue;
      const a = this.column(t) as Float64Array;
      // While slots written are still listed (see note): list this one. Read once, and again
      // after each note (which may stop the listing).
      let listing = Boolean(this.written[t]);
      for (let s = 0; s < d.length; s++) {
        const x = d[s] as number;
        if (x === 0) continue;
        const old = a[s] as number;
        if (old === raw && listing) {
          this.note(t, s, a);
          listing = Boolean(this.written[t]);
        }
        a[s] = old + x;
        d[s] = 0;
      }
    }
    const touched = this.touched;
    const ids = touched.items;
    for (let i = 0; i < touched.length; i++) {
      const id = ids[i] as number;
      const m = this.dmark[Math.floor(id / VT)];
      if (m) m[id % VT] = 0;
    }
    touched.clear();
  }

  /**
   * The Float64Array column of type t when this accumulator keeps one (a FLOAT/DOUBLE Sum, Max
   * or Min), else null. Generated code writes it directly, calling noteAt before the first
   * write of a slot that holds `raw` (so release() can reset the column).
   */
  f64Col(t: number): Float64Array | null {
    return this.kind === F64 ? (this.column(t) as Float64Array) : null;
  }

  /** The Uint8Array column (0 / 1) of type t of an OrAccum / AndAccum, else null (see f64Col). */
  u8Col(t: number): Uint8Array | null {
    return this.kind === BOOLS ? (this.column(t) as Uint8Array) : null;
  }

  /** Bytes of the table entries (the run's memory estimate). */
  pairBytes(): number {
    return this.pairs?.table.bytes() ?? 0;
  }

  /** The init value as a typed column holds it. */
  get rawValue(): number {
    return this.raw;
  }

  /**
   * Whether writes to type t's typed column are still listed one by one (see note): once too
   * many were, the column is refilled on release and noteAt is not needed any more this run.
   */
  listing(t: number): boolean {
    if (this.kind === GENERIC) return false;
    this.column(t);
    return Boolean(this.written[t]);
  }

  /** Notes a write of slot s of type t (the slot holds rawValue now). */
  noteAt(t: number, s: number): void {
    this.note(t, s, this.column(t));
  }

  /** The prime snapshot's Float64Array column of type t, or null (no snapshot, other kind). */
  prevF64(t: number): Float64Array | null {
    const p = this.kind === F64 && this.prev ? this.prev[t] : undefined;
    return p instanceof Float64Array ? p : null;
  }

  /** assign() with the vertex's type index and slot known (generated POST-ACCUM code). */
  assignAt(t: number, s: number, id: number, v: unknown): void {
    if (this.scalar) this.put(t, s, this.scalar.conv(v));
    else this.acc(id).assign(v);
  }

  /** add() with the vertex's type index and slot known (generated POST-ACCUM code). */
  addAt(t: number, s: number, id: number, v: unknown): void {
    const sc = this.scalar;
    if (sc) this.put(t, s, sc.combine(this.read(this.column(t), s), sc.conv(v)));
    else this.containerAdd(t, s, id, v);
  }

  /** getPrev() with the vertex's type index and slot known. */
  getPrevAt(t: number, s: number, id: number): unknown {
    const prev = this.prev;
    if (!prev || !this.scalar) return this.getPrev(id);
    const p = prev[t];
    if (!p) return this.init;
    const v = p[s];
    return this.kind === BOOLS ? v === 1 : v;
  }

  assignDeferred(id: number, v: unknown): void {
    this.markDirty();
    this.assignIds.push(id);
    this.assignVals.push(v);
  }

  /** End of clause: assignments first (the last one wins), then the combined += inputs. */
  flush(): void {
    this.dirty = false;
    if (this.assignIds.length > 0) {
      const n = this.assignIds.length;
      const ids = this.assignIds.items;
      const vals = this.assignVals;
      this.assignIds.clear();
      this.assignVals = [];
      for (let i = 0; i < n; i++) this.assign(ids[i] as number, vals[i]);
    }
    const sc = this.scalar;
    if (sc && this.kind === F64 && this.sumKind === 1) this.flushSum();
    else if (sc) {
      const f64 = this.kind === F64;
      const ids = this.touched.items;
      for (let i = 0; i < this.touched.length; i++) {
        const id = ids[i] as number;
        const t = vtypeOf(id);
        const s = vslotOf(id);
        const d = this.dv[t] as Column;
        const m = this.dmark[t] as Uint8Array;
        const a = this.column(t);
        if (f64) {
          this.note(t, s, a);
          (a as Typed)[s] = sc.combine(a[s], d[s]) as number;
        } else this.put(t, s, sc.combine(this.read(a, s), d[s]));
        m[s] = 0;
        if (this.sumKind !== 0) (d as Float64Array)[s] = 0;
        else (d as unknown[])[s] = undefined;
      }
      this.touched.clear();
    } else {
      const n = this.pendIds.length;
      const ids = this.pendIds.items;
      const vals = this.pendVals;
      this.pendIds.clear();
      this.pendVals = [];
      for (let i = 0; i < n; i++) {
        const id = ids[i] as number;
        this.containerAdd(vtypeOf(id), vslotOf(id), id, vals[i]);
      }
    }
  }

  /**
   * End of the run: columns go back to the pool, reset to their blank value (every later read
   * would see fresh columns). Columns with clause inputs still pending (a failed run) are dropped.
   */
  release(): void {
    const pool = this.run.pool;
    this.vals.forEach((a, t) => {
      if (!a) return;
      const w = this.written[t];
      if (w) {
        const slots = w.items;
        for (let i = 0; i < w.length; i++) a[slots[i] as number] = this.blank;
        w.release();
      } else a.fill(this.blank as never);
      if (Array.isArray(a)) pool.giveArray(this.blank, a);
      else pool.give(this.raw, a);
    });
    this.vals = [];
    this.written = [];
    if (this.touched.length === 0 && !this.dirty) {
      for (const d of this.dv)
        if (Array.isArray(d)) pool.giveArray(undefined, d);
        else if (d) pool.give(0, d);
      for (const m of this.dmark) if (m) pool.give(0, m);
    }
    this.dv = [];
    this.dmark = [];
    this.touched.release();
    this.assignIds.release();
    this.assignVals = [];
    this.pendIds.release();
    this.pendVals = [];
    this.dense = false;
    this.pairs?.table.release();
  }
}

/**
 * A global accumulator's deferred inputs. A scalar accumulator that no clause of the query
 * assigns with `=` folds its += inputs as they come into a shadow value (starting from its value
 * at the first input: exactly the sequence the flush would apply, in the same order), which
 * becomes its value at the end of the clause; others keep the inputs until then.
 */
export class GAccPending implements Flushable {
  private inputs: unknown[] = [];
  private assigned: { v: unknown } | null = null;
  private dirty = false;
  /** Folding in this clause: the accumulator, its behaviour and the shadow value. */
  private acc: ScalarAcc | null = null;
  private sc: Scalar | null = null;
  private cur: unknown = undefined;
  constructor(
    private readonly run: Run,
    private readonly index: number,
  ) {}
  /**
   * add() of a numeric input (generated code): while folding a DOUBLE Sum, Max or Min, or an INT
   * Sum of safe integers, a number is combined here as the combine function would (Max/Min keep
   * the current value unless the input compares greater/less, so NaN never replaces it; an INT
   * sum leaving the safe range goes back to add()).
   */
  addNumber(v: unknown): void {
    if (this.dirty && this.num !== 0 && typeof v === 'number') {
      const cur = this.cur as number;
      const kind = this.num;
      if (kind === 1) this.cur = cur + v;
      else if (kind === 2) {
        if (v > cur) this.cur = v;
      } else if (kind === 3) {
        if (v < cur) this.cur = v;
      } else {
        // INT sum: exact while both and the sum are safe integers (iadd's number case).
        const sum = cur + v;
        if (!Number.isSafeInteger(v) || !Number.isSafeInteger(sum)) this.num = 0;
        else {
          this.cur = sum;
          return;
        }
        this.add(v);
      }
      return;
    }
    this.add(v);
  }
  /** add() goes straight to the accumulator (not deferred to the end of the clause). */
  addsDirectly(): boolean {
    return this.run.directAdd.has(this.index);
  }
  /** Folding with a number value: DOUBLE 1 Sum, 2 Max, 3 Min; 4 INT Sum (safe integers); else 0. */
  private num = 0;
  add(v: unknown): void {
    const i = this.index;
    if (this.run.directAdd.has(i)) {
      (this.run.g[i] as Acc).add(v);
      return;
    }
    if (!this.dirty) {
      this.mark();
      const acc = this.run.g[this.index];
      if (acc instanceof ScalarAcc) {
        this.acc = acc;
        this.sc = scalarCached(acc.spec);
        this.cur = acc.v;
        const spec = acc.spec;
        const el = spec.el.k;
        this.num =
          typeof acc.v !== 'number'
            ? 0
            : el === 'double'
              ? spec.name === 'SumAccum'
                ? 1
                : spec.name === 'MaxAccum'
                  ? 2
                  : spec.name === 'MinAccum'
                    ? 3
                    : 0
              : el === 'int' && spec.name === 'SumAccum' && Number.isSafeInteger(acc.v)
                ? 4
                : 0;
      }
    }
    const sc = this.sc;
    if (sc !== null) this.cur = sc.combine(this.cur, sc.conv(v));
    else this.inputs.push(v);
  }
  assign(v: unknown): void {
    // Not reached: clauses may not assign a global accumulator (select/clause-rules.ts), so an
    // assign never meets a fold; a coded error rather than a wrong sum should that ever change.
    if (this.sc !== null) throw new QueryRuntimeError('QUERY-BAD-VALUE', 'internal: fold and =');
    this.mark();
    this.assigned = { v };
  }
  private mark(): void {
    if (!this.dirty) {
      this.dirty = true;
      this.run.dirty.push(this);
    }
  }
  flush(): void {
    this.dirty = false;
    this.num = 0;
    if (this.acc !== null) {
      this.acc.v = this.cur;
      this.acc = null;
      this.sc = null;
      this.cur = undefined;
      return;
    }
    const acc = this.run.g[this.index] as Acc;
    if (this.assigned) acc.assign(this.assigned.v);
    this.assigned = null;
    const inputs = this.inputs;
    this.inputs = [];
    for (const v of inputs) acc.add(v);
  }
}

class VarPending implements Flushable {
  writes: [number, unknown][] = [];
  constructor(private readonly run: Run) {}
  flush(): void {
    for (const [slot, v] of this.writes) this.run.f[slot] = v;
    this.writes = [];
  }
}

export interface FileObject {
  readonly path: string;
  readonly lines: string[];
}

/**
 * How long a run computes before it yields to the event loop. Two heavy runs take turns, and a
 * request needs a turn or two of the loop to be read and answered, so this bounds the latency
 * other requests see while queries run (a few times SLICE_MS; /api/ping p99 under 50 ms).
 */
const SLICE_MS = 3;

export class Run {
  readonly f: unknown[];
  readonly g: (Acc | undefined)[] = [];
  gPrev: unknown[] = [];
  readonly gPending: GAccPending[] = [];
  /** Global containers no clause reads (compile/query/direct-accums.ts): += applied at once. */
  directAdd: ReadonlySet<number> = new Set();
  /** Frame slots of the parameters given no value (`_`, omitted, no default): NULL. */
  nullParams: ReadonlySet<number> = new Set();
  readonly va: (VAcc | undefined)[] = [];
  /** Every vertex accumulator created in this run (their columns go back to the pool). */
  readonly vaccs: VAcc[] = [];
  readonly caps = new Map<AccSpec, number>();
  readonly out: Record<string, unknown>[] = [];
  /** Run-time warnings the answer's message carries (to_vertex_set's invalid ids). */
  readonly warnings: string[] = [];
  readonly dirty: Flushable[] = [];
  readonly varPending: VarPending;
  /** Per-run caches of compile-time sites (attribute columns, resolved type names). */
  readonly cache: unknown[] = [];
  readonly graph: Graph;
  returned: unknown = undefined;
  private sliceEnd: number;

  constructor(
    readonly ctx: RunContext,
    frameSize: number,
    readonly writes: WriteSet,
    readonly files: FileObject[],
    /** Lets a deep WHILE / FOREACH yield too. */
    readonly depth = 0,
    /** Where columns come from and go back to. */
    readonly pool: ColumnPool = sharedColumnPool,
  ) {
    this.graph = ctx.graph;
    this.f = new Array<unknown>(frameSize).fill(undefined);
    this.varPending = new VarPending(this);
    this.sliceEnd = performance.now() + SLICE_MS;
  }

  pendingFor(index: number): GAccPending {
    let p = this.gPending[index];
    if (!p) this.gPending[index] = p = new GAccPending(this, index);
    return p;
  }

  deferVar(slot: number, v: unknown): void {
    if (this.varPending.writes.length === 0) this.dirty.push(this.varPending);
    this.varPending.writes.push([slot, v]);
  }

  /** Applies every deferred input of the clause that just ended, in order. */
  flush(): void {
    const list = this.dirty.splice(0);
    for (const x of list) x.flush();
  }

  /** End of the run: pooled columns go back (nothing may read this run's accumulators after). */
  release(): void {
    for (const v of this.vaccs) v.release();
    this.vaccs.length = 0;
  }

  /** True when the time slice is used up (callers then `await pause()`). */
  overBudget(): boolean {
    return performance.now() > this.sliceEnd;
  }

  /** Yields to the event loop; fails on timeout, abort or past the memory budget. */
  async pause(): Promise<void> {
    this.check();
    this.checkMemory();
    await new Promise<void>((resolve) => setImmediate(resolve));
    // A query that may write is not held off by the read gate: it must not go on while a load
    // is half applied (Engine.applying).
    for (let a = this.ctx.engine?.applying; a; a = this.ctx.engine?.applying) await a;
    this.check();
    this.sliceEnd = performance.now() + SLICE_MS;
  }

  check(): void {
    if (this.ctx.signal?.aborted)
      throw new QueryRuntimeError('QUERY-ABORTED', 'the query was aborted');
    if (this.ctx.deadline !== undefined && Date.now() > this.ctx.deadline)
      throw new QueryRuntimeError('QUERY-TIMEOUT', 'the query timed out');
  }

  now(): number {
    return this.ctx.now ? this.ctx.now() : Date.now();
  }

  /** The estimated bytes of this run's values: frame, accumulators, printed results, files. */
  memoryUsed(): number {
    const skip = new Set<object>([this, this.graph, this.ctx, this.writes, this.pool]);
    let used = estimateBytes(this.f, skip) + estimateBytes(this.g, skip);
    for (const v of this.vaccs) {
      for (const column of v.vals) used += estimateBytes(column, skip);
      used += v.pairBytes();
      for (const column of v.prev ?? []) used += estimateBytes(column, skip);
    }
    used += estimateBytes(this.out, skip);
    for (const file of this.files) used += estimateBytes(file.lines, skip);
    return used;
  }

  /** Fails with QUERY-OUT-OF-MEMORY past the run's budget (checked at each yield). */
  checkMemory(): void {
    checkQueryMemory(this.memoryUsed(), this.ctx.memoryLimitBytes ?? defaultQueryMemoryBytes());
  }
}

export type { HeapCaps };
