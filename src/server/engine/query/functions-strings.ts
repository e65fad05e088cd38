// The string built-ins (the reference's string-functions page): positions are 0-based, a
// missing substring is -1, padding truncates from the right.
import { QueryRuntimeError } from './errors.js';
import type { Implementation } from './functions-types.js';
import { num } from './runtime-values.js';

export function toStringValue(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number')
    return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(15)));
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v) ?? '';
}

/**
 * to_string(num): C's printf `%g` (six significant digits, trailing zeros dropped, an exponent
 * below 1e-4 and from 1e6 on) written as the reference's examples show it: `1E-10`, `1.23E7`
 * (capital E, no plus sign, no padded exponent). Other values as text.
 */
export function numberText(v: unknown): string {
  if (typeof v !== 'number' && typeof v !== 'bigint') return toStringValue(v);
  const x = Number(v);
  if (!Number.isFinite(x)) return Number.isNaN(x) ? 'nan' : x > 0 ? 'inf' : '-inf';
  if (x === 0) return '0';
  const [mantissa = '0', exp = '0'] = x.toExponential(5).split('e');
  const e = Number(exp);
  const trim = (t: string) => (t.includes('.') ? t.replace(/\.?0+$/, '') : t);
  if (e < -4 || e >= 6) return `${trim(mantissa)}E${e}`;
  return trim(x.toFixed(Math.max(0, 5 - e)));
}

const str = (v: unknown): string => (typeof v === 'string' ? v : toStringValue(v));
const int = (v: unknown): number => Math.trunc(num(v));

/**
 * instr(str, sub [, position [, occurrence]]): the index of the occurrence-th match of sub at or
 * after position; a negative position counts from the end and searches backwards.
 */
function instr(s: string, sub: string, position: number, occurrence: number): number {
  const times = Math.max(1, occurrence);
  if (position < 0) {
    let at = s.length + position + 1;
    for (let n = 0; n < times; n++) {
      at = at - 1 < 0 ? -1 : s.lastIndexOf(sub, at - 1);
      if (at < 0) return -1;
    }
    return at;
  }
  let at = position - 1;
  for (let n = 0; n < times; n++) {
    at = s.indexOf(sub, at + 1);
    if (at < 0) return -1;
  }
  return at;
}

/** `set` characters stripped from the left (`fromLeft`) or the right of `s`. */
function strip(s: string, set: string, fromLeft: boolean): string {
  const chars = new Set(set);
  let from = 0;
  let to = s.length;
  if (fromLeft) while (from < to && chars.has(s.charAt(from))) from++;
  else while (to > from && chars.has(s.charAt(to - 1))) to--;
  return s.slice(from, to);
}

/**
 * trim([LEADING | TRAILING | BOTH] [removal FROM] str): `removal` (whitespace when absent) taken
 * off the named ends (both by default) as often as it repeats, as MySQL's TRIM does.
 */
export function trimSides(
  s: string,
  side: 'LEADING' | 'TRAILING' | 'BOTH',
  removal?: string,
): string {
  const left = side !== 'TRAILING';
  const right = side !== 'LEADING';
  if (removal === undefined) {
    let out = s;
    if (left) out = out.replace(/^[ \t\n\r\f\v]+/, '');
    if (right) out = out.replace(/[ \t\n\r\f\v]+$/, '');
    return out;
  }
  if (removal === '') return s;
  let from = 0;
  let to = s.length;
  if (left)
    while (s.startsWith(removal, from) && from + removal.length <= to) from += removal.length;
  if (right) while (to - removal.length >= from && s.endsWith(removal, to)) to -= removal.length;
  return s.slice(from, to);
}

function pad(s: string, length: number, with_: string, left: boolean): string {
  if (length <= s.length) return s.slice(0, Math.max(0, length));
  if (with_ === '') return s;
  const fill = with_
    .repeat(Math.ceil((length - s.length) / with_.length))
    .slice(0, length - s.length);
  return left ? fill + s : s + fill;
}

const soundexCode: Readonly<Record<string, string>> = {};
for (const [letters, code] of [
  ['bfpv', '1'],
  ['cgjkqsxz', '2'],
  ['dt', '3'],
  ['l', '4'],
  ['mn', '5'],
  ['r', '6'],
] as const)
  for (const c of letters) (soundexCode as Record<string, string>)[c] = code;

/** Knuth's Soundex: first letter, then the codes of the others, adjacent repeats (also across h and w) once, padded with 0. */
export function soundex(s: string): string {
  const letters = s.toLowerCase().replace(/[^a-z]/g, '');
  const first = letters.charAt(0);
  if (first === '') return '';
  let out = first.toUpperCase();
  let last = soundexCode[first] ?? '';
  for (const c of letters.slice(1)) {
    const code = soundexCode[c];
    if (code === undefined) {
      if (c !== 'h' && c !== 'w') last = '';
      continue;
    }
    if (code !== last) out += code;
    last = code;
    if (out.length === 4) break;
  }
  return out.padEnd(4, '0');
}

function difference(a: string, b: string): number {
  const x = soundex(a);
  const y = soundex(b);
  let same = 0;
  for (let i = 0; i < 4; i++) if (x.charAt(i) !== '' && x.charAt(i) === y.charAt(i)) same++;
  return same;
}

/** translate(str, characters, translations): each character of `characters` replaced by the one at its index in `translations` (the two must be as long). */
function translate(s: string, from: string, to: string): string {
  if (from.length !== to.length)
    throw new QueryRuntimeError(
      'QUERY-BAD-VALUE',
      `translate: "${from}" and "${to}" differ in length (${from.length} and ${to.length})`,
    );
  let out = '';
  for (const c of s) {
    const i = from.indexOf(c);
    out += i < 0 ? c : to.charAt(i);
  }
  return out;
}

/** insert(str1, position, [number,] str2): str2 replaces `number` characters at position. */
function insert(a: unknown[]): string {
  const s = str(a[0]);
  const at = Math.max(0, Math.min(s.length, int(a[1])));
  const removed = a.length > 3 ? Math.max(0, int(a[2])) : 0;
  const text = str(a[a.length - 1]);
  return s.slice(0, at) + text + s.slice(at + removed);
}

function uuidV4(): string {
  return globalThis.crypto.randomUUID();
}

export const STRING_FUNCTIONS: ReadonlyMap<string, Implementation> = new Map<
  string,
  Implementation
>([
  ['ascii', (a) => str(a[0]).charCodeAt(0) || 0],
  ['chr', (a) => String.fromCharCode(((int(a[0]) % 256) + 256) % 256)],
  ['difference', (a) => difference(str(a[0]), str(a[1]))],
  ['find_in_set', (a) => str(a[1]).split(',').indexOf(str(a[0]))],
  ['gsql_uuid_v4', () => uuidV4()],
  ['insert', insert],
  [
    'instr',
    (a) => instr(str(a[0]), str(a[1]), a.length > 2 ? int(a[2]) : 0, a.length > 3 ? int(a[3]) : 1),
  ],
  ['left', (a) => str(a[0]).slice(0, Math.max(0, int(a[1])))],
  ['right', (a) => (int(a[1]) <= 0 ? '' : str(a[0]).slice(-int(a[1])))],
  ['length', (a) => str(a[0]).length],
  ['lower', (a) => str(a[0]).toLowerCase()],
  ['upper', (a) => str(a[0]).toUpperCase()],
  ['lpad', (a) => pad(str(a[0]), int(a[1]), a.length > 2 ? str(a[2]) : ' ', true)],
  ['rpad', (a) => pad(str(a[0]), int(a[1]), a.length > 2 ? str(a[2]) : ' ', false)],
  // ltrim / rtrim: the set defaults to a single space (tabs and line breaks stay).
  ['ltrim', (a) => strip(str(a[0]), a.length > 1 ? str(a[1]) : ' ', true)],
  ['rtrim', (a) => strip(str(a[0]), a.length > 1 ? str(a[1]) : ' ', false)],
  ['trim', (a) => trimSides(str(a[0]), 'BOTH')],
  ['repeat', (a) => str(a[0]).repeat(Math.max(0, int(a[1])))],
  [
    'replace',
    (a) =>
      str(a[0])
        .split(str(a[1]))
        .join(a.length > 2 ? str(a[2]) : ''),
  ],
  ['reverse', (a) => [...str(a[0])].reverse().join('')],
  ['soundex', (a) => soundex(str(a[0]))],
  ['space', (a) => ' '.repeat(Math.max(0, int(a[0])))],
  [
    'substr',
    (a) => {
      const s = str(a[0]);
      const start = int(a[1]);
      return a.length > 2 ? s.substr(start, int(a[2])) : s.substring(start);
    },
  ],
  ['translate', (a) => translate(str(a[0]), str(a[1]), str(a[2]))],
  ['find', (a) => str(a[0]).indexOf(str(a[1]))],
  ['concat', (a) => str(a[0]) + str(a[1])],
  ['to_string', (a) => numberText(a[0])],
]);
