// Bad input for each schema endpoint (unknown type or graph, malformed type object, duplicate
// name): a 4xx with a clear message and the catalog unchanged. Also: dropping a graph that
// still owns queries or loading jobs (cascade), and the schema surviving a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../../src/core/client/index.js';
import type { RunningServer } from '../../../src/server/index.js';
import { raw, refuses, startSchemaServer, type SchemaServer } from './helpers.js';

let s: SchemaServer;
let server: RunningServer;
let client: GraphClient;

beforeAll(async () => {
  s = await startSchemaServer();
  server = s.server;
  client = s.client;
  await client.call('createVertexTypesGsql', {
    query: { gsql: true },
    body: { gsql: ['CREATE VERTEX P (PRIMARY_ID id STRING, name STRING)'] },
  });
  await client.call('createEdgeTypesGsql', {
    query: { gsql: true },
    body: { gsql: ['CREATE DIRECTED EDGE knows (FROM P, TO P) WITH REVERSE_EDGE="known_by"'] },
  });
  await client.call('createGraph', {
    query: { graphName: 'g' },
    body: { VertexTypes: ['P'], EdgeTypes: ['knows'] },
  });
  await client.call('createIndexes', {
    query: {},
    body: { vertex: 'P', addIndexAttributes: [{ indexName: 'byName', attributeName: 'name' }] },
  });
  await client.call('createSchemaJobGsql', {
    path: { jobName: 'j' },
    query: { gsql: true, graph: 'g' },
    body: { gsql: 'CREATE SCHEMA_CHANGE JOB j { ADD VERTEX L (PRIMARY_ID id INT); }' },
  });
});
afterAll(async () => {
  await s?.close();
});

const p = (name: string) => ({
  Name: name,
  PrimaryId: { AttributeName: 'id', AttributeType: { Name: 'STRING' } },
  Attributes: [],
});

describe('bad input, endpoint by endpoint', () => {
  const cases: [string, () => Promise<unknown>, number, string][] = [
    [
      'getVertexType',
      () => client.call('getVertexType', { path: { vertexName: 'Q' } }),
      404,
      'vertex type "Q" does not exist at global level',
    ],
    [
      'getVertexTypes',
      () => client.call('getVertexTypes', { query: { graph: 'nope' } }),
      404,
      'graph "nope" does not exist',
    ],
    [
      'createVertexTypes',
      () => client.call('createVertexTypes', { body: { createVertices: [p('P')] } }),
      409,
      'vertex type "P" cannot be created',
    ],
    [
      'createVertexTypes',
      () =>
        client.call('createVertexTypes', {
          body: { createVertices: [{ ...p('R'), Config: { STATS: 'SOME' } }] },
        }),
      400,
      'createVertices[0].Config.STATS: "SOME" is not one of OUTDEGREE_BY_EDGETYPE, NONE',
    ],
    [
      'createVertexTypesGsql',
      () =>
        client.call('createVertexTypesGsql', {
          query: { gsql: true },
          body: { gsql: ['CREATE VERTEX R (PRIMARY_ID id BLOB)'] },
        }),
      404,
      'type "BLOB" is not a primitive type or a defined tuple',
    ],
    [
      'addVertexTypesToGraph',
      () =>
        client.call('addVertexTypesToGraph', {
          query: { graph: 'g' },
          body: { addVertices: ['Q'] },
        }),
      404,
      'vertex type "Q" does not exist at global level',
    ],
    [
      'dropVertexTypes',
      () => client.call('dropVertexTypes', { query: { vertex: ['Q'] } }),
      404,
      'vertex type "Q" does not exist',
    ],
    [
      'dropVertexType',
      () => client.call('dropVertexType', { path: { vertexName: 'P' } }),
      409,
      'vertex type "P" is used by edge type knows',
    ],
    [
      'alterVertexType',
      () =>
        client.call('alterVertexType', {
          path: { vertexName: 'Q' },
          body: { dropAttributes: ['x'] },
        }),
      404,
      'vertex type "Q" does not exist',
    ],
    [
      'alterVertexType',
      () =>
        client.call('alterVertexType', {
          path: { vertexName: 'P' },
          body: { addAttributes: [{ AttributeName: 'x', AttributeType: { Name: 'LIST' } }] },
        }),
      400,
      'addAttributes[0].AttributeType.ValueTypeName: expected a non-empty string, got nothing',
    ],
    [
      'getIndexes',
      () => client.call('getIndexes', { query: { graph: 'nope' } }),
      404,
      'graph "nope" does not exist',
    ],
    [
      'getIndex',
      () => client.call('getIndex', { path: { indexName: 'nope' } }),
      404,
      'index "nope" does not exist',
    ],
    [
      'createIndexes',
      () =>
        client.call('createIndexes', {
          body: { vertex: 'P', addIndexAttributes: [{ indexName: 'byId', attributeName: 'id' }] },
        }),
      404,
      'vertex type P: attribute "id" does not exist (the PRIMARY_ID is not)',
    ],
    [
      'createIndexes',
      () =>
        client.call('createIndexes', {
          body: {
            vertex: 'P',
            addIndexAttributes: [{ indexName: 'again', attributeName: 'name' }],
          },
        }),
      409,
      'attribute name already has index byName',
    ],
    [
      'dropIndex',
      () => client.call('dropIndex', { path: { indexName: 'byName' }, query: { vertex: 'Q' } }),
      404,
      'vertex type "Q" does not exist',
    ],
    [
      'dropIndexes',
      () => client.call('dropIndexes', { query: { vertex: 'P', index: ['nope'] } }),
      404,
      'index "nope" does not exist on vertex type P',
    ],
    [
      'getEdgeType',
      () => client.call('getEdgeType', { path: { edgeName: 'likes' } }),
      404,
      'edge type "likes" does not exist at global level',
    ],
    [
      'getEdgeTypes',
      () => client.call('getEdgeTypes', { query: { graph: 'nope' } }),
      404,
      'graph "nope" does not exist',
    ],
    [
      'createEdgeTypes',
      () =>
        client.call('createEdgeTypes', {
          body: {
            createEdges: [
              {
                Name: 'known_by',
                FromVertexTypeName: 'P',
                ToVertexTypeName: 'P',
                IsDirected: true,
                Attributes: [],
              },
            ],
          },
        }),
      409,
      'edge type "known_by" cannot be created: a edge type of that name exists',
    ],
    [
      'createEdgeTypes',
      () =>
        client.call('createEdgeTypes', {
          body: {
            createEdges: [
              {
                Name: 'e',
                FromVertexTypeName: 'P',
                ToVertexTypeName: 'P',
                IsDirected: false,
                Attributes: [],
                Config: { REVERSE_EDGE: 'r' },
              },
            ],
          },
        }),
      400,
      'createEdges[0].Config.REVERSE_EDGE: an undirected edge type has no reverse edge',
    ],
    [
      'createEdgeTypesGsql',
      () =>
        client.call('createEdgeTypesGsql', {
          query: { gsql: true },
          body: { gsql: ['CREATE DIRECTED EDGE e (FROM P, TO Q)'] },
        }),
      404,
      'vertex type "Q" does not exist',
    ],
    [
      'addEdgeTypesToGraph',
      () =>
        client.call('addEdgeTypesToGraph', {
          query: { graph: 'g' },
          body: { addEdges: ['likes'] },
        }),
      404,
      'edge type "likes" does not exist',
    ],
    [
      'dropEdgeTypes',
      () => client.call('dropEdgeTypes', { query: { edge: ['likes'] } }),
      404,
      'edge type "likes" does not exist',
    ],
    [
      'dropEdgeType',
      () => client.call('dropEdgeType', { path: { edgeName: 'knows' } }),
      409,
      'edge type "knows" is used by graph g',
    ],
    [
      'alterEdgeType',
      () =>
        client.call('alterEdgeType', {
          path: { edgeName: 'knows' },
          body: { dropAttributes: ['w'] },
        }),
      404,
      'edge type knows: attribute "w" does not exist',
    ],
    [
      'getGraph',
      () => client.call('getGraph', { path: { graph: 'h' } }),
      404,
      'graph "h" does not exist',
    ],
    [
      'createGraph',
      () => client.call('createGraph', { query: { graphName: 'P' }, body: { VertexTypes: ['P'] } }),
      409,
      'graph "P" cannot be created: a vertex type of that name exists',
    ],
    [
      'createGraphGsql',
      () =>
        client.call('createGraphGsql', {
          query: { gsql: true },
          body: { gsql: 'CREATE VERTEX X (PRIMARY_ID id INT)' },
        }),
      400,
      'gsql: expected CreateGraph, found CreateVertex',
    ],
    [
      'dropGraph',
      () => client.call('dropGraph', { path: { graphName: 'h' } }),
      404,
      'graph "h" does not exist',
    ],
    [
      'dropGraphs',
      () => client.call('dropGraphs', { query: { graphNames: ['g', 'h'] } }),
      404,
      'graph "h" does not exist',
    ],
    [
      'getSchema',
      () => client.call('getSchema', { query: { graph: 'g', type: 'Q' } }),
      404,
      'type "Q" is not a vertex or edge type of graph g',
    ],
    [
      'createSchemaJobGsql',
      () =>
        client.call('createSchemaJobGsql', {
          path: { jobName: 'j' },
          query: { gsql: true, graph: 'g' },
          body: { gsql: 'CREATE SCHEMA_CHANGE JOB j { ADD VERTEX M (PRIMARY_ID id INT); }' },
        }),
      409,
      'schema change job "j" already exists in graph g',
    ],
    [
      'createSchemaJobGsql',
      () =>
        client.call('createSchemaJobGsql', {
          path: { jobName: 'k' },
          query: { gsql: true, type: 'global' },
          body: { gsql: 'CREATE SCHEMA_CHANGE JOB k FOR GRAPH g { DROP VERTEX P; }' },
        }),
      400,
      'type=global needs CREATE GLOBAL SCHEMA_CHANGE JOB',
    ],
    [
      'createGlobalSchemaJob',
      () =>
        client.call('createGlobalSchemaJob', {
          path: { jobName: 'k' },
          body: { graphs: [{ graphName: 'h', addVertexTypes: ['P'] }] },
        }),
      404,
      'graph "h" does not exist',
    ],
    [
      'createLocalSchemaJob',
      () =>
        client.call('createLocalSchemaJob', {
          path: { jobName: 'k' },
          query: { graph: 'g' },
          body: { addVertexTypes: [p('P')] },
        }),
      409,
      'vertex type "P" cannot be created',
    ],
    [
      'createLocalSchemaJob',
      () =>
        client.call('createLocalSchemaJob', {
          path: { jobName: 'k' },
          query: { graph: 'g' },
          body: { alterVertexTypes: [{ name: 'P', dropIndexAttributes: [{ index: 'x' }] }] },
        }),
      400,
      'alterVertexTypes[0].dropIndexAttributes[0]: expected an index name or {indexName}',
    ],
    [
      'runSchemaJob',
      () => client.call('runSchemaJob', { path: { jobName: 'j' } }),
      404,
      'schema change job "j" does not exist at global level',
    ],
    [
      'getSchemaJob',
      () => client.call('getSchemaJob', { path: { jobName: 'j' }, query: { json: true } }),
      404,
      'schema change job "j" does not exist at global level',
    ],
    [
      'getSchemaJobs',
      () => client.call('getSchemaJobs', { query: { graph: 'h' } }),
      404,
      'graph "h" does not exist',
    ],
    [
      'dropSchemaJobs',
      () => client.call('dropSchemaJobs', { query: { jobName: ['j'] } }),
      404,
      'schema change job "j" does not exist at global level',
    ],
    [
      'runSchemaChange',
      () => client.call('runSchemaChange', { body: { addVertexTypes: [p('Z'), p('Z')] } }),
      409,
      'vertex type "Z" cannot be created',
    ],
  ];
  for (const [name, call, status, message] of cases) {
    it(`${name}: ${status} ${message}`, async () => {
      await refuses(server, call, status, message);
    });
  }

  it("a body that is not JSON, or not the operation's shape, is a 400", async () => {
    const before = server.engine.catalog;
    const broken = await raw(server, 'POST', '/gsql/v1/schema/edges', '{"createEdges": [');
    expect(broken.status).toBe(400);
    const shape = await raw(
      server,
      'PUT',
      '/gsql/v1/schema/vertices/P',
      '{"dropAttributes": "name"}',
    );
    expect(shape.status).toBe(400);
    expect(shape.body.message).toContain('dropAttributes');
    expect(server.engine.catalog).toBe(before);
  });
});

describe('graphs that own queries or loading jobs', () => {
  it('drops only with cascade=true, taking its jobs and local types along', async () => {
    await client.call('runSchemaJob', { path: { jobName: 'j' }, query: { graph: 'g' } });
    await server.engine.changeSchema((c) => ({
      ...c,
      version: c.version + 1,
      queries: [
        ...c.queries,
        { graph: 'g', name: 'q1', text: 'CREATE QUERY q1() {}', installed: false },
      ],
    }));
    await refuses(
      server,
      () => client.call('dropGraph', { path: { graphName: 'g' } }),
      409,
      'graph g has query q1; drop them first, or drop the graph with cascade=true',
    );
    expect(
      await client.call('dropGraph', { path: { graphName: 'g' }, query: { cascade: true } }),
    ).toBe('Successfully dropped graph: g.');
    const catalog = server.engine.catalog;
    expect(catalog.queries).toEqual([]);
    expect(catalog.schemaJobs).toEqual([]);
    expect(catalog.vertexTypes.map((v) => v.name)).toEqual(['P']);
  });
});

describe('durability', () => {
  it('the schema and its version survive a restart', async () => {
    await client.call('createGraph', { query: { graphName: 'g2' }, body: { VertexTypes: ['P'] } });
    await client.call('createSchemaJobGsql', {
      path: { jobName: 'gj' },
      query: { gsql: true, type: 'global' },
      body: { gsql: 'CREATE GLOBAL SCHEMA_CHANGE JOB gj { ADD VERTEX P2 (PRIMARY_ID id INT); }' },
    });
    const before = server.engine.catalog;
    const vertex = await client.call('getVertexType', { path: { vertexName: 'P' } });
    await s.close(true);
    s = await startSchemaServer(s.dir);
    server = s.server;
    client = s.client;
    expect(server.engine.catalog).toEqual(before);
    expect(await client.call('getVertexType', { path: { vertexName: 'P' } })).toEqual(vertex);
    expect(await client.call('getSchemaJobs')).toEqual([
      { gj: 'CREATE GLOBAL SCHEMA_CHANGE JOB gj { ADD VERTEX P2 (PRIMARY_ID id INT); }' },
    ]);
  });
});
