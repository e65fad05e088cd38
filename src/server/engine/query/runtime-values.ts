// Runtime value forms. Vertices are numbers `typeIndex * 2^26 + slot` (exact in a double);
// edges are EdgeRef objects made only when an edge alias is used; vertex sets are VSet (ids in
// order, no duplicates, in a Float64Array); tuples are plain objects with fields in declared
// order; INT is a number, or a bigint beyond 2^53; DATETIME is epoch seconds.
import type { EdgeTable } from '../graph/edge-table.js';
import { QueryRuntimeError } from './errors.js';
import { noIds, vertexIds, type VertexIds } from './vertex-ids.js';
import type { T } from './types.js';

export const VT = 2 ** 26;
export const vid = (typeIndex: number, slot: number): number => typeIndex * VT + slot;
export const vtypeOf = (id: number): number => Math.floor(id / VT);
export const vslotOf = (id: number): number => id % VT;

export class EdgeRef {
  constructor(
    readonly table: EdgeTable,
    readonly slot: number,
    /** Walked from its stored target to its stored source. */
    readonly flip: boolean,
    /** The name it was walked by (a reverse edge name for reverse walks). */
    readonly name: string,
  ) {}
}

/** A vertex set: distinct vertex ids in order. */
export class VSet {
  /** Membership, built on the first has(): a bitmap per vertex type, or a Set when sparse. */
  private bits: (Uint8Array | undefined)[] | undefined;
  private index: Set<number> | undefined;
  readonly ids: VertexIds;
  /** `ids` must be distinct; a Float64Array is kept as it is (not copied). */
  constructor(ids: ArrayLike<number>) {
    this.ids = vertexIds(ids);
  }
  has(id: number): boolean {
    if (this.bits === undefined && this.index === undefined) this.buildIndex();
    const bits = this.bits;
    if (bits === undefined) return (this.index as Set<number>).has(id);
    const t = Math.floor(id / VT);
    const b = bits[t];
    const s = id - t * VT;
    return b !== undefined && s < b.length && b[s] === 1;
  }
  /**
   * One byte per slot up to the highest slot of each type in the set, when that is at most 64
   * bytes per member (a set of many vertices: no hashing, little memory); else a Set.
   */
  private buildIndex(): void {
    const ids = this.ids;
    const high: number[] = [];
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] as number;
      const t = Math.floor(id / VT);
      const s = id - t * VT;
      if (!((high[t] ?? -1) >= s)) high[t] = s;
    }
    let bytes = 0;
    for (const h of high) if (h !== undefined) bytes += h + 1;
    if (ids.length < 32 || bytes > ids.length * 64) {
      this.index = new Set(ids);
      return;
    }
    const bits: (Uint8Array | undefined)[] = high.map((h) =>
      h === undefined ? undefined : new Uint8Array(h + 1),
    );
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] as number;
      const t = Math.floor(id / VT);
      (bits[t] as Uint8Array)[id - t * VT] = 1;
    }
    this.bits = bits;
  }
  get size(): number {
    return this.ids.length;
  }
  static readonly empty = new VSet(noIds);
}

const bigintJson = (_k: string, v: unknown): unknown =>
  typeof v === 'bigint' ? `${v}n` : v instanceof Map ? [...v.entries()] : v;

/** A key for Set/Map membership: primitives as they are, structured values as text. */
export function keyOf(v: unknown): unknown {
  if (typeof v !== 'object' || v === null) {
    if (typeof v === 'bigint') {
      const n = Number(v);
      return Number.isSafeInteger(n) ? n : v;
    }
    return v;
  }
  // An undirected edge reached from each of its ends is two values (one per direction), as
  // the real service reports it in SetAccum<EDGE> and printed edge lists.
  if (v instanceof EdgeRef)
    return `\u0000e${v.table.def.name}:${v.slot}${v.flip && !v.table.def.directed ? '~' : ''}`;
  if (v instanceof VSet) return `\u0000s${v.ids.join(',')}`;
  return `\u0000o${JSON.stringify(v, bigintJson)}`;
}

export function eq(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const ta = typeof a;
  const tb = typeof b;
  if ((ta === 'number' || ta === 'bigint') && (tb === 'number' || tb === 'bigint'))
    return (a as number) == (b as number);
  if (ta === 'object' && tb === 'object' && a !== null && b !== null) return keyOf(a) === keyOf(b);
  return false;
}

/** Total order used by ORDER BY, Max/Min, heaps and sorting: numbers, strings, bools, tuples. */
export function cmp(a: unknown, b: unknown): number {
  if (a === b) return 0;
  const ta = typeof a;
  const tb = typeof b;
  if ((ta === 'number' || ta === 'bigint') && (tb === 'number' || tb === 'bigint')) {
    const x = a as number;
    const y = b as number;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (ta === 'string' && tb === 'string') return (a as string) < (b as string) ? -1 : 1;
  if (ta === 'boolean' && tb === 'boolean') return a ? 1 : -1;
  if (ta === 'object' && tb === 'object' && a !== null && b !== null) {
    const va = Object.values(a as object);
    const vb = Object.values(b as object);
    for (let i = 0; i < Math.min(va.length, vb.length); i++) {
      const c = cmp(va[i], vb[i]);
      if (c !== 0) return c;
    }
    return va.length - vb.length;
  }
  if (a === undefined || a === null) return -1;
  if (b === undefined || b === null) return 1;
  const x = JSON.stringify(a) ?? '';
  const y = JSON.stringify(b) ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Narrows a bigint to a number when exact. */
export function compact(n: bigint): number | bigint {
  return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(n)
    : n;
}

const big = (v: unknown): bigint => (typeof v === 'bigint' ? v : BigInt(Math.trunc(Number(v))));

export function iadd(a: unknown, b: unknown): number | bigint {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a + b;
    if (Number.isSafeInteger(r)) return r;
  }
  return compact(big(a) + big(b));
}
export function isub(a: unknown, b: unknown): number | bigint {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a - b;
    if (Number.isSafeInteger(r)) return r;
  }
  return compact(big(a) - big(b));
}
export function imul(a: unknown, b: unknown): number | bigint {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a * b;
    if (Number.isSafeInteger(r)) return r;
  }
  return compact(big(a) * big(b));
}
export function idiv(a: unknown, b: unknown): number | bigint {
  if (typeof a === 'number' && typeof b === 'number') {
    if (b === 0) throw new QueryRuntimeError('QUERY-DIVIDE-BY-ZERO', 'integer division by zero');
    return Math.trunc(a / b);
  }
  const d = big(b);
  if (d === 0n) throw new QueryRuntimeError('QUERY-DIVIDE-BY-ZERO', 'integer division by zero');
  return compact(big(a) / d);
}
export function imod(a: unknown, b: unknown): number | bigint {
  if (typeof a === 'number' && typeof b === 'number') {
    if (b === 0) throw new QueryRuntimeError('QUERY-DIVIDE-BY-ZERO', 'integer modulo by zero');
    return a % b;
  }
  const d = big(b);
  if (d === 0n) throw new QueryRuntimeError('QUERY-DIVIDE-BY-ZERO', 'integer modulo by zero');
  return compact(big(a) % d);
}

/**
 * INT is C++'s 64-bit two's complement: a result beyond its range wraps (GSQL_INT_MAX + 1 is
 * GSQL_INT_MIN). Results within 2^53 are numbers and need no check.
 */
export function int64(v: number | bigint): number | bigint {
  return typeof v === 'bigint' ? compact(BigInt.asIntN(64, v)) : v;
}

/** `a + b`, `a - b`, `a * b` of INT: iadd / isub / imul with the wrap of int64 on the slow path. */
export function add64(a: unknown, b: unknown): number | bigint {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a + b;
    if (Number.isSafeInteger(r)) return r;
  }
  return int64(iadd(a, b));
}
export function sub64(a: unknown, b: unknown): number | bigint {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a - b;
    if (Number.isSafeInteger(r)) return r;
  }
  return int64(isub(a, b));
}
export function mul64(a: unknown, b: unknown): number | bigint {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a * b;
    if (Number.isSafeInteger(r)) return r;
  }
  return int64(imul(a, b));
}

/** UINT: 64-bit unsigned, so a negative value (an INT converted to UINT) wraps to 2^64 - n. */
export function uint64(v: number | bigint): number | bigint {
  if (typeof v === 'number') return v >= 0 ? v : compact(BigInt.asUintN(64, BigInt(v)));
  return compact(BigInt.asUintN(64, v));
}

/** UINT division and remainder: both operands as UINT first (the page's INT -7 / UINT 2). */
export function udiv(a: unknown, b: unknown): number | bigint {
  return idiv(uint64(toInt(a)), uint64(toInt(b)));
}
export function umod(a: unknown, b: unknown): number | bigint {
  return imod(uint64(toInt(a)), uint64(toInt(b)));
}

export const num = (v: unknown): number =>
  typeof v === 'number'
    ? v
    : typeof v === 'bigint'
      ? Number(v)
      : typeof v === 'boolean'
        ? +v
        : Number(v);

export function toInt(v: unknown): number | bigint {
  if (typeof v === 'number') return Number.isInteger(v) ? v : Math.trunc(v);
  if (typeof v === 'bigint') return compact(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string') {
    const t = v.trim();
    if (/^[-+]?\d+$/.test(t)) return compact(BigInt(t));
    const n = Number(t);
    return Number.isFinite(n) ? Math.trunc(n) : 0;
  }
  return 0;
}

/** Coerces a value into a typed slot (variable, accumulator element, tuple field). */
export function converter(t: T): ((v: unknown) => unknown) | null {
  switch (t.k) {
    case 'int':
      return (v) => (typeof v === 'number' && Number.isInteger(v) ? v : int64(toInt(v)));
    case 'uint':
      return (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : uint64(toInt(v)));
    case 'float':
      return (v) => Math.fround(num(v));
    case 'double':
      return (v) => (typeof v === 'number' ? v : num(v));
    case 'string':
      return (v) => (typeof v === 'string' ? v : String(v));
    case 'bool':
      return (v) => Boolean(v);
    case 'accum':
    case 'any':
    case 'bag':
    case 'datetime':
    case 'edge':
    case 'file':
    case 'json':
    case 'list':
    case 'map':
    case 'set':
    case 'tuple':
    case 'vertex':
    case 'void':
    case 'vset':
      return null;
  }
}

export function defaultValue(t: T): unknown {
  switch (t.k) {
    case 'int':
    case 'uint':
    case 'float':
    case 'double':
    case 'datetime':
      return 0;
    case 'string':
      return '';
    case 'bool':
      return false;
    case 'list':
    case 'bag':
    case 'set':
      return [];
    case 'map':
      return new Map();
    case 'tuple': {
      const o: Record<string, unknown> = {};
      for (const f of t.fields) o[f.name] = defaultValue(f.type);
      return o;
    }
    case 'vset':
      return VSet.empty;
    // The data-types page: an empty object {} (JSONOBJECT), an empty array [] (JSONARRAY).
    case 'json':
      return t.array ? [] : {};
    case 'accum':
    case 'any':
    case 'edge':
    case 'file':
    case 'vertex':
    case 'void':
      return null;
  }
}
