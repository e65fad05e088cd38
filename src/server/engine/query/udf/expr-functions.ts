// User-defined functions that public workloads ship in their C++ ExprFunctions.hpp, as
// TypeScript: the LDBC SNB BI implementation's bigint_to_string and ms_to_string (its
// str_to_int and float_to_int are GSQL built-ins already). Exact, case-sensitive names.
import type { Builtin } from '../functions-types.js';
import { STRING } from '../types.js';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** printf("%03d", ms) of C: zero-padded to three characters, the sign counting as one. */
const millis = (ms: number): string => (ms < 0 ? `-${pad(-ms, 2)}` : pad(ms, 3));

/**
 * ms_to_string: epoch milliseconds as `YYYY-MM-DDTHH:MM:SS.mmm+00:00`. The C++ splits with
 * truncating division and formats with localtime_r; the service runs in UTC, so UTC here.
 */
export function msToString(value: unknown): string {
  const ms = typeof value === 'bigint' ? Number(value) : Number(value);
  const seconds = Math.trunc(ms / 1000);
  const rest = ms % 1000;
  const d = new Date(seconds * 1000);
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${millis(rest)}+00:00`
  );
}

const toText = (): Builtin['type'] => () => STRING;

export const EXPR_FUNCTION_UDFS: ReadonlyMap<string, Builtin> = new Map<string, Builtin>([
  ['bigint_to_string', { min: 1, max: 1, type: toText(), fn: (a) => String(a[0]) }],
  ['ms_to_string', { min: 1, max: 1, type: toText(), fn: (a) => msToString(a[0]) }],
]);
