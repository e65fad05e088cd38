// Path finding end to end: /restpp/shortestpath and /restpp/allpaths on a small graph, with
// filters, the one-subgraph answer format, and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../../src/core/client/index.js';
import { gsqlOk, openTarget, type Target } from '../target.js';

let target: Target;
let client: GraphClient;
let g: string;
let V: string;

beforeAll(async () => {
  target = await openTarget('paths');
  client = target.client;
  g = target.graph;
  V = `${g}_v`;
  await gsqlOk(
    client,
    `CREATE VERTEX ${V} (PRIMARY_ID id STRING, w INT)
CREATE DIRECTED EDGE ${g}_e (FROM ${V}, TO ${V}, cost INT)
CREATE GRAPH ${g} (${V}, ${g}_e)`,
  );
  // a -> b -> d, a -> c -> d, d -> e; c is heavy
  const edge = (cost: number) => ({ cost: { value: cost } });
  await client.upsert({
    vertices: { [V]: { a: {}, b: { w: { value: 1 } }, c: { w: { value: 9 } }, d: {}, e: {} } },
    edges: {
      [V]: {
        a: { [`${g}_e`]: { [V]: { b: edge(1), c: edge(5) } } },
        b: { [`${g}_e`]: { [V]: { d: edge(1) } } },
        c: { [`${g}_e`]: { [V]: { d: edge(1) } } },
        d: { [`${g}_e`]: { [V]: { e: edge(1) } } },
      },
    },
  });
}, 60_000);

afterAll(async () => {
  await client.gsql(`DROP GRAPH ${g}\nDROP EDGE ${g}_e\nDROP VERTEX ${V}`).catch(() => undefined);
  await target.close();
});

const ids = (records: { v_id: string }[]) => records.map((r) => r.v_id).sort();

describe('path finding', () => {
  it('answers one subgraph with every shortest path', async () => {
    const results = await client.shortestPath({
      source: { type: V, id: 'a' },
      target: { type: V, id: 'e' },
      allShortestPaths: true,
    });
    expect(results).toHaveLength(1);
    expect(ids(results[0]?.vertices ?? [])).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(results[0]?.edges).toHaveLength(5);
  });

  it('applies vertex and edge filters', async () => {
    const light = await client.shortestPath({
      source: { type: V, id: 'a' },
      target: { type: V, id: 'e' },
      allShortestPaths: true,
      vertexFilters: [{ type: V, condition: 'w < 5' }],
    });
    expect(ids(light[0]?.vertices ?? [])).toEqual(['a', 'b', 'd', 'e']);
    const cheap = await client.allPaths({
      source: { type: V, id: 'a' },
      target: { type: V, id: 'd' },
      maxLength: 3,
      edgeFilters: [{ type: `${g}_e`, condition: 'cost <= 1' }],
    });
    expect(ids(cheap[0]?.vertices ?? [])).toEqual(['a', 'b', 'd']);
  });

  it('respects maxLength', async () => {
    const none = await client.shortestPath({
      source: { type: V, id: 'a' },
      target: { type: V, id: 'e' },
      maxLength: 2,
    });
    expect(none).toEqual([{ vertices: [], edges: [] }]);
  });

  it('finds a path over edges upserted just before the request', async () => {
    // Its own vertex and edge types: the shortcuts must not change the other tests' graph.
    const W = `${g}_w`;
    const E = `${g}_f`;
    const gw = `${g}_fresh`;
    await gsqlOk(
      client,
      `CREATE VERTEX ${W} (PRIMARY_ID id STRING)
CREATE DIRECTED EDGE ${E} (FROM ${W}, TO ${W})
CREATE GRAPH ${gw} (${W}, ${E})`,
    );
    try {
      const chain = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
      const edges: Record<string, Record<string, Record<string, Record<string, object>>>> = {};
      for (let i = 0; i + 1 < chain.length; i++)
        edges[chain[i] ?? ''] = { [E]: { [W]: { [chain[i + 1] ?? '']: {} } } };
      await client.upsert({ edges: { [W]: edges } }, {}, { graph: gw });
      // Folded into the compact adjacency, so the next edges sit in the recent-additions part.
      await client.call('rebuildNow', { path: { graph_name: gw }, query: {} });
      const path = async () => {
        const found = await client.shortestPath(
          { source: { type: W, id: 'p0' }, target: { type: W, id: 'p6' } },
          { graph: gw },
        );
        return ids(found[0]?.vertices ?? []);
      };
      expect(await path()).toEqual(chain);
      // A shortcut between two folded vertices, answered by the very next request.
      await client.upsert(
        { edges: { [W]: { p1: { [E]: { [W]: { p5: {} } } } } } },
        {},
        { graph: gw },
      );
      expect(await path()).toEqual(['p0', 'p1', 'p5', 'p6']);
      // A shorter way still, through a vertex that did not exist at the fold.
      await client.upsert(
        {
          edges: {
            [W]: { p0: { [E]: { [W]: { q: {} } } }, q: { [E]: { [W]: { p6: {} } } } },
          },
        },
        {},
        { graph: gw },
      );
      expect(await path()).toEqual(['p0', 'p6', 'q']);
    } finally {
      await client
        .gsql(`DROP GRAPH ${gw}\nDROP EDGE ${E}\nDROP VERTEX ${W}`)
        .catch(() => undefined);
    }
  });

  it('refuses bad conditions and unknown vertices with 400', async () => {
    await expect(
      client.shortestPath({
        source: { type: V, id: 'a' },
        target: { type: V, id: 'e' },
        vertexFilters: [{ type: V, condition: 'w > > 1' }],
      }),
    ).rejects.toMatchObject({ status: 400, code: 'PATH-BAD-CONDITION' });
    await expect(
      client.shortestPath({ source: { type: V, id: 'zz' }, target: { type: V, id: 'e' } }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
