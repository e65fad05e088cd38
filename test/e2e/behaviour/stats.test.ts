// Optimizer statistics: cardinalities counted from the graph, persisted, merged with user
// values, read back and deleted; equi-width histograms of vertex and edge attributes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../../src/core/client/index.js';
import { gsqlOk, openTarget, type Target } from '../target.js';

let target: Target;
let client: GraphClient;
let g: string;
let P: string;
let C: string;
let L: string;

beforeAll(async () => {
  target = await openTarget('stats');
  client = target.client;
  g = target.graph;
  P = `${g}_person`;
  C = `${g}_city`;
  L = `${g}_lives`;
  await gsqlOk(
    client,
    `CREATE VERTEX ${P} (PRIMARY_ID id STRING, age INT, born DATETIME, name STRING)
CREATE VERTEX ${C} (PRIMARY_ID id STRING)
CREATE DIRECTED EDGE ${L} (FROM ${P}, TO ${C}, since INT)
CREATE GRAPH ${g} (${P}, ${C}, ${L})`,
  );
  // Ages 1..10 and one 10 again; two cities; three edges.
  const people: Record<string, { age: { value: number }; born: { value: string } }> = {};
  for (let i = 1; i <= 11; i++) {
    people[`p${i}`] = {
      age: { value: Math.min(i, 10) },
      born: { value: `2020-01-0${(i % 9) + 1}` },
    };
  }
  await client.call('upsertGraph', {
    path: { graph_name: g },
    body: {
      vertices: { [P]: people, [C]: { c1: {}, c2: {} } },
      edges: {
        [P]: {
          p1: { [L]: { [C]: { c1: { since: { value: 2000 } } } } },
          p2: { [L]: { [C]: { c1: { since: { value: 2010 } } } } },
          p3: { [L]: { [C]: { c2: { since: { value: 2010 } } } } },
        },
      },
    },
  });
}, 60_000);

afterAll(async () => {
  await client
    .gsql(`DROP GRAPH ${g}\nDROP EDGE ${L}\nDROP VERTEX ${P}, ${C}`)
    .catch(() => undefined);
  await target.close();
});

describe('cardinality', () => {
  it('is empty before any is gathered', async () => {
    expect(await client.call('getCardinality', { query: { graph: g } })).toEqual({
      vertex_counts: [],
      edge_counts: [],
    });
  });

  it('counts vertices and edges afresh and persists them', async () => {
    expect(
      await client.call('refreshVertexCardinality', { query: { graph: g, vertex: [P, C] } }),
    ).toBe('successfully persisted statistics');
    await client.call('refreshEdgeCardinality', { query: { graph: g, edge: [L] } });
    await client.call('refreshEdgeCardinality', {
      query: { graph: g, edge: [L], from: P, to: C },
    });
    const stats = await client.call('getCardinality', { query: { graph: g } });
    expect(stats.vertex_counts).toEqual(
      expect.arrayContaining([
        { type: P, count: 11 },
        { type: C, count: 2 },
      ]),
    );
    expect(stats.edge_counts).toEqual(
      expect.arrayContaining([
        { type: L, count: 3 },
        { type: L, count: 3, from: P, to: C },
      ]),
    );
  });

  it('is a snapshot: new data shows only after a refresh', async () => {
    await client.call('upsertGraph', {
      path: { graph_name: g },
      body: { vertices: { [C]: { c3: {} } } },
    });
    const before = await client.call('getCardinality', { query: { graph: g } });
    expect(before.vertex_counts).toContainEqual({ type: C, count: 2 });
    await client.call('refreshVertexCardinality', { query: { graph: g, vertex: [C] } });
    const after = await client.call('getCardinality', { query: { graph: g } });
    expect(after.vertex_counts).toContainEqual({ type: C, count: 3 });
  });

  it('persists user-given counts, refusing unknown types', async () => {
    const results = await client.call('setCardinality', {
      query: { graph: g },
      body: { vertex_counts: [{ type: P, count: 500 }], edge_counts: [] },
    });
    expect(results.vertex_counts).toContainEqual({ type: P, count: 500 });
    await expect(
      client.call('setCardinality', {
        query: { graph: g },
        body: { vertex_counts: [{ type: 'NoSuchType', count: 1 }], edge_counts: [] },
      }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('deletes them', async () => {
    expect(await client.call('deleteCardinality', { query: { graph: g } })).toBe(
      'successfully deleted statistics',
    );
    expect(await client.call('getCardinality', { query: { graph: g } })).toEqual({
      vertex_counts: [],
      edge_counts: [],
    });
  });
});

describe('histograms', () => {
  it('computes an equi-width histogram of a vertex attribute and reads it back', async () => {
    const buckets = await client.call('createHistogram', {
      body: { graph: g, vertex: P, attribute: 'age', bucket: 5 },
    });
    // Ages 1..10 in 5 buckets of width 2: (1,2) (3,4) (5,6) (7,8) (9,10,10).
    expect(Object.keys(buckets)).toEqual(['0', '1', '2', '3', '4']);
    expect(buckets['4']).toMatchObject({ upperBound: 10, rowsTotal: 3, rowsUpper: 2, ndv: 2 });
    expect(buckets['0']).toMatchObject({ upperBound: 2, rowsTotal: 2, rowsUpper: 1, ndv: 2 });
    const [stored] = await client.call('getHistogram', {
      body: { graph: g, vertex: P, attribute: 'age' },
    });
    expect(stored?.histogram).toHaveLength(5);
  });

  it('histograms an edge attribute between a FROM/TO pair; fewer buckets than asked', async () => {
    const buckets = await client.call('createHistogram', {
      body: { graph: g, edge: L, from: P, to: C, attribute: 'since', bucket: 100 },
    });
    const list = Object.values(buckets);
    expect(list.reduce((sum, b) => sum + Number(b.rowsTotal), 0)).toBe(3);
    expect(list.at(-1)).toMatchObject({ upperBound: 2010, rowsUpper: 2 });
  });

  it('refuses a STRING attribute and a missing histogram with coded errors', async () => {
    await expect(
      client.call('createHistogram', { body: { graph: g, vertex: P, attribute: 'name' } }),
    ).rejects.toMatchObject({ status: 400, code: 'STATS-UNSUPPORTED-TYPE' });
    await expect(
      client.call('getHistogram', { body: { graph: g, vertex: P, attribute: 'born' } }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('deletes a histogram', async () => {
    const text = await client.call('deleteHistogram', {
      body: { graph: g, vertex: P, attribute: 'age' },
    });
    expect(text).toBe(`Deleting any histogram(s) for ${g}.${P}.age`);
    await expect(
      client.call('getHistogram', { body: { graph: g, vertex: P, attribute: 'age' } }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('a dropped graph', () => {
  it('takes its statistics along: created again under its name, it has none', async () => {
    const again = `${g}_again`;
    await gsqlOk(client, `CREATE GRAPH ${again} (${P}, ${C}, ${L})`);
    await client.call('refreshVertexCardinality', { query: { graph: again, vertex: [P] } });
    const gathered = await client.call('getCardinality', { query: { graph: again } });
    expect(gathered.vertex_counts).toContainEqual({ type: P, count: 11 });
    await gsqlOk(client, `DROP GRAPH ${again}`);
    await gsqlOk(client, `CREATE GRAPH ${again} (${P}, ${C}, ${L})`);
    expect(await client.call('getCardinality', { query: { graph: again } })).toEqual({
      vertex_counts: [],
      edge_counts: [],
    });
    await gsqlOk(client, `DROP GRAPH ${again}`);
  });
});
