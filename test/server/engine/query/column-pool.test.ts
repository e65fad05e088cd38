// Vertex-accumulator columns are pooled across every run of every query (run.ts ColumnPool): a
// run must see fresh initial values whatever the runs before it wrote, of this query or another,
// a failed run included, and answer what a freshly compiled query answers. The pool itself keeps
// a bounded number of bytes. (MinAccum<VERTEX> columns start null: pooled under that fill.)
import { afterEach, describe, expect, it } from 'vitest';
import { ColumnPool } from '../../../../src/server/engine/query/run.js';
import { compileText, openFixture, plainCatalog, plainData, type Fixture } from './fixtures.js';

const query = `CREATE QUERY q(VERTEX<V> seed, INT k, BOOL fail) FOR GRAPH g {
  OrAccum @seen; AndAccum @fresh; SumAccum<DOUBLE> @score = 1; MaxAccum<DOUBLE> @top;
  SumAccum<DOUBLE> @got; SumAccum<INT> @hits; SumAccum<INT> @@zero; MinAccum<VERTEX> @via;
  F = {seed};
  F = SELECT s FROM F:s POST-ACCUM s.@seen = TRUE, s.@fresh = FALSE;
  WHILE F.size() > 0 LIMIT k DO
    F = SELECT t FROM F:s -(E:e)- V:t
        WHERE t.@seen == FALSE
        ACCUM t.@got += s.@score / 2, t.@hits += 1, t.@top += s.label, t.@via += s
        POST-ACCUM t.@seen = TRUE, t.@fresh = FALSE, t.@score = t.@score + t.@got;
  END;
  IF fail THEN PRINT 1 / @@zero AS boom; END;
  All = {V.*};
  PRINT All[All.@seen AS seen, All.@fresh AS fresh, All.@score AS score, All.@top AS top,
            All.@got AS got, All.@hits AS hits, All.@via AS via];
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

/** Writes every kind of vertex accumulator on what it reaches from `seed`. */
const writer = `CREATE QUERY w(VERTEX<V> seed, BOOL fail) FOR GRAPH g {
  OrAccum @seen; SumAccum<INT> @hits = 5; SumAccum<STRING> @names; MinAccum<INT> @least;
  SetAccum<INT> @from; ListAccum<STRING> @path; MaxAccum<DOUBLE> @top = -1;
  SumAccum<INT> @@zero;
  F = {seed};
  WHILE F.size() > 0 LIMIT 20 DO
    F = SELECT t FROM F:s -(E:e)- V:t
        WHERE t.@seen == FALSE
        ACCUM t.@hits += 1, t.@names += "x", t.@least += s.label, t.@from += s.label,
              t.@path += to_string(s.label), t.@top += s.label
        POST-ACCUM t.@seen = TRUE;
  END;
  IF fail THEN PRINT 1 / @@zero AS boom; END;
  All = {V.*};
  PRINT All[All.@seen AS seen, All.@hits AS hits, All.@names AS names, All.@least AS least,
            All.@from AS sources, All.@path AS path, All.@top AS top];
}`;

describe('columns shared between queries', () => {
  it('another query, and another text of it, starts from the initial values', async () => {
    const ring: [number, number][] = [];
    for (let i = 0; i < 9; i++) ring.push([i, (i + 1) % 9]);
    fx = await openFixture(plainCatalog(true), 'g', plainData(10, ring));
    const ctx = { graph: fx.engine.graph, engine: fx.engine };
    // Each text is a new compiled query (as each interpreted text is): runs that write every
    // vertex of the ring, one of them failing half way.
    await compileText(fx, writer).run({ seed: 'v0', fail: false }, ctx);
    await expect(
      compileText(fx, `${writer}\n`).run({ seed: 'v3', fail: true }, ctx),
    ).rejects.toThrow();
    await compileText(fx, `${writer}\n\n`).run({ seed: 'v5', fail: false }, ctx);
    // v9 has no out-edge: every vertex must hold its accumulators' initial values.
    const out = await compileText(fx, `\n${writer}`).run({ seed: 'v9', fail: false }, ctx);
    const rows = out.results[0]?.All as { v_id: string; attributes: Record<string, unknown> }[];
    expect(rows).toHaveLength(10);
    for (const r of rows)
      expect(r.attributes).toEqual({
        seen: false,
        hits: 5,
        names: '',
        // MinAccum<INT>'s initial value: INT's greatest.
        least: 9223372036854775807n,
        sources: [],
        path: [],
        top: -1,
      });
    const fresh = await compileText(fx, `${writer} `).run({ seed: 'v9', fail: false }, ctx);
    expect(fresh.results).toEqual(out.results);
  });
});

describe('ColumnPool', () => {
  it('gives back a column taken from it, clean, and keeps at most perKey of a kind', () => {
    const pool = new ColumnPool(1 << 20, 2);
    const a = pool.take(true, 0, 100);
    const b = pool.take(true, 0, 100);
    const c = pool.take(true, 0, 100);
    for (const x of [a, b, c]) pool.give(0, x);
    expect([pool.take(true, 0, 100), pool.take(true, 0, 100)].sort()).toEqual([a, b].sort());
    const fresh = pool.take(true, 0, 100);
    expect(fresh === a || fresh === b || fresh === c).toBe(false);
    const g = pool.takeArray('', 50);
    expect(g).toEqual(new Array(50).fill(''));
    pool.giveArray('', g);
    expect(pool.takeArray('', 50)).toBe(g);
    // A fill of another value, or of another length, is another column.
    expect(pool.takeArray(0, 50)).not.toBe(g);
    // A fill that is not a primitive is never kept.
    const o = pool.takeArray({}, 3);
    pool.giveArray({}, o);
    expect(pool.takeArray({}, 3)).not.toBe(o);
  });

  it('keeps no more than maxBytes, dropping lengths other than the newest first', () => {
    const pool = new ColumnPool(8 * 1000, 8);
    const old = pool.take(true, 0, 600);
    pool.give(0, old);
    // 600 + 600 doubles do not fit: the new length stays, the old one goes.
    const now = pool.take(true, 0, 601);
    const other = pool.take(true, 0, 601);
    pool.give(0, now);
    expect(pool.take(true, 0, 600)).not.toBe(old);
    // Two of 601 doubles do not fit either: the one kept first stays.
    pool.give(0, other);
    expect(pool.take(true, 0, 601)).toBe(now);
    // Too big to keep at all.
    const huge = pool.take(true, 0, 2000);
    pool.give(0, huge);
    expect(pool.take(true, 0, 2000)).not.toBe(huge);
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
