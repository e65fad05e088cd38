// ACCUM inputs applied as they come (compile/select/at-once.ts): `=` of an accumulator, and `+=`
// of a container, that the clause never reads end it as the deferred inputs would (the last `=`
// wins, a ListAccum keeps the row order). One the clause reads (in WHERE, or as a prime), and one
// it both assigns and adds to (every `=` applies before every `+=`), keeps its deferral. Both
// tiers, against the answers computed here.
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
  SumAccum<INT> @mixed; MaxAccum<INT> @seen;
  All = {V.*};
  S = SELECT t FROM All:s -(E)- V:t
      ACCUM t.@last = s.label, t.@seq += s.label, t.@mixed = 100, t.@mixed += s.label;
  S = SELECT t FROM All:s -(E)- V:t
      WHERE t.@gated.size() < 2
      ACCUM t.@gated += s.label, t.@firsts = t.@seq, t.@seen = t.@last' + s.label;
  PRINT All[All.@last AS last, All.@seq AS seq, All.@firsts AS firsts, All.@gated AS gated,
            All.@mixed AS mixed, All.@seen AS seen];
}`;

interface Row {
  last: number;
  seq: number[];
  firsts: number[];
  gated: number[];
  mixed: number;
  seen: number;
}

function expected(): Map<number, Row> {
  const rows = new Map<number, Row>();
  for (let i = 0; i < n; i++)
    rows.set(i, { last: 0, seq: [], firsts: [], gated: [], mixed: 0, seen: -(2 ** 63) });
  // Rows by source in vertex order (each source's edges in the order written).
  const order = [...edges].sort((a, b) => a[0] - b[0]);
  const mixedSum = new Map<number, number>();
  for (const [s, t] of order) {
    const r = rows.get(t) as Row;
    r.last = s;
    r.seq.push(s);
    mixedSum.set(t, (mixedSum.get(t) ?? 0) + s);
  }
  // Every `=` before every `+=`.
  for (const [t, sum] of mixedSum) (rows.get(t) as Row).mixed = 100 + sum;
  for (const [s, t] of order) {
    const r = rows.get(t) as Row;
    // WHERE reads @gated before the clause (empty): every row gets through.
    r.gated.push(s);
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
        // A vertex no row reached keeps the MaxAccum's initial value.
        if (w.seq.length === 0) w.seen = r.attributes.seen;
        expect(r.attributes).toEqual(w);
      }
    });
});
