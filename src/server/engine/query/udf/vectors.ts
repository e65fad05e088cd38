// Library UDFs over embeddings and lists of numbers: cosine similarity of one embedding
// against a map of others, pairwise cosine similarity, and tg_similarity_accum (COSINE,
// JACCARD, EUCLIDEAN, OVERLAP, PEARSON over two lists; an unknown kind gives 0).
import { elementsOf, MapAcc } from '../accum.js';
import type { Builtin } from '../functions.js';
import { cmp, eq, num } from '../runtime-values.js';
import { DOUBLE, INT, type T } from '../types.js';

const fixed = (t: T) => () => t;

/** The first `dim` entries of a list as numbers (missing entries read 0). */
function vec(v: unknown, dim: number): number[] {
  const xs = elementsOf(v);
  const out: number[] = [];
  for (let i = 0; i < dim; i++) out.push(num(xs[i] ?? 0));
  return out;
}

function dot(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] ?? 0) * (b[i] ?? 0);
  return s;
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  return dot(a, b) / (Math.sqrt(dot(a, a)) * Math.sqrt(dot(b, b)));
}

/** (key, list) pairs of a MapAccum<INT, ListAccum<DOUBLE>> or a plain map. */
function mapEntries(v: unknown): [unknown, unknown][] {
  if (v instanceof MapAcc) return [...v.map.values()].map((e) => [e.k, e.acc.value()]);
  if (v instanceof Map) return [...(v as Map<unknown, unknown>).entries()];
  return [];
}

function cosineAgainst(emb: unknown, others: unknown, dim: number): Map<unknown, number> {
  const v1 = vec(emb, dim);
  const out = new Map<unknown, number>();
  for (const [k, list] of mapEntries(others)) out.set(k, cosine(v1, vec(list, dim)));
  return out;
}

/** Size of the multiset intersection of two sorted lists (std::set_intersection). */
/** The distinct values of a list, sorted. */
function distinctSorted(xs: readonly unknown[]): unknown[] {
  const sorted = [...xs].sort(cmp);
  return sorted.filter((x, i) => i === 0 || !eq(x, sorted[i - 1]));
}

function intersection(a: readonly unknown[], b: readonly unknown[]): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const c = cmp(a[i], b[j]);
    if (eq(a[i], b[j])) {
      n++;
      i++;
      j++;
    } else if (c < 0) i++;
    else j++;
  }
  return n;
}

export function similarity(aIn: unknown, bIn: unknown, kind: string): number {
  const a = elementsOf(aIn);
  const b = elementsOf(bIn);
  const n = a.length;
  const x = (i: number) => num(a[i]);
  const y = (i: number) => num(b[i] ?? 0);
  switch (kind) {
    case 'COSINE': {
      let inner = 0;
      let ma = 0;
      let mb = 0;
      for (let i = 0; i < n; i++) {
        inner += x(i) * y(i);
        ma += x(i) * x(i);
        mb += y(i) * y(i);
      }
      return inner / Math.sqrt(ma * mb);
    }
    case 'EUCLIDEAN': {
      let s = 0;
      for (let i = 0; i < n; i++) s += (x(i) - y(i)) ** 2;
      return Math.sqrt(s);
    }
    case 'JACCARD': {
      // The vector-functions page: items in both over the unique items of the two lists.
      const sa = distinctSorted(a);
      const sb = distinctSorted(b);
      const common = intersection(sa, sb);
      return common * (1 / (sa.length + sb.length - common));
    }
    case 'OVERLAP': {
      // Items in both over the shorter list's length ([1, 2, 3] and [2, 2, 3] give 2/3).
      const sa = [...a].sort(cmp);
      const sb = [...b].sort(cmp);
      const common = intersection(sa, sb);
      return common * (1 / Math.min(sa.length, sb.length));
    }
    case 'PEARSON': {
      let meanA = 0;
      let meanB = 0;
      for (let i = 0; i < n; i++) {
        meanA += x(i);
        meanB += y(i);
      }
      meanA /= n;
      meanB /= n;
      let cov = 0;
      let da = 0;
      let db = 0;
      for (let i = 0; i < n; i++) {
        cov += (x(i) - meanA) * (y(i) - meanB);
        da += (x(i) - meanA) ** 2;
        db += (y(i) - meanB) ** 2;
      }
      return cov / Math.sqrt(da * db);
    }
    default:
      return 0;
  }
}

export const VECTOR_UDFS: ReadonlyMap<string, Builtin> = new Map<string, Builtin>([
  [
    'tg_cosine_similarity',
    {
      min: 3,
      max: 3,
      type: fixed({ k: 'map', key: INT, val: DOUBLE }),
      fn: (a) => cosineAgainst(a[0], a[1], num(a[2])),
    },
  ],
  [
    'tg_pairwise_cosine_similarity',
    {
      min: 3,
      max: 3,
      type: fixed(DOUBLE),
      fn: (a) => cosine(vec(a[0], num(a[2])), vec(a[1], num(a[2]))),
    },
  ],
  [
    'tg_similarity_accum',
    { min: 3, max: 3, type: fixed(DOUBLE), fn: (a) => similarity(a[0], a[1], String(a[2])) },
  ],
]);
