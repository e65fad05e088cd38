// Early compaction of adjacency deltas (before a query): the traversal sees the same live edges
// from the compact arrays, and what a rebuild reports (pendingEdges, the folded-edge count) does
// not change until a real fold.
import { describe, expect, it } from 'vitest';
import { Adjacency } from '../../../../src/server/engine/graph/adjacency.js';
import { Graph } from '../../../../src/server/engine/graph/graph.js';
import { edgeWalk, forEachStep } from '../../../../src/server/engine/graph/traverse.js';
import type { Mutation } from '../../../../src/server/engine/mutations.js';
import { socialCatalog } from '../fixtures.js';

function edge(t: string, f: string, to: string, tt = 'person'): Mutation {
  return { k: 'e', t, ft: 'person', f, tt, to, u: [], disc: [] };
}

/** people p0..p(n-1); p_i knows p_(i+1) and p_(i+2), likes post i % 7. */
function socialGraph(n: number): Graph {
  const graph = new Graph(socialCatalog());
  for (let i = 0; i < n; i++) {
    graph.apply(edge('knows', `p${i}`, `p${(i + 1) % n}`));
    graph.apply(edge('knows', `p${i}`, `p${(i + 2) % n}`));
    graph.apply(edge('likes', `p${i}`, `post${i % 7}`, 'post'));
  }
  return graph;
}

/** Far ends of every walk from every person, as sorted text (the traversal's view). */
function neighbourhoods(graph: Graph): string[] {
  const person = graph.vertexTable('person');
  const out: string[] = [];
  for (const name of ['knows', 'likes', 'liked_by']) {
    const walk = edgeWalk(graph, name);
    if (!walk || !person) throw new Error(`no walk ${name}`);
    for (let slot = 0; slot < person.slotCount; slot++) {
      const far: string[] = [];
      forEachStep(walk, person.typeIndex, slot, (_e, ft, fs) => far.push(`${ft}:${fs}`));
      out.push(`${name} ${slot}: ${far.sort().join(',')}`);
    }
  }
  return out;
}

describe('early compaction', () => {
  it('keeps every live edge and drops deleted ones', () => {
    const graph = socialGraph(50);
    graph.apply({ k: 'de', t: 'knows', ft: 'person', f: 'p3', tt: 'person', to: 'p4', disc: [] });
    const before = neighbourhoods(graph);
    graph.compactLargeDeltas(1);
    const knows = graph.edgeTable('knows');
    expect(knows?.out.every((adj) => adj.deltaCount === 0 && adj.dead === 0)).toBe(true);
    expect(neighbourhoods(graph)).toEqual(before);
  });

  it('leaves pendingEdges (the rebuild summary) to the real fold', () => {
    const graph = socialGraph(50);
    const pending = graph.pendingEdges;
    expect(pending).toBe(150);
    graph.compactLargeDeltas(1);
    expect(graph.pendingEdges).toBe(pending);
    graph.apply(edge('knows', 'p0', 'p10'));
    expect(graph.pendingEdges).toBe(pending + 1);
    graph.fold();
    expect(graph.pendingEdges).toBe(0);
  });

  it('compacts only deltas of at least minDelta edges and an eighth of the CSR', () => {
    const graph = socialGraph(20);
    graph.compactLargeDeltas(1000);
    expect(graph.edgeTable('knows')?.out.some((adj) => adj.deltaCount > 0)).toBe(true);
    graph.fold();
    graph.apply(edge('knows', 'p0', 'p11'));
    // One new edge against 40 compacted ones: below an eighth, so it stays in the delta.
    graph.compactLargeDeltas(1);
    expect(graph.edgeTable('knows')?.out.some((adj) => adj.deltaCount === 1)).toBe(true);
  });

  it('Adjacency: compact keeps `unfolded`, fold resets it', () => {
    const adj = new Adjacency();
    const alive = new Uint8Array([1, 1, 0, 1]);
    adj.add(0, 0);
    adj.add(1, 1);
    adj.add(1, 2);
    adj.add(2, 3);
    adj.compact(3, alive);
    expect([adj.deltaCount, adj.unfolded, adj.built]).toEqual([0, 4, 3]);
    expect([adj.slots(0), adj.slots(1), adj.slots(2)]).toEqual([[0], [1], [3]]);
    adj.add(0, 2);
    expect(adj.slots(0)).toEqual([0, 2]);
    adj.fold(3, new Uint8Array([1, 1, 1, 1]));
    expect([adj.deltaCount, adj.unfolded]).toEqual([0, 0]);
    expect(adj.slots(0)).toEqual([0, 2]);
  });
});
