// A fold in steps (Graph.foldSteps, which the engine's rebuild runs with the event loop given
// back between steps) leaves exactly the adjacency a fold at once leaves, and has more than one
// step on a graph of more than 64k vertices.
import { describe, expect, it } from 'vitest';
import { Graph } from '../../../../src/server/engine/graph/graph.js';
import type { Mutation } from '../../../../src/server/engine/mutations.js';
import { socialCatalog } from '../fixtures.js';

function edge(t: string, f: string, to: string, tt = 'person'): Mutation {
  return { k: 'e', t, ft: 'person', f, tt, to, u: [], disc: [] };
}

/** people p0..p(n-1); p_i knows p_(i+1) and p_(i*7 % n), likes post i % 5; one edge deleted. */
function graphOf(n: number): Graph {
  const graph = new Graph(socialCatalog());
  for (let i = 0; i < n; i++) {
    graph.apply(edge('knows', `p${i}`, `p${(i + 1) % n}`));
    graph.apply(edge('knows', `p${i}`, `p${(i * 7) % n}`));
    graph.apply(edge('likes', `p${i}`, `post${i % 5}`, 'post'));
  }
  graph.apply({ k: 'de', t: 'knows', ft: 'person', f: 'p3', tt: 'person', to: 'p4', disc: [] });
  return graph;
}

/** Every adjacency's arrays, as plain arrays. */
function adjacency(graph: Graph): unknown[] {
  const out: unknown[] = [];
  for (const [name, table] of graph.edges) {
    for (const [side, list] of [
      ['out', table.out],
      ['in', table.in],
    ] as const) {
      list.forEach((adj, t) => {
        out.push([name, side, t, adj.built, adj.deltaCount, adj.dead, adj.unfolded]);
        out.push([...adj.offsets], [...adj.edges], [...adj.farType], [...adj.far]);
      });
    }
  }
  return out;
}

describe('fold in steps', () => {
  it('leaves the same adjacency as a fold at once, in several steps', () => {
    const n = 70_000;
    const atOnce = graphOf(n);
    const stepped = graphOf(n);
    expect(stepped.pendingEdges).toBe(atOnce.pendingEdges);
    atOnce.fold();
    let steps = 0;
    for (const _ of stepped.foldSteps()) steps++;
    expect(steps).toBeGreaterThan(1);
    expect(stepped.pendingEdges).toBe(0);
    expect(adjacency(stepped)).toEqual(adjacency(atOnce));
  }, 60_000);
});
