// Generated ACCUM inputs that read only the source vertex are computed once per source and
// reused for its other rows (compile/select/jit-gen.ts perSourceValue); inputs reading the target are
// not. Checked against answers computed here, with inlined Math calls in both kinds.
import { afterEach, describe, expect, it } from 'vitest';
import { openFixture, plainCatalog, plainData, runText, type Fixture } from './fixtures.js';

const query = `CREATE QUERY q() FOR GRAPH g {
  SumAccum<DOUBLE> @score; SumAccum<DOUBLE> @a; SumAccum<DOUBLE> @b; SumAccum<DOUBLE> @c;
  SumAccum<DOUBLE> @@total;
  All = {V.*};
  All = SELECT s FROM All:s POST-ACCUM s.@score = s.label + 1;
  All = SELECT s FROM All:s -(E:e)- V:t
        ACCUM t.@a += s.@score / s.outdegree(),
              t.@b += s.@score * 2 + t.@score,
              t.@c += sqrt(abs(s.@score - 10.5)) + abs(t.@score - 0.25),
              @@total += s.@score;
  All = {V.*};
  PRINT @@total AS total;
  PRINT All[All.@a AS a, All.@b AS b, All.@c AS c];
}`;

const n = 5;
const edges: [number, number][] = [
  [0, 1],
  [0, 2],
  [0, 3],
  [1, 2],
  [2, 0],
  [3, 2],
  [3, 4],
];

let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

describe('per-source ACCUM inputs', () => {
  it('equal the row-by-row answers', async () => {
    fx = await openFixture(plainCatalog(true), 'g', plainData(n, edges));
    const out = await runText(fx, query);
    const score = (i: number) => i + 1;
    const deg = (i: number) => edges.filter(([a]) => a === i).length;
    const want = new Map<string, { a: number; b: number; c: number }>();
    for (let i = 0; i < n; i++) want.set(`v${i}`, { a: 0, b: 0, c: 0 });
    let total = 0;
    for (const [s, t] of edges) {
      const w = want.get(`v${t}`) as { a: number; b: number; c: number };
      w.a += score(s) / deg(s);
      w.b += score(s) * 2 + score(t);
      w.c += Math.sqrt(Math.abs(score(s) - 10.5)) + Math.abs(score(t) - 0.25);
      total += score(s);
    }
    expect(out.results[0]).toEqual({ total });
    const rows = out.results[1]?.All as { v_id: string; attributes: Record<string, number> }[];
    const got = new Map(rows.map((r) => [r.v_id, r.attributes] as const));
    for (const [id, w] of want) {
      const g = got.get(id) as Record<string, number>;
      expect(g.a).toBeCloseTo(w.a, 5);
      expect(g.b).toBeCloseTo(w.b, 5);
      expect(g.c).toBeCloseTo(w.c, 5);
    }
  });
});
