// The visited-flag idiom of breadth-first SELECTs (compile/select/visit-flag.ts): `WHERE
// t.@seen == FALSE ... POST-ACCUM t.@seen = TRUE` with no ACCUM, run with the flag as the
// collector's mark. Checked against a breadth-first search computed here and against the closure
// tier, on random graphs (directed, undirected, with self-loops and parallel edges), over
// repeated runs of one compiled query (the flag's pooled column must come back cleared), and for
// shapes that must not take the idiom (something else reads the flag, an ACCUM, a WHERE with more
// to it, a conditional assignment): those answer as the closure tier does.
import { afterEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../helpers/random.js';
import { compileText, openFixture, plainCatalog, plainData, type Fixture } from './fixtures.js';

let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

function randomEdges(n: number, m: number, seed: number): [number, number][] {
  const rnd = seededRandom(seed);
  const edges: [number, number][] = [];
  for (let i = 0; i < m; i++) edges.push([Math.floor(rnd() * n), Math.floor(rnd() * n)]);
  // A self-loop and a parallel edge for sure.
  edges.push([0, 0], [edges[0]?.[0] ?? 0, edges[0]?.[1] ?? 1]);
  return edges;
}

/** Vertices first reached at each hop from `seed`, up to k hops, in the order BFS finds them. */
function bfs(n: number, edges: [number, number][], directed: boolean, seed: number, k: number) {
  const next = Array.from({ length: n }, () => [] as number[]);
  for (const [a, b] of edges) {
    next[a]?.push(b);
    if (!directed && a !== b) next[b]?.push(a);
  }
  const seen = new Set([seed]);
  const hops: number[][] = [];
  let frontier = [seed];
  for (let h = 0; h < k && frontier.length > 0; h++) {
    const found: number[] = [];
    for (const v of frontier)
      for (const w of next[v] ?? [])
        if (!seen.has(w)) {
          seen.add(w);
          found.push(w);
        }
    hops.push(found);
    frontier = found;
  }
  return hops;
}

const khop = (where: string, post: string) => `CREATE QUERY q(VERTEX<V> seed, INT k) FOR GRAPH g {
  OrAccum @seen; SumAccum<INT> @depth; SumAccum<INT> @@reads; ListAccum<INT> @@sizes;
  INT hop = 0;
  F = {seed};
  F = SELECT s FROM F:s POST-ACCUM s.@seen = TRUE;
  WHILE F.size() > 0 LIMIT k DO
    hop = hop + 1;
    F = SELECT t FROM F:s -(E:e)- V:t WHERE ${where} POST-ACCUM ${post};
    @@sizes += F.size();
  END;
  All = {V.*};
  R = SELECT v FROM All:v WHERE v.@seen;
  PRINT @@sizes AS sizes, @@reads AS reads;
  PRINT R[R.@depth AS depth];
}`;

const idiom = khop('t.@seen == FALSE', 't.@seen = TRUE, t.@depth = hop');

async function both(text: string) {
  if (!fx) throw new Error('no fixture');
  const generated = compileText(fx, text, undefined, { generatedCode: true });
  const closures = compileText(fx, text, undefined, { generatedCode: false });
  const ctx = { graph: fx.engine.graph, engine: fx.engine };
  return {
    generated,
    closures,
    run: async (args: Record<string, unknown>) => {
      const a = await generated.run(args, ctx);
      const b = await closures.run(args, ctx);
      expect(a.results).toEqual(b.results);
      return a.results;
    },
  };
}

type Depths = { v_id: string; attributes: { depth: number } }[];

describe('the visited-flag idiom', () => {
  for (const directed of [true, false])
    it(`answers as a breadth-first search, run after run (${directed ? 'directed' : 'undirected'})`, async () => {
      const n = 60;
      const edges = randomEdges(n, 150, directed ? 7 : 11);
      fx = await openFixture(plainCatalog(directed), 'g', plainData(n, edges));
      const q = await both(idiom);
      expect(q.generated.visitFlags).toBe(1);
      expect(q.closures.visitFlags).toBe(0);
      // One compiled query, many runs: each starts from cleared flags (pooled columns reset).
      for (const [seed, k] of [
        [0, 3],
        [5, 1],
        [0, 3],
        [17, 6],
        [42, 2],
      ] as const) {
        const want = bfs(n, edges, directed, seed, k);
        const [first, second] = await q.run({ seed: `v${seed}`, k });
        const sizes = want.map((h) => h.length);
        // The loop stops after a hop that finds nothing (F.size() == 0 ends the WHILE).
        expect((first as { sizes: number[] }).sizes).toEqual(sizes);
        const depth = new Map<number, number>([[seed, 0]]);
        want.forEach((h, i) => h.forEach((v) => depth.set(v, i + 1)));
        const got = new Map(
          ((second as { R: Depths }).R ?? []).map((r) => [
            Number(r.v_id.slice(1)),
            r.attributes.depth,
          ]),
        );
        expect(got).toEqual(depth);
      }
    });

  it('takes the other spellings of the test and the assignment', async () => {
    const n = 30;
    const edges = randomEdges(n, 70, 3);
    fx = await openFixture(plainCatalog(true), 'g', plainData(n, edges));
    for (const [where, post] of [
      ['NOT t.@seen', 't.@seen += TRUE'],
      ['t.@seen != TRUE', 't.@depth = hop, t.@seen = TRUE'],
      ['FALSE == t.@seen', '@@reads += 0, t.@seen = TRUE'],
    ] as const) {
      const q = await both(khop(where, post));
      expect(q.generated.visitFlags, where).toBe(1);
      const [first] = await q.run({ seed: 'v1', k: 4 });
      expect((first as { sizes: number[] }).sizes).toEqual(
        bfs(n, edges, true, 1, 4).map((h) => h.length),
      );
    }
  });

  it('is not taken when something else could see the flag early, and answers the same', async () => {
    const n = 30;
    const edges = randomEdges(n, 70, 5);
    fx = await openFixture(plainCatalog(true), 'g', plainData(n, edges));
    const others = [
      // Another POST-ACCUM statement reads the flag before the assignment: it must see FALSE.
      khop('t.@seen == FALSE', '@@reads += (CASE WHEN t.@seen THEN 1 ELSE 0 END), t.@seen = TRUE'),
      // An ACCUM sees every row, repeats included.
      khop('t.@seen == FALSE', 't.@seen = TRUE').replace(
        'FALSE POST-ACCUM',
        'FALSE ACCUM @@reads += 1 POST-ACCUM',
      ),
      // More to the WHERE than the flag.
      khop('t.@seen == FALSE AND t.label % 3 != 0', 't.@seen = TRUE'),
      // The assignment is conditional.
      khop('t.@seen == FALSE', 'IF t.label > 4 THEN t.@seen = TRUE END'),
      // The flag is set on another alias.
      khop('t.@seen == FALSE', 's.@seen = TRUE'),
    ];
    for (const text of others) {
      const q = await both(text);
      expect(q.generated.visitFlags, text).toBe(0);
      await q.run({ seed: 'v2', k: 4 });
    }
    // The first of them counts no read that saw TRUE.
    const first = await both(others[0] as string);
    const [out] = await first.run({ seed: 'v2', k: 4 });
    expect((out as { reads: number }).reads).toBe(0);
  });
});
