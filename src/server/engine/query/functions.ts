// Built-in functions of GSQL expressions: math, string, type conversion, datetime and a few
// miscellaneous ones. Each has an arity range, a result type from its argument types, and an
// implementation over evaluated arguments.
import { formatDatetime, parseDatetime, ValueError } from '../values.js';
import { elementsOf } from './accum.js';
import { QueryRuntimeError } from './errors.js';
import type { Run } from './run.js';
import { cmp, compact, iadd, num, toInt, vslotOf, vtypeOf } from './runtime-values.js';
import { ANY, BOOL, DATETIME, DOUBLE, INT, isIntType, STRING, type T } from './types.js';

export interface Builtin {
  readonly min: number;
  readonly max: number;
  readonly type: (args: readonly T[]) => T;
  readonly fn: (args: unknown[], r: Run) => unknown;
}

const fixed = (t: T) => () => t;
const sameAsFirst = (args: readonly T[]): T => args[0] ?? ANY;
const math1 = (f: (x: number) => number): Builtin => ({
  min: 1,
  max: 1,
  type: fixed(DOUBLE),
  fn: (a) => f(num(a[0])),
});

function datetimeOf(v: unknown): number {
  if (typeof v === 'number') return v;
  try {
    return parseDatetime(v);
  } catch (e) {
    if (e instanceof ValueError) throw new QueryRuntimeError('QUERY-BAD-VALUE', e.message);
    throw e;
  }
}

const unitSeconds: Record<string, number> = {
  SECOND: 1,
  MINUTE: 60,
  HOUR: 3600,
  DAY: 86400,
  WEEK: 604800,
};

function addInterval(dt: number, n: number, unit: string, sign: number): number {
  const u = unit.toUpperCase();
  const secs = unitSeconds[u];
  if (secs !== undefined) return dt + sign * n * secs;
  const d = new Date(dt * 1000);
  if (u === 'MONTH') d.setUTCMonth(d.getUTCMonth() + sign * n);
  else if (u === 'YEAR') d.setUTCFullYear(d.getUTCFullYear() + sign * n);
  return Math.floor(d.getTime() / 1000);
}

const part = (get: (d: Date) => number): Builtin => ({
  min: 1,
  max: 1,
  type: fixed(INT),
  fn: (a) => get(new Date(datetimeOf(a[0]) * 1000)),
});

function strftime(dt: number, fmt: string): string {
  const d = new Date(dt * 1000);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return fmt.replace(/%([YmdHMSjy%])/g, (_m, c: string) => {
    switch (c) {
      case 'Y':
        return p(d.getUTCFullYear(), 4);
      case 'y':
        return p(d.getUTCFullYear() % 100);
      case 'm':
        return p(d.getUTCMonth() + 1);
      case 'd':
        return p(d.getUTCDate());
      case 'H':
        return p(d.getUTCHours());
      case 'M':
        return p(d.getUTCMinutes());
      case 'S':
        return p(d.getUTCSeconds());
      case 'j': {
        const start = Date.UTC(d.getUTCFullYear(), 0, 1);
        return p(Math.floor((d.getTime() - start) / 86400000) + 1, 3);
      }
      default:
        return '%';
    }
  });
}

export function toStringValue(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number')
    return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(15)));
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v) ?? '';
}

/**
 * instr(str, sub [, start [, occurrence]]): the 0-based index of the occurrence-th match of
 * sub in str at or after index start, or -1.
 */
function instr(s: string, sub: string, start: number, occurrence: number): number {
  let at = Math.max(0, Math.trunc(start)) - 1;
  for (let n = 0; n < Math.max(1, Math.trunc(occurrence)); n++) {
    at = s.indexOf(sub, at + 1);
    if (at < 0) return -1;
  }
  return at;
}

/** max(...) / min(...) over two values or over one collection; `sign` 1 for max, -1 for min. */
function extremum(sign: 1 | -1): Builtin {
  return {
    min: 1,
    max: 2,
    type: (args: readonly (T | undefined)[]) => {
      const t = args[0];
      if (args.length > 1) return t ?? ANY;
      return t && 'el' in t ? t.el : t?.k === 'accum' ? t.a.el : ANY;
    },
    fn: (a: readonly unknown[]) => {
      const xs = a.length > 1 ? a : elementsOf(a[0]);
      return xs.reduce((m, x) => (m === undefined || cmp(x, m) * sign > 0 ? x : m), undefined) ?? 0;
    },
  };
}

export const BUILTINS: ReadonlyMap<string, Builtin> = new Map<string, Builtin>([
  [
    'abs',
    {
      min: 1,
      max: 1,
      type: sameAsFirst,
      fn: (a) => (typeof a[0] === 'bigint' ? (a[0] < 0n ? -a[0] : a[0]) : Math.abs(num(a[0]))),
    },
  ],
  ['sqrt', math1(Math.sqrt)],
  ['exp', math1(Math.exp)],
  ['log', math1(Math.log)],
  ['log10', math1(Math.log10)],
  ['log2', math1(Math.log2)],
  ['sin', math1(Math.sin)],
  ['cos', math1(Math.cos)],
  ['tan', math1(Math.tan)],
  ['asin', math1(Math.asin)],
  ['acos', math1(Math.acos)],
  ['atan', math1(Math.atan)],
  ['sinh', math1(Math.sinh)],
  ['cosh', math1(Math.cosh)],
  ['tanh', math1(Math.tanh)],
  ['atan2', { min: 2, max: 2, type: fixed(DOUBLE), fn: (a) => Math.atan2(num(a[0]), num(a[1])) }],
  ['pow', { min: 2, max: 2, type: fixed(DOUBLE), fn: (a) => num(a[0]) ** num(a[1]) }],
  ['ceil', { min: 1, max: 1, type: fixed(INT), fn: (a) => Math.ceil(num(a[0])) }],
  ['floor', { min: 1, max: 1, type: fixed(INT), fn: (a) => Math.floor(num(a[0])) }],
  [
    'round',
    {
      min: 1,
      max: 2,
      type: (args) => (args.length > 1 ? DOUBLE : INT),
      fn: (a) => {
        const x = num(a[0]);
        if (a.length < 2) return Math.sign(x) * Math.round(Math.abs(x));
        const f = 10 ** num(a[1]);
        return (Math.sign(x) * Math.round(Math.abs(x) * f)) / f;
      },
    },
  ],
  [
    'trunc',
    {
      min: 1,
      max: 2,
      type: (args) => (args.length > 1 ? DOUBLE : INT),
      fn: (a) => {
        if (a.length < 2) return Math.trunc(num(a[0]));
        const f = 10 ** num(a[1]);
        return Math.trunc(num(a[0]) * f) / f;
      },
    },
  ],
  ['float_to_int', { min: 1, max: 1, type: fixed(INT), fn: (a) => Math.trunc(num(a[0])) }],
  ['to_float', { min: 1, max: 1, type: fixed(DOUBLE), fn: (a) => num(a[0]) }],
  ['str_to_int', { min: 1, max: 1, type: fixed(INT), fn: (a) => toInt(String(a[0])) }],
  ['to_int', { min: 1, max: 1, type: fixed(INT), fn: (a) => toInt(a[0]) }],
  ['str_to_float', { min: 1, max: 1, type: fixed(DOUBLE), fn: (a) => Number(String(a[0])) }],
  ['to_string', { min: 1, max: 1, type: fixed(STRING), fn: (a) => toStringValue(a[0]) }],
  ['lower', { min: 1, max: 1, type: fixed(STRING), fn: (a) => String(a[0]).toLowerCase() }],
  ['upper', { min: 1, max: 1, type: fixed(STRING), fn: (a) => String(a[0]).toUpperCase() }],
  [
    'trim',
    {
      min: 1,
      max: 1,
      type: fixed(STRING),
      fn: (a) => String(a[0]).trim(),
    },
  ],
  ['ltrim', { min: 1, max: 1, type: fixed(STRING), fn: (a) => String(a[0]).trimStart() }],
  ['rtrim', { min: 1, max: 1, type: fixed(STRING), fn: (a) => String(a[0]).trimEnd() }],
  ['length', { min: 1, max: 1, type: fixed(INT), fn: (a) => String(a[0]).length }],
  [
    'substr',
    {
      min: 2,
      max: 3,
      type: fixed(STRING),
      fn: (a) => {
        const s = String(a[0]);
        const start = num(a[1]);
        return a.length > 2 ? s.substr(start, num(a[2])) : s.substring(start);
      },
    },
  ],
  [
    'instr',
    {
      min: 2,
      max: 4,
      type: fixed(INT),
      fn: (a) =>
        instr(
          String(a[0]),
          String(a[1]),
          a.length > 2 ? num(a[2]) : 0,
          a.length > 3 ? num(a[3]) : 1,
        ),
    },
  ],
  ['find', { min: 2, max: 2, type: fixed(INT), fn: (a) => String(a[0]).indexOf(String(a[1])) }],
  [
    'replace',
    {
      min: 3,
      max: 3,
      type: fixed(STRING),
      fn: (a) => String(a[0]).split(String(a[1])).join(String(a[2])),
    },
  ],
  ['concat', { min: 2, max: 2, type: fixed(STRING), fn: (a) => String(a[0]) + String(a[1]) }],
  [
    'coalesce',
    {
      min: 1,
      max: 99,
      type: sameAsFirst,
      fn: (a) => a.find((x) => x !== null && x !== undefined) ?? null,
    },
  ],
  ['is_nan', { min: 1, max: 1, type: fixed(BOOL), fn: (a) => Number.isNaN(num(a[0])) }],
  ['isnan', { min: 1, max: 1, type: fixed(BOOL), fn: (a) => Number.isNaN(num(a[0])) }],
  [
    'isinf',
    {
      min: 1,
      max: 1,
      type: fixed(BOOL),
      fn: (a) => !Number.isFinite(num(a[0])) && !Number.isNaN(num(a[0])),
    },
  ],
  ['rand', { min: 0, max: 0, type: fixed(DOUBLE), fn: () => Math.random() }],
  [
    'getvid',
    {
      min: 1,
      max: 1,
      type: fixed(INT),
      // The internal id: unique per vertex, ordered by (type, insertion).
      fn: (a) => (typeof a[0] === 'number' ? vtypeOf(a[0]) * 2 ** 26 + vslotOf(a[0]) : -1),
    },
  ],
  ['now', { min: 0, max: 0, type: fixed(DATETIME), fn: (_a, r) => Math.floor(r.now() / 1000) }],
  ['to_datetime', { min: 1, max: 1, type: fixed(DATETIME), fn: (a) => datetimeOf(a[0]) }],
  ['epoch_to_datetime', { min: 1, max: 1, type: fixed(DATETIME), fn: (a) => num(a[0]) }],
  ['datetime_to_epoch', { min: 1, max: 1, type: fixed(INT), fn: (a) => datetimeOf(a[0]) }],
  [
    'datetime_diff',
    { min: 2, max: 2, type: fixed(INT), fn: (a) => datetimeOf(a[0]) - datetimeOf(a[1]) },
  ],
  [
    'datetime_add',
    {
      min: 3,
      max: 3,
      type: fixed(DATETIME),
      fn: (a) => addInterval(datetimeOf(a[0]), num(a[1]), String(a[2]), 1),
    },
  ],
  [
    'datetime_sub',
    {
      min: 3,
      max: 3,
      type: fixed(DATETIME),
      fn: (a) => addInterval(datetimeOf(a[0]), num(a[1]), String(a[2]), -1),
    },
  ],
  [
    'datetime_format',
    {
      min: 1,
      max: 2,
      type: fixed(STRING),
      fn: (a) =>
        a.length > 1 ? strftime(datetimeOf(a[0]), String(a[1])) : formatDatetime(datetimeOf(a[0])),
    },
  ],
  ['year', part((d) => d.getUTCFullYear())],
  ['month', part((d) => d.getUTCMonth() + 1)],
  ['day', part((d) => d.getUTCDate())],
  ['hour', part((d) => d.getUTCHours())],
  ['minute', part((d) => d.getUTCMinutes())],
  ['second', part((d) => d.getUTCSeconds())],
  ['count', { min: 1, max: 1, type: fixed(INT), fn: (a) => elementsOf(a[0]).length }],
  [
    'sum',
    {
      min: 1,
      max: 1,
      type: (args) => {
        const t = args[0];
        const el = t && 'el' in t ? t.el : t && t.k === 'accum' ? t.a.el : DOUBLE;
        return isIntType(el) ? INT : DOUBLE;
      },
      fn: (a) => {
        let s: unknown = 0;
        for (const x of elementsOf(a[0]))
          s =
            typeof s === 'number' && typeof x === 'number' && !Number.isInteger(x)
              ? s + x
              : iadd(s, x);
        return s;
      },
    },
  ],
  [
    'avg',
    {
      min: 1,
      max: 1,
      type: fixed(DOUBLE),
      fn: (a) => {
        const xs = elementsOf(a[0]);
        return xs.length === 0 ? 0 : xs.reduce((s: number, x) => s + num(x), 0) / xs.length;
      },
    },
  ],
  ['max', extremum(1)],
  ['min', extremum(-1)],
]);

export { compact };
