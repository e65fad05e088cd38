// Conformance: real-world-shaped queries, written here in the algorithm library's style (type
// names as STRING / SET<STRING> parameters, FILE with an empty path, tuples in HeapAccum,
// MapAccum values, WHILE ... LIMIT, prime, set operations), on generated graphs, compared with
// plain TypeScript reference implementations. DOUBLE results within 1e-9; FLOAT results (kept in
// single precision, as the real service does) within a relative 1e-5; never tighter than the
// 5-decimal rounding PRINT applies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adjacency,
  bfsLevels,
  components,
  coreNumbers,
  pagerank,
  simpleGraphs,
  triangles,
} from '../../../helpers/graph-reference.js';
import { openFixture, plainCatalog, plainData, runText, type Fixture } from './fixtures.js';
import { printRounding } from '../../../../src/server/engine/query/output.js';

interface GraphCase {
  readonly n: number;
  readonly edges: readonly (readonly [number, number])[];
}

const undirected: GraphCase[] = simpleGraphs(false, 20260101);
const directed: GraphCase[] = simpleGraphs(true, 20260202);
const fixturesU: Fixture[] = [];
const fixturesD: Fixture[] = [];

beforeAll(async () => {
  for (const g of undirected)
    fixturesU.push(await openFixture(plainCatalog(false), 'g', plainData(g.n, g.edges)));
  for (const g of directed)
    fixturesD.push(await openFixture(plainCatalog(true), 'g', plainData(g.n, g.edges)));
});
afterAll(async () => {
  for (const f of [...fixturesU, ...fixturesD]) await f.close();
});

// ------------------------------------------------------------------ references

const adjacencyOf = (g: GraphCase, directedEdges: boolean) =>
  adjacency(g.n, g.edges, directedEdges);

/** The library's PageRank on a generated directed graph (see graph-reference.ts). */
const pagerankOf = (g: GraphCase, iterations: number, damping: number, maxChange = -1) =>
  pagerank(adjacencyOf(g, true), iterations, damping, maxChange);

// ------------------------------------------------------------------ helpers

type VertexRow = { v_id: string; attributes: Record<string, unknown> };
const index = (id: string): number => Number(id.slice(1));
function byVertex(rows: VertexRow[], key: string): Map<number, unknown> {
  return new Map(rows.map((r) => [index(r.v_id), r.attributes[key]]));
}
function close(actual: number, expected: number, rel: number): void {
  const tol = Math.max(rel * Math.max(1, Math.abs(expected)), printRounding(expected));
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(tol);
}

const OWN_PAGERANK = `CREATE QUERY pr(STRING v_type, STRING e_type, INT iterations = 10, DOUBLE damping = 0.85) FOR GRAPH g {
  SumAccum<DOUBLE> @recv = 0;
  SumAccum<DOUBLE> @score = 1;
  MaxAccum<DOUBLE> @@max_diff = 9999;
  FILE f ("");
  Start = {v_type};
  WHILE TRUE LIMIT iterations DO
    @@max_diff = 0;
    V = SELECT s FROM Start:s -(e_type:e)- v_type:t
        ACCUM t.@recv += s.@score / s.outdegree(e_type)
        POST-ACCUM s.@score = (1.0 - damping) + damping * s.@recv,
                   s.@recv = 0,
                   @@max_diff += abs(s.@score - s.@score');
  END;
  f.println("done");
  PRINT Start[Start.@score];
}`;

const OWN_KCORE = `CREATE QUERY kcore(STRING v_type, STRING e_type) FOR GRAPH g {
  SumAccum<INT> @deg;
  MaxAccum<INT> @core;
  INT k = 0;
  active = {v_type};
  active = SELECT v FROM active:v POST-ACCUM v.@deg += v.outdegree(e_type);
  WHILE active.size() > 0 DO
    peel = SELECT v FROM active:v WHERE v.@deg <= k;
    IF peel.size() == 0 THEN
      k = k + 1;
      CONTINUE;
    END;
    peel = SELECT v FROM peel:v POST-ACCUM v.@core += k;
    active = active MINUS peel;
    U = SELECT u FROM peel:v -(e_type:e)- :u ACCUM u.@deg += -1;
  END;
  all = {v_type};
  PRINT all[all.@core] AS cores;
}`;

const OWN_CLOSENESS = `CREATE QUERY closeness(STRING v_type, STRING e_type) FOR GRAPH g {
  OrAccum @seen;
  SumAccum<INT> @@dist_sum;
  SumAccum<INT> @@reached;
  MapAccum<VERTEX, DOUBLE> @@score;
  INT d;
  all = {v_type};
  FOREACH src IN all DO
    Frontier = {src};
    Reset = SELECT v FROM all:v POST-ACCUM v.@seen = FALSE;
    Frontier = SELECT v FROM Frontier:v POST-ACCUM v.@seen = TRUE;
    @@dist_sum = 0; @@reached = 0; d = 0;
    WHILE Frontier.size() > 0 DO
      d = d + 1;
      Frontier = SELECT t FROM Frontier:s -(e_type)- :t WHERE NOT t.@seen
                 POST-ACCUM t.@seen = TRUE, @@dist_sum += d, @@reached += 1;
    END;
    IF @@dist_sum > 0 THEN
      @@score += (src -> @@reached * 1.0 / @@dist_sum);
    ELSE
      @@score += (src -> 0.0);
    END;
  END;
  PRINT @@score;
}`;

// ------------------------------------------------------------------ tests

describe('own queries in the library style (DOUBLE, within 1e-9)', () => {
  it('PageRank, 10 iterations', async () => {
    for (const [i, g] of directed.entries()) {
      const out = await runText(fixturesD[i] as Fixture, OWN_PAGERANK, {
        v_type: 'V',
        e_type: 'E',
      });
      const got = byVertex((out.results[0] as { Start: VertexRow[] }).Start, 'Start.@score');
      const want = pagerankOf(g, 10, 0.85);
      want.forEach((x, v) => close(got.get(v) as number, x, 1e-9));
    }
  });

  it('k-core numbers', async () => {
    for (const [i, g] of undirected.entries()) {
      const out = await runText(fixturesU[i] as Fixture, OWN_KCORE, { v_type: 'V', e_type: 'E' });
      const got = byVertex((out.results[0] as { cores: VertexRow[] }).cores, 'all.@core');
      const want = coreNumbers(adjacencyOf(g, false));
      expect([...got.entries()].sort((a, b) => a[0] - b[0]).map((x) => x[1])).toEqual(want);
    }
  });

  it('closeness (reached / sum of distances), a FOREACH over a vertex set with a WHILE BFS inside', async () => {
    for (const [i, g] of undirected.entries()) {
      const out = await runText(fixturesU[i] as Fixture, OWN_CLOSENESS, {
        v_type: 'V',
        e_type: 'E',
      });
      const got = (out.results[0] as { '@@score': Record<string, number> })['@@score'];
      const adj = adjacencyOf(g, false);
      for (let v = 0; v < g.n; v++) {
        const d = bfsLevels(adj, v).filter((x) => x > 0);
        const sum = d.reduce((a, b) => a + b, 0);
        close(got[`v${v}`] as number, sum > 0 ? d.length / sum : 0, 1e-9);
      }
    }
  });
});

const FLOAT_PAGERANK = `CREATE QUERY pagerank_top(STRING v_type, STRING e_type, FLOAT max_change = 0.001,
    INT maximum_iteration = 10, FLOAT damping = 0.85, INT top_k = 100, STRING file_path = "") FOR GRAPH g {
  TYPEDEF TUPLE<VERTEX vertex_id, FLOAT score> VertexScore;
  HeapAccum<VertexScore>(top_k, score DESC) @@top;
  MaxAccum<FLOAT> @@max_diff = 9999;
  SumAccum<FLOAT> @received = 0;
  SumAccum<FLOAT> @score = 1;
  FILE f (file_path);
  Start = {v_type};
  WHILE @@max_diff > max_change LIMIT maximum_iteration DO
    @@max_diff = 0;
    V = SELECT s FROM Start:s -(e_type:e)- v_type:t
        ACCUM t.@received += s.@score / s.outdegree(e_type)
        POST-ACCUM s.@score = (1.0 - damping) + damping * s.@received,
                   s.@received = 0,
                   @@max_diff += abs(s.@score - s.@score');
  END;
  V = SELECT s FROM Start:s
      POST-ACCUM @@top += VertexScore(s, s.@score),
                 IF file_path != "" THEN f.println(s, s.@score) END;
  PRINT @@top AS top_scores;
}`;

const BFS = `CREATE QUERY bfs_levels(SET<STRING> v_type_set, SET<STRING> e_type_set, VERTEX v_start,
    INT max_hops = 10, BOOL display_edges = FALSE) FOR GRAPH g {
  SumAccum<INT> @@level;
  SumAccum<INT> @level;
  OrAccum @seen;
  SetAccum<EDGE> @@edges;
  Frontier = {v_start};
  Frontier = SELECT s FROM Frontier:s POST-ACCUM s.@seen += TRUE;
  WHILE Frontier.size() > 0 LIMIT max_hops DO
    @@level += 1;
    Frontier = SELECT t FROM Frontier:s -(e_type_set:e)- v_type_set:t
               WHERE t.@seen == FALSE
               ACCUM IF display_edges THEN @@edges += e END
               POST-ACCUM t.@seen += TRUE, t.@level = @@level;
  END;
  Reached = {v_type_set};
  Reached = SELECT s FROM Reached:s WHERE s.@seen;
  PRINT Reached[Reached.@level];
}`;

const WCC = `CREATE QUERY components(SET<STRING> v_type_set, SET<STRING> e_type_set) FOR GRAPH g {
  MinAccum<INT> @cc;
  MapAccum<INT, INT> @@sizes;
  Changed = {v_type_set};
  Changed = SELECT x FROM Changed:x POST-ACCUM x.@cc = getvid(x);
  WHILE Changed.size() > 0 DO
    Changed = SELECT t FROM Changed:s -(e_type_set:e)- v_type_set:t
              ACCUM t.@cc += s.@cc
              HAVING t.@cc != t.@cc';
  END;
  All = {v_type_set};
  All = SELECT s FROM All:s POST-ACCUM @@sizes += (s.@cc -> 1);
  PRINT All[All.@cc], @@sizes AS sizes;
}`;

const TRIANGLES = `CREATE QUERY triangles(STRING v_type, STRING e_type) FOR GRAPH g {
  SetAccum<VERTEX> @nbrs;
  SumAccum<INT> @@count;
  All = {v_type};
  All = SELECT s FROM All:s -(e_type:e)- v_type:t ACCUM s.@nbrs += t;
  Pairs = SELECT s FROM All:s -(e_type:e)- v_type:t
          WHERE getvid(s) < getvid(t)
          ACCUM @@count += COUNT(s.@nbrs INTERSECT t.@nbrs);
  PRINT @@count / 3 AS triangles;
}`;

const SHORTEST = `CREATE QUERY shortest_paths(VERTEX source, SET<STRING> v_type_set, SET<STRING> e_type_set) FOR GRAPH g {
  MinAccum<INT> @dist;
  OrAccum @seen;
  ListAccum<VERTEX> @path;
  Frontier = {source};
  Frontier = SELECT s FROM Frontier:s ACCUM s.@seen += TRUE, s.@dist = 0, s.@path = s;
  Done = {source};
  WHILE Frontier.size() > 0 DO
    Frontier = SELECT t FROM Frontier:s -(e_type_set:e)- v_type_set:t
               WHERE t.@seen == FALSE
               ACCUM t.@dist += s.@dist + 1, t.@path = s.@path + [t], t.@seen += TRUE
               ORDER BY getvid(t);
    Done = Done UNION Frontier;
  END;
  PRINT Done[Done.@dist, Done.@path];
}`;

const DEGREE = `CREATE QUERY degrees(SET<STRING> v_type_set, SET<STRING> e_type_set, SET<STRING> reverse_e_type_set,
    INT top_k = 100) FOR GRAPH g {
  TYPEDEF TUPLE<VERTEX vertex_id, DOUBLE score> VertexScore;
  HeapAccum<VertexScore>(top_k, score DESC) @@top;
  SumAccum<DOUBLE> @degree;
  All = {v_type_set};
  All = SELECT s FROM All:s
        ACCUM s.@degree += s.outdegree(reverse_e_type_set), s.@degree += s.outdegree(e_type_set)
        POST-ACCUM s.@degree = s.@degree / (All.size() - 1), @@top += VertexScore(s, s.@degree);
  PRINT @@top AS top_scores;
}`;

const JACCARD = `CREATE QUERY jaccard_from(VERTEX source, STRING e_type, INT top_k = 100) FOR GRAPH g {
  SumAccum<INT> @common, @@source_size, @size;
  SumAccum<DOUBLE> @similarity;
  Source (ANY) = {source};
  Source = SELECT s FROM Source:s ACCUM @@source_size += s.outdegree(e_type);
  Middle = SELECT t FROM Source:s -(e_type:e)- :t;
  Others = SELECT t FROM Middle:m -(e_type:e)- :t
           WHERE t != source
           ACCUM t.@common += 1, t.@size = t.outdegree(e_type)
           POST-ACCUM t.@similarity = t.@common * 1.0 / (@@source_size + t.@size - t.@common)
           ORDER BY t.@similarity DESC
           LIMIT top_k;
  PRINT Others[Others.@similarity];
}`;

const COMMON = `CREATE QUERY common_neighbors(VERTEX a, VERTEX b, SET<STRING> e_type_set) FOR GRAPH g {
  A = {a};
  B = {b};
  NA = SELECT t FROM A:s -(e_type_set:e)- :t;
  NB = SELECT t FROM B:s -(e_type_set:e)- :t;
  Both = NA INTERSECT NB;
  PRINT Both.size() AS common;
}`;

const v0 = { id: 'v0', type: 'V' };

describe('graph algorithms in the library style', () => {
  it('PageRank with FLOAT accumulators and a top-k HeapAccum of tuples, within 1e-5', async () => {
    for (const [i, g] of directed.entries()) {
      const out = await runText(fixturesD[i] as Fixture, FLOAT_PAGERANK, {
        v_type: 'V',
        e_type: 'E',
        top_k: 1000,
      });
      const heap = (out.results[0] as { top_scores: { vertex_id: string; score: number }[] })
        .top_scores;
      const want = pagerankOf(g, 10, 0.85, 0.001);
      expect(heap).toHaveLength(g.n);
      for (const row of heap) close(row.score, want[index(row.vertex_id)] as number, 1e-5);
      for (let k = 1; k < heap.length; k++)
        expect((heap[k - 1] as { score: number }).score).toBeGreaterThanOrEqual(
          (heap[k] as { score: number }).score,
        );
    }
  });

  it('BFS levels', async () => {
    for (const [i, g] of undirected.entries()) {
      const out = await runText(fixturesU[i] as Fixture, BFS, {
        v_type_set: ['V'],
        e_type_set: ['E'],
        v_start: v0,
        max_hops: 100,
      });
      const got = byVertex((out.results[0] as { Reached: VertexRow[] }).Reached, 'Reached.@level');
      const want = bfsLevels(adjacencyOf(g, false), 0);
      expect(got).toEqual(
        new Map(want.flatMap((d, v) => (d >= 0 ? [[v, d] as [number, number]] : []))),
      );
    }
  });

  it('weakly connected components', async () => {
    for (const [i, g] of undirected.entries()) {
      const out = await runText(fixturesU[i] as Fixture, WCC, {
        v_type_set: ['V'],
        e_type_set: ['E'],
      });
      const res = out.results[0] as { All: VertexRow[]; sizes: Record<string, number> };
      const got = byVertex(res.All, 'All.@cc');
      const want = components(adjacencyOf(g, false));
      for (let a = 0; a < g.n; a++)
        for (let b = 0; b < g.n; b++) expect(got.get(a) === got.get(b)).toBe(want[a] === want[b]);
      expect(Object.keys(res.sizes)).toHaveLength(new Set(want).size);
    }
  });

  it('triangle count', async () => {
    for (const [i, g] of undirected.entries()) {
      const out = await runText(fixturesU[i] as Fixture, TRIANGLES, { v_type: 'V', e_type: 'E' });
      expect(out.results).toEqual([{ triangles: triangles(g.n, g.edges) }]);
    }
  });

  it('unweighted shortest path lengths and one shortest path each', async () => {
    for (const [i, g] of undirected.entries()) {
      const out = await runText(fixturesU[i] as Fixture, SHORTEST, {
        source: v0,
        v_type_set: ['V'],
        e_type_set: ['E'],
      });
      const rows = (out.results[0] as { Done: VertexRow[] }).Done;
      const adj = adjacencyOf(g, false).map((l) => new Set(l));
      const want = bfsLevels(adjacencyOf(g, false), 0);
      expect(byVertex(rows, 'Done.@dist')).toEqual(
        new Map(want.flatMap((d, v) => (d >= 0 ? [[v, d] as [number, number]] : []))),
      );
      for (const row of rows) {
        const path = (row.attributes['Done.@path'] as string[]).map(index);
        expect(path).toHaveLength((want[index(row.v_id)] ?? 0) + 1);
        expect(path[0]).toBe(0);
        expect(path.at(-1)).toBe(index(row.v_id));
        for (let k = 1; k < path.length; k++)
          expect(adj[path[k - 1] as number]?.has(path[k] as number)).toBe(true);
      }
    }
  });

  it('degree centrality (in + out, normalised)', async () => {
    for (const [i, g] of undirected.entries()) {
      const out = await runText(fixturesU[i] as Fixture, DEGREE, {
        v_type_set: ['V'],
        e_type_set: ['E'],
        reverse_e_type_set: ['E'],
        top_k: 1000,
      });
      const rows = (out.results[0] as { top_scores: { vertex_id: string; score: number }[] })
        .top_scores;
      const adj = adjacencyOf(g, false);
      expect(rows).toHaveLength(g.n);
      for (const row of rows)
        close(row.score, (2 * (adj[index(row.vertex_id)]?.length ?? 0)) / (g.n - 1), 1e-9);
    }
  });

  it('Jaccard similarity from one vertex, and common neighbours', async () => {
    for (const [i, g] of undirected.entries()) {
      const adj = adjacencyOf(g, false).map((l) => new Set(l));
      const src = adj[0] as Set<number>;
      const out = await runText(fixturesU[i] as Fixture, JACCARD, {
        source: v0,
        e_type: 'E',
        top_k: 1000,
      });
      const rows = (out.results[0] as { Others: VertexRow[] }).Others;
      const got = byVertex(rows, 'Others.@similarity');
      for (let t = 1; t < g.n; t++) {
        const other = adj[t] as Set<number>;
        const inter = [...src].filter((x) => other.has(x)).length;
        if (inter === 0) expect(got.has(t)).toBe(false);
        else close(got.get(t) as number, inter / (src.size + other.size - inter), 1e-9);
      }
      const scores = rows.map((r) => r.attributes['Others.@similarity'] as number);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      const cn = await runText(fixturesU[i] as Fixture, COMMON, {
        a: v0,
        b: { id: 'v1', type: 'V' },
        e_type_set: ['E'],
      });
      const other = adj[1] as Set<number>;
      expect(cn.results).toEqual([{ common: [...src].filter((x) => other.has(x)).length }]);
    }
  });
});
