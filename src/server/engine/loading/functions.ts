// The loader's built-in token functions as plain TypeScript: those allowed in VALUES lists (the
// gsql_* family of the reference's "Token functions for attribute expressions") and those allowed
// in WHERE clauses (to_int, to_float, concat, token_len, gsql_is_true, ...). Tokens are text; a
// function that cannot read its input throws ValueError, which rejects the object being built.
import { randomUUID } from 'node:crypto';
import { parseDatetime, ValueError } from '../values.js';

export interface TokenFunction {
  readonly minArgs: number;
  readonly maxArgs: number;
  readonly fn: (args: readonly unknown[]) => unknown;
}

/** A token as text: strings as they are, numbers and booleans in their usual form. */
export function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    return String(value);
  }
  return JSON.stringify(value);
}

const intPattern = /^\s*[-+]?\d+\s*$/;
const floatPattern = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/** The reference's IS NUMERIC: integers, decimals and exponents, surrounding spaces allowed. */
export function isNumericToken(value: unknown): boolean {
  return typeof value === 'number' || typeof value === 'bigint' || floatPattern.test(text(value));
}

function toInteger(value: unknown, unsigned: boolean): number | bigint {
  const t = text(value);
  let n: bigint;
  if (intPattern.test(t)) n = BigInt(t.trim());
  else if (floatPattern.test(t)) n = BigInt(Math.trunc(Number(t)));
  else throw new ValueError(`${JSON.stringify(t)} is not a number`);
  if (unsigned && n < 0n) throw new ValueError(`${JSON.stringify(t)} is negative`);
  return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(n)
    : n;
}

function index(value: unknown): number {
  const n = Number(text(value));
  if (!Number.isInteger(n)) throw new ValueError(`${JSON.stringify(text(value))} is not an index`);
  return n;
}

function timestamp(value: unknown): Date {
  return new Date(parseDatetime(text(value)) * 1000);
}

function epoch(value: unknown): Date {
  const n = Number(text(value));
  if (!Number.isFinite(n)) throw new ValueError(`${JSON.stringify(text(value))} is not epoch time`);
  return new Date(Math.trunc(n) * 1000);
}

const regexCache = new Map<string, RegExp>();

function regex(pattern: string, anchored: boolean): RegExp {
  const key = `${anchored ? '^' : ''}${pattern}`;
  let re = regexCache.get(key);
  if (!re) {
    try {
      re = new RegExp(anchored ? `^(?:${pattern})$` : pattern, anchored ? 'u' : 'gu');
    } catch {
      throw new ValueError(`${JSON.stringify(pattern)} is not a valid regular expression`);
    }
    if (regexCache.size > 1000) regexCache.clear();
    regexCache.set(key, re);
  }
  re.lastIndex = 0;
  return re;
}

function replace(s: string, from: string, to: string, max: number): string {
  if (from === '') return s;
  let out = '';
  let pos = 0;
  let count = 0;
  for (;;) {
    const at = s.indexOf(from, pos);
    if (at < 0 || count >= max) break;
    out += s.slice(pos, at) + to;
    pos = at + from.length;
    count += 1;
  }
  return out + s.slice(pos);
}

const one = (fn: (s: string) => unknown): TokenFunction => ({
  minArgs: 1,
  maxArgs: 1,
  fn: (args) => fn(text(args[0])),
});

/** Functions of VALUES lists (id and attribute expressions), by lower-case name. */
export const attributeFunctions: ReadonlyMap<string, TokenFunction> = new Map([
  ['gsql_reverse', one((s) => Array.from(s).reverse().join(''))],
  ['gsql_concat', { minArgs: 1, maxArgs: Infinity, fn: (args) => args.map(text).join('') }],
  ['gsql_uuid_v4', { minArgs: 0, maxArgs: 0, fn: () => randomUUID() }],
  ['gsql_split_by_space', one((s) => s.replaceAll(' ', '\x1e'))],
  [
    'gsql_substring',
    {
      minArgs: 2,
      maxArgs: 3,
      fn: (args) => {
        const chars = Array.from(text(args[0]));
        const begin = index(args[1]);
        const end = args[2] === undefined ? chars.length : begin + index(args[2]);
        return chars.slice(begin, end).join('');
      },
    },
  ],
  ['gsql_find', { minArgs: 2, maxArgs: 2, fn: (args) => text(args[0]).indexOf(text(args[1])) }],
  ['gsql_length', one((s) => Array.from(s).length)],
  [
    'gsql_replace',
    {
      minArgs: 3,
      maxArgs: 4,
      fn: (args) =>
        replace(
          text(args[0]),
          text(args[1]),
          text(args[2]),
          args[3] === undefined ? Infinity : index(args[3]),
        ),
    },
  ],
  [
    'gsql_regex_replace',
    {
      minArgs: 3,
      maxArgs: 3,
      fn: (args) => text(args[0]).replace(regex(text(args[1]), false), text(args[2])),
    },
  ],
  [
    'gsql_regex_match',
    { minArgs: 2, maxArgs: 2, fn: (args) => regex(text(args[1]), true).test(text(args[0])) },
  ],
  ['gsql_to_bool', one((s) => ['t', 'true'].includes(s.trim().toLowerCase()))],
  ['gsql_to_uint', one((s) => toInteger(s, true))],
  ['gsql_to_int', one((s) => toInteger(s, false))],
  ['gsql_ts_to_epoch_seconds', one((s) => parseDatetime(s))],
  ['gsql_current_time_epoch', { minArgs: 0, maxArgs: 1, fn: () => Math.floor(Date.now() / 1000) }],
  ['gsql_upper', one((s) => s.toUpperCase())],
  ['gsql_lower', one((s) => s.toLowerCase())],
  ['gsql_trim', one((s) => s.trim())],
  ['gsql_ltrim', one((s) => s.trimStart())],
  ['gsql_rtrim', one((s) => s.trimEnd())],
  ['gsql_year', one((s) => timestamp(s).getUTCFullYear())],
  ['gsql_month', one((s) => timestamp(s).getUTCMonth() + 1)],
  ['gsql_day', one((s) => timestamp(s).getUTCDate())],
  ['gsql_year_epoch', one((s) => epoch(s).getUTCFullYear())],
  ['gsql_month_epoch', one((s) => epoch(s).getUTCMonth() + 1)],
  ['gsql_day_epoch', one((s) => epoch(s).getUTCDate())],
]);

const truthy = (s: string, words: readonly string[]) => words.includes(s.trim().toLowerCase());

/** Functions of WHERE clauses, by lower-case name. Unreadable numbers give NaN (never true). */
export const conditionFunctions: ReadonlyMap<string, TokenFunction> = new Map([
  ['to_int', one((s) => (floatPattern.test(s) ? Math.trunc(Number(s)) : NaN))],
  ['to_float', one((s) => (floatPattern.test(s) ? Number(s) : NaN))],
  ['concat', { minArgs: 2, maxArgs: 2, fn: (args) => text(args[0]) + text(args[1]) }],
  ['token_len', one((s) => Array.from(s).length)],
  ['gsql_is_not_empty_string', one((s) => s.trim() !== '')],
  ['gsql_token_equal', { minArgs: 2, maxArgs: 2, fn: (args) => text(args[0]) === text(args[1]) }],
  [
    'gsql_token_ignore_case_equal',
    {
      minArgs: 2,
      maxArgs: 2,
      fn: (args) => text(args[0]).toLowerCase() === text(args[1]).toLowerCase(),
    },
  ],
  ['gsql_is_true', one((s) => truthy(s, ['t', 'true']))],
  ['gsql_is_false', one((s) => truthy(s, ['f', 'false']))],
]);
