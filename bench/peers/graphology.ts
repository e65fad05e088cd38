// graphology peer: a DirectedGraph built from the CSV; k-hop by BFS over forEachOutNeighbor,
// tg_pagerank written against graphology's API, path lengths by graphology-shortest-path's
// bidirectional search. graphology-metrics' own pagerank is timed as an extra row: it computes
// the textbook definition (sums to 1, redistributes dangling mass, runs to convergence), so its
// checksum is not comparable.
import { DirectedGraph } from 'graphology';
import pagerankModule from 'graphology-metrics/centrality/pagerank.js';
import { bidirectional } from 'graphology-shortest-path/unweighted.js';
import { readEdgeList, type Dataset } from '../data/generate.js';
import { describe, pagerankChecksum } from '../lib/checksum.js';
import type { Peer } from './peer.js';

/** The CommonJS module's export is the function itself (its typings say `default`). */
const pagerank = pagerankModule as unknown as (
  graph: DirectedGraph,
  options: { alpha: number; getEdgeWeight: null },
) => Record<string, number>;

export function graphologyPeer(): Peer {
  let g: DirectedGraph | undefined;
  const graph = () => {
    if (!g) throw new Error('graphology: not loaded');
    return g;
  };
  return {
    name: 'graphology',
    unsupported: {},
    load(ds: Dataset) {
      const list = readEdgeList(ds.csvPath);
      const built = new DirectedGraph({ multi: false, allowSelfLoops: false });
      for (let i = 0; i < list.src.length; i++) {
        const s = String(list.src[i]);
        const t = String(list.dst[i]);
        if (!built.hasNode(s)) built.addNode(s);
        if (!built.hasNode(t)) built.addNode(t);
        built.addDirectedEdge(s, t);
      }
      g = built;
      return Promise.resolve();
    },
    khop(seeds, k) {
      const gr = graph();
      return Promise.resolve(
        seeds.map((seed) => {
          const start = String(seed);
          if (!gr.hasNode(start)) return 0;
          const visited = new Set<string>([start]);
          let frontier = [start];
          for (let hop = 0; hop < k && frontier.length > 0; hop++) {
            const next: string[] = [];
            for (const v of frontier) {
              gr.forEachOutNeighbor(v, (w) => {
                if (!visited.has(w)) {
                  visited.add(w);
                  next.push(w);
                }
              });
            }
            frontier = next;
          }
          return visited.size - 1;
        }),
      );
    },
    pagerank(iterations, damping) {
      const gr = graph();
      const nodes = gr.nodes();
      let score = new Map<string, number>(nodes.map((v) => [v, 1]));
      for (let it = 0; it < iterations; it++) {
        const received = new Map<string, number>();
        gr.forEachNode((s) => {
          const out = gr.outDegree(s);
          if (out === 0) return;
          const share = (score.get(s) ?? 0) / out;
          gr.forEachOutNeighbor(s, (t) => received.set(t, (received.get(t) ?? 0) + share));
        });
        const next = new Map<string, number>();
        for (const v of nodes) {
          next.set(
            v,
            gr.outDegree(v) === 0
              ? (score.get(v) ?? 0)
              : 1 - damping + damping * (received.get(v) ?? 0),
          );
        }
        score = next;
      }
      return Promise.resolve({
        ids: nodes.map(Number),
        scores: nodes.map((v) => score.get(v) ?? 0),
      });
    },
    shortest(pairs) {
      const gr = graph();
      return Promise.resolve(
        pairs.map(([a, b]) => {
          const s = String(a);
          const t = String(b);
          if (!gr.hasNode(s) || !gr.hasNode(t)) return -1;
          const path = bidirectional(gr, s, t);
          return path === null ? -1 : path.length - 1;
        }),
      );
    },
    extras: [
      {
        workload: 'pagerank',
        system: 'graphology-metrics pagerank',
        note:
          'library pagerank: textbook definition (scores sum to 1, dangling mass redistributed), ' +
          'runs to convergence (tolerance 1e-6; it throws when capped at 10 iterations): ' +
          'checksum not comparable with tg_pagerank',
        run() {
          const gr = graph();
          const ranks = pagerank(gr, { alpha: 0.85, getEdgeWeight: null });
          const ids = Object.keys(ranks);
          return Promise.resolve(
            describe(
              pagerankChecksum(
                ids.map(Number),
                ids.map((v) => ranks[v] ?? 0),
              ),
            ),
          );
        },
      },
    ],
    close() {
      g = undefined;
      return Promise.resolve();
    },
  };
}
