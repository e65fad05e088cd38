// Schema-change jobs through the real HTTP stack and the GraphClient: created from GSQL and
// from JSON (local and global), kept as GSQL text, listed, shown as JSON, run, dropped; and
// POST /gsql/v1/schema/change with a JSON body. Messages are the service's samples (server-docs,
// modules/API/pages/gsql-endpoints.adoc). A refused job or change leaves the catalog as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../../src/core/client/index.js';
import type { RunningServer } from '../../../src/server/index.js';
import { raw, refuses, schemaVersion, startSchemaServer, type SchemaServer } from './helpers.js';

let s: SchemaServer;
let server: RunningServer;
let client: GraphClient;

const stringAttr = (name: string) => ({ AttributeType: { Name: 'STRING' }, AttributeName: name });
const user = (name: string) => ({
  Config: { STATS: 'OUTDEGREE_BY_EDGETYPE' },
  Attributes: [stringAttr('name')],
  PrimaryId: { AttributeType: { Name: 'UINT' }, AttributeName: 'user_id' },
  Name: name,
});

beforeAll(async () => {
  s = await startSchemaServer();
  server = s.server;
  client = s.client;
  await client.call('createVertexTypesGsql', {
    query: { gsql: true },
    body: {
      gsql: [
        'CREATE VERTEX Account (name STRING PRIMARY KEY, isBlocked BOOL)',
        'CREATE VERTEX City (name STRING PRIMARY KEY)',
      ],
    },
  });
  await client.call('createGraph', {
    query: { graphName: 'fin' },
    body: { VertexTypes: ['Account', 'City'] },
  });
  // The local types of the docs' sample, made by a local change of the graph.
  await client.call('createSchemaJobGsql', {
    path: { jobName: 'setup' },
    query: { gsql: true, graph: 'fin' },
    body: {
      gsql: `CREATE SCHEMA_CHANGE JOB setup {
        ADD VERTEX LocalAccount (name STRING PRIMARY KEY, isBlocked BOOL);
        ADD VERTEX LocalPhone (name STRING PRIMARY KEY, isBlocked BOOL);
        ADD DIRECTED EDGE LocalTransfer (FROM LocalAccount, TO LocalAccount, DISCRIMINATOR(date DATETIME), amount UINT) WITH REVERSE_EDGE="LocalTransfer_Reverse";
        ADD UNDIRECTED EDGE LocalhasPhone (FROM LocalAccount, TO LocalPhone);
      }`,
    },
  });
  await client.call('runSchemaJob', { path: { jobName: 'setup' }, query: { graph: 'fin' } });
});
afterAll(async () => {
  await s?.close();
});

const localNames = async (graph?: string) =>
  (await client.call('getVertexTypes', { query: graph === undefined ? {} : { graph } })).map(
    (v) => v.Name,
  );

describe('local schema-change jobs', () => {
  it('a GSQL job made the local types of its graph', async () => {
    expect(await localNames('fin')).toEqual(['Account', 'City', 'LocalAccount', 'LocalPhone']);
    expect(await localNames()).toEqual(['Account', 'City']);
    const transfer = await client.call('getEdgeType', {
      path: { edgeName: 'LocalTransfer' },
      query: { graph: 'fin' },
    });
    expect(transfer).toMatchObject({
      IsLocal: true,
      Config: { REVERSE_EDGE: 'LocalTransfer_Reverse' },
      CompositeDiscriminator: ['date'],
    });
  });

  it('creates a local job from JSON, kept as readable GSQL text', async () => {
    const before = await schemaVersion(server);
    const message = await client.call('createLocalSchemaJob', {
      path: { jobName: 'test5' },
      query: { graph: 'fin' },
      body: {
        dropVertexTypes: ['LocalPhone'],
        alterVertexTypes: [
          {
            name: 'LocalAccount',
            addAttributes: [{ DefaultValue: 'defaultValue1', ...stringAttr('attr2') }],
            addIndexAttributes: [{ indexName: 'ppIndex', attributeName: 'name' }],
          },
        ],
        addVertexTypes: [user('User5'), user('User4')],
        addEdgeTypes: [
          {
            IsDirected: true,
            ToVertexTypeName: 'User4',
            Config: {},
            IsLocal: true,
            Attributes: [{ AttributeType: { Name: 'DATETIME' }, AttributeName: 'live_date' }],
            FromVertexTypeName: 'User5',
            Name: 'edge1',
          },
        ],
        dropEdgeTypes: ['LocalhasPhone'],
        alterEdgeTypes: [
          {
            dropAttributes: ['amount'],
            addAttributes: [{ DefaultValue: 'defaultValue1', ...stringAttr('attr2') }],
            name: 'LocalTransfer',
          },
        ],
      },
    });
    expect(message).toBe('Successfully created schema change job: [test5].');
    expect(await schemaVersion(server)).toBe(before + 1);
    // Created, not run.
    expect(await localNames('fin')).toEqual(['Account', 'City', 'LocalAccount', 'LocalPhone']);
    const jobs = await client.call('getSchemaJobs', { query: { graph: 'fin' } });
    expect(jobs.map((j) => Object.keys(j)[0])).toEqual(['setup', 'test5']);
    expect(jobs[1]?.test5).toBe(
      [
        'CREATE SCHEMA_CHANGE JOB test5 FOR GRAPH fin {',
        '  DROP EDGE LocalhasPhone;',
        '  DROP VERTEX LocalPhone;',
        '  ADD VERTEX User5(PRIMARY_ID user_id UINT, name STRING) WITH STATS="OUTDEGREE_BY_EDGETYPE";',
        '  ADD VERTEX User4(PRIMARY_ID user_id UINT, name STRING) WITH STATS="OUTDEGREE_BY_EDGETYPE";',
        '  ADD DIRECTED EDGE edge1(FROM User5, TO User4, live_date DATETIME);',
        '  ALTER VERTEX LocalAccount ADD ATTRIBUTE (attr2 STRING DEFAULT "defaultValue1");',
        '  ALTER VERTEX LocalAccount ADD INDEX ppIndex ON (name);',
        '  ALTER EDGE LocalTransfer DROP ATTRIBUTE (amount);',
        '  ALTER EDGE LocalTransfer ADD ATTRIBUTE (attr2 STRING DEFAULT "defaultValue1");',
        '}',
      ].join('\n'),
    );
  });

  it('the shell shows a JSON-made job as its text (SHOW JOB, LS)', async () => {
    const shown = await client.gsql('USE GRAPH fin\nSHOW JOB test5');
    expect(shown.ok).toBe(true);
    expect(shown.output).toContain('CREATE SCHEMA_CHANGE JOB test5 FOR GRAPH fin {');
    expect(shown.output).toContain('ALTER VERTEX LocalAccount ADD INDEX ppIndex ON (name);');
    const listed = await client.gsql('USE GRAPH fin\nLS');
    expect(listed.output).toContain(
      'ADD DIRECTED EDGE edge1(FROM User5, TO User4, live_date DATETIME);',
    );
  });

  it('shows a job as JSON (json=true)', async () => {
    const job = await client.call('getSchemaJob', {
      path: { jobName: 'test5' },
      query: { graph: 'fin', json: true },
    });
    expect(job.test5).toMatchObject({
      name: 'test5',
      graph: 'fin',
      dropVertexTypes: ['LocalPhone'],
      dropEdgeTypes: ['LocalhasPhone'],
      addVertexTypes: [
        { Name: 'User5', PrimaryId: { AttributeName: 'user_id' }, IsLocal: true },
        { Name: 'User4' },
      ],
      addEdgeTypes: [{ Name: 'edge1', FromVertexTypeName: 'User5', IsDirected: true }],
      alterVertexTypes: [
        {
          name: 'LocalAccount',
          addAttributes: [
            {
              AttributeName: 'attr2',
              AttributeType: { Name: 'STRING' },
              DefaultValue: 'defaultValue1',
            },
          ],
          addIndexAttributes: [{ indexName: 'ppIndex', attributeName: 'name' }],
        },
      ],
      alterEdgeTypes: [{ name: 'LocalTransfer', dropAttributes: ['amount'] }],
      addTags: [],
      dropTags: [],
    });
  });

  it('lists jobs as JSON too (json=true, over raw HTTP: the catalogue types the list as text)', async () => {
    const answer = await raw(server, 'GET', '/gsql/v1/schema/jobs?graph=fin&json=true');
    expect(answer.status).toBe(200);
    const results = (answer.body as { results: Record<string, { name: string }>[] }).results;
    expect(results.map((r) => Object.values(r)[0]?.name)).toEqual(['setup', 'test5']);
  });

  it('runs the job as one change', async () => {
    const before = await schemaVersion(server);
    expect(
      await client.call('runSchemaJob', { path: { jobName: 'test5' }, query: { graph: 'fin' } }),
    ).toBe('Schema change job run successfully!');
    expect(await schemaVersion(server)).toBe(before + 1);
    expect(await localNames('fin')).toEqual(['Account', 'City', 'LocalAccount', 'User5', 'User4']);
    const account = await client.call('getVertexType', {
      path: { vertexName: 'LocalAccount' },
      query: { graph: 'fin' },
    });
    expect(account.Attributes.map((a) => a.AttributeName)).toEqual(['name', 'isBlocked', 'attr2']);
    expect(await client.call('getIndexes', { query: { graph: 'fin' } })).toEqual([
      { LocalAccount: [{ index: 'ppIndex', attribute: 'name' }] },
    ]);
    // Run again: LocalPhone is gone, so the job fails, and nothing of it applies.
    await refuses(
      server,
      () => client.call('runSchemaJob', { path: { jobName: 'test5' }, query: { graph: 'fin' } }),
      404,
      'edge type "LocalhasPhone" does not exist in graph fin',
    );
  });

  it('refuses bad jobs when they are created, storing nothing', async () => {
    const create =
      (name: string, gsql: string, query: Record<string, string> = {}) =>
      () =>
        client.call('createSchemaJobGsql', {
          path: { jobName: name },
          query: { gsql: true, ...query },
          body: { gsql },
        });
    await refuses(
      server,
      create('j1', 'CREATE SCHEMA_CHANGE JOB j1 { DROP VERTEX Ghost; }', { graph: 'fin' }),
      404,
      '1:31: vertex type "Ghost" does not exist in graph fin',
    );
    await refuses(
      server,
      create('j1', 'CREATE SCHEMA_CHANGE JOB j1 { DROP VERTEX Account; }', { graph: 'fin' }),
      400,
      'vertex type Account is a global type included in graph fin; a local change cannot modify it',
    );
    await refuses(
      server,
      create('j1', 'CREATE SCHEMA_CHANGE JOB j2 { DROP VERTEX User4; }', { graph: 'fin' }),
      400,
      'the job in gsql is named j2, the path names j1',
    );
    await refuses(
      server,
      create('j1', 'CREATE SCHEMA_CHANGE JOB j1 { DROP VERTEX User4; }'),
      400,
      'a local schema change job needs a graph',
    );
    await refuses(
      server,
      create('j1', 'CREATE SCHEMA_CHANGE JOB j1 { DROP VERTEX User4 }', { graph: 'fin' }),
      400,
      /gsql: 1:\d+: expected/,
    );
    await refuses(
      server,
      create('setup', 'CREATE SCHEMA_CHANGE JOB setup { DROP VERTEX User4; }', { graph: 'fin' }),
      409,
      'schema change job "setup" already exists in graph fin',
    );
    await refuses(
      server,
      () =>
        client.call('createLocalSchemaJob', {
          path: { jobName: 'j3' },
          query: { graph: 'fin' },
          body: { addVertexTypes: [{ Name: 'V', Attributes: [] }] },
        }),
      400,
      'addVertexTypes[0].PrimaryId: is required',
    );
    await refuses(
      server,
      () =>
        client.call('createLocalSchemaJob', {
          path: { jobName: 'j3' },
          query: { graph: 'nope' },
          body: { dropVertexTypes: ['User4'] },
        }),
      404,
      'graph "nope" does not exist',
    );
    await refuses(
      server,
      () => client.call('runSchemaJob', { path: { jobName: 'ghost' }, query: { graph: 'fin' } }),
      404,
      'schema change job "ghost" does not exist in graph fin',
    );
    await refuses(
      server,
      () =>
        client.call('getSchemaJob', {
          path: { jobName: 'ghost' },
          query: { graph: 'fin', json: true },
        }),
      404,
      'schema change job "ghost" does not exist',
    );
  });

  it('drops jobs, all named or none', async () => {
    await refuses(
      server,
      () => client.call('dropSchemaJobs', { query: { jobName: ['test5', 'ghost'], graph: 'fin' } }),
      404,
      'schema change job "ghost" does not exist in graph fin',
    );
    expect(
      await client.call('dropSchemaJobs', { query: { jobName: ['test5', 'setup'], graph: 'fin' } }),
    ).toBe('Successfully dropped schema change jobs: [test5, setup].');
    expect(await client.call('getSchemaJobs', { query: { graph: 'fin' } })).toEqual([]);
  });
});

describe('global schema-change jobs', () => {
  it('creates a global job from GSQL (type=global), shows it and runs it', async () => {
    await client.call('createVertexTypesGsql', {
      query: { gsql: true },
      body: { gsql: ['CREATE VERTEX website (PRIMARY_ID url STRING)'] },
    });
    expect(
      await client.call('createSchemaJobGsql', {
        path: { jobName: 'test3' },
        query: { gsql: true, type: 'global' },
        body: { gsql: 'create global schema_change job test3 {add vertex website to graph fin;}' },
      }),
    ).toBe('Successfully created global schema change job: [test3].');
    expect(await client.call('getSchemaJobs')).toEqual([
      { test3: 'create global schema_change job test3 {add vertex website to graph fin;}' },
    ]);
    const shown = await client.call('getSchemaJob', {
      path: { jobName: 'test3' },
      query: { json: true },
    });
    expect(shown.test3).toMatchObject({
      name: 'test3',
      graphs: [{ graphName: 'fin', addVertexTypes: ['website'] }],
    });
    expect(await client.call('runSchemaJob', { path: { jobName: 'test3' } })).toBe(
      'Schema change job run successfully!',
    );
    expect(await localNames('fin')).toContain('website');
    await refuses(
      server,
      () => client.call('runSchemaJob', { path: { jobName: 'test3' }, query: { graph: 'fin' } }),
      404,
      'schema change job "test3" does not exist in graph fin',
    );
  });

  it('creates a global job from JSON and runs it', async () => {
    await client.call('createVertexTypes', { body: { createVertices: [user('user')] } });
    expect(
      await client.call('createGlobalSchemaJob', {
        path: { jobName: 'test4' },
        body: {
          graphs: [
            {
              graphName: 'fin',
              addVertexTypes: ['user'],
              dropVertexTypes: ['website'],
              dropEdgeTypes: [],
              addEdgeTypes: [],
            },
          ],
        },
      }),
    ).toBe('Successfully created global schema change job: [test4].');
    const jobs = await client.call('getSchemaJobs');
    expect(jobs[1]?.test4).toBe(
      'CREATE GLOBAL SCHEMA_CHANGE JOB test4 {\n' +
        '  DROP VERTEX website FROM GRAPH fin;\n' +
        '  ADD VERTEX user TO GRAPH fin;\n' +
        '}',
    );
    await client.call('runSchemaJob', { path: { jobName: 'test4' } });
    const names = await localNames('fin');
    expect(names).toContain('user');
    expect(names).not.toContain('website');
    expect(await localNames()).toContain('website');
    await refuses(
      server,
      () =>
        client.call('createGlobalSchemaJob', {
          path: { jobName: 'test6' },
          body: { graphs: [{ graphName: 'fin', addVertexTypes: ['LocalAccount'] }] },
        }),
      404,
      'vertex type "LocalAccount" does not exist at global level (it is a local type of graph fin)',
    );
    expect(await client.call('dropSchemaJobs', { query: { jobName: ['test3', 'test4'] } })).toBe(
      'Successfully dropped schema change jobs: [test3, test4].',
    );
  });
});

describe('POST /gsql/v1/schema/change', () => {
  it('runs a global change from JSON at once', async () => {
    const before = await schemaVersion(server);
    expect(
      await client.call('runSchemaChange', {
        body: { addVertexTypes: [user('User7'), user('User8')] },
      }),
    ).toBe('Global schema change runs successfully');
    expect(await schemaVersion(server)).toBe(before + 1);
    expect(await localNames()).toEqual(expect.arrayContaining(['User7', 'User8']));
    expect(await client.call('getSchemaJobs')).toEqual([]);
  });

  it('runs a local change: attributes and indexes of a local type', async () => {
    expect(
      await client.call('runSchemaChange', {
        query: { graph: 'fin' },
        body: {
          dropVertexTypes: [],
          alterVertexTypes: [
            {
              name: 'LocalAccount',
              dropAttributes: [],
              addAttributes: [
                { DefaultValue: '5', AttributeType: { Name: 'INT' }, AttributeName: 'n' },
              ],
              dropIndexAttributes: [],
              addIndexAttributes: [
                { indexName: 'xIndex', attributeName: 'n' },
                { indexName: 'yIndex', attributeName: 'isBlocked' },
              ],
            },
          ],
        },
      }),
    ).toBe('Schema change job runs successfully');
    const account = await client.call('getVertexType', {
      path: { vertexName: 'LocalAccount' },
      query: { graph: 'fin' },
    });
    expect(account.Attributes.at(-1)).toMatchObject({
      AttributeName: 'n',
      DefaultValue: '5',
      HasIndex: true,
    });
  });

  it('applies a change whole or not at all', async () => {
    await refuses(
      server,
      () =>
        client.call('runSchemaChange', {
          body: { addVertexTypes: [user('User9')], dropVertexTypes: ['Ghost'] },
        }),
      404,
      'vertex type "Ghost" does not exist at global level',
    );
    await refuses(
      server,
      () =>
        client.call('runSchemaChange', {
          query: { graph: 'fin' },
          body: {
            alterVertexTypes: [
              {
                name: 'LocalAccount',
                addAttributes: [{ AttributeType: { Name: 'INT' }, AttributeName: 'm' }],
                dropAttributes: ['ghost'],
              },
            ],
          },
        }),
      404,
      'vertex type LocalAccount: attribute "ghost" does not exist',
    );
    // Past the client's own checks: the server's answer to a malformed type object or body.
    const before = server.engine.catalog;
    const edge = {
      Name: 'e',
      FromVertexTypeName: 'User7',
      ToVertexTypeName: 'User8',
      Attributes: [],
    };
    const answer = await raw(
      server,
      'POST',
      '/gsql/v1/schema/change',
      JSON.stringify({ addEdgeTypes: [edge] }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(true);
    expect(answer.body.message).toContain('IsDirected');
    const broken = await raw(server, 'POST', '/gsql/v1/schema/vertices', '{"createVertices": [');
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBe(true);
    expect(server.engine.catalog).toBe(before);
    await refuses(
      server,
      () =>
        client.call('runSchemaChange', {
          body: {
            alterVertexTypes: [
              {
                name: 'User7',
                addAttributes: [{ AttributeName: 'x);', AttributeType: { Name: 'INT' } }],
              },
            ],
          },
        }),
      400,
      'alterVertexTypes[0].addAttributes[0].AttributeName: "x);" is not a valid name',
    );
  });
});
