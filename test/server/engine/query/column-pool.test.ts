// Vertex-accumulator columns are pooled per compiled query (run.ts ColumnPool): a run must see
// fresh initial values whatever the runs before it wrote, a failed run included, and answer
// what a freshly compiled query answers.
import { afterEach, describe, expect, it } from 'vitest';
import { compileText, openFixture, plainCatalog, plainData, type Fixture } from './fixtures.js';

const query = `CREATE QUERY q(VERTEX<V> seed, INT k, BOOL fail) FOR GRAPH g {
  OrAccum @seen; AndAccum @fresh; SumAccum<DOUBLE> @score = 1; MaxAccum<DOUBLE> @top;
  SumAccum<DOUBLE> @got; SumAccum<INT> @hits; SumAccum<INT> @@zero;
  F = {seed};
  F = SELECT s FROM F:s POST-ACCUM s.@seen = TRUE, s.@fresh = FALSE;
  WHILE F.size() > 0 LIMIT k DO
    F = SELECT t FROM F:s -(E:e)- V:t
        WHERE t.@seen == FALSE
        ACCUM t.@got += s.@score / 2, t.@hits += 1, t.@top += s.label
        POST-ACCUM t.@seen = TRUE, t.@fresh = FALSE, t.@score = t.@score + t.@got;
  END;
  IF fail THEN PRINT 1 / @@zero AS boom; END;
  All = {V.*};
  PRINT All[All.@seen AS seen, All.@fresh AS fresh, All.@score AS score, All.@top AS top,
            All.@got AS got, All.@hits AS hits];
}`;

const n = 12;
const edges: [number, number][] = [
  [0, 1],
  [1, 2],
  [2, 3],
  [3, 0],
  [4, 5],
  [5, 6],
  [6, 4],
  [7, 8],
  [8, 9],
  [9, 10],
  [10, 11],
  [2, 9],
];

let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

describe('pooled accumulator columns', () => {
  it('every run starts from the initial values, after failed runs too', async () => {
    fx = await openFixture(plainCatalog(true), 'g', plainData(n, edges));
    const f = fx;
    const shared = compileText(f, query);
    const ctx = { graph: f.engine.graph, engine: f.engine };
    const cases: [number, number][] = [
      [0, 3],
      [7, 2],
      [2, 5],
      [4, 1],
      [0, 3],
      [10, 2],
    ];
    for (const [seed, k] of cases) {
      const fresh = await compileText(f, query).run({ seed: `v${seed}`, k, fail: false }, ctx);
      // A run that fails after writing accumulators, then the one compared.
      await expect(
        shared.run({ seed: `v${(seed + 5) % n}`, k: 4, fail: true }, ctx),
      ).rejects.toThrow();
      const again = await shared.run({ seed: `v${seed}`, k, fail: false }, ctx);
      expect(again.results).toEqual(fresh.results);
      const seen = (again.results[0]?.All as { attributes: { seen: boolean } }[]).filter(
        (r) => r.attributes.seen,
      );
      expect(seen.length).toBeGreaterThan(1);
    }
  });
});

describe('global accumulator += inputs folded during a clause', () => {
  // (`@@t = 1` in a clause is refused at compile time: the SELECT page's clauses only accumulate.)
  it('reads in the clause see the value before it', async () => {
    fx = await openFixture(plainCatalog(true), 'g', plainData(5, [[0, 1]]));
    const text = `CREATE QUERY q() FOR GRAPH g {
      SumAccum<DOUBLE> @@s = 10; SumAccum<DOUBLE> @@t = 10; MaxAccum<INT> @@m;
      SumAccum<DOUBLE> @@seen; SumAccum<STRING> @@names;
      All = {V.*};
      All = SELECT v FROM All:v
            ACCUM @@s += v.label, @@seen += @@s
            POST-ACCUM @@t += v.label, @@m += v.label, @@names += to_string(v.label);
      All = SELECT v FROM All:v ACCUM @@s += 0.5, @@seen += @@s * 0;
      PRINT @@s AS s, @@t AS t, @@m AS m, @@seen AS seen, length(@@names) AS names;
    }`;
    const out = await compileText(fx, text).run({}, { graph: fx.engine.graph, engine: fx.engine });
    expect(out.results[0]).toEqual({ s: 22.5, t: 20, m: 4, seen: 50, names: 5 });
  });
});
