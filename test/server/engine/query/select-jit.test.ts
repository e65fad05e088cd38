// The generated row loop of simple SELECTs (compile/select/jit.ts) against answers computed here: directed
// and undirected edges (self-loops once), folded CSR and unfolded deltas, edges deleted after
// the fold, an edge alias read in ACCUM, snapshot reads in WHERE, POST-ACCUM on the target alias.
import { afterEach, describe, expect, it } from 'vitest';
import type { Mutation } from '../../../../src/server/engine/mutations.js';
import { openFixture, plainCatalog, plainData, runText, type Fixture } from './fixtures.js';

const query = `CREATE QUERY q() FOR GRAPH g {
  SumAccum<INT> @deg; SumAccum<DOUBLE> @w; OrAccum @hit; OrAccum @src; SumAccum<INT> @@rows;
  All = {V.*};
  S = SELECT t FROM All:s -(E:e)- V:t
      WHERE s.label < 6 AND t.@hit == FALSE
      ACCUM t.@deg += 1, t.@w += s.label * 1.5, @@rows += 1, s.@src += e.type == "E"
      POST-ACCUM t.@hit = TRUE;
  PRINT @@rows AS rows, S.size() AS targets;
  PRINT All[All.@deg AS deg, All.@w AS w, All.@hit AS hit, All.@src AS src];
}`;

const n = 9;
const edges: [number, number][] = [
  [0, 1],
  [0, 2],
  [1, 2],
  [2, 3],
  [3, 3],
  [4, 5],
  [5, 0],
  [6, 7],
  [7, 8],
  [8, 6],
  [2, 0],
];

interface Row {
  v_id: string;
  attributes: { deg: number; w: number; hit: boolean; src: boolean };
}

/** The answer computed directly: rows are (source, target) pairs of the walk. */
function expected(directed: boolean, live: readonly [number, number][]) {
  const pairs: [number, number][] = [];
  // An undirected edge is one edge whichever end is named first.
  const seen = new Set<string>();
  for (const [a, b] of live) {
    const key = directed ? `${a}>${b}` : `${Math.min(a, b)}-${Math.max(a, b)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    pairs.push([a, b]);
    if (!directed && a !== b) pairs.push([b, a]);
  }
  const deg = new Array<number>(n).fill(0);
  const w = new Array<number>(n).fill(0);
  const hit = new Array<boolean>(n).fill(false);
  const src = new Array<boolean>(n).fill(false);
  let rows = 0;
  for (const [s, t] of pairs) {
    if (s >= 6) continue;
    deg[t] = (deg[t] ?? 0) + 1;
    w[t] = (w[t] ?? 0) + s * 1.5;
    src[s] = true;
    hit[t] = true;
    rows++;
  }
  const byId = new Map<string, Row['attributes']>();
  for (let i = 0; i < n; i++)
    byId.set(`v${i}`, {
      deg: deg[i] ?? 0,
      w: w[i] ?? 0,
      hit: hit[i] ?? false,
      src: src[i] ?? false,
    });
  return { rows, targets: hit.filter(Boolean).length, byId };
}

let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

describe('generated SELECT row loop', () => {
  for (const directed of [true, false]) {
    for (const fold of [true, false]) {
      it(`${directed ? 'directed' : 'undirected'}, ${fold ? 'folded' : 'delta'}, then an edge deleted`, async () => {
        fx = await openFixture(plainCatalog(directed), 'g', plainData(n, edges), fold);
        const check = async (live: readonly [number, number][]) => {
          const out = await runText(fx as Fixture, query);
          const want = expected(directed, live);
          expect(out.results[0]).toEqual({ rows: want.rows, targets: want.targets });
          const got = new Map(
            (out.results[1]?.All as Row[]).map((r) => [r.v_id, r.attributes] as const),
          );
          expect(got).toEqual(want.byId);
        };
        await check(edges);
        const del: Mutation = { k: 'de', t: 'E', ft: 'V', f: 'v0', tt: 'V', to: 'v2' };
        await fx.engine.write(() => ({ mutations: [del] }));
        await check(
          edges.filter(([a, b]) => !(a === 0 && b === 2) && (directed || !(a === 2 && b === 0))),
        );
      });
    }
  }
});
