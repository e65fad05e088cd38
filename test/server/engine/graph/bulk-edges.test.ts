// A bulk load into an edge type with no live edges (graph/bulk-edges.ts) leaves what upserting
// its edges one by one leaves: the same edge slots and attributes (repeats update the edge their
// first made, in input order), the same adjacency per vertex, in order (the out-adjacency taken
// from the settling sort when nothing repeats), and an endpoint index that finds every edge once
// it catches up; a second load on top goes through the index as before.
import { describe, expect, it, vi } from 'vitest';
import {
  emptyCatalog,
  primitive,
  type CatalogData,
} from '../../../../src/server/engine/catalog/types.js';
import { Adjacency } from '../../../../src/server/engine/graph/adjacency.js';
import { Graph } from '../../../../src/server/engine/graph/graph.js';
import { KeyWriter } from '../../../../src/server/engine/keys.js';
import type { Mutation, UpsertEdge } from '../../../../src/server/engine/mutations.js';
import { seededRandom } from '../../../helpers/random.js';

const vertexType = (name: string, id: 'STRING' | 'UINT') => ({
  name,
  primaryId: { name: 'id', type: primitive(id) },
  primaryIdAsAttribute: false,
  compositeKey: [],
  primaryKeySyntax: false,
  attributes: [],
  stats: 'OUTDEGREE_BY_EDGETYPE' as const,
});

const catalog: CatalogData = {
  ...emptyCatalog,
  vertexTypes: [vertexType('a', 'UINT'), vertexType('b', 'STRING')],
  edgeTypes: [
    {
      name: 'w',
      directed: true,
      pairs: [
        { from: 'a', to: 'a' },
        { from: 'a', to: 'b' },
      ],
      attributes: [{ name: 'n', type: primitive('INT') }],
      discriminator: [],
    },
    {
      name: 'u',
      directed: false,
      pairs: [{ from: 'a', to: 'a' }],
      attributes: [],
      discriminator: [],
    },
  ],
  graphs: [{ name: 'g', vertexTypes: ['a', 'b'], edgeTypes: ['w', 'u'] }] as CatalogData['graphs'],
};

/** Edges as single mutations: `count` between `ids` vertices of a (and b when `toB`). */
function edges(
  seed: number,
  type: 'w' | 'u',
  count: number,
  ids: number,
  toB = false,
): UpsertEdge[] {
  const next = seededRandom(seed);
  const out: UpsertEdge[] = [];
  for (let i = 0; i < count; i++) {
    const tt = toB && next() < 0.5 ? 'b' : 'a';
    const to = tt === 'b' ? `b${Math.floor(next() * ids)}` : String(Math.floor(next() * ids));
    const u: [number, '+', number][] = type === 'w' && next() < 0.7 ? [[0, '+', 1 + (i % 5)]] : [];
    out.push({
      k: 'e',
      t: type,
      ft: 'a',
      f: String(Math.floor(next() * ids)),
      tt,
      to,
      u,
      disc: [],
    });
  }
  return out;
}

/** The same edges as batch mutations of `size` (per end type pair, in order). */
function batches(singles: readonly UpsertEdge[], size: number): Mutation[] {
  const out: Mutation[] = [];
  for (let i = 0; i < singles.length;) {
    const first = singles[i] as UpsertEdge;
    const keys = new KeyWriter();
    const values: unknown[] = [];
    let n = 0;
    for (; i < singles.length && n < size; i++, n++) {
      const m = singles[i] as UpsertEdge;
      if (m.tt !== first.tt) break;
      keys.write(m.f);
      keys.write(m.to);
      values.push(m.u[0]?.[2]);
    }
    const u = first.t === 'w' ? [[0, '+', values] as const] : [];
    out.push({ k: 'E', t: first.t, ft: 'a', tt: first.tt, n, keys: keys.take(), u });
  }
  return out;
}

/** Every edge slot (ends, attributes) and every vertex's adjacency, in order. */
function dump(graph: Graph, type: string): unknown {
  const table = graph.edgeTable(type);
  if (!table) return undefined;
  const name = (t: number, s: number) =>
    `${graph.vertexByIndex[t]?.def.name}:${graph.vertexByIndex[t]?.ids[s]}`;
  const slots: string[] = [];
  for (let e = 0; e < table.slotCount; e++) {
    if (table.alive[e] !== 1) continue;
    const ends = `${name(table.srcType[e] ?? 0, table.src[e] ?? 0)}>${name(table.dstType[e] ?? 0, table.dst[e] ?? 0)}`;
    slots.push(`${e} ${ends} ${JSON.stringify(table.columns.map((c) => c[e]))}`);
  }
  const adjacency: string[] = [];
  for (const [side, list] of [
    ['out', table.out],
    ['in', table.in],
  ] as const) {
    list.forEach((adj, t) => {
      for (let v = 0; v < (graph.vertexByIndex[t]?.slotCount ?? 0); v++) {
        const walked = adj.slots(v).filter((e) => table.alive[e] === 1);
        if (walked.length > 0) adjacency.push(`${side} ${name(t, v)}: ${walked.join(' ')}`);
      }
    });
  }
  return { slots, adjacency };
}

function loaded(mutations: readonly Mutation[], bulk: boolean): Graph {
  const graph = new Graph(catalog);
  const run = () => {
    for (const m of mutations) graph.apply(m);
  };
  if (bulk) graph.bulk(run);
  else run();
  return graph;
}

describe('bulk edges', () => {
  for (const [type, toB] of [
    ['w', true],
    ['w', false],
    ['u', false],
  ] as const) {
    it(`settle like edges upserted one by one (${type}${toB ? ', two target types' : ''})`, () => {
      // 40 ids and 3,000 edges: many repeats, and attribute updates on them.
      const singles = edges(1, type, 3000, 40, toB);
      const one = loaded(singles, false);
      const many = loaded(batches(singles, 450), true);
      expect(dump(many, type)).toEqual(dump(one, type));
      const table = many.edgeTable(type);
      expect(table?.pairIndex.size).toBe(table?.liveCount);
      for (const m of singles) {
        const f = many.vertexTable('a')?.find(m.f) ?? -1;
        const t = many.vertexTable(m.tt)?.find(m.to) ?? -1;
        const ti = m.tt === 'a' ? 0 : 1;
        expect(table?.find(0, f, ti, t)).toBe(one.edgeTable(type)?.find(0, f, ti, t));
      }
    });
  }

  it('take the out-adjacency from the settling sort when no edge repeats', () => {
    // Distinct pairs: i -> (i * 7 + 3) % 5000.
    const singles: UpsertEdge[] = [];
    for (let i = 0; i < 20_000; i++) {
      const f = String(i % 5000);
      const to = String((i * 7 + Math.floor(i / 5000)) % 5000);
      singles.push({ k: 'e', t: 'w', ft: 'a', f, tt: 'a', to, u: [], disc: [] });
    }
    const one = loaded(singles, false);
    const adopt = vi.spyOn(Adjacency.prototype, 'adoptSteps');
    const many = loaded(batches(singles, 4000), true);
    expect(adopt).toHaveBeenCalledTimes(1);
    adopt.mockRestore();
    expect(dump(many, 'w')).toEqual(dump(one, 'w'));
    const out = many.edgeTable('w')?.out[0];
    expect(out?.deltaCount).toBe(0);
    expect(out?.edges.length).toBe(20_000);
    expect(many.pendingEdges).toBe(20_000);
  });

  it('upserts a second load through the index the first one left', () => {
    const first = edges(2, 'w', 2000, 60, true);
    const second = edges(3, 'w', 2000, 60, true);
    const one = loaded([...first, ...second], false);
    const many = new Graph(catalog);
    many.bulk(() => {
      for (const m of batches(first, 500)) many.apply(m);
    });
    many.bulk(() => {
      for (const m of batches(second, 500)) many.apply(m);
    });
    expect(dump(many, 'w')).toEqual(dump(one, 'w'));
  });

  it('grows the CSR in place over many writes, as the same edges one by one', () => {
    // 30 writes of 5,000 edges, each its own bulk scope: the first settles, the later ones merge
    // (into arrays with room: in place) or go to the delta lists.
    const singles = edges(4, 'w', 150_000, 3000, true);
    const one = loaded(singles, false);
    const many = new Graph(catalog);
    const merges = vi.spyOn(Adjacency.prototype, 'appendSteps');
    const allocations = vi.spyOn(
      Adjacency.prototype as unknown as { allocate(): void },
      'allocate',
    );
    for (let i = 0; i < singles.length; i += 5000) {
      many.bulk(() => {
        for (const m of batches(singles.slice(i, i + 5000), 5000)) many.apply(m);
      });
    }
    expect(merges.mock.calls.length - allocations.mock.calls.length).toBeGreaterThan(10);
    vi.restoreAllMocks();
    expect(dump(many, 'w')).toEqual(dump(one, 'w'));
    one.fold();
    many.fold();
    expect(dump(many, 'w')).toEqual(dump(one, 'w'));
  });
});
