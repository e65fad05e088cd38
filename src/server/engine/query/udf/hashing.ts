// Library UDFs for hashing: the rolling pattern hashes of frequent pattern mining (modular
// arithmetic with BASE = 2^63 and MOD = 2^63 - 25, exact in bigint), its list and tuple
// helpers, and Weisfeiler-Lehman's label hash (std::hash of the sorted labels, as libstdc++).
import { elementsOf } from '../accum.js';
import type { Builtin } from '../functions.js';
import { QueryRuntimeError } from '../errors.js';
import { compact, eq } from '../runtime-values.js';
import { ANY, BOOL, INT, STRING, type T } from '../types.js';
import { hashString } from './prng.js';

const BASE = 1n << 63n;
const MOD = 9223372036854775783n;
const fixed = (t: T) => () => t;

const big = (v: unknown): bigint =>
  typeof v === 'bigint' ? v : BigInt(Math.trunc(typeof v === 'number' ? v : Number(v)));
/** C++ `%` on signed values keeps the dividend's sign; then shifted into [0, MOD). */
const modPos = (x: bigint): bigint => ((x % MOD) + MOD) % MOD;
const int = (x: bigint): number | bigint => compact(x);

export function hashConcat(hash: unknown, appender: unknown): number | bigint {
  return int((((big(hash) * BASE) % MOD) + big(appender)) % MOD);
}

export function initiateHashConst(length: number): (number | bigint)[] {
  const out: (number | bigint)[] = [1];
  let p = 1n;
  for (let i = 1; i < length + 1; i++) {
    p = (p * BASE) % MOD;
    out.push(int(p));
  }
  return out;
}

function hashWithoutFirst(hash: unknown, first: unknown, size: unknown, consts: unknown): unknown {
  const table = elementsOf(consts);
  const k = Number(size) - 1;
  if (k < 0 || k >= table.length)
    throw new QueryRuntimeError('QUERY-BAD-VALUE', `hash constant index ${k} out of range`);
  const firstHash = (big(first) * big(table[k])) % MOD;
  const p = modPos(big(hash) - firstHash);
  return int((p * BASE) % MOD);
}

/** True when `subset` occurs in order inside `superset` and `ending` comes after its last item. */
export function isSubset(
  subset: readonly unknown[],
  ending: unknown,
  superset: readonly unknown[],
) {
  if (subset.length === 0) return false;
  let pos = 0;
  let i = 0;
  for (; i < superset.length; i++) {
    if (eq(superset[i], subset[pos]) && ++pos === subset.length) break;
  }
  if (pos !== subset.length) return false;
  for (let j = i + 1; j < superset.length; j++) if (eq(superset[j], ending)) return true;
  return false;
}

/** Weisfeiler-Lehman: the labels sorted (byte order), joined, hashed, in decimal. */
export function hashLabel(labels: readonly unknown[]): string {
  const sorted = labels.map(String).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return hashString(sorted.join('')).toString();
}

const field = (name: string): Builtin => ({
  min: 1,
  max: 1,
  type: fixed(INT),
  fn: (a) => {
    const t = a[0];
    if (typeof t !== 'object' || t === null || !(name in t))
      throw new QueryRuntimeError('QUERY-BAD-VALUE', `the tuple has no field ${name}`);
    return (t as Record<string, unknown>)[name];
  },
});

const LIST_INT: T = { k: 'list', el: INT };
const LIST_VERTEX: T = { k: 'list', el: { k: 'vertex', vt: null } };

const defs: [string, Builtin][] = [
  ['get_hash', { min: 1, max: 1, type: fixed(INT), fn: (a) => int(big(a[0]) % MOD) }],
  ['get_pattern_key', field('pattern_key')],
  ['get_suffix_key', field('suffix_key')],
  [
    'initiate_hash_const',
    { min: 1, max: 1, type: fixed(LIST_INT), fn: (a) => initiateHashConst(Number(a[0])) },
  ],
  [
    'get_hash_without_first_element',
    { min: 4, max: 4, type: fixed(INT), fn: (a) => hashWithoutFirst(a[0], a[1], a[2], a[3]) },
  ],
  [
    'get_hash_without_last_element',
    { min: 2, max: 2, type: fixed(INT), fn: (a) => int(modPos(big(a[0]) - big(a[1]))) },
  ],
  ['get_hash_concat', { min: 2, max: 2, type: fixed(INT), fn: (a) => hashConcat(a[0], a[1]) }],
  [
    'is_subset',
    {
      min: 3,
      max: 3,
      type: fixed(BOOL),
      fn: (a) => isSubset(elementsOf(a[0]), a[1], elementsOf(a[2])),
    },
  ],
  [
    'concat',
    {
      min: 2,
      max: 2,
      type: fixed(LIST_INT),
      fn: (a) => [...elementsOf(a[0]), a[1]],
    },
  ],
  // Internal ids (getvid) are the vertex values themselves.
  [
    'to_vertex_list',
    { min: 1, max: 1, type: fixed(LIST_VERTEX), fn: (a) => elementsOf(a[0]).map(Number) },
  ],
  ['get_tup', { min: 1, max: 1, type: (args) => args[0] ?? ANY, fn: (a) => a[0] }],
];

/** The frequent-pattern helpers under their tg_ names, and the un-prefixed names of the
 * per-algorithm file (except `concat`, a GSQL string built-in). */
export const HASHING_UDFS: ReadonlyMap<string, Builtin> = new Map<string, Builtin>([
  ...defs.map(([n, b]): [string, Builtin] => [`tg_${n}`, b]),
  ...defs.filter(([n]) => n !== 'concat'),
  [
    'tg_hash_label',
    { min: 1, max: 1, type: fixed(STRING), fn: (a) => hashLabel(elementsOf(a[0])) },
  ],
]);
