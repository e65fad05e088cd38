// Vertex types, edge types, indexes, graphs and GET /gsql/v1/schema through the real HTTP stack
// and the GraphClient. Messages and shapes are the service's samples (server-docs,
// modules/API/pages/gsql-endpoints.adoc); the scope rule is spec document 2's (no `graph`:
// global types; `graph`: the types that graph includes). Every refusal leaves the catalog as it
// was (helpers.refuses), and every change moves version.schema by exactly one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../../src/core/client/index.js';
import type { RunningServer } from '../../../src/server/index.js';
import { refuses, schemaVersion, startSchemaServer, type SchemaServer } from './helpers.js';

let s: SchemaServer;
let server: RunningServer;
let client: GraphClient;

beforeAll(async () => {
  s = await startSchemaServer();
  server = s.server;
  client = s.client;
});
afterAll(async () => {
  await s?.close();
});

/** Runs a change and checks that version.schema moved by exactly one. */
async function change<T>(run: () => Promise<T>): Promise<T> {
  const before = await schemaVersion(server);
  const result = await run();
  expect(await schemaVersion(server)).toBe(before + 1);
  return result;
}

const stringAttr = (name: string) => ({ AttributeType: { Name: 'STRING' }, AttributeName: name });
const user = (name: string) => ({
  Config: { STATS: 'OUTDEGREE_BY_EDGETYPE' },
  Attributes: [stringAttr('name')],
  PrimaryId: { AttributeType: { Name: 'UINT' }, AttributeName: 'user_id' },
  Name: name,
});

describe('vertex types', () => {
  it('creates global vertex types from GSQL and reads them back in the real JSON shape', async () => {
    const message = await change(() =>
      client.call('createVertexTypesGsql', {
        query: { gsql: true },
        body: {
          gsql: [
            'CREATE VERTEX UserA (PRIMARY_ID user_id UINT, name STRING)',
            'CREATE VERTEX UserB (PRIMARY_ID user_id UINT, name STRING)',
          ],
        },
      }),
    );
    expect(message).toBe('Successfully create vertices: [UserA, UserB]');
    const userA = await client.call('getVertexType', { path: { vertexName: 'UserA' } });
    expect(userA).toMatchObject({
      Name: 'UserA',
      Config: { STATS: 'OUTDEGREE_BY_EDGETYPE', PRIMARY_ID_AS_ATTRIBUTE: false },
      PrimaryId: { AttributeName: 'user_id', AttributeType: { Name: 'UINT' } },
      Attributes: [{ AttributeName: 'name', AttributeType: { Name: 'STRING' } }],
    });
  });

  it('creates global vertex types from JSON (the createVertices sample)', async () => {
    const message = await change(() =>
      client.call('createVertexTypes', {
        body: { createVertices: [user('User5'), user('User4')] },
      }),
    );
    expect(message).toBe('Successfully create vertices: [User5, User4]');
    const all = await client.call('getVertexTypes');
    expect(all.map((v) => v.Name)).toEqual(['UserA', 'UserB', 'User5', 'User4']);
    // What GET answers can be sent back to create an equal type.
    const got = await client.call('getVertexType', { path: { vertexName: 'User5' } });
    await client.call('createVertexTypes', {
      body: { createVertices: [{ ...got, Name: 'User6' }] },
    });
    const copy = await client.call('getVertexType', { path: { vertexName: 'User6' } });
    expect({ ...copy, Name: 'User5' }).toEqual(got);
  });

  it('creates a PRIMARY KEY vertex type and shows the key as the service does', async () => {
    await client.call('createVertexTypesGsql', {
      query: { gsql: true },
      body: { gsql: ['CREATE VERTEX Account (name STRING PRIMARY KEY, isBlocked BOOL)'] },
    });
    const account = await client.call('getVertexType', { path: { vertexName: 'Account' } });
    expect(account.PrimaryId).toMatchObject({
      AttributeName: 'name',
      IsPrimaryKey: true,
      IsUsingNewSyntax: true,
    });
    expect(account.Attributes[0]).toMatchObject({ AttributeName: 'name', IsPrimaryKey: true });
  });

  it('creates none of a createVertices request with one bad type', async () => {
    const bad = {
      ...user('Bad1'),
      PrimaryId: { AttributeName: 'id', AttributeType: { Name: 'TEXT' } },
    };
    await refuses(
      server,
      () => client.call('createVertexTypes', { body: { createVertices: [user('Good1'), bad] } }),
      400,
      'createVertices[1].PrimaryId.AttributeType.Name: "TEXT" is not an attribute type',
    );
    await refuses(
      server,
      () => client.call('getVertexType', { path: { vertexName: 'Good1' } }),
      404,
      'vertex type "Good1" does not exist at global level',
    );
  });

  it('refuses duplicate names, in the catalog or within one request', async () => {
    await refuses(
      server,
      () => client.call('createVertexTypes', { body: { createVertices: [user('UserA')] } }),
      409,
      'createVertices[0]: vertex type "UserA" cannot be created: a vertex type of that name exists',
    );
    await refuses(
      server,
      () =>
        client.call('createVertexTypes', {
          body: { createVertices: [user('Twin'), user('Twin')] },
        }),
      409,
      'createVertices[1]',
    );
    await refuses(
      server,
      () =>
        client.call('createVertexTypesGsql', {
          query: { gsql: true },
          body: { gsql: ['CREATE VERTEX UserB (PRIMARY_ID id STRING)'] },
        }),
      409,
      /gsql\[0\]: 1:1: vertex type "UserB" cannot be created/,
    );
  });

  it('reports GSQL syntax errors with line:column and statements of the wrong kind', async () => {
    await refuses(
      server,
      () =>
        client.call('createVertexTypesGsql', {
          query: { gsql: true },
          body: { gsql: ['CREATE VERTEX Broken (PRIMARY_ID id STRING'] },
        }),
      400,
      /gsql\[0\]: 1:\d+: expected/,
    );
    await refuses(
      server,
      () =>
        client.call('createVertexTypesGsql', {
          query: { gsql: true },
          body: { gsql: ['CREATE DIRECTED EDGE e (FROM UserA, TO UserB)'] },
        }),
      400,
      'gsql[0]: expected CreateVertex, found CreateEdge',
    );
  });

  it('alters attributes: add with a default, drop', async () => {
    const message = await change(() =>
      client.call('alterVertexType', {
        path: { vertexName: 'UserB' },
        body: {
          dropAttributes: ['name'],
          addAttributes: [
            { AttributeType: { Name: 'INT' }, AttributeName: 'age', DefaultValue: '7' },
            { AttributeType: { Name: 'LIST', ValueTypeName: 'STRING' }, AttributeName: 'tags' },
          ],
        },
      }),
    );
    expect(message).toBe('Successfully update vertex: UserB');
    const userB = await client.call('getVertexType', { path: { vertexName: 'UserB' } });
    expect(userB.Attributes).toMatchObject([
      { AttributeName: 'age', AttributeType: { Name: 'INT' }, DefaultValue: '7' },
      { AttributeName: 'tags', AttributeType: { Name: 'LIST', ValueTypeName: 'STRING' } },
    ]);
    await refuses(
      server,
      () =>
        client.call('alterVertexType', {
          path: { vertexName: 'UserB' },
          body: { dropAttributes: ['nope'] },
        }),
      404,
      'vertex type UserB: attribute "nope" does not exist',
    );
    await refuses(
      server,
      () =>
        client.call('alterVertexType', {
          path: { vertexName: 'UserB' },
          body: { addAttributes: [{ AttributeType: { Name: 'INT' }, AttributeName: 'age' }] },
        }),
      400,
      'vertex type UserB: attribute "age" is declared twice',
    );
    await refuses(
      server,
      () =>
        client.call('alterVertexType', {
          path: { vertexName: 'UserB' },
          body: {
            addAttributes: [
              { AttributeType: { Name: 'INT' }, AttributeName: 'n', DefaultValue: 'seven' },
            ],
          },
        }),
      400,
      'addAttributes[0].DefaultValue: "seven" is not a valid INT',
    );
    await refuses(
      server,
      () => client.call('alterVertexType', { path: { vertexName: 'Nobody' }, body: {} }),
      400,
      'nothing to change',
    );
  });
});

describe('indexes', () => {
  it('creates, lists, shows and drops indexes', async () => {
    const message = await change(() =>
      client.call('createIndexes', {
        body: {
          vertex: 'UserB',
          addIndexAttributes: [
            { indexName: 'ageIndex', attributeName: 'age' },
            { indexName: 'tagIndex', attributeName: 'tags' },
          ],
        },
      }),
    );
    expect(message).toBe(
      'Successfully add index ageIndex on attribute age\nSuccessfully add index tagIndex on attribute tags\n',
    );
    expect(await client.call('getIndexes')).toEqual([
      {
        UserB: [
          { index: 'ageIndex', attribute: 'age' },
          { index: 'tagIndex', attribute: 'tags' },
        ],
      },
    ]);
    expect(await client.call('getIndex', { path: { indexName: 'ageIndex' } })).toEqual({
      index: 'ageIndex',
      attribute: 'age',
    });
    const userB = await client.call('getVertexType', { path: { vertexName: 'UserB' } });
    expect(userB.Attributes[0]?.HasIndex).toBe(true);

    await refuses(
      server,
      () =>
        client.call('createIndexes', {
          body: {
            vertex: 'UserA',
            addIndexAttributes: [{ indexName: 'ageIndex', attributeName: 'name' }],
          },
        }),
      409,
      'index "ageIndex" already exists (on vertex type UserB)',
    );
    await refuses(
      server,
      () =>
        client.call('createIndexes', {
          body: { vertex: 'Nobody', addIndexAttributes: [{ indexName: 'i', attributeName: 'a' }] },
        }),
      404,
      'vertex type "Nobody" does not exist',
    );
    await refuses(
      server,
      () => client.call('getIndex', { path: { indexName: 'nope' } }),
      404,
      'index "nope" does not exist',
    );
    await refuses(
      server,
      () => client.call('dropIndex', { path: { indexName: 'nope' }, query: { vertex: 'UserB' } }),
      404,
      'index "nope" does not exist on vertex type UserB',
    );

    expect(
      await change(() =>
        client.call('dropIndex', { path: { indexName: 'ageIndex' }, query: { vertex: 'UserB' } }),
      ),
    ).toBe('Successfully drop index');
    await client.call('createIndexes', {
      body: {
        vertex: 'UserA',
        addIndexAttributes: [{ indexName: 'nameIndex', attributeName: 'name' }],
      },
    });
    // Bulk: one unknown index refuses the whole request.
    await refuses(
      server,
      () =>
        client.call('dropIndexes', { query: { vertex: 'UserB', index: ['tagIndex', 'ghost'] } }),
      404,
      'index "ghost"',
    );
    expect(
      await client.call('dropIndexes', { query: { vertex: 'UserB', index: ['tagIndex'] } }),
    ).toBe('Successfully drop index');
    expect(await client.call('getIndexes')).toEqual([
      { UserA: [{ index: 'nameIndex', attribute: 'name' }] },
    ]);
  });
});

describe('edge types', () => {
  it('creates edges from GSQL and from JSON and reads them back', async () => {
    expect(
      await change(() =>
        client.call('createEdgeTypesGsql', {
          query: { gsql: true },
          body: { gsql: ['CREATE UNDIRECTED EDGE follows (FROM UserA, TO UserB, since DATETIME)'] },
        }),
      ),
    ).toBe('Successfully create edges: [follows]');
    const transfer = {
      IsDirected: true,
      ToVertexTypeName: 'User5',
      Config: { REVERSE_EDGE: 'transfer_reverse' },
      Attributes: [
        { AttributeType: { Name: 'DATETIME' }, IsDiscriminator: true, AttributeName: 'date' },
        { AttributeType: { Name: 'UINT' }, AttributeName: 'amount' },
      ],
      FromVertexTypeName: 'User5',
      CompositeDiscriminator: ['date'],
      Name: 'transfer',
    };
    expect(
      await change(() => client.call('createEdgeTypes', { body: { createEdges: [transfer] } })),
    ).toBe('Successfully create edges: [transfer]');
    const got = await client.call('getEdgeType', { path: { edgeName: 'transfer' } });
    expect(got).toMatchObject({ ...transfer, DiscriminatorCount: 1, IsLocal: false });
    expect((await client.call('getEdgeTypes')).map((e) => e.Name)).toEqual(['follows', 'transfer']);
  });

  it('refuses an edge whose end vertex type is unknown, or a malformed edge object', async () => {
    await refuses(
      server,
      () =>
        client.call('createEdgeTypes', {
          body: {
            createEdges: [
              {
                Name: 'e1',
                FromVertexTypeName: 'UserA',
                ToVertexTypeName: 'Ghost',
                IsDirected: true,
                Attributes: [],
              },
            ],
          },
        }),
      404,
      'createEdges[0]: edge type e1: vertex type "Ghost" does not exist',
    );
    await refuses(
      server,
      () =>
        client.call('createEdgeTypes', {
          body: {
            createEdges: [
              {
                Name: 'e2',
                FromVertexTypeName: 'UserA',
                ToVertexTypeName: 'UserB',
                IsDirected: false,
                Attributes: [
                  { AttributeName: 'w', AttributeType: { Name: 'MAP', KeyTypeName: 'INT' } },
                ],
              },
            ],
          },
        }),
      400,
      'createEdges[0].Attributes[0].AttributeType.ValueTypeName: expected a non-empty string',
    );
  });

  it('alters edge attributes', async () => {
    expect(
      await client.call('alterEdgeType', {
        path: { edgeName: 'transfer' },
        body: { dropAttributes: ['amount'], addAttributes: [stringAttr('memo')] },
      }),
    ).toBe('Successfully update edge: transfer');
    await refuses(
      server,
      () =>
        client.call('alterEdgeType', {
          path: { edgeName: 'transfer' },
          body: { dropAttributes: ['date'] },
        }),
      400,
      'edge type transfer: a discriminator attribute cannot be dropped',
    );
  });
});

describe('graphs and the scope rule', () => {
  it('creates graphs by JSON and by GSQL and lists them', async () => {
    expect(
      await change(() =>
        client.call('createGraph', {
          query: { graphName: 'social', gsql: false },
          body: { VertexTypes: ['UserA', 'UserB'], EdgeTypes: ['follows'] },
        }),
      ),
    ).toBe('Successfully created graph: [social].');
    expect(
      await client.call('createGraphGsql', {
        query: { gsql: true },
        body: { gsql: 'create graph bank(User5, transfer)' },
      }),
    ).toBe('Successfully created graph: [bank].');
    expect(await client.call('getGraphs')).toEqual({
      graphs: [
        { graphName: 'social', vertices: ['UserA', 'UserB'], edges: ['follows'] },
        { graphName: 'bank', vertices: ['User5'], edges: ['transfer', 'transfer_reverse'] },
      ],
      error: false,
      message: '',
    });
    const social = await client.call('getGraph', { path: { graph: 'social' } });
    expect(social.GraphName).toBe('social');
    expect(social.VertexTypes.map((v) => v.Name)).toEqual(['UserA', 'UserB']);
    expect(social.EdgeTypes.map((e) => e.Name)).toEqual(['follows']);
  });

  it('refuses bad graphs: duplicate, unknown type, an edge without its vertex types', async () => {
    await refuses(
      server,
      () =>
        client.call('createGraph', {
          query: { graphName: 'social' },
          body: { VertexTypes: ['UserA'] },
        }),
      409,
      'graph "social" cannot be created',
    );
    await refuses(
      server,
      () =>
        client.call('createGraph', {
          query: { graphName: 'g3' },
          body: { VertexTypes: ['Ghost'] },
        }),
      404,
      'graph g3: "Ghost" is not a global vertex or edge type',
    );
    await refuses(
      server,
      () =>
        client.call('createGraph', {
          query: { graphName: 'g3' },
          body: { VertexTypes: ['UserA'], EdgeTypes: ['follows'] },
        }),
      400,
      'edge type follows needs vertex type "UserB"',
    );
    await refuses(
      server,
      () =>
        client.call('createGraphGsql', {
          query: { gsql: true, graphName: 'other' },
          body: { gsql: 'CREATE GRAPH g4(UserA)' },
        }),
      400,
      'graphName is other but the statement creates graph g4',
    );
    await refuses(
      server,
      () => client.call('getGraph', { path: { graph: 'nope' } }),
      404,
      'graph "nope" does not exist',
    );
  });

  it('adds global vertex and edge types to a graph', async () => {
    expect(
      await change(() =>
        client.call('addVertexTypesToGraph', {
          query: { graph: 'social' },
          body: { addVertices: ['User5'] },
        }),
      ),
    ).toBe('Successfully add vertices: [User5] on graph social');
    await refuses(
      server,
      () =>
        client.call('addEdgeTypesToGraph', {
          query: { graph: 'social' },
          body: { addEdges: ['followsBack'] },
        }),
      404,
      'edge type "followsBack" does not exist at global level',
    );
    await client.call('createEdgeTypesGsql', {
      query: { gsql: true },
      body: { gsql: ['CREATE DIRECTED EDGE owns (FROM User4, TO User5)'] },
    });
    await refuses(
      server,
      () =>
        client.call('addEdgeTypesToGraph', {
          query: { graph: 'social' },
          body: { addEdges: ['owns'] },
        }),
      400,
      'Failed to create edges [owns]. Semantic Check Fails: The schema change job tries to add edge owns ' +
        'to graph social, but the FROM vertex type User4 does not exist on the graph.',
    );
    await client.call('addVertexTypesToGraph', {
      query: { graph: 'social' },
      body: { addVertices: ['User4'] },
    });
    expect(
      await client.call('addEdgeTypesToGraph', {
        query: { graph: 'social' },
        body: { addEdges: ['owns'] },
      }),
    ).toBe('Successfully add edges: [owns] on graph social');
    await refuses(
      server,
      () =>
        client.call('addVertexTypesToGraph', {
          query: { graph: 'ghost' },
          body: { addVertices: ['User4'] },
        }),
      404,
      'graph "ghost" does not exist',
    );
  });

  it('scope: without graph the global types, with graph the types that graph includes', async () => {
    await client.call('runSchemaChange', {
      query: { graph: 'social' },
      body: { addVertexTypes: [user('Post')] },
    });
    const global = (await client.call('getVertexTypes')).map((v) => v.Name);
    expect(global).not.toContain('Post');
    const social = (await client.call('getVertexTypes', { query: { graph: 'social' } })).map(
      (v) => v.Name,
    );
    expect(social).toEqual(['UserA', 'UserB', 'User5', 'User4', 'Post']);
    const post = await client.call('getVertexType', {
      path: { vertexName: 'Post' },
      query: { graph: 'social' },
    });
    expect(post).toMatchObject({ Name: 'Post', IsLocal: true });
    await refuses(
      server,
      () => client.call('getVertexType', { path: { vertexName: 'Post' } }),
      404,
      'vertex type "Post" does not exist at global level (it is a local type of graph social)',
    );
    await refuses(
      server,
      () =>
        client.call('getVertexType', { path: { vertexName: 'UserA' }, query: { graph: 'bank' } }),
      404,
      'vertex type "UserA" does not exist in graph bank',
    );
    await refuses(
      server,
      () => client.call('getEdgeType', { path: { edgeName: 'follows' }, query: { graph: 'bank' } }),
      404,
      'edge type "follows" does not exist in graph bank',
    );
    expect(
      (await client.call('getEdgeTypes', { query: { graph: 'bank' } })).map((e) => e.Name),
    ).toEqual(['transfer']);
    // A local change cannot modify a global type the graph includes.
    await refuses(
      server,
      () =>
        client.call('alterVertexType', {
          path: { vertexName: 'UserA' },
          query: { graph: 'social' },
          body: { dropAttributes: ['name'] },
        }),
      400,
      'vertex type UserA is a global type included in graph social; a local change cannot modify it',
    );
    expect(
      await client.call('alterVertexType', {
        path: { vertexName: 'Post' },
        query: { graph: 'social' },
        body: { addAttributes: [stringAttr('title')] },
      }),
    ).toBe('Successfully update vertex: Post');
  });

  it('GET /gsql/v1/schema: the graph, or one of its vertex or edge types', async () => {
    const graph = await client.call('getSchema', { query: { graph: 'bank' } });
    expect(graph).toMatchObject({
      GraphName: 'bank',
      VertexTypes: [{ Name: 'User5' }],
      EdgeTypes: [{ Name: 'transfer' }],
    });
    expect(
      await client.call('getSchema', { query: { graph: 'social', type: 'Post' } }),
    ).toMatchObject({
      Name: 'Post',
      PrimaryId: { AttributeName: 'user_id' },
    });
    expect(
      await client.call('getSchema', { query: { graph: 'social', type: 'follows' } }),
    ).toMatchObject({
      Name: 'follows',
      IsDirected: false,
    });
    await refuses(
      server,
      () => client.call('getSchema', { query: { graph: 'bank', type: 'UserA' } }),
      404,
      'type "UserA" is not a vertex or edge type of graph bank',
    );
    await refuses(
      server,
      () => client.call('getSchema', { query: { graph: 'nope' } }),
      404,
      'graph "nope" does not exist',
    );
  });
});

describe('drops', () => {
  it('refuses to drop a type in use by an edge or a graph, with nothing changed', async () => {
    await refuses(
      server,
      () => client.call('dropVertexType', { path: { vertexName: 'UserA' } }),
      409,
      'vertex type "UserA" is used by edge type follows; drop the edge type first',
    );
    await refuses(
      server,
      () => client.call('dropVertexTypes', { query: { vertex: ['User6', 'User5'] } }),
      409,
      'vertex type "User5" is used by edge type transfer',
    );
    await refuses(
      server,
      () => client.call('dropEdgeType', { path: { edgeName: 'follows' } }),
      409,
      'edge type "follows" is used by graph social',
    );
    await refuses(
      server,
      () => client.call('dropVertexType', { path: { vertexName: 'Ghost' } }),
      404,
      'vertex type "Ghost" does not exist at global level',
    );
    await refuses(
      server,
      () =>
        client.call('dropVertexType', {
          path: { vertexName: 'UserA' },
          query: { graph: 'social' },
        }),
      400,
      'a local change cannot modify it',
    );
  });

  it('drops one type, several, and all of a scope', async () => {
    expect(
      await change(() => client.call('dropVertexType', { path: { vertexName: 'User6' } })),
    ).toBe('Vertices [User6] deleted successfully.');
    expect(
      await client.call('dropVertexType', {
        path: { vertexName: 'Post' },
        query: { graph: 'social' },
      }),
    ).toBe('Vertices [Post] deleted successfully.');
    expect(
      (await client.call('getVertexTypes', { query: { graph: 'social' } })).map((v) => v.Name),
    ).not.toContain('Post');
    await refuses(
      server,
      () => client.call('dropGraph', { path: { graphName: 'ghost' } }),
      404,
      'graph "ghost" does not exist',
    );
    expect(await change(() => client.call('dropGraph', { path: { graphName: 'social' } }))).toBe(
      'Successfully dropped graph: social.',
    );
    expect(await client.call('dropGraphs', { query: { graphNames: ['bank'] } })).toBe(
      'Successfully dropped graphs: [bank].',
    );
    expect(await client.call('getGraphs')).toEqual({ graphs: [], error: false, message: '' });
    expect(await change(() => client.call('dropEdgeTypes', { query: { edge: ['all'] } }))).toBe(
      'Edges [follows, transfer, owns] deleted successfully.',
    );
    // Names match case-insensitively; the answer repeats them as given (the docs' sample).
    expect(await client.call('dropVertexTypes', { query: { vertex: ['usera', 'userb'] } })).toBe(
      'Vertices [usera, userb] deleted successfully.',
    );
    expect(await client.call('dropVertexTypes', { query: { vertex: ['all'] } })).toBe(
      'Vertices [User5, User4, Account] deleted successfully.',
    );
    expect(await client.call('getVertexTypes')).toEqual([]);
    expect(await client.call('getEdgeTypes')).toEqual([]);
  });
});
