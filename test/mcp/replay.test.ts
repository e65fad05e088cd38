// The query tools against recorded answers (test/helpers/replay-server.ts, the real envelope):
// query execution is not in the embedded service yet, so these pin down what the tools send
// (GSQL-TIMEOUT, the JSON parameters, the text with FOR GRAPH) and how they read the answers,
// and that read-only mode checks a query's text before running it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GraphClient } from '../../src/core/client/index.js';
import { ok, startReplayServer, version4, type ReplayServer } from '../helpers/replay-server.js';
import { callTool, connectInMemory, textOf, type Connected } from './fixture.js';

const readQuery = `CREATE QUERY friends(VERTEX<Person> p, INT k) FOR GRAPH social {
  S = {p};
  T = SELECT t FROM S:s -(knows:e)- Person:t LIMIT k;
  PRINT T;
}`;
const writeQuery = `CREATE QUERY birthday(VERTEX<Person> p) FOR GRAPH social {
  S = {p};
  T = SELECT s FROM S:s POST-ACCUM s.age = s.age + 1;
  PRINT T;
}`;

const callerQuery = `CREATE QUERY caller(VERTEX<Person> p) FOR GRAPH social {
  INT n = abs(-1);
  birthday(p);
  PRINT n;
}`;

let replay: ReplayServer;
let client: GraphClient;

function routes(server: ReplayServer) {
  server.on('GET /restpp/version', () => version4);
  server.on('POST /gsql/v1/statements', (req) => {
    const text = req.body.includes('SHOW QUERY birthday')
      ? writeQuery
      : req.body.includes('SHOW QUERY caller')
        ? callerQuery
        : readQuery;
    const missing = req.body.includes('SHOW QUERY nosuch');
    return { text: missing ? 'Query nosuch does not exist.\n__GSQL__RETURN__CODE__,1\n' : text };
  });
  server.on('POST /restpp/query/social/friends', () =>
    ok([{ T: Array.from({ length: 7 }, (_, i) => ({ v_id: `p${i}`, v_type: 'Person' })) }]),
  );
  server.on('POST /restpp/query/social/birthday', () => ok([{ T: [] }]));
  server.on('POST /gsql/v1/queries/interpret', () => ok([{ n: 3 }]));
  server.on('GET /gsql/v1/queries/info', () => ({
    json: {
      error: false,
      message: '',
      queryname: 'friends',
      input: [{ p: 'VERTEX<Person>' }, { k: 'INT' }],
      output: [{ T: 'SET<VERTEX<Person>>' }],
    },
  }));
  server.on('GET /gsql/v1/schema/graphs', () => ({
    json: {
      error: false,
      message: '',
      graphs: [{ graphName: 'social', vertices: ['Person'], edges: ['knows'] }],
    },
  }));
  server.on('GET /restpp/endpoints/social', () => ({
    json: {
      'GET /query/social/friends': { parameters: { p: { type: 'VERTEX' }, k: { type: 'INT64' } } },
      'POST /query/social/friends': { parameters: { p: { type: 'VERTEX' } } },
      'GET /echo': {},
    },
  }));
  server.on('GET /gsql/v1/library/algo.bfs', () =>
    ok([{ name: 'algo.bfs', query: readQuery.replace('friends', 'bfs'), params: {} }]),
  );
  server.on('GET /gsql/v1/library/algo.rank_write', () =>
    ok([{ name: 'algo.rank_write', query: writeQuery.replace('birthday', 'rank'), params: {} }]),
  );
  server.on('POST /gsql/v1/library/algo.bfs', () => ok({ generatedQueryName: 'bfs_1', rows: [1] }));
  server.on('GET /restpp/graph/social/vertices/Person/ghost', () => ({
    status: 400,
    json: {
      version: { edition: 'enterprise', api: 'v2', schema: 0 },
      error: true,
      message: 'Vertex ghost of type Person does not exist.',
      code: 'REST-30000',
    },
  }));
}

beforeAll(async () => {
  replay = await startReplayServer();
  routes(replay);
  client = new GraphClient({
    url: replay.url,
    username: 'tigergraph',
    password: 'tigergraph',
    graph: 'social',
  });
});
afterAll(async () => {
  await client.close();
  await replay.close();
});

let connected: Connected;
beforeEach(async () => {
  replay.requests.length = 0;
  connected?.close().catch(() => undefined);
  connected = await connectInMemory(client, { maxRows: 5, timeoutMs: 12_000 });
});

const sent = (method: string, path: string) =>
  replay.requests.filter((r) => r.method === method && r.path === path);

describe('run_installed_query', () => {
  it('checks the text, then runs with JSON parameters and GSQL-TIMEOUT, capping rows', async () => {
    const params = { p: { id: 'alice', type: 'Person' }, k: 7 };
    const result = await callTool(connected.mcp, 'run_installed_query', {
      name: 'friends',
      params,
    });
    expect(result.isError).toBeFalsy();
    const [run] = sent('POST', '/restpp/query/social/friends');
    expect(JSON.parse(run?.body ?? '{}')).toEqual(params);
    expect(run?.headers['gsql-timeout']).toBe('12000');
    expect(sent('POST', '/gsql/v1/statements')[0]?.body).toContain('SHOW QUERY friends');
    const structured = result.structuredContent as { results: { T: unknown[] }[] };
    expect(structured.results[0]?.T).toHaveLength(5);
    expect(result.structuredContent).toMatchObject({ truncated: true, total: 7 });
    expect(textOf(result)).toContain('truncated');
  });

  it('refuses a query whose text writes, and runs nothing', async () => {
    const result = await callTool(connected.mcp, 'run_installed_query', { name: 'birthday' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Refused: query birthday writes.*assigns attribute age/);
    expect(sent('POST', '/restpp/query/social/birthday')).toHaveLength(0);
  });

  it('refuses a query that calls a writing query', async () => {
    const result = await callTool(connected.mcp, 'run_installed_query', { name: 'caller' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Refused: query birthday \(called as a subquery\) writes/);
    expect(sent('POST', '/restpp/query/social/caller')).toHaveLength(0);
  });

  it('refuses a query whose text cannot be read', async () => {
    const result = await callTool(connected.mcp, 'run_installed_query', { name: 'nosuch' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('could not be read');
  });

  it('runs a writing query when writes are allowed', async () => {
    const rw = await connectInMemory(client, { allowWrites: true });
    const result = await callTool(rw.mcp, 'run_installed_query', { name: 'birthday' });
    expect(result.isError).toBeFalsy();
    expect(sent('POST', '/restpp/query/social/birthday')).toHaveLength(1);
    await rw.close();
  });
});

describe('interpret_query', () => {
  it('adds FOR GRAPH when missing and sends the parameters in the query string', async () => {
    const query = 'INTERPRET QUERY (INT n) { PRINT n; }';
    const result = await callTool(connected.mcp, 'interpret_query', { query, params: { n: 3 } });
    expect(textOf(result)).toBe('interpreted query: 1 PRINT result\n{"n":3}');
    expect(result.isError).toBeFalsy();
    const [req] = sent('POST', '/gsql/v1/queries/interpret');
    expect(req?.body).toBe('INTERPRET QUERY (INT n) FOR GRAPH social { PRINT n; }');
    expect(req?.query.get('n')).toBe('3');
    expect(result.structuredContent).toEqual({ results: [{ n: 3 }], truncated: false });
  });

  it('reports a syntax error with line:column and sends nothing', async () => {
    const query = 'INTERPRET QUERY () FOR GRAPH social {\n  S = {Person.*}\n  PRINT S;\n}';
    const result = await callTool(connected.mcp, 'interpret_query', { query });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^GSQL syntax error, nothing was sent:\n3:3: expected ';'/);
    expect(replay.requests).toHaveLength(0);
  });

  it('refuses a text that is not one query', async () => {
    const result = await callTool(connected.mcp, 'interpret_query', { query: 'DROP ALL' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('expected exactly one query');
    expect(replay.requests).toHaveLength(0);
  });
});

describe('describe_query and list_queries', () => {
  it('describes parameters, output, text and writes', async () => {
    const result = await callTool(connected.mcp, 'describe_query', { name: 'friends' });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      graph: 'social',
      name: 'friends',
      parameters: [{ p: 'VERTEX<Person>' }, { k: 'INT' }],
      output: [{ T: 'SET<VERTEX<Person>>' }],
      writes: [],
    });
    expect((result.structuredContent as { text: string }).text).toContain('CREATE QUERY friends');
  });

  it('lists installed queries from the endpoint listing', async () => {
    const result = await callTool(connected.mcp, 'list_queries', {});
    expect(result.structuredContent).toEqual({
      graph: 'social',
      queries: [{ name: 'friends', parameters: { p: { type: 'VERTEX' }, k: { type: 'INT64' } } }],
    });
  });
});

describe('run_template_query', () => {
  it('runs a template whose definition does not write', async () => {
    const result = await callTool(connected.mcp, 'run_template_query', { name: 'algo.bfs' });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ results: { generatedQueryName: 'bfs_1' } });
    const [req] = sent('POST', '/gsql/v1/library/algo.bfs');
    expect(req?.query.get('graph')).toBe('social');
  });

  it('refuses a template whose definition writes', async () => {
    const result = await callTool(connected.mcp, 'run_template_query', { name: 'algo.rank_write' });
    expect(result.isError).toBe(true);
    expect(sent('POST', '/gsql/v1/library/algo.rank_write')).toHaveLength(0);
  });
});

describe('resources and prompts', () => {
  it('lists each installed query and reads its text and parameters', async () => {
    const { resources } = await connected.mcp.listResources();
    expect(resources.map((r) => r.uri)).toEqual([
      'gwb://graph/social/schema',
      'gwb://graph/social/query/friends',
    ]);
    const read = await connected.mcp.readResource({ uri: 'gwb://graph/social/query/friends' });
    const [content] = read.contents;
    const body = JSON.parse(content && 'text' in content ? content.text : '{}') as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({
      graph: 'social',
      name: 'friends',
      parameters: { p: { type: 'VERTEX' }, k: { type: 'INT64' } },
    });
    expect(body.text).toContain('CREATE QUERY friends');
  });

  it('explore-graph walks schema, counts, samples, a first query', async () => {
    const prompt = await connected.mcp.getPrompt({ name: 'explore-graph', arguments: {} });
    const text = JSON.stringify(prompt.messages);
    for (const step of ['get_schema', 'count_vertices', 'get_vertices', 'interpret_query']) {
      expect(text).toContain(step);
    }
    expect(text).toContain('graph \\"social\\"');
  });
});

describe('error mapping', () => {
  it("gives the service's code and message with isError", async () => {
    const result = await callTool(connected.mcp, 'get_vertex', {
      vertexType: 'Person',
      vertexId: 'ghost',
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      '[REST-30000] getVertex: Vertex ghost of type Person does not exist. (HTTP 400)',
    );
  });
});
