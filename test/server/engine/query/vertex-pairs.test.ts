// Vertex SetAccum and MapAccum values held as table entries (query/vertex-pairs.ts, pair-table.ts)
// must answer as accumulator objects would, on both tiers: enough entries to grow the table many
// times (no input lost on a growth), insertion order kept through printing and FOREACH, values
// moved into objects midway (a method call, a prime snapshot, reset_collection_accum, a map value
// added as a whole) and added to after, sums past 2^53 kept exact (the object's bigint), reads in a
// clause seeing the values from before it. (DISTRIBUTED: reset_collection_accum works only there.)
import { afterEach, describe, expect, it } from 'vitest';
import { compileText, openFixture, plainCatalog, plainData, type Fixture } from './fixtures.js';

const n = 300;
const edges: [number, number][] = [];
// Five edges from each vertex, and one more to v0 (whose entries make chains long enough for
// the hash index).
for (let i = 0; i < n; i++)
  for (let k = 0; k < 6; k++) {
    const t = k === 5 ? 0 : (i * 7 + k * 13 + 1) % n;
    if (!edges.some(([a, b]) => a === i && b === t)) edges.push([i, t]);
  }

const query = `CREATE DISTRIBUTED QUERY q() FOR GRAPH g {
  SetAccum<VERTEX> @out; MapAccum<VERTEX, SumAccum<INT>> @in;
  MapAccum<INT, MaxAccum<DOUBLE>> @mx; SetAccum<INT> @mods; MapAccum<INT, SumAccum<INT>> @big;
  MapAccum<VERTEX, SumAccum<INT>> @copy;
  SumAccum<INT> @@walked, @@had, @@primeSizes, @@outSizes;
  All = {V.*};
  S = SELECT t FROM All:s -(E)- V:t
      ACCUM s.@out += t, t.@in += (s -> s.label), t.@mx += (s.label % 5 -> s.label * 0.5),
            t.@mods += s.label % 4, t.@big += (1 -> 5000000000000001);
  S = SELECT s FROM All:s -(E)- V:t
      ACCUM FOREACH x IN s.@out DO @@walked += x.label END,
            FOREACH (k, v) IN t.@in DO @@had += v END,
            s.@copy += t.@in,
            t.@out += s;
  S = SELECT s FROM All:s ACCUM @@outSizes += s.@out.size();
  S = SELECT s FROM All:s WHERE s.label % 3 == 0
      ACCUM @@primeSizes += s.@mods'.size() POST-ACCUM s.@mods.remove(0);
  PRINT @@walked AS walked, @@had AS had, @@primeSizes AS primeSizes, @@outSizes AS outSizes;
  PRINT All[All.@out AS out, All.@in AS inn, All.@mx AS mx, All.@mods AS mods, All.@big AS big,
            All.@copy AS copy];
  reset_collection_accum(@out);
  S = SELECT s FROM All:s -(E)- V:t WHERE s.label < 3 ACCUM s.@out += t;
  PRINT All[All.@out.size() AS outs];
}`;

interface Row {
  out: string[];
  inn: Record<string, number>;
  mx: Record<string, number>;
  mods: number[];
  big: Record<string, unknown>;
  copy: Record<string, number>;
}

/** The answer computed here: labels are the vertex numbers. */
function expected() {
  const rows = new Map<number, Row>();
  for (let i = 0; i < n; i++)
    rows.set(i, { out: [], inn: {}, mx: {}, mods: [], big: {}, copy: {} });
  const row = (i: number) => rows.get(i) as Row;
  const bigs = new Map<number, bigint>();
  // Rows in source order, each source's edges in the order they were written.
  for (const [s, t] of edges) {
    if (!row(s).out.includes(`v${t}`)) row(s).out.push(`v${t}`);
    const inn = row(t).inn;
    inn[`v${s}`] = (inn[`v${s}`] ?? 0) + s;
    const mx = row(t).mx;
    mx[String(s % 5)] = Math.max(mx[String(s % 5)] ?? -Infinity, s * 0.5);
    if (!row(t).mods.includes(s % 4)) row(t).mods.push(s % 4);
    bigs.set(t, (bigs.get(t) ?? 0n) + 5000000000000001n);
  }
  let walked = 0;
  let had = 0;
  const outBefore = new Map([...rows].map(([i, r]) => [i, [...r.out]]));
  const innBefore = new Map([...rows].map(([i, r]) => [i, { ...r.inn }]));
  for (const [s, t] of edges) {
    for (const x of outBefore.get(s) as string[]) walked += Number(x.slice(1));
    for (const v of Object.values(innBefore.get(t) as Record<string, number>)) had += v;
    const copy = row(s).copy;
    for (const [k, v] of Object.entries(innBefore.get(t) as Record<string, number>))
      copy[k] = (copy[k] ?? 0) + v;
  }
  // `t.@out += s` is deferred to the end of the clause, after every row read @out.
  for (const [s, t] of edges) if (!row(t).out.includes(`v${s}`)) row(t).out.push(`v${s}`);
  let outSizes = 0;
  for (const r of rows.values()) outSizes += r.out.length;
  let primeSizes = 0;
  for (let i = 0; i < n; i += 3) {
    primeSizes += row(i).mods.length;
    row(i).mods = row(i).mods.filter((m) => m !== 0);
  }
  for (const [t, b] of bigs) row(t).big = { '1': b };
  const outs = new Map<number, number>();
  for (let i = 0; i < n; i++) outs.set(i, 0);
  for (const [s] of edges) if (s < 3) outs.set(s, (outs.get(s) as number) + 1);
  return { rows, walked, had, primeSizes, outSizes, outs };
}

let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

describe('vertex SetAccum / MapAccum values held as table entries', () => {
  for (const generatedCode of [true, false])
    it(`answer as objects would (${generatedCode ? 'generated' : 'closure'} tier)`, async () => {
      fx = await openFixture(plainCatalog(true), 'g', plainData(n, edges));
      const q = compileText(fx, query, undefined, { generatedCode });
      // A second run starts its tables at the sizes the first reached (pair-table.ts SizeHint).
      const first = await q.run({}, { graph: fx.engine.graph, engine: fx.engine });
      const out = await q.run({}, { graph: fx.engine.graph, engine: fx.engine });
      expect(out.results).toEqual(first.results);
      const want = expected();
      expect(out.results[0]).toEqual({
        walked: want.walked,
        had: want.had,
        primeSizes: want.primeSizes,
        outSizes: want.outSizes,
      });
      const rows = out.results[1]?.All as { v_id: string; attributes: Row }[];
      expect(rows).toHaveLength(n);
      for (const r of rows) {
        const w = want.rows.get(Number(r.v_id.slice(1))) as Row;
        const { big, ...rest } = r.attributes;
        const { big: wantBig, ...wantRest } = w;
        expect(rest).toEqual(wantRest);
        // Sums past 2^53 stay exact.
        expect(
          Object.fromEntries(Object.entries(big).map(([k, v]) => [k, BigInt(v as never)])),
        ).toEqual(wantBig);
      }
      const outs = out.results[2]?.All as { v_id: string; attributes: { outs: number } }[];
      for (const r of outs) expect(r.attributes.outs).toBe(want.outs.get(Number(r.v_id.slice(1))));
    });
});
