// Edge types with several FROM/TO pairs through the real HTTP stack: the DDL's two written forms
// (`FROM A|B, TO C` and `FROM A, TO B | FROM C, TO D`) and both together, as the schema JSON
// reports them (an end's type when every pair agrees on it, else `*`, plus `EdgePairs`) and as
// LS prints them; JSON definitions with EdgePairs; ALTER EDGE ... ADD|DROP PAIR in schema-change
// jobs (dropping a pair deletes its edges); upserts checked against the pairs, reverse edges
// walking every pair backwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../../src/core/client/index.js';
import type { RunningServer } from '../../../src/server/index.js';
import { raw, startSchemaServer, type SchemaServer } from './helpers.js';

let s: SchemaServer;
let server: RunningServer;
let client: GraphClient;

/** Runs a script on the shell channel; fails with the shell's text. */
async function gsql(script: string): Promise<string> {
  const answer = await client.gsql(script);
  if (!answer.ok) throw new Error(`GSQL failed (${answer.returnCode}):\n${answer.output}`);
  return answer.output;
}

async function edgeJson(name: string): Promise<Record<string, unknown> | undefined> {
  const answer = await raw(server, 'GET', '/gsql/v1/schema?graph=net');
  const results = (answer.body as { results?: { EdgeTypes: Record<string, unknown>[] } }).results;
  return results?.EdgeTypes.find((e) => e['Name'] === name);
}

/** `from_type:from_id>to_type:to_id` of a vertex's edges of one type, sorted. */
async function edges(type: string, id: string, edge: string): Promise<string[]> {
  const answer = await raw(server, 'GET', `/restpp/graph/net/edges/${type}/${id}/${edge}`);
  const results = (answer.body as { results?: Record<string, string>[] }).results ?? [];
  return results
    .map((e) => `${e['from_type']}:${e['from_id']}>${e['to_type']}:${e['to_id']}`)
    .sort();
}

beforeAll(async () => {
  s = await startSchemaServer();
  server = s.server;
  client = s.client;
  await gsql(`
    CREATE VERTEX Comment (PRIMARY_ID id UINT, text STRING) WITH primary_id_as_attribute="TRUE"
    CREATE VERTEX Post (PRIMARY_ID id UINT, text STRING) WITH primary_id_as_attribute="TRUE"
    CREATE VERTEX Forum (PRIMARY_ID id UINT, title STRING)
    CREATE VERTEX Person (PRIMARY_ID id UINT, name STRING)
    CREATE VERTEX Tag (PRIMARY_ID id UINT, name STRING)
    CREATE VERTEX City (PRIMARY_ID id UINT, name STRING)
    CREATE VERTEX Country (PRIMARY_ID id UINT, name STRING)
    # the two written forms, and both together
    CREATE DIRECTED EDGE Has_Creator (FROM Comment|Post, TO Person) WITH REVERSE_EDGE="Has_Creator_Reverse"
    CREATE DIRECTED EDGE Located_In (FROM Person, TO City | FROM Forum, TO Country, since INT DEFAULT 2000) WITH REVERSE_EDGE="Located_In_Reverse"
    CREATE DIRECTED EDGE Has_Tag (FROM Comment|Post, TO Tag | FROM Forum, TO Tag) // no reverse edge
    CREATE UNDIRECTED EDGE Near (FROM City, TO City|Country)
    CREATE GRAPH net (*)
  `);
});
afterAll(async () => {
  await s?.close();
});

describe('edge types with several FROM/TO pairs', () => {
  it('reports every combination of the listed types, naming an end only when the pairs agree', async () => {
    expect(await edgeJson('Has_Creator')).toMatchObject({
      FromVertexTypeName: '*',
      ToVertexTypeName: 'Person',
      EdgePairs: [
        { From: 'Comment', To: 'Person' },
        { From: 'Post', To: 'Person' },
      ],
      Config: { REVERSE_EDGE: 'Has_Creator_Reverse' },
    });
    expect(await edgeJson('Located_In')).toMatchObject({
      FromVertexTypeName: '*',
      ToVertexTypeName: '*',
      EdgePairs: [
        { From: 'Person', To: 'City' },
        { From: 'Forum', To: 'Country' },
      ],
      Attributes: [{ AttributeName: 'since', DefaultValue: '2000' }],
    });
    expect(await edgeJson('Has_Tag')).toMatchObject({
      FromVertexTypeName: '*',
      ToVertexTypeName: 'Tag',
      EdgePairs: [
        { From: 'Comment', To: 'Tag' },
        { From: 'Post', To: 'Tag' },
        { From: 'Forum', To: 'Tag' },
      ],
      Config: {},
    });
    expect(await edgeJson('Near')).toMatchObject({
      IsDirected: false,
      FromVertexTypeName: 'City',
      ToVertexTypeName: '*',
    });
  });

  it('prints the pairs one by one in LS', async () => {
    const listed = await gsql('USE GRAPH net\nLS');
    expect(listed).toContain(
      '- DIRECTED EDGE Has_Creator(FROM Comment, TO Person | FROM Post, TO Person) WITH REVERSE_EDGE="Has_Creator_Reverse"',
    );
    expect(listed).toContain(
      '- DIRECTED EDGE Has_Tag(FROM Comment, TO Tag | FROM Post, TO Tag | FROM Forum, TO Tag)',
    );
    expect(listed).toContain('- UNDIRECTED EDGE Near(FROM City, TO City | FROM City, TO Country)');
  });

  it('creates a global edge type from JSON with EdgePairs and reads it back the same', async () => {
    const answer = await client.call('createEdgeTypes', {
      body: {
        createEdges: [
          {
            Name: 'Mentions',
            IsDirected: true,
            FromVertexTypeName: '*',
            ToVertexTypeName: 'Person',
            EdgePairs: [
              { From: 'Comment', To: 'Person' },
              { From: 'Post', To: 'Person' },
            ],
            Config: {},
            Attributes: [],
          },
        ],
      },
    });
    expect(answer).toBe('Successfully create edges: [Mentions]');
    const got = await client.call('getEdgeType', { path: { edgeName: 'Mentions' } });
    expect(got).toMatchObject({
      FromVertexTypeName: '*',
      ToVertexTypeName: 'Person',
      EdgePairs: [
        { From: 'Comment', To: 'Person' },
        { From: 'Post', To: 'Person' },
      ],
    });
  });

  it('accepts upserts along every pair, walks the reverse edge back along each', async () => {
    const body = {
      edges: {
        Comment: { '1': { Has_Creator: { Person: { '7': {} } } } },
        Post: { '2': { Has_Creator: { Person: { '7': {} } } } },
        Forum: { '3': { Located_In: { Country: { '9': { since: { value: 2011 } } } } } },
        Person: { '7': { Located_In: { City: { '8': {} } } } },
      },
    };
    const answer = await raw(server, 'POST', '/restpp/graph/net', JSON.stringify(body));
    expect(answer.status).toBe(200);
    expect(await edges('Person', '7', 'Has_Creator_Reverse')).toEqual([
      'Person:7>Comment:1',
      'Person:7>Post:2',
    ]);
    expect(await edges('Forum', '3', 'Located_In')).toEqual(['Forum:3>Country:9']);
    expect(await edges('Country', '9', 'Located_In_Reverse')).toEqual(['Country:9>Forum:3']);
  });

  it('refuses an upsert between types no pair joins, with a coded error, changing nothing', async () => {
    const body = { edges: { Person: { '7': { Located_In: { Country: { '9': {} } } } } } };
    const answer = await raw(server, 'POST', '/restpp/graph/net', JSON.stringify(body));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: true, code: 'REST-30000' });
    expect(answer.body.message).toContain(
      'edge type Located_In does not go from Person to Country (its pairs: Person -> City, Forum -> Country)',
    );
    expect(await edges('Person', '7', 'Located_In')).toEqual(['Person:7>City:8']);
  });
});

describe('queries over edge types with several pairs', () => {
  it('traverses every pair, and inserts along a pair given the end types', async () => {
    const output = await gsql(`
      INTERPRET QUERY () FOR GRAPH net {
        INSERT INTO Has_Tag VALUES (1 Comment, 5 Tag);
        INSERT INTO Has_Tag VALUES (3 Forum, 5 Tag);
      }
    `);
    expect(output).toContain('"error": false');
    expect(await edges('Comment', '1', 'Has_Tag')).toEqual(['Comment:1>Tag:5']);
    expect(await edges('Forum', '3', 'Has_Tag')).toEqual(['Forum:3>Tag:5']);
    const answer = await client.gsql(`
      INTERPRET QUERY () FOR GRAPH net {
        SumAccum<INT> @@messages;
        P = {Person.*};
        M = SELECT m FROM P:p -(Has_Creator_Reverse>)- :m ACCUM @@messages += 1;
        PRINT @@messages AS messages, M.size() AS distinct_messages;
      }
    `);
    expect(answer.output).toContain('"messages": 2');
    expect(answer.output).toContain('"distinct_messages": 2');
  });

  it('refuses an INSERT between types no pair joins, inserting nothing', async () => {
    const answer = await client.gsql(`
      INTERPRET QUERY () FOR GRAPH net {
        INSERT INTO Has_Tag VALUES (5 Tag, 7 Person);
      }
    `);
    expect(answer.output).toContain(
      'edge type Has_Tag does not go from Tag to Person (its pairs: Comment -> Tag, Post -> Tag, Forum -> Tag)',
    );
    expect(await edges('Tag', '5', 'Has_Tag')).toEqual([]);
  });
});

describe('ALTER EDGE ... ADD | DROP PAIR', () => {
  it('adds pairs (type lists too) and drops one, deleting the edges of the dropped pair', async () => {
    await gsql(`
      CREATE GLOBAL SCHEMA_CHANGE JOB widen {
        ALTER EDGE Has_Creator ADD PAIR (FROM Forum|Tag, TO Person);
      }
      RUN GLOBAL SCHEMA_CHANGE JOB widen
    `);
    expect((await edgeJson('Has_Creator'))?.['EdgePairs']).toEqual([
      { From: 'Comment', To: 'Person' },
      { From: 'Post', To: 'Person' },
      { From: 'Forum', To: 'Person' },
      { From: 'Tag', To: 'Person' },
    ]);
    const added = { edges: { Forum: { '3': { Has_Creator: { Person: { '7': {} } } } } } };
    expect((await raw(server, 'POST', '/restpp/graph/net', JSON.stringify(added))).status).toBe(
      200,
    );
    expect(await edges('Person', '7', 'Has_Creator_Reverse')).toEqual([
      'Person:7>Comment:1',
      'Person:7>Forum:3',
      'Person:7>Post:2',
    ]);
    await gsql(`
      CREATE GLOBAL SCHEMA_CHANGE JOB narrow {
        ALTER EDGE Has_Creator DROP PAIR (FROM Comment, TO Person | FROM Tag, TO Person);
      }
      RUN GLOBAL SCHEMA_CHANGE JOB narrow
    `);
    expect(await edgeJson('Has_Creator')).toMatchObject({
      FromVertexTypeName: '*',
      ToVertexTypeName: 'Person',
      EdgePairs: [
        { From: 'Post', To: 'Person' },
        { From: 'Forum', To: 'Person' },
      ],
    });
    expect(await edges('Person', '7', 'Has_Creator_Reverse')).toEqual([
      'Person:7>Forum:3',
      'Person:7>Post:2',
    ]);
    expect(await edges('Comment', '1', 'Has_Creator')).toEqual([]);
  });

  it('names the type in the schema JSON again when one pair is left', async () => {
    await gsql(`
      CREATE GLOBAL SCHEMA_CHANGE JOB single {
        ALTER EDGE Has_Creator DROP PAIR (FROM Forum, TO Person);
      }
      RUN GLOBAL SCHEMA_CHANGE JOB single
    `);
    const json = await edgeJson('Has_Creator');
    expect(json).toMatchObject({ FromVertexTypeName: 'Post', ToVertexTypeName: 'Person' });
    expect(json).not.toHaveProperty('EdgePairs');
  });

  it('refuses dropping the last pair, and adding a pair the graph lacks a type for', async () => {
    const last = await client.gsql(`
      CREATE GLOBAL SCHEMA_CHANGE JOB empty {
        ALTER EDGE Has_Creator DROP PAIR (FROM Post, TO Person);
      }
      RUN GLOBAL SCHEMA_CHANGE JOB empty
    `);
    expect(last.ok).toBe(false);
    expect(last.output).toContain('edge type Has_Creator would have no FROM/TO pair left');
    await gsql('CREATE VERTEX Outsider (PRIMARY_ID id UINT)');
    const outside = await client.gsql(`
      CREATE GLOBAL SCHEMA_CHANGE JOB outside {
        ALTER EDGE Has_Tag ADD PAIR (FROM Outsider, TO Tag);
      }
      RUN GLOBAL SCHEMA_CHANGE JOB outside
    `);
    expect(outside.ok).toBe(false);
    expect(outside.output).toContain(
      'edge type Has_Tag is in graph net, which does not include vertex type "Outsider"',
    );
    expect((await edgeJson('Has_Tag'))?.['EdgePairs']).toHaveLength(3);
  });

  it('keeps the pairs and the deleted edges after a restart', async () => {
    const dir = s.dir;
    await s.close(true);
    s = await startSchemaServer(dir);
    server = s.server;
    client = s.client;
    expect(await edgeJson('Has_Creator')).toMatchObject({ FromVertexTypeName: 'Post' });
    expect(await edges('Person', '7', 'Has_Creator_Reverse')).toEqual(['Person:7>Post:2']);
    expect(await edges('Forum', '3', 'Located_In')).toEqual(['Forum:3>Country:9']);
  });

  it('deletes the edges of every pair with a vertex at one of their ends', async () => {
    const before = await edges('Post', '2', 'Has_Creator');
    expect(before).toEqual(['Post:2>Person:7']);
    const answer = await raw(server, 'DELETE', '/restpp/graph/net/vertices/Person/7');
    expect(answer.status).toBe(200);
    expect(await edges('Post', '2', 'Has_Creator')).toEqual([]);
    expect(await edges('Comment', '1', 'Has_Tag')).toEqual(['Comment:1>Tag:5']);
  });
});

describe('the * wildcard', () => {
  it('stands for the vertex types that exist when the edge type is defined', async () => {
    await gsql('CREATE VERTEX Left (PRIMARY_ID id UINT)');
    const types = (await client.call('getVertexTypes', {})).map((v) => v.Name);
    const answer = await client.call('createEdgeTypesGsql', {
      query: { gsql: true },
      body: { gsql: ['CREATE DIRECTED EDGE Any_Edge (FROM *, TO Left, label STRING)'] },
    });
    expect(answer).toBe('Successfully create edges: [Any_Edge]');
    await gsql('CREATE VERTEX Later (PRIMARY_ID id UINT)');
    const edge = await client.call('getEdgeType', { path: { edgeName: 'Any_Edge' } });
    expect(edge).toMatchObject({
      FromVertexTypeName: '*',
      ToVertexTypeName: 'Left',
      EdgePairs: types.map((t) => ({ From: t, To: 'Left' })),
    });
    expect(JSON.stringify(edge)).not.toContain('Later');
  });
});

describe('schema-change jobs as JSON', () => {
  it('lists the pairs an ALTER EDGE ... ADD|DROP PAIR stands for, type lists expanded', async () => {
    await gsql(`
      CREATE GLOBAL SCHEMA_CHANGE JOB retag {
        ALTER EDGE Has_Tag ADD PAIR (FROM Person|City, TO Tag);
        ALTER EDGE Has_Tag DROP PAIR (FROM Comment, TO Tag);
      }
    `);
    const job = await client.call('getSchemaJob', {
      path: { jobName: 'retag' },
      query: { json: true },
    });
    expect(job['retag']).toMatchObject({
      alterEdgeTypes: [
        {
          name: 'Has_Tag',
          addEdgePairs: [
            { From: 'Person', To: 'Tag' },
            { From: 'City', To: 'Tag' },
          ],
          dropEdgePairs: [{ From: 'Comment', To: 'Tag' }],
        },
      ],
    });
  });
});
