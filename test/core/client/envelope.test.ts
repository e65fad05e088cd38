// GraphClient against scripted answers: envelopes, errors, big integers, headers, input checks.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GraphClient } from '../../../src/core/client/index.js';
import { AuthError, GraphError, InputError } from '../../../src/core/errors.js';
import { ok, startReplayServer, version4, type ReplayServer } from '../../helpers/replay-server.js';

let server: ReplayServer;
let client: GraphClient;

beforeEach(async () => {
  server = await startReplayServer();
  server.on('GET /restpp/version', () => version4);
  client = new GraphClient({
    url: server.url,
    graph: 'social',
    username: 'tigergraph',
    password: 'pw',
  });
});
afterEach(async () => {
  await client.close();
  await server.close();
});

describe('envelope', () => {
  it('returns the results of a success envelope', async () => {
    server.on('GET /restpp/graph/social/vertices/person/Tom', () =>
      ok([{ v_id: 'Tom', v_type: 'person', attributes: { age: 40 } }]),
    );
    const vertices = await client.getVertex({ type: 'person', id: 'Tom' });
    expect(vertices).toEqual([{ v_id: 'Tom', v_type: 'person', attributes: { age: 40 } }]);
  });

  it('turns an error envelope into a GraphError with code, status and operation', async () => {
    server.on('POST /restpp/builtins/social', () => ({
      status: 400,
      json: {
        version: { api: 'v2', schema: 0 },
        error: true,
        message: 'Unknown vertex type: pet',
        code: 'REST-30000',
      },
    }));
    const error = await client
      .call('runBuiltin', { body: { function: 'stat_vertex_number', type: 'pet' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphError);
    expect(error).toMatchObject({ code: 'REST-30000', status: 400, operation: 'runBuiltin' });
    expect((error as Error).message).toContain('Unknown vertex type: pet');
  });

  it('reports an error envelope even with HTTP 200', async () => {
    server.on('GET /restpp/query/social/q', () => ({
      json: {
        error: true,
        message: 'Runtime Error: divide by zero',
        results: [],
        code: 'REST-10002',
      },
    }));
    await expect(client.runQuery('q')).rejects.toMatchObject({ code: 'REST-10002' });
  });

  it('reports an oversize response as REST-4000', async () => {
    server.on('GET /restpp/query/social/big', () => ({
      json: {
        version: { api: 'v2', schema: 0 },
        error: true,
        message: 'The size of the response (1234 bytes) exceeds the limit (100 bytes).',
        results: [],
        code: 'REST-4000',
      },
    }));
    await expect(client.runQuery('big', {}, { responseLimit: 100 })).rejects.toMatchObject({
      code: 'REST-4000',
      operation: 'runInstalledQuery',
    });
    expect(server.requests.at(-1)?.headers['response-limit']).toBe('100');
  });

  it('maps 401 to an AuthError', async () => {
    server.on('GET /gsql/v1/schema', () => ({
      status: 401,
      json: { error: true, message: 'You are not authorized to use this endpoint.' },
    }));
    const error = await client.getSchema().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ status: 401, operation: 'getSchema' });
  });

  it('names a non-JSON failure page by status', async () => {
    server.on('GET /restpp/graph/social/vertices/person', () => ({
      status: 502,
      text: 'Bad Gateway',
    }));
    await expect(client.getVertices('person')).rejects.toMatchObject({
      code: 'GWB-HTTP',
      status: 502,
    });
  });

  it('keeps integers above 2^53 exact', async () => {
    server.on('GET /restpp/query/social/big_ids', () => ({
      json: '{"error":false,"message":"","results":[{"total": 9007199254740993, "ids": [18446744073709551615, 1]}],"code":"REST-0000"}',
    }));
    const results = await client.runQuery('big_ids');
    expect(results[0]).toEqual({ total: 9007199254740993n, ids: [18446744073709551615n, 1] });
  });

  it('sends the spec headers of a call', async () => {
    server.on('GET /restpp/query/social/q', () => ok([]));
    await client.runQuery(
      'q',
      {},
      { timeoutMs: 2000, replica: 2, threadLimit: 4, memoryLimitMb: 512, detached: true },
    );
    const headers = server.requests.at(-1)?.headers ?? {};
    expect(headers['gsql-timeout']).toBe('2000');
    expect(headers['gsql-replica']).toBe('2');
    expect(headers['gsql-thread-limit']).toBe('4');
    expect(headers['gsql-querylocalmemlimitmb']).toBe('512');
    expect(headers['gsql-async']).toBe('true');
  });

  it('sends Basic credentials to the GSQL server and none to REST++ without a token', async () => {
    server.on('GET /gsql/v1/schema', () =>
      ok({ GraphName: 'social', VertexTypes: [], EdgeTypes: [] }),
    );
    server.on('GET /restpp/graph/social/vertices/person', () => ok([]));
    await client.getSchema();
    await client.getVertices('person');
    const [schemaReq, vertexReq] = server.requests.filter((r) => r.path !== '/restpp/version');
    expect(schemaReq?.headers.authorization).toBe(
      `Basic ${Buffer.from('tigergraph:pw').toString('base64')}`,
    );
    expect(schemaReq?.query.get('graph')).toBe('social');
    expect(vertexReq?.headers.authorization).toBeUndefined();
  });

  it('refuses bad input before sending anything', async () => {
    const sent = server.requests.length;
    const error = await client
      .call('getStatistics', { query: { seconds: 600 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ code: 'GWB-INPUT', operation: 'getStatistics' });
    expect((error as Error).message).toContain('query.seconds');
    await expect(
      client.call('shortestPath', { body: { source: { type: 'p', id: '1' }, maxLength: 3 } }),
    ).rejects.toMatchObject({ code: 'GWB-INPUT' });
    expect(server.requests.length).toBe(sent);
  });

  it('refuses an unknown operation name with a stable code', async () => {
    await expect(
      (client as unknown as { call(n: string): Promise<unknown> }).call('noSuchOp'),
    ).rejects.toMatchObject({ code: 'GWB-UNKNOWN-OP' });
  });

  it('reuses keep-alive connections', async () => {
    server.on('GET /restpp/echo', () => ({ json: { error: false, message: 'Hello GSQL' } }));
    for (let i = 0; i < 10; i++) expect(await client.call('echo')).toBe('Hello GSQL');
    // undici may open a second socket while the first is being released; never one per request.
    expect(server.requests.length).toBe(11);
    expect(server.connections).toBeLessThanOrEqual(2);
  });

  it('validates results against the operation schema when asked', async () => {
    const strict = new GraphClient({ url: server.url, graph: 'social' }, { validateResults: true });
    server.on('GET /restpp/graph/social/vertices/person', () => ok([{ id: 'no v_id here' }]));
    await expect(strict.getVertices('person')).rejects.toMatchObject({ code: 'GWB-RESPONSE' });
    await strict.close();
  });
});
