// ACCUM inputs applied as they come (compile/select/at-once.ts): `=` of an accumulator, `+=` of a
// container, and `+=` of an integer or text sum, Or, Max, that the clause never reads end it as
// the deferred inputs would (the last `=` wins, a ListAccum and a text sum keep the row order).
// One the clause reads (in WHERE, or as a prime), and one it both assigns and adds to (every `=`
// applies before every `+=`), keeps its deferral. Both tiers, against the answers computed here.
import { afterEach, describe, expect, it } from 'vitest';
import { compileText, openFixture, plainCatalog, plainData, type Fixture } from './fixtures.js';

const n = 6;
const edges: [number, number][] = [
  [0, 1],
  [0, 2],
  [1, 2],
  [3, 2],
  [4, 2],
  [2, 5],
  [5, 1],
  [4, 1],
];

const query = `CREATE QUERY q() FOR GRAPH g {
  SumAccum<INT> @last; ListAccum<INT> @seq; SetAccum<INT> @firsts; ListAccum<INT> @gated;
  SumAccum<INT> @mixed; MaxAccum<INT> @seen; SumAccum<UINT> @cnt; SumAccum<STRING> @text;
  OrAccum @big; MaxAccum<INT> @top; SumAccum<INT> @gatedCount;
  All = {V.*};
  S = SELECT t FROM All:s -(E)- V:t
      ACCUM t.@last = s.label, t.@seq += s.label, t.@mixed = 100, t.@mixed += s.label,
            t.@cnt += 1, t.@text += to_string(s.label), t.@big += s.label > 3, t.@top += s.label;
  S = SELECT t FROM All:s -(E)- V:t
      WHERE t.@gated.size() < 2 AND t.@gatedCount < 1
      ACCUM t.@gated += s.label, t.@firsts = t.@seq, t.@seen = t.@last' + s.label,
            t.@gatedCount += 1;
  PRINT All[All.@last AS last, All.@seq AS seq, All.@firsts AS firsts, All.@gated AS gated,
            All.@mixed AS mixed, All.@seen AS seen, All.@cnt AS cnt, All.@text AS text,
            All.@big AS big, All.@top AS top, All.@gatedCount AS gatedCount];
}`;

interface Row {
  last: number;
  seq: number[];
  firsts: number[];
  gated: number[];
  mixed: number;
  seen: number;
  cnt: number;
  text: string;
  big: boolean;
  top: number;
  gatedCount: number;
}

function expected(): Map<number, Row> {
  const rows = new Map<number, Row>();
  for (let i = 0; i < n; i++)
    rows.set(i, {
      last: 0,
      seq: [],
      firsts: [],
      gated: [],
      mixed: 0,
      seen: -(2 ** 63),
      cnt: 0,
      text: '',
      big: false,
      top: -(2 ** 63),
      gatedCount: 0,
    });
  // Rows by source in vertex order (each source's edges in the order written).
  const order = [...edges].sort((a, b) => a[0] - b[0]);
  const mixedSum = new Map<number, number>();
  for (const [s, t] of order) {
    const r = rows.get(t) as Row;
    r.last = s;
    r.seq.push(s);
    r.cnt += 1;
    r.text += String(s);
    r.big = r.big || s > 3;
    r.top = r.seq.length === 1 ? s : Math.max(r.top, s);
    mixedSum.set(t, (mixedSum.get(t) ?? 0) + s);
  }
  // Every `=` before every `+=`.
  for (const [t, sum] of mixedSum) (rows.get(t) as Row).mixed = 100 + sum;
  for (const [s, t] of order) {
    const r = rows.get(t) as Row;
    // WHERE reads @gated and @gatedCount before the clause (empty, 0): every row gets through.
    r.gated.push(s);
    r.gatedCount += 1;
    r.firsts = [...new Set(r.seq)];
    r.seen = r.last + s;
  }
  return rows;
}

let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

describe('ACCUM inputs applied at once', () => {
  for (const generatedCode of [true, false])
    it(`answer as deferred inputs (${generatedCode ? 'generated' : 'closure'} tier)`, async () => {
      fx = await openFixture(plainCatalog(true), 'g', plainData(n, edges));
      const q = compileText(fx, query, undefined, { generatedCode });
      expect(q.selectTiers).toEqual(
        generatedCode ? { generated: 2, closures: 0 } : { generated: 0, closures: 2 },
      );
      const out = await q.run({}, { graph: fx.engine.graph, engine: fx.engine });
      const want = expected();
      const rows = out.results[0]?.All as { v_id: string; attributes: Row }[];
      expect(rows).toHaveLength(n);
      for (const r of rows) {
        const w = want.get(Number(r.v_id.slice(1))) as Row;
        // A vertex no row reached keeps the MaxAccums' initial values.
        if (w.seq.length === 0) {
          w.seen = r.attributes.seen;
          w.top = r.attributes.top;
        }
        expect(r.attributes).toEqual(w);
      }
    });
});
