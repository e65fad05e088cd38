// The handler API in process: startServer() with test handlers shows what a handler receives
// (typed path, query and body; repeated parameters; raw bodies as streams; the user; the abort
// signal; GSQL-TIMEOUT) and how replies become answers (envelope, fields, whole, text, 500s).
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphClient } from '../../../src/core/client/index.js';
import { parseJson } from '../../../src/core/json.js';
import { startServer, type HandlerMap, type RunningServer } from '../../../src/server/index.js';
import { systemHandlers } from '../../../src/server/handlers/system.js';
import { NotFoundError } from '../../../src/server/http/errors.js';

const seen: Record<string, unknown> = {};
const logged: string[] = [];
let aborted: Promise<void>;
let markAborted: () => void;

// Only the system handlers and these: the suite does not depend on which handlers have landed.
const handlers: HandlerMap = {
  ...systemHandlers,
  listVertices: (ctx) => {
    seen.listVertices = {
      params: ctx.params,
      query: ctx.query,
      requestId: ctx.requestId,
      timeoutMs: ctx.timeoutMs,
    };
    const attributes = { big: 12345678901234567890n };
    return Promise.resolve({
      results: [{ v_id: '1', v_type: ctx.params.vertex_type, attributes }],
    });
  },
  abortQuery: (ctx) => {
    seen.abortQuery = ctx.query;
    return Promise.resolve({ results: [{ aborted_queries: [] }] });
  },
  runInstalledQuery: (ctx) => {
    seen.runInstalledQuery = ctx.query;
    return Promise.resolve({ results: [{}] });
  },
  runBuiltin: (ctx) => {
    seen.runBuiltin = ctx.body;
    return Promise.resolve({ results: [] });
  },
  getVertexTypes: (ctx) =>
    Promise.resolve({ results: [], message: `hello ${ctx.user?.name ?? ''}` }),
  createVertexTypes: () => Promise.resolve({ message: 'plain' }),
  createVertexTypesGsql: (ctx) => Promise.resolve({ message: `gsql ${ctx.body.gsql.length}` }),
  runStatements: (ctx) => Promise.resolve({ text: `ran: ${ctx.body} (${ctx.form})` }),
  queryStatus: () => Promise.resolve({ results: [], fields: { unknown_requestid: ['x'] } }),
  getStatistics: () => Promise.resolve({ whole: { 'GET /echo': { CompletedRequests: 1 } } }),
  loadData: async (ctx) => {
    let bytes = 0;
    let chunks = 0;
    for await (const chunk of ctx.body) {
      bytes += chunk.length;
      chunks += 1;
    }
    seen.loadData = { bytes, chunks, query: ctx.query };
    return { results: [] };
  },
  showProcessListAll: async (ctx) => {
    await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()));
    markAborted();
    return { results: [] };
  },
  getVertex: () =>
    Promise.reject(new NotFoundError('vertex 7 of type Person does not exist', 'REST-30000')),
  getEdge: () => Promise.reject(new Error('boom: secret detail')),
};

let dir: string;
let server: RunningServer;
let client: GraphClient;
const auth = { authorization: `Basic ${Buffer.from('tigergraph:tigergraph').toString('base64')}` };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gwb-pipe-'));
  aborted = new Promise((resolve) => (markAborted = resolve));
  server = await startServer({
    dir,
    port: 0,
    handlers,
    maxBodyBytes: 64 * 1024,
    log: { info: (m) => logged.push(m), error: (m) => logged.push(m) },
  });
  client = new GraphClient({
    url: server.url,
    graph: 'g',
    username: 'tigergraph',
    password: 'tigergraph',
  });
});
afterAll(async () => {
  await client?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function text(path: string, init: RequestInit = {}) {
  const response = await fetch(server.url + path, init);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text: await response.text(),
  };
}

describe('what handlers receive', () => {
  it('parsed path and query, the request id and the timeout', async () => {
    const answer = await text(
      '/restpp/graph/g/vertices/Person?limit=5&select=a,b&count_only=true&junk=1',
      {
        headers: { 'GSQL-TIMEOUT': '2500' },
      },
    );
    expect(answer.status).toBe(200);
    // Big integers leave the server exactly.
    expect(answer.text).toContain('"big":12345678901234567890');
    expect(seen.listVertices).toMatchObject({
      params: { graph_name: 'g', vertex_type: 'Person' },
      query: { limit: 5, select: ['a', 'b'], count_only: true },
      timeoutMs: 2500,
      requestId: expect.stringMatching(/^\d+\.RESTPP_1_1\.\d+\.N$/) as unknown,
    });
    expect(seen.listVertices).not.toHaveProperty('query.junk');
  });

  it('repeated names as arrays where the schema takes lists, and 400 where it does not', async () => {
    await text('/restpp/abortquery/g?requestid=a&requestid=b');
    expect(seen.abortQuery).toEqual({ requestid: ['a', 'b'] });
    const twice = await text('/restpp/graph/g/vertices/Person?limit=1&limit=2');
    expect(twice.status).toBe(400);
    expect(twice.text).toContain('query.limit: given 2 times, expected once');
  });

  it('query arguments keep every name, repeated ones as arrays', async () => {
    await text('/restpp/query/g/q?x=1&s=a&s=b&v.type=Person');
    expect(seen.runInstalledQuery).toEqual({ x: '1', s: ['a', 'b'], 'v.type': 'Person' });
  });

  it('JSON bodies parsed losslessly and validated', async () => {
    await client.call('runBuiltin', { body: { function: 'stat_vertex_number', type: '*' } });
    expect(seen.runBuiltin).toEqual({ function: 'stat_vertex_number', type: '*' });
  });

  it('the authenticated user on GSQL-server endpoints', async () => {
    expect(
      (
        parseJson((await text('/gsql/v1/schema/vertices', { headers: auth })).text) as {
          message: string;
        }
      ).message,
    ).toBe('hello tigergraph');
  });

  it('variants by query flag and plain form', async () => {
    const post = (query: string, body: unknown) =>
      text(`/gsql/v1/schema/vertices${query}`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify(body),
      });
    expect(
      (await post('?gsql=true', { gsql: ['CREATE VERTEX A (PRIMARY_ID id STRING)'] })).text,
    ).toContain('gsql 1');
    const vertex = { Name: 'A', Attributes: [] };
    expect((await post('', { createVertices: [vertex] })).text).toContain('plain');
    // A variant without handler is 501 even when its sibling has one.
    expect((await post('?graph=g', { addVertices: ['A'] })).status).toBe(501);
  });

  it('text bodies in the current form and form-encoded ones in the 3.x form', async () => {
    expect(await client.gsql('ls')).toMatchObject({ output: 'ran: ls (current)' });
    const legacy = await text('/gsqlserver/gsql/file', {
      method: 'POST',
      headers: auth,
      body: encodeURIComponent('USE GRAPH g; ls').replace(/%20/g, '+'),
    });
    expect(legacy).toMatchObject({ status: 200, text: 'ran: USE GRAPH g; ls (legacy)' });
    expect(legacy.type).toMatch(/^text\/plain/);
  });

  it('raw bodies as a stream of chunks, within the limit', async () => {
    const body = 'a,b\n'.repeat(10_000);
    const answer = await text('/restpp/ddl/g?tag=job&filename=f1', { method: 'POST', body });
    expect(answer.status).toBe(200);
    expect(seen.loadData).toMatchObject({
      bytes: body.length,
      query: { tag: 'job', filename: 'f1' },
    });
    const tooBig = await text('/restpp/ddl/g?tag=job&filename=f1', {
      method: 'POST',
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 100; i++) controller.enqueue(new Uint8Array(1024));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(tooBig.status).toBe(413);
  });

  it('an abort signal when the client goes away', async () => {
    const req = request(`${server.url}/restpp/showprocesslistall`);
    req.on('error', () => undefined);
    req.end();
    await new Promise((resolve) => setTimeout(resolve, 100));
    req.destroy();
    await aborted;
  });
});

describe('replies', () => {
  it('fields join the envelope and whole replaces it', async () => {
    const status = parseJson((await text('/restpp/query_status?requestid=x')).text);
    expect(status).toMatchObject({ error: false, code: 'REST-0000', unknown_requestid: ['x'] });
    const stats = parseJson((await text('/restpp/statistics/g?seconds=10')).text);
    expect(stats).toEqual({ 'GET /echo': { CompletedRequests: 1 } });
  });

  it('an HttpError thrown by a handler is its status and code', async () => {
    const answer = await text('/restpp/graph/g/vertices/Person/7');
    expect(answer.status).toBe(404);
    expect(parseJson(answer.text)).toMatchObject({ error: true, code: 'REST-30000' });
  });

  it('anything else is a logged 500 with a generic message', async () => {
    const answer = await text('/restpp/graph/g/edges/A/1/e/B/2');
    expect(answer.status).toBe(500);
    expect(parseJson(answer.text)).toMatchObject({
      error: true,
      code: 'GWB-INTERNAL',
      message: 'internal server error',
    });
    expect(answer.text).not.toContain('secret detail');
    expect(logged.join('\n')).toContain('getEdge failed');
  });
});

describe('coverage', () => {
  it('lists the served operations that have no handler yet', () => {
    expect(server.unsupported).toContain('getEdgeType');
    expect(server.unsupported).not.toContain('ping');
    expect(server.unsupported).not.toContain('listVertices');
    expect(server.unsupported.some((name) => name.startsWith('createWorkgroup'))).toBe(false);
  });
});
