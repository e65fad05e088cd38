// A top-k HeapAccum filled in POST-ACCUM, on both code tiers, against the heap's insertion rule
// computed here (search for the place after equal elements, insert, trim to the capacity): the
// generated code skips building the tuple of a vertex the full heap would drop (jit-gen heapAdd,
// HeapAcc.rejectsKey), so the cases cover ties (one key value per 6 people), both directions,
// capacities 0, 1, 3, 7 and more than the people, NaN keys (cmp(NaN, x) is 0: the heap must still
// search), and a heap read in the same clause.
import { afterEach, describe, expect, it } from 'vitest';
import type { Mutation } from '../../../../src/server/engine/mutations.js';
import { cmp } from '../../../../src/server/engine/query/runtime-values.js';
import { openFixture, runText, socialCatalog, type Fixture } from './fixtures.js';

const people = 300;
/** Person p's age: 50 values, each held by 6 people. */
const ageOf = (p: number): number => (p * 7) % 50;

const mutations: Mutation[] = [];
for (let p = 0; p < people; p++)
  mutations.push({ k: 'v', t: 'person', id: `p${p}`, u: [[1, '=', ageOf(p)]] });

/** The query: the key is `key` of s (s.@z is the age as a DOUBLE), in direction `dir`. */
const topk = (key: string, dir: string, also = '') => `CREATE QUERY topk(INT k) FOR GRAPH social {
  TYPEDEF TUPLE<VERTEX v, DOUBLE score> Ranked;
  HeapAccum<Ranked>(k, score ${dir}) @@top;
  SumAccum<DOUBLE> @z; SumAccum<INT> @@seen;
  All = {person.*};
  All = SELECT s FROM All:s POST-ACCUM s.@z = s.age;
  All = SELECT s FROM All:s POST-ACCUM @@top += Ranked(s, ${key})${also};
  PRINT @@top AS top, @@seen AS seen;
}`;

/** The heap's rule over the people in slot order (the order the POST-ACCUM visits them). */
function expected(key: (p: number) => number, desc: boolean, k: number): string[] {
  const order = (a: number, b: number): number => (desc ? -cmp(a, b) : cmp(a, b));
  const list: { p: number; x: number }[] = [];
  for (let p = 0; p < people; p++) {
    const x = key(p);
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (order((list[mid] as { x: number }).x, x) <= 0) lo = mid + 1;
      else hi = mid;
    }
    if (lo >= k) continue;
    list.splice(lo, 0, { p, x });
    if (list.length > k) list.length = k;
  }
  return list.map((e) => `p${e.p}`);
}

let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

const keys = [
  { name: 'ties', gsql: 's.@z * 0.5', js: (p: number) => ageOf(p) * 0.5 },
  // 0.0 / 0.0 for the people aged 0 (p0 first): NaN among the keys from the start.
  {
    name: 'NaN',
    gsql: 's.@z / s.@z * s.@z',
    js: (p: number) => (ageOf(p) / ageOf(p)) * ageOf(p),
  },
];

describe('generated SELECT code, a top-k HeapAccum', () => {
  for (const key of keys)
    for (const desc of [true, false])
      it(`keeps the heap's rule (${key.name}, ${desc ? 'DESC' : 'ASC'})`, async () => {
        fx = await openFixture(socialCatalog(), 'social', mutations);
        for (const k of [0, 1, 3, 7, 400]) {
          const want = expected(key.js, desc, k);
          for (const also of ['', ', @@seen += @@top.size()']) {
            const answers: unknown[] = [];
            for (const generatedCode of [true, false]) {
              const out = await runText(
                fx,
                topk(key.gsql, desc ? 'DESC' : 'ASC', also),
                { k },
                {},
                { generatedCode },
              );
              const top = out.results[0]?.top as { v: string; score: number | string }[];
              expect(top.map((t) => t.v)).toEqual(want);
              answers.push(out.results);
            }
            expect(answers[0]).toEqual(answers[1]);
          }
        }
      });
});
