// Library UDFs for math and randomness: tg_log_2, the random integer/real helpers of SLPA,
// maximal independent set and node2vec, and FastRP's seeded sparse random projection value.
// Random draws are not reproducible per run (the C++ seeds from std::random_device) but stay
// in the C++ ranges; tg_fastrp_rand_func is deterministic and matches libstdc++ bit for bit.
import { elementsOf } from '../accum.js';
import type { Builtin } from '../functions.js';
import { num } from '../runtime-values.js';
import { DOUBLE, FLOAT, INT } from '../types.js';
import { hashBytes, Mt19937 } from './prng.js';

const fixed =
  <T>(t: T) =>
  () =>
    t;
const f32 = Math.fround;

/** A uniform integer in [lo, hi] (std::uniform_int_distribution); lo > hi gives lo. */
function randInt(lo: number, hi: number): number {
  const a = Math.trunc(lo);
  const b = Math.trunc(hi);
  if (b <= a) return a;
  return a + Math.floor(Math.random() * (b - a + 1));
}

const randIntUdf: Builtin = {
  min: 2,
  max: 2,
  type: fixed(INT),
  fn: (a) => randInt(num(a[0]), num(a[1])),
};

/** A draw from the discrete distribution with the given (unnormalised) weights. */
function randomDistribution(weights: readonly number[]): number {
  const total = weights.reduce((s, w) => s + (w > 0 ? w : 0), 0);
  if (total <= 0) return 0;
  let x = Math.random() * total;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i] ?? 0;
    if (w <= 0) continue;
    if (x < w) return i;
    x -= w;
  }
  return weights.length - 1;
}

/**
 * FastRP's random projection entry for (vertex, dimension, seed) with sampling constant s:
 * sqrt(s) with probability 1/(2s), -sqrt(s) with 1/(2s), else 0. As the C++: the text
 * "v_id,emb_idx,seed" hashed by std::hash seeds an mt19937 whose first float draw decides.
 */
export function fastrpRand(vId: unknown, embIdx: unknown, seed: unknown, s: unknown): number {
  const key = `${String(vId)},${String(embIdx)},${String(seed)}`;
  const gen = new Mt19937(Number(hashBytes(new TextEncoder().encode(key)) & 0xffffffffn));
  const draw = f32(f32(gen.next()) / 4294967296);
  const sc = num(s);
  const p1 = f32(0.5 / sc);
  const v1 = f32(Math.sqrt(sc));
  if (draw <= p1) return v1;
  if (draw <= f32(p1 + p1)) return -v1;
  return 0;
}

export const MATH_UDFS: ReadonlyMap<string, Builtin> = new Map<string, Builtin>([
  ['tg_log_2', { min: 1, max: 1, type: fixed(DOUBLE), fn: (a) => Math.log2(num(a[0])) }],
  ['tg_rand_int', randIntUdf],
  ['rand_int', randIntUdf],
  ['tg_random', { min: 0, max: 0, type: fixed(FLOAT), fn: () => f32(Math.random()) }],
  [
    'tg_random_range',
    {
      min: 2,
      max: 2,
      type: fixed(INT),
      // A real draw in [start, end) truncated to an integer, as the C++ does.
      fn: (a) => {
        const lo = num(a[0]);
        const hi = num(a[1]);
        return Math.trunc(lo + Math.random() * (hi - lo));
      },
    },
  ],
  [
    'tg_random_distribution',
    {
      min: 1,
      max: 1,
      type: fixed(INT),
      fn: (a) => randomDistribution(elementsOf(a[0]).map(num)),
    },
  ],
  [
    'tg_fastrp_rand_func',
    { min: 4, max: 4, type: fixed(FLOAT), fn: (a) => fastrpRand(a[0], a[1], a[2], a[3]) },
  ],
]);
