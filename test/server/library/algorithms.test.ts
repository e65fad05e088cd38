// Every template of the library run over HTTP (GraphClient.runTemplate, the path the faces use)
// on seeded random graphs, compared with the plain TypeScript references in reference.ts.
// FLOAT results (kept in single precision, as the real service does) within a relative 1e-5,
// DOUBLE results within 1e-9; never tighter than the 5-decimal rounding PRINT applies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  graphCases,
  index,
  loadCase,
  startLibraryServer,
  type LibraryServer,
  type LoadedGraph,
} from './helpers.js';
import {
  adjacency,
  bfsLevels,
  closeness,
  commonNeighbors,
  components,
  coreNumbers,
  jaccard,
  pagerank,
  triangles,
} from '../../helpers/graph-reference.js';
import { printRounding } from '../../../src/server/engine/query/output.js';

let lib: LibraryServer;
const loaded: LoadedGraph[] = [];

beforeAll(async () => {
  lib = await startLibraryServer();
  for (const [i, g] of graphCases(6, 20261122).entries())
    loaded.push(await loadCase(lib.client, i, g));
}, 60_000);
afterAll(async () => {
  await lib?.close();
});

type Row = { v_id: string; v_type: string; attributes: Record<string, unknown> };
type Scored = { Vertex_ID: string; score: number };

async function run(L: LoadedGraph, name: string, params: Record<string, unknown>) {
  const answer = (await lib.client.runTemplate(`GDBMS_ALGO.${name}`, params, {
    graph: L.graph,
  })) as { results: Record<string, unknown>[]; generatedQueryName: string; error: boolean };
  expect(answer.error).toBe(false);
  return answer.results;
}

function close(actual: number, expected: number, rel: number): void {
  const tol = Math.max(rel * Math.max(1, Math.abs(expected)), printRounding(expected));
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(tol);
}

const byVertex = (rows: Row[], key: string) =>
  new Map(rows.map((r) => [index(r.v_id), r.attributes[key]]));
const reached = (levels: number[]) =>
  new Map(levels.flatMap((d, v) => (d >= 0 ? [[v, d] as [number, number]] : [])));

describe('centrality', () => {
  it('pagerank: the top scores heap, highest first, as the library computes them', async () => {
    for (const L of loaded) {
      const [out] = await run(L, 'centrality.pagerank', { v_type: L.V, e_type: L.D, top_k: 1000 });
      const heap = (out as { '@@top_scores_heap': Scored[] })['@@top_scores_heap'];
      const want = pagerank(adjacency(L.g.n, L.g.directed, true), 25, 0.85, 0.001);
      expect(heap).toHaveLength(L.g.n);
      for (const row of heap) close(row.score, want[index(row.Vertex_ID)] as number, 1e-5);
      const scores = heap.map((r) => r.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
  });

  it('pagerank: top_k caps the heap; print_results false prints nothing', async () => {
    const L = loaded[0] as LoadedGraph;
    const [out] = await run(L, 'centrality.pagerank', { v_type: L.V, e_type: L.D, top_k: 1 });
    expect((out as { '@@top_scores_heap': Scored[] })['@@top_scores_heap']).toHaveLength(1);
    const none = await run(L, 'centrality.pagerank', {
      v_type: L.V,
      e_type: L.D,
      print_results: false,
    });
    expect(none).toEqual([]);
  });

  it('degree_cent: in-degree on the reverse edge, out-degree on the edge, normalised', async () => {
    for (const L of loaded) {
      const [out] = await run(L, 'centrality.degree_cent', {
        v_type_set: [L.V],
        e_type_set: [L.D],
        reverse_e_type_set: [L.Drev],
        top_k: 1000,
      });
      const rows = (out as { top_scores: Scored[] }).top_scores;
      const outs = adjacency(L.g.n, L.g.directed, true).map((l) => l.length);
      const ins = adjacency(
        L.g.n,
        L.g.directed.map(([a, b]) => [b, a] as const),
        true,
      ).map((l) => l.length);
      expect(rows).toHaveLength(L.g.n);
      for (const row of rows) {
        const v = index(row.Vertex_ID);
        close(row.score, ((ins[v] ?? 0) + (outs[v] ?? 0)) / (L.g.n - 1), 1e-5);
      }
    }
  });

  it('degree_cent: out-degree only, not normalised, on the undirected edge', async () => {
    const L = loaded[1] as LoadedGraph;
    const [out] = await run(L, 'centrality.degree_cent', {
      v_type_set: [L.V],
      e_type_set: [L.E],
      reverse_e_type_set: [],
      in_degree: false,
      normalize: false,
      top_k: 1000,
    });
    const adj = adjacency(L.g.n, L.g.undirected, false);
    for (const row of (out as { top_scores: Scored[] }).top_scores)
      expect(row.score).toBe(adj[index(row.Vertex_ID)]?.length);
  });

  it('closeness_cent: reached / distance sum with the Wasserman-Faust factor, and without', async () => {
    for (const L of loaded) {
      const adj = adjacency(L.g.n, L.g.undirected, false);
      for (const wf of [true, false]) {
        const [out] = await run(L, 'centrality.closeness_cent', {
          v_type_set: [L.V],
          e_type_set: [L.E],
          max_hops: 100,
          top_k: 1000,
          wf,
        });
        const want = closeness(adj, wf);
        for (const row of (out as { top_scores: Scored[] }).top_scores)
          close(row.score, want[index(row.Vertex_ID)] as number, 1e-9);
      }
    }
  });
});

describe('path', () => {
  it('bfs: the level of every reached vertex, with v_start given as id plus .type', async () => {
    for (const L of loaded) {
      const [out] = await run(L, 'path.bfs', {
        v_type_set: [L.V],
        e_type_set: [L.E],
        v_start: 'v0',
        'v_start.type': L.V,
        max_hops: 100,
      });
      const rows = (out as { Reached: Row[] }).Reached;
      const want = bfsLevels(adjacency(L.g.n, L.g.undirected, false), 0);
      expect(byVertex(rows, 'Reached.@level')).toEqual(reached(want));
    }
  });

  it('bfs: max_hops bounds the search', async () => {
    const L = loaded[2] as LoadedGraph;
    const [out] = await run(L, 'path.bfs', {
      v_type_set: [L.V],
      e_type_set: [L.E],
      v_start: { id: 'v0', type: L.V },
      max_hops: 1,
    });
    const want = bfsLevels(adjacency(L.g.n, L.g.undirected, false), 0, 1);
    expect(byVertex((out as { Reached: Row[] }).Reached, 'Reached.@level')).toEqual(reached(want));
  });

  it('shortest_ss_no_wt: distances and one valid shortest path per reached vertex', async () => {
    for (const L of loaded) {
      const [out] = await run(L, 'path.shortest_ss_no_wt', {
        source: { id: 'v0', type: L.V },
        v_type_set: [L.V],
        e_type_set: [L.D],
      });
      const rows = (out as { ResultSet: Row[] }).ResultSet;
      const adj = adjacency(L.g.n, L.g.directed, true);
      const want = bfsLevels(adj, 0);
      expect(byVertex(rows, 'Done.@min_dis')).toEqual(reached(want));
      for (const row of rows) {
        const path = (row.attributes['Done.@path_list'] as string[]).map(index);
        expect(path).toHaveLength((want[index(row.v_id)] ?? 0) + 1);
        expect(path[0]).toBe(0);
        expect(path.at(-1)).toBe(index(row.v_id));
        for (let k = 1; k < path.length; k++) expect(adj[path[k - 1] as number]).toContain(path[k]);
      }
    }
  });
});

describe('community', () => {
  it('wcc: the same partition as the reference, with component sizes', async () => {
    for (const L of loaded) {
      const [head, labels] = await run(L, 'community.wcc', {
        v_type_set: [L.V],
        e_type_set: [L.E],
      });
      const want = components(adjacency(L.g.n, L.g.undirected, false));
      const got = byVertex((labels as { Start: Row[] }).Start, 'Start.@min_cc_id');
      for (let a = 0; a < L.g.n; a++)
        for (let b = 0; b < L.g.n; b++) expect(got.get(a) === got.get(b)).toBe(want[a] === want[b]);
      const sizes = (head as { comp_sizes: Record<string, number> }).comp_sizes;
      expect((head as { num_components: number }).num_components).toBe(new Set(want).size);
      expect(Object.values(sizes).sort()).toEqual(
        [...new Set(want)].map((c) => want.filter((x) => x === c).length).sort(),
      );
    }
  });

  it('tri_count: the number of triangles', async () => {
    for (const L of loaded) {
      const out = await run(L, 'community.tri_count', { v_type: L.V, e_type: L.E });
      expect(out).toEqual([{ num_triangles: triangles(L.g.n, L.g.undirected) }]);
    }
  });

  it('kcore: every core number, the largest k, and the k_min filter', async () => {
    for (const L of loaded) {
      const want = coreNumbers(adjacency(L.g.n, L.g.undirected, false));
      const [out] = await run(L, 'community.kcore', { v_type: L.V, e_type: L.E });
      const res = out as { max_k: number; cores: Row[] };
      expect(byVertex(res.cores, 'result.@core')).toEqual(new Map(want.map((k, v) => [v, k])));
      expect(res.max_k).toBe(Math.max(...want));
      const [top] = await run(L, 'community.kcore', { v_type: L.V, e_type: L.E, k_min: 2 });
      const kept = [...byVertex((top as { cores: Row[] }).cores, 'result.@core').keys()].sort(
        (a, b) => a - b,
      );
      expect(kept).toEqual(want.flatMap((k, v) => (k >= 2 ? [v] : [])));
    }
  });
});

describe('similarity and link prediction', () => {
  it('jaccard_nbor_ss: similarity of v0 with every vertex two hops away, highest first', async () => {
    for (const L of loaded) {
      const adj = adjacency(L.g.n, L.g.undirected, false);
      const [out] = await run(L, 'similarity.jaccard_nbor_ss', {
        source: { id: 'v0', type: L.V },
        e_type: L.E,
        reverse_e_type: L.E,
        top_k: 1000,
      });
      const rows = (out as { Others: Row[] }).Others;
      const got = byVertex(rows, 'Others.@sum_similarity');
      for (let t = 1; t < L.g.n; t++) {
        const want = jaccard(adj, 0, t);
        if (want === 0) expect(got.has(t)).toBe(false);
        else close(got.get(t) as number, want, 1e-9);
      }
      const scores = rows.map((r) => r.attributes['Others.@sum_similarity'] as number);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
  });

  it('common_neighbors: the number of shared neighbours of two vertices', async () => {
    for (const L of loaded) {
      const adj = adjacency(L.g.n, L.g.undirected, false);
      const out = await run(L, 'topological_link_prediction.common_neighbors', {
        v_source: { id: 'v0', type: L.V },
        v_target: { id: 'v1', type: L.V },
        e_type_set: [L.E],
      });
      expect(out).toEqual([{ num_common_neighbors: commonNeighbors(adj, 0, 1) }]);
    }
  });
});
