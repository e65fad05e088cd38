// Statements the generated SELECT code writes itself (compile/select/jit-stmts.ts): local
// variable declarations and assignments (`UINT w = 1`, `w = 2`, `w += x`), FOREACH over a
// vertex's SetAccum, ListAccum and MapAccum with CONTINUE and BREAK, nested, string literals and
// comparisons, `v.type`, `(k -> v)` inputs, size() / contains() / get() of vertex and global
// accumulators, built-in calls and tuple constructors, and a closure (string concatenation) that
// reads the clause's variables from the frame. Each SELECT must take the generated tier (CompiledQuery.selectTiers) and answer what the
// closure tier answers and what is computed here. A clause whose closure statement would assign
// a clause variable (a WHILE in ACCUM) is not generated, and answers the same.
import { afterEach, describe, expect, it } from 'vitest';
import { compileText, openFixture, plainCatalog, plainData, type Fixture } from './fixtures.js';

const n = 8;
const edges: [number, number][] = [
  [0, 1],
  [0, 2],
  [1, 2],
  [2, 3],
  [3, 0],
  [4, 5],
  [5, 6],
  [6, 4],
  [6, 7],
  [7, 0],
  [2, 0],
  [5, 4],
  [0, 7],
];

const query = `CREATE QUERY q() FOR GRAPH g {
  SetAccum<VERTEX> @out; ListAccum<INT> @labels; MapAccum<VERTEX, SumAccum<INT>> @pairs;
  SumAccum<INT> @w; SumAccum<DOUBLE> @d;
  SetAccum<STRING> @@log; MapAccum<INT, SumAccum<INT>> @@hist;
  SumAccum<INT> @@seen, @@got, @@after, @@sizes;
  All = {V.*};
  S = SELECT t FROM All:s -(E)- V:t ACCUM s.@out += t, t.@labels += s.label;
  S = SELECT t FROM All:s -(E)- V:t
      ACCUM UINT w = 1, STRING kind = "small",
            IF s.label > 4 THEN w = 2, kind = "big" END,
            w += t.label % 3,
            FOREACH x IN s.@out DO
              IF x == t THEN CONTINUE END,
              t.@pairs += (x -> w)
            END,
            FOREACH y IN t.@labels DO
              IF y == 3 THEN BREAK END,
              t.@w += y
            END,
            IF t.type == "V" AND kind != "none" AND s.@out.contains(t) THEN @@seen += 1 END,
            @@got += s.@pairs.get(t),
            @@log += kind + ":" + to_string(w),
            t.@d += w * 0.5
      POST-ACCUM FOREACH (k, c) IN t.@pairs DO @@hist += (c -> 1) END;
  S = SELECT s FROM All:s -(E)- V:t
      ACCUM @@after += t.@pairs.get(s), @@sizes += s.@pairs.size() + @@hist.size();
  PRINT @@log AS log, @@hist AS hist, @@seen AS seen, @@got AS got, @@after AS after,
        @@sizes AS sizes;
  PRINT All[All.@w AS w, All.@d AS d];
}`;

/** The answer computed here: labels are the vertex numbers. */
function expected() {
  const out = new Map<number, number[]>();
  const labels = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    out.set(i, []);
    labels.set(i, []);
  }
  // Rows by source in vertex order; a set keeps one of each target.
  for (let s = 0; s < n; s++)
    for (const [a, t] of edges) {
      if (a !== s) continue;
      const o = out.get(s) as number[];
      if (!o.includes(t)) o.push(t);
      (labels.get(t) as number[]).push(s);
    }
  const pairs = new Map<number, Map<number, number>>();
  const w = new Map<number, number>();
  const d = new Map<number, number>();
  const log = new Set<string>();
  let seen = 0;
  for (let i = 0; i < n; i++) {
    pairs.set(i, new Map());
    w.set(i, 0);
    d.set(i, 0);
  }
  for (const [s, t] of edges) {
    let wt = s > 4 ? 2 : 1;
    const kind = s > 4 ? 'big' : 'small';
    wt += t % 3;
    for (const x of out.get(s) as number[]) {
      if (x === t) continue;
      const m = pairs.get(t) as Map<number, number>;
      m.set(x, (m.get(x) ?? 0) + wt);
    }
    for (const y of labels.get(t) as number[]) {
      if (y === 3) break;
      w.set(t, (w.get(t) as number) + y);
    }
    if ((out.get(s) as number[]).includes(t)) seen++;
    log.add(`${kind}:${wt}`);
    d.set(t, (d.get(t) as number) + wt * 0.5);
  }
  const hist = new Map<number, number>();
  for (const m of pairs.values()) for (const c of m.values()) hist.set(c, (hist.get(c) ?? 0) + 1);
  let after = 0;
  let sizes = 0;
  for (const [s, t] of edges) {
    after += (pairs.get(t) as Map<number, number>).get(s) ?? 0;
    sizes += (pairs.get(s) as Map<number, number>).size + hist.size;
  }
  return { log, hist, seen, after, sizes, w, d };
}

let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

describe('statements in generated SELECT clauses', () => {
  it('variables, FOREACH, strings and container methods: the generated tier, answers as computed', async () => {
    fx = await openFixture(plainCatalog(true), 'g', plainData(n, edges));
    const ctx = { graph: fx.engine.graph, engine: fx.engine };
    const generated = compileText(fx, query, undefined, { generatedCode: true });
    const closures = compileText(fx, query, undefined, { generatedCode: false });
    expect(generated.selectTiers).toEqual({ generated: 3, closures: 0 });
    const out = await generated.run({}, ctx);
    expect(out.results).toEqual((await closures.run({}, ctx)).results);
    const want = expected();
    const first = out.results[0] as {
      log: string[];
      hist: Record<string, number>;
      seen: number;
      got: number;
      after: number;
      sizes: number;
    };
    expect(new Set(first.log)).toEqual(want.log);
    expect(new Map(Object.entries(first.hist).map(([k, v]) => [Number(k), v]))).toEqual(want.hist);
    // Reads in the clause see the values from before it: no pairs yet.
    expect(first.got).toBe(0);
    expect({ seen: first.seen, after: first.after, sizes: first.sizes }).toEqual({
      seen: want.seen,
      after: want.after,
      sizes: want.sizes,
    });
    const rows = out.results[1]?.All as { v_id: string; attributes: { w: number; d: number } }[];
    expect(rows).toHaveLength(n);
    for (const r of rows) {
      const i = Number(r.v_id.slice(1));
      expect(r.attributes).toEqual({ w: want.w.get(i), d: want.d.get(i) });
    }
  });

  it('built-in calls and tuple constructors', async () => {
    fx = await openFixture(plainCatalog(true), 'g', plainData(n, edges));
    const ctx = { graph: fx.engine.graph, engine: fx.engine };
    const text = `CREATE QUERY q() FOR GRAPH g {
      TYPEDEF TUPLE<INT a, DOUBLE b> P;
      HeapAccum<P>(3, b DESC, a ASC) @@top; SumAccum<DOUBLE> @@s; SumAccum<INT> @@years;
      GroupByAccum<INT r, BOOL odd, SumAccum<INT> n, MaxAccum<DOUBLE> m> @@g;
      MapAccum<INT, SumAccum<INT>> @@byMod;
      All = {V.*};
      S = SELECT t FROM All:s -(E)- V:t
          ACCUM @@top += P(s.label, sqrt(t.label * 1.0) + abs(s.label - t.label)),
                @@g += (t.label % 3, s.label % 2 == 1 -> 1, s.label * 0.5),
                @@s += log(1.0 + s.label) + pow(2, t.label),
                @@years += year(epoch_to_datetime(1600000000 + 86400 * 400 * s.label)),
                @@byMod += (s.label % 4 -> t.label);
      PRINT @@top AS top, @@s AS s, @@g AS g, @@years AS years, @@byMod AS byMod;
    }`;
    const generated = compileText(fx, text, undefined, { generatedCode: true });
    expect(generated.selectTiers).toEqual({ generated: 1, closures: 0 });
    const out = await generated.run({}, ctx);
    const closures = compileText(fx, text, undefined, { generatedCode: false });
    expect(out.results).toEqual((await closures.run({}, ctx)).results);
    const first = out.results[0] as {
      top: { a: number; b: number }[];
      s: number;
      g: { r: number; odd: boolean; n: number; m: number }[];
      years: number;
      byMod: Record<string, number>;
    };
    const top = edges
      // sqrt is FLOAT: FLOAT + INT is 32-bit arithmetic.
      .map(([s, t]) => ({ a: s, b: Math.fround(Math.fround(Math.sqrt(t)) + Math.abs(s - t)) }))
      .sort((x, y) => y.b - x.b || x.a - y.a)
      .slice(0, 3);
    expect(first.top).toEqual(top);
    let sum = 0;
    let years = 0;
    const byMod: Record<string, number> = {};
    const groups = new Map<string, { r: number; odd: boolean; n: number; m: number }>();
    for (const [s, t] of edges) {
      sum += Math.log(1 + s) + 2 ** t;
      years += new Date((1600000000 + 86400 * 400 * s) * 1000).getUTCFullYear();
      byMod[String(s % 4)] = (byMod[String(s % 4)] ?? 0) + t;
      const key = `${t % 3}|${s % 2 === 1}`;
      const g = groups.get(key) ?? { r: t % 3, odd: s % 2 === 1, n: 0, m: -Number.MAX_VALUE };
      g.n += 1;
      g.m = Math.max(g.m, s * 0.5);
      groups.set(key, g);
    }
    expect(first.s).toBeCloseTo(sum, 9);
    expect(first.years).toBe(years);
    expect(first.byMod).toEqual(byMod);
    expect(new Set(first.g.map((g) => JSON.stringify(g)))).toEqual(
      new Set([...groups.values()].map((g) => JSON.stringify(g))),
    );
  });

  it('a closure statement that assigns a clause variable keeps the SELECT on closures', async () => {
    fx = await openFixture(plainCatalog(true), 'g', plainData(n, edges));
    const ctx = { graph: fx.engine.graph, engine: fx.engine };
    const text = `CREATE QUERY q() FOR GRAPH g {
      SumAccum<INT> @@m;
      All = {V.*};
      S = SELECT t FROM All:s -(E)- V:t
          ACCUM INT z = 0, WHILE z < s.label DO z = z + 1 END, @@m += z;
      PRINT @@m AS m;
    }`;
    const generated = compileText(fx, text, undefined, { generatedCode: true });
    expect(generated.selectTiers).toEqual({ generated: 0, closures: 1 });
    const out = await generated.run({}, ctx);
    expect(out.results[0]).toEqual({ m: edges.reduce((sum, [s]) => sum + s, 0) });
  });
});
