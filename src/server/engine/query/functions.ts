// The engine's built-in functions: an implementation for every name of the core's function
// table (src/core/gsql/functions.ts), which also gives each one's arity and result type. String
// and datetime bodies live in functions-strings.ts and functions-datetime.ts.
import { BUILTIN_FUNCTIONS, type ResultType } from '../../../core/gsql/index.js';
import { parseJson } from '../../../core/json.js';
import { elementsOf } from './accum.js';
import { percentileCont } from './accum-percentile.js';
import { QueryRuntimeError } from './errors.js';
import { DATETIME_FUNCTIONS } from './functions-datetime.js';
import { STRING_FUNCTIONS } from './functions-strings.js';
import type { Builtin, Implementation } from './functions-types.js';
import type { Run } from './run.js';
import {
  cmp,
  compact,
  EdgeRef,
  iadd,
  num,
  toInt,
  vid,
  VSet,
  vslotOf,
  vtypeOf,
} from './runtime-values.js';
import { Mt19937 } from './udf/prng.js';
import {
  ANY,
  BOOL,
  DATETIME,
  DOUBLE,
  FLOAT,
  INT,
  isFloatType,
  isIntType,
  JSONARRAYT,
  JSONT,
  STRING,
  UINT,
  VERTEX,
  VSET,
  type T,
} from './types.js';

export type { Builtin } from './functions-types.js';
export { toStringValue } from './functions-strings.js';

const math1 =
  (f: (x: number) => number): Implementation =>
  (a) =>
    f(num(a[0]));

/** The element type of a collection type (or of a collection accumulator). */
function elementType(t: T | undefined): T {
  if (!t) return ANY;
  if ('el' in t) return t.el;
  return t.k === 'accum' ? t.a.el : t;
}

/** max(...) / min(...) over two values or over one collection; `sign` 1 for max, -1 for min. */
function extremum(sign: 1 | -1): Implementation {
  return (a) => {
    const xs = a.length > 1 ? a : elementsOf(a[0]);
    return xs.reduce((m, x) => (m === undefined || cmp(x, m) * sign > 0 ? x : m), undefined) ?? 0;
  };
}

/** round half away from zero, to `digits` decimals when given. */
function round(a: unknown[]): number {
  const x = num(a[0]);
  if (a.length < 2) return Math.sign(x) * Math.round(Math.abs(x));
  const f = 10 ** num(a[1]);
  return (Math.sign(x) * Math.round(Math.abs(x) * f)) / f;
}

/**
 * rand(): a fresh number in [0, 1). rand(seed): a repeatable sequence: the first call with a
 * seed in a run starts a 32-bit Mersenne Twister seeded with it, later calls with that seed
 * continue it. Each number is C++'s generate_canonical<double, 53> of it: two draws, the second
 * the high word (the math page's rand(5) sequence 0.05518, 0.83133, 0.36374 is exactly that).
 */
const seeded = new WeakMap<Run, Map<number, Mt19937>>();
function rand(a: unknown[], r: Run): number {
  if (a.length === 0) return Math.random();
  const seed = Math.trunc(num(a[0])) >>> 0;
  let bySeed = seeded.get(r);
  if (!bySeed) seeded.set(r, (bySeed = new Map<number, Mt19937>()));
  let gen = bySeed.get(seed);
  if (!gen) bySeed.set(seed, (gen = new Mt19937(seed)));
  const low = gen.next();
  const x = (low + gen.next() * 2 ** 32) / 2 ** 64;
  return x < 1 ? x : 1 - 2 ** -53;
}

function parseJsonText(text: unknown, array: boolean): unknown {
  let v: unknown;
  try {
    v = parseJson(String(text));
  } catch {
    throw new QueryRuntimeError(
      'QUERY-BAD-VALUE',
      `parse_json_${array ? 'array' : 'object'}: not JSON: ${String(text).slice(0, 80)}`,
    );
  }
  const ok = array ? Array.isArray(v) : typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!ok)
    throw new QueryRuntimeError(
      'QUERY-BAD-VALUE',
      `parse_json_${array ? 'array' : 'object'}: not a JSON ${array ? 'array' : 'object'}: ${String(text).slice(0, 80)}`,
    );
  return v;
}

/** sum(): integers add exactly (INT), any fractional member makes it a floating sum. */
function sum(a: unknown[]): unknown {
  const xs = elementsOf(a[0]);
  if (xs.some((x) => typeof x === 'number' && !Number.isInteger(x)))
    return xs.reduce((s: number, x) => s + num(x), 0);
  return xs.reduce((s: unknown, x) => iadd(s, x), 0);
}

/**
 * avg(): the mean; the aggregation page rounds it down when every member is an integer. With
 * `integral` the members decide at run time (an integer collection, or one of unknown type);
 * without, the collection is of FLOAT / DOUBLE and the mean stays as it is.
 */
function mean(a: unknown[], integral: boolean): number {
  const xs = elementsOf(a[0]);
  if (xs.length === 0) return 0;
  const m = xs.reduce((s: number, x) => s + num(x), 0) / xs.length;
  const ints = integral && xs.every((x) => typeof x === 'bigint' || Number.isInteger(x));
  return ints ? Math.floor(m) : m;
}

/** Bodies that depend on the static argument types, by function name. */
const TYPED: ReadonlyMap<string, (args: readonly T[]) => Implementation> = new Map([
  [
    'avg',
    (args: readonly T[]) =>
      isFloatType(elementType(args[0]))
        ? (a: unknown[]) => mean(a, false)
        : (a: unknown[]) => mean(a, true),
  ],
]);

const MATH_FUNCTIONS: ReadonlyMap<string, Implementation> = new Map<string, Implementation>([
  ['abs', (a) => (typeof a[0] === 'bigint' ? (a[0] < 0n ? -a[0] : a[0]) : Math.abs(num(a[0])))],
  ['sqrt', math1(Math.sqrt)],
  ['exp', math1(Math.exp)],
  ['log', (a) => (a.length > 1 ? Math.log(num(a[1])) / Math.log(num(a[0])) : Math.log(num(a[0])))],
  ['log10', math1(Math.log10)],
  ['log2', math1(Math.log2)],
  ['sin', math1(Math.sin)],
  ['cos', math1(Math.cos)],
  ['tan', math1(Math.tan)],
  ['cot', math1((x) => 1 / Math.tan(x))],
  ['asin', math1(Math.asin)],
  ['acos', math1(Math.acos)],
  ['atan', math1(Math.atan)],
  ['sinh', math1(Math.sinh)],
  ['cosh', math1(Math.cosh)],
  ['tanh', math1(Math.tanh)],
  ['degrees', math1((x) => (x * 180) / Math.PI)],
  ['radians', math1((x) => (x * Math.PI) / 180)],
  ['atan2', (a) => Math.atan2(num(a[0]), num(a[1]))],
  ['pow', (a) => num(a[0]) ** num(a[1])],
  ['fmod', (a) => num(a[0]) % num(a[1])],
  ['ldexp', (a) => num(a[0]) * 2 ** Math.trunc(num(a[1]))],
  ['pi', () => Math.PI],
  ['sign', math1((x) => (x > 0 ? 1 : x < 0 ? -1 : 0))],
  ['square', (a) => (typeof a[0] === 'bigint' ? compact(a[0] * a[0]) : num(a[0]) * num(a[0]))],
  ['ceil', math1(Math.ceil)],
  ['floor', math1(Math.floor)],
  ['round', round],
  [
    'trunc',
    (a) => {
      if (a.length < 2) return Math.trunc(num(a[0]));
      const f = 10 ** num(a[1]);
      return Math.trunc(num(a[0]) * f) / f;
    },
  ],
  ['float_to_int', (a) => Math.trunc(num(a[0]))],
  ['is_nan', (a) => Number.isNaN(num(a[0]))],
  ['isnan', (a) => Number.isNaN(num(a[0]))],
  ['isinf', (a) => !Number.isFinite(num(a[0])) && !Number.isNaN(num(a[0]))],
  ['rand', rand],
]);

const CONVERSION_FUNCTIONS: ReadonlyMap<string, Implementation> = new Map<string, Implementation>([
  ['to_float', (a) => num(a[0])],
  ['str_to_int', (a) => toInt(String(a[0]))],
  ['to_int', (a) => toInt(a[0])],
  ['str_to_float', (a) => Number(String(a[0]))],
  ['parse_json_array', (a) => parseJsonText(a[0], true)],
  ['parse_json_object', (a) => parseJsonText(a[0], false)],
]);

const AGGREGATION_FUNCTIONS: ReadonlyMap<string, Implementation> = new Map<string, Implementation>([
  ['count', (a) => elementsOf(a[0]).length],
  ['isempty', (a) => elementsOf(a[0]).length === 0],
  ['sum', sum],
  ['avg', (a) => mean(a, true)],
  ['max', extremum(1)],
  ['min', extremum(-1)],
  [
    'percentilecont',
    (a) => {
      const xs = elementsOf(a[0])
        .map(num)
        .sort((x, y) => x - y);
      return xs.length === 0 ? 0 : percentileCont(xs, num(a[1]));
    },
  ],
]);

/** The vertex of `type` with primary id `id`; an unknown type or id is a run-time error. */
function vertexById(r: Run, id: unknown, type: unknown): number {
  const table = r.graph.vertices.get(String(type));
  if (!table)
    throw new QueryRuntimeError('QUERY-UNKNOWN-TYPE', `unknown vertex type ${String(type)}`);
  const slot = table.find(String(id));
  if (slot < 0)
    throw new QueryRuntimeError(
      'QUERY-BAD-VALUE',
      `vertex ${String(type)} ${String(id)} does not exist`,
    );
  return vid(table.typeIndex, slot);
}

/**
 * to_vertex_set(ids, type): the vertices of `type` with those primary ids. An id no vertex has is
 * skipped (the real service warns "N ids are invalid ... vertex ids"); an unknown type is a
 * run-time error (the vertex-methods page).
 */
function vertexSet(r: Run, ids: unknown, type: unknown): VSet {
  const table = r.graph.vertices.get(String(type));
  if (!table)
    throw new QueryRuntimeError('QUERY-UNKNOWN-TYPE', `unknown vertex type ${String(type)}`);
  const seen = new Set<number>();
  const out: number[] = [];
  let invalid = 0;
  for (const id of elementsOf(ids)) {
    const slot = table.find(String(id));
    if (slot < 0) {
      invalid++;
      continue;
    }
    const v = vid(table.typeIndex, slot);
    if (!seen.has(v)) out.push(v);
    seen.add(v);
  }
  if (invalid > 0)
    r.warnings.push(`Runtime Warning: ${invalid} ids are invalid ${String(type)} vertex ids.`);
  return new VSet(out);
}

const VERTEX_FUNCTIONS: ReadonlyMap<string, Implementation> = new Map<string, Implementation>([
  // The internal id: unique per vertex, ordered by (type, insertion).
  ['getvid', (a) => (typeof a[0] === 'number' ? vtypeOf(a[0]) * 2 ** 26 + vslotOf(a[0]) : -1)],
  ['to_vertex', (a, r) => vertexById(r, a[0], a[1])],
  ['to_vertex_set', (a, r) => vertexSet(r, a[0], a[1])],
  [
    'type',
    (a, r) =>
      a[0] instanceof EdgeRef
        ? a[0].name
        : (r.graph.vertexByIndex[vtypeOf(num(a[0]))]?.def.name ?? ''),
  ],
]);

/** The running user's roles; without REST++ authentication there is no user to ask about. */
function currentRoles(r: Run): readonly string[] {
  const roles = r.ctx.roles;
  if (roles === undefined)
    throw new QueryRuntimeError(
      'QUERY-AUTH-REQUIRED',
      'context functions need REST++ authentication (gwb serve --restpp-auth) to know the user',
    );
  return roles;
}

const CONTEXT_FUNCTIONS: ReadonlyMap<string, Implementation> = new Map<string, Implementation>([
  ['current_roles', (_a, r) => [...currentRoles(r)]],
  ['is_granted_to_current_roles', (a, r) => currentRoles(r).includes(String(a[0]))],
]);

const MISC_FUNCTIONS: ReadonlyMap<string, Implementation> = new Map<string, Implementation>([
  ['coalesce', (a) => a.find((x) => x !== null && x !== undefined) ?? null],
]);

/**
 * Table functions whose arguments are not all values (column references `$0`, bare vertex type
 * names, an expression text compiled in the caller's scope): the compiler implements them
 * (compile/expressions/calls.ts).
 */
export const COMPILED_FORMS: ReadonlySet<string> = new Set(['selectvertex', 'evaluate']);

/** Built-ins whose value differs between calls with the same arguments. */
export const IMPURE_BUILTINS: ReadonlySet<string> = new Set(['rand', 'now', 'gsql_uuid_v4']);

/** Every implementation, by the core table's (lower-case) names. */
export const IMPLEMENTATIONS: ReadonlyMap<string, Implementation> = new Map([
  ...MATH_FUNCTIONS,
  ...STRING_FUNCTIONS,
  ...CONVERSION_FUNCTIONS,
  ...DATETIME_FUNCTIONS,
  ...AGGREGATION_FUNCTIONS,
  ...VERTEX_FUNCTIONS,
  ...CONTEXT_FUNCTIONS,
  ...MISC_FUNCTIONS,
]);

const fixedTypes: Readonly<Record<string, T>> = {
  INT,
  UINT,
  FLOAT,
  DOUBLE,
  STRING,
  BOOL,
  DATETIME,
  VERTEX,
  'SET<VERTEX>': VSET,
  'SET<STRING>': { k: 'set', el: STRING },
  JSONOBJECT: JSONT,
  JSONARRAY: JSONARRAYT,
};

/** The engine type of a table result type, given the argument types. */
export function resultType(spec: ResultType, args: readonly T[]): T {
  switch (spec) {
    case 'arg':
      return args[0] ?? ANY;
    case 'element':
      return args.length > 1 ? (args[0] ?? ANY) : elementType(args[0]);
    case 'numeric':
      return isIntType(elementType(args[0])) ? INT : DOUBLE;
    case 'rounded':
      return args.length > 1 ? DOUBLE : INT;
    case 'INT':
    case 'UINT':
    case 'FLOAT':
    case 'DOUBLE':
    case 'STRING':
    case 'BOOL':
    case 'DATETIME':
    case 'VERTEX':
    case 'SET<VERTEX>':
    case 'SET<STRING>':
    case 'JSONOBJECT':
    case 'JSONARRAY':
      return fixedTypes[spec] ?? ANY;
  }
}

/** The built-ins with implementations, typed by the core table. */
export const BUILTINS: ReadonlyMap<string, Builtin> = new Map(
  [...BUILTIN_FUNCTIONS.values()].flatMap((f) => {
    const fn = IMPLEMENTATIONS.get(f.name);
    if (!fn) return [];
    const forTypes = TYPED.get(f.name);
    const builtin: Builtin = {
      min: f.min,
      max: f.max,
      type: (args) => resultType(f.returns, args),
      fn,
      ...(forTypes ? { forTypes } : {}),
    };
    return [[f.name, builtin] as const];
  }),
);

export { compact };
