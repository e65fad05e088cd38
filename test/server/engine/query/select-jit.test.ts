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

// Conditions on OrAccum values only (no ACCUM): the generated loop counts their rows without
// branches (Gen.bit). A breadth-first search and NOT / AND / OR / == / != between vertex flags,
// collecting the target or the source, against sets computed here.
const bfs = `CREATE QUERY bfs(VERTEX<V> seed, INT k) FOR GRAPH g {
  OrAccum @visited; OrAccum @odd; INT reached = 0;
  All = {V.*};
  Odd = SELECT s FROM All:s WHERE s.label % 2 == 1 POST-ACCUM s.@odd = TRUE;
  F = {seed};
  F = SELECT s FROM F:s POST-ACCUM s.@visited = TRUE;
  WHILE F.size() > 0 LIMIT k DO
    F = SELECT t FROM F:s -(E)- V:t WHERE t.@visited == FALSE POST-ACCUM t.@visited = TRUE;
    reached = reached + F.size();
  END;
  A = SELECT t FROM All:s -(E)- V:t WHERE NOT t.@odd AND (s.@odd OR t.@visited != TRUE);
  B = SELECT s FROM All:s -(E)- V:t WHERE t.@odd == s.@odd;
  PRINT reached AS reached, A AS a, B AS b;
}`;

function bfsExpected(directed: boolean, seed: number, k: number) {
  const next = new Map<number, number[]>();
  const link = (a: number, b: number) => next.set(a, [...(next.get(a) ?? []), b]);
  for (const [a, b] of edges) {
    link(a, b);
    if (!directed && a !== b) link(b, a);
  }
  const visited = new Set([seed]);
  let frontier = [seed];
  let reached = 0;
  for (let hop = 0; hop < k && frontier.length > 0; hop++) {
    const found = new Set<number>();
    for (const v of frontier) for (const w of next.get(v) ?? []) if (!visited.has(w)) found.add(w);
    for (const w of found) visited.add(w);
    reached += found.size;
    frontier = [...found];
  }
  const odd = (v: number) => v % 2 === 1;
  const a = new Set<string>();
  const b = new Set<string>();
  for (const [s, ts] of next)
    for (const t of ts) {
      if (!odd(t) && (odd(s) || !visited.has(t))) a.add(`v${t}`);
      if (odd(t) === odd(s)) b.add(`v${s}`);
    }
  return { reached, a: [...a].sort(), b: [...b].sort() };
}

describe('generated SELECT row loop, branch-free conditions', () => {
  for (const directed of [true, false]) {
    for (const fold of [true, false]) {
      it(`${directed ? 'directed' : 'undirected'}, ${fold ? 'folded' : 'delta'}`, async () => {
        fx = await openFixture(plainCatalog(directed), 'g', plainData(n, edges), fold);
        for (const [seed, k] of [
          [0, 1],
          [0, 3],
          [4, 2],
          [6, 5],
        ] as const) {
          for (const generatedCode of [true, false]) {
            const out = await runText(fx, bfs, { seed: `v${seed}`, k }, {}, { generatedCode });
            const ids = (key: string) =>
              (out.results[0]?.[key] as { v_id: string }[]).map((v) => v.v_id).sort();
            const want = bfsExpected(directed, seed, k);
            expect(out.results[0]?.reached).toBe(want.reached);
            expect(ids('a')).toEqual(want.a);
            expect(ids('b')).toEqual(want.b);
          }
        }
      });
    }
  }
});
