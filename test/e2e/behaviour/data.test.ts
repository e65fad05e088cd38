// Data endpoints end to end through GraphClient: schema by GSQL, upsert, vertices and edges in
// every path form, filters, built-ins, deletes, and bad input that changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../../src/core/client/index.js';
import { gsqlOk, openTarget, type Target } from '../target.js';

let target: Target;
let client: GraphClient;
let g: string;

beforeAll(async () => {
  target = await openTarget('data');
  client = target.client;
  g = target.graph;
  await gsqlOk(
    client,
    `CREATE VERTEX ${g}_person (PRIMARY_ID id STRING, name STRING, age INT, joined DATETIME) WITH primary_id_as_attribute="true"
CREATE VERTEX ${g}_city (PRIMARY_ID id STRING, population UINT)
CREATE UNDIRECTED EDGE ${g}_knows (FROM ${g}_person, TO ${g}_person, since INT)
CREATE DIRECTED EDGE ${g}_lives (FROM ${g}_person, TO ${g}_city) WITH REVERSE_EDGE="${g}_home_of"
CREATE DIRECTED EDGE ${g}_pays (FROM ${g}_person, TO ${g}_person, DISCRIMINATOR(ts INT), amount DOUBLE)
CREATE GRAPH ${g} (${g}_person, ${g}_city, ${g}_knows, ${g}_lives, ${g}_pays)`,
  );
  const P = `${g}_person`;
  const accepted = await client.upsert({
    vertices: {
      [P]: {
        ann: {
          name: { value: 'Ann' },
          age: { value: 41 },
          joined: { value: '2020-01-02 03:04:05' },
        },
        bob: { name: { value: 'Bob' }, age: { value: 25 } },
        cid: { name: { value: 'Cid' }, age: { value: 33 } },
      },
      [`${g}_city`]: { oslo: { population: { value: 709_000 } } },
    },
    edges: {
      [P]: {
        ann: {
          [`${g}_knows`]: {
            [P]: { bob: { since: { value: 2015 } }, cid: { since: { value: 2020 } } },
          },
          [`${g}_lives`]: { [`${g}_city`]: { oslo: {} } },
          [`${g}_pays`]: { [P]: { bob: { ts: { value: 1 }, amount: { value: 5.5 } } } },
        },
        bob: { [`${g}_pays`]: { [P]: { ann: { ts: { value: 2 }, amount: { value: 7 } } } } },
      },
    },
  });
  expect(accepted).toEqual([{ accepted_vertices: 4, accepted_edges: 5 }]);
}, 60_000);

afterAll(async () => {
  // Only this suite's own graph and types: the server may be shared.
  await client
    .gsql(
      `DROP GRAPH ${g}\nDROP EDGE ${g}_knows, ${g}_lives, ${g}_pays\nDROP VERTEX ${g}_person, ${g}_city`,
    )
    .catch(() => undefined);
  await target.close();
});

describe('vertices', () => {
  it('reads one vertex with its attributes', async () => {
    expect(await client.getVertex({ type: `${g}_person`, id: 'ann' })).toEqual([
      {
        v_id: 'ann',
        v_type: `${g}_person`,
        attributes: { id: 'ann', name: 'Ann', age: 41, joined: '2020-01-02 03:04:05' },
      },
    ]);
  });

  it('lists with select, filter, sort, limit and count_only', async () => {
    const rows = await client.getVertices(`${g}_person`, {
      select: ['name'],
      filter: ['age>30'],
      sort: ['-age'],
      limit: 10,
    });
    expect(rows.map((r) => ('v_id' in r ? [r.v_id, r.attributes] : r))).toEqual([
      ['ann', { name: 'Ann' }],
      ['cid', { name: 'Cid' }],
    ]);
    expect(await client.getVertices(`${g}_person`, { count_only: true })).toEqual([{ count: 3 }]);
  });
});

describe('edges', () => {
  it('lists edges by type, target type and target id', async () => {
    const src = { type: `${g}_person`, id: 'ann' };
    const knows = await client.getEdges(src, { edgeType: `${g}_knows` });
    expect(knows.map((e) => ('to_id' in e ? e.to_id : e)).sort()).toEqual(['bob', 'cid']);
    const toCity = await client.getEdges(src, { edgeType: '_', targetType: `${g}_city` });
    expect(toCity).toEqual([
      {
        e_type: `${g}_lives`,
        from_id: 'ann',
        from_type: `${g}_person`,
        to_id: 'oslo',
        to_type: `${g}_city`,
        directed: true,
        attributes: {},
      },
    ]);
    const path = {
      graph_name: g,
      source_vertex_type: `${g}_person`,
      source_vertex_id: 'ann',
      edge_type: `${g}_pays`,
      target_vertex_type: `${g}_person`,
      target_vertex_id: 'bob',
    };
    const one = await client.call('getEdgeByDiscriminator', {
      path: { ...path, discriminator: '1' },
    });
    expect(one).toHaveLength(1);
    expect(await client.call('getEdge', { path })).toHaveLength(1);
  });

  it('walks a reverse edge from its target', async () => {
    const rev = await client.getEdges(
      { type: `${g}_city`, id: 'oslo' },
      { edgeType: `${g}_home_of` },
    );
    expect(rev).toMatchObject([{ e_type: `${g}_home_of`, from_id: 'oslo', to_id: 'ann' }]);
  });
});

describe('built-ins', () => {
  it('counts vertices and edges by type', async () => {
    const vertices = await client.call('runBuiltin', {
      body: { function: 'stat_vertex_number', type: '*' },
    });
    expect(vertices).toEqual([
      { v_type: `${g}_person`, count: 3 },
      { v_type: `${g}_city`, count: 1 },
    ]);
    const edges = await client.call('runBuiltin', {
      body: { function: 'stat_edge_number', type: `${g}_knows` },
    });
    expect(edges).toEqual([{ e_type: `${g}_knows`, count: 2 }]);
  });
});

describe('bad input changes nothing', () => {
  it('refuses a bad upsert whole, with a clear error', async () => {
    const before = await client.getVertices(`${g}_person`);
    const attempts = [
      { vertices: { [`${g}_person`]: { zed: { age: { value: 'old' } } } } },
      { vertices: { [`${g}_person`]: { zed: { height: { value: 2 } } } } },
      { vertices: { nosuchtype: { x: {} } } },
    ];
    for (const body of attempts) {
      await expect(client.upsert(body)).rejects.toMatchObject({ status: 400, code: 'REST-30000' });
    }
    expect(await client.getVertices(`${g}_person`)).toEqual(before);
  });

  it('answers 404 for an unknown vertex or graph', async () => {
    await expect(client.getVertex({ type: `${g}_person`, id: 'nobody' })).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      client.getVertices(`${g}_person`, {}, { graph: 'no_such_graph' }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('refuses bad filters and unknown attributes', async () => {
    await expect(client.getVertices(`${g}_person`, { filter: ['age~~3'] })).rejects.toMatchObject({
      status: 400,
    });
    await expect(client.getVertices(`${g}_person`, { select: ['nope'] })).rejects.toMatchObject({
      status: 400,
    });
  });
});

describe('deletes', () => {
  it('deletes edges and vertices and reports counts', async () => {
    const P = `${g}_person`;
    const deleted = await client.call('deleteEdge', {
      path: {
        source_vertex_type: P,
        source_vertex_id: 'ann',
        edge_type: `${g}_knows`,
        target_vertex_type: P,
        target_vertex_id: 'cid',
      },
    });
    expect(deleted).toEqual([{ e_type: `${g}_knows`, deleted_edges: 1 }]);
    const gone = await client.call('deleteVertex', { path: { vertex_type: P, vertex_id: 'bob' } });
    expect(gone).toEqual({ v_type: P, deleted_vertices: 1 });
    const edges = await client.call('runBuiltin', {
      body: { function: 'stat_edge_number', type: '*' },
    });
    expect(edges).toEqual([
      { e_type: `${g}_knows`, count: 0 },
      { e_type: `${g}_lives`, count: 1 },
      { e_type: `${g}_pays`, count: 0 },
    ]);
  });
});
