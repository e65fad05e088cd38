// The system endpoints and the envelope, against a real `gwb serve` child: ping, echo, version
// (in the real service's text, so clients pick the 4.x paths), the endpoint listing, and the
// answers for unknown routes and wrong methods, and the deprecated ts3 reader.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphClient } from '../../../src/core/client/index.js';
import { startGwbServe, type GwbServe } from '../../helpers/serve.js';

let server: GwbServe;
let client: GraphClient;

beforeAll(async () => {
  server = await startGwbServe({ args: ['--restpp-port', '0'] });
  client = new GraphClient(
    { url: server.url, graph: 'g', username: 'tigergraph', password: 'tigergraph' },
    { validateResults: true },
  );
});
afterAll(async () => {
  await client?.close();
  await server?.stop();
});

async function getJson(path: string, init: RequestInit = {}, base = server.url) {
  const response = await fetch(base + path, init);
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

const restppEnvelope = {
  version: { edition: 'enterprise', api: 'v2', schema: 0 },
  error: false,
  code: 'REST-0000',
};

describe('system endpoints', () => {
  it('GET /api/ping answers pong without credentials', async () => {
    const { status, body } = await getJson('/api/ping');
    expect(status).toBe(200);
    expect(body).toEqual({ error: false, message: 'pong', results: {} });
    expect(await client.call('ping')).toBe('pong');
  });

  it('GET and POST /restpp/echo answer "Hello GSQL" in the REST++ envelope', async () => {
    const { body } = await getJson('/restpp/echo');
    expect(body).toEqual({ ...restppEnvelope, message: 'Hello GSQL', results: [] });
    const post = await getJson('/restpp/echo', { method: 'POST', body: '{}' });
    expect(post.body.message).toBe('Hello GSQL');
    expect(await client.call('echo')).toBe('Hello GSQL');
    expect(await client.call('echoPost')).toBe('Hello GSQL');
  });

  it('echo honours sleep, bounded by GSQL-TIMEOUT', async () => {
    const started = Date.now();
    expect(await client.call('echo', { query: { sleep: 1 } })).toBe('Hello GSQL');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const timed = await getJson('/restpp/echo?sleep=5', { headers: { 'GSQL-TIMEOUT': '200' } });
    expect(timed.body).toMatchObject({ error: true, code: 'REST-3000' });
  });

  it('GET /restpp/version is the real text format with a 4.x release', async () => {
    const { body } = await getJson('/restpp/version');
    expect(body).toMatchObject(restppEnvelope);
    const text = String(body.message);
    const lines = text.split('\n');
    // As pyTigerGraph's _parse_get_version reads it: lines after the third, `name version hash d t tz`.
    const components = lines.slice(3, -1).map((line) => line.split(/\s+/));
    expect(components.length).toBeGreaterThanOrEqual(3);
    for (const parts of components) {
      expect(parts).toHaveLength(6);
      expect(parts[1]).toMatch(/^release_4\.1\.3_\d\d-\d\d-\d{4}$/);
      expect(parts[2]).toMatch(/^[0-9a-f]{40}$/);
    }
    expect(components.map((c) => c[0])).toContain('product');
  });

  it('the client detects the 4.x path form from the version text', async () => {
    expect(await client.detect()).toEqual({ form: 'v4', version: '4.1.3' });
  });

  it('GET /restpp/endpoints lists the built-in endpoints with parameter tables', async () => {
    const listing = await client.call('listEndpoints', { query: { builtin: true } });
    expect(listing['GET /endpoints/{graph_name}']).toEqual({
      parameters: {
        builtin: { default: 'false', max_count: 1, min_count: 0, type: 'BOOL' },
        dynamic: { default: 'false', max_count: 1, min_count: 0, type: 'BOOL' },
        static: { default: 'false', max_count: 1, min_count: 0, type: 'BOOL' },
      },
    });
    expect(listing['GET /graph/{graph_name}/vertices/{vertex_type}']?.parameters).toMatchObject({
      limit: { max_count: 1, min_count: 0, type: 'INT' },
      select: { type: 'STRING' },
    });
    expect(listing['POST /ddl/{graph_name}']?.parameters).toMatchObject({
      tag: { min_count: 1, max_count: 1, type: 'STRING' },
    });
    expect(listing['GET /abortquery/{graph_name}']?.parameters?.requestid).toMatchObject({
      max_count: 2147483647,
    });
    expect(listing['GET /statistics/{graph_name}']?.parameters?.seconds).toMatchObject({
      min_count: 1,
      type: 'UINT',
    });
    // Installed queries are dynamic endpoints: none yet, and none faked.
    expect(Object.keys(listing).some((k) => k.includes('/query/'))).toBe(false);
    expect(await client.call('listEndpoints', { query: { dynamic: true } })).toEqual({});
    expect(Object.keys(await client.call('listEndpoints')).length).toBe(
      Object.keys(listing).length,
    );
  });
});

describe('routing errors', () => {
  it('an unknown path is 404 with the envelope', async () => {
    const { status, body } = await getJson('/restpp/no/such/endpoint');
    expect(status).toBe(404);
    expect(body).toMatchObject({ ...restppEnvelope, error: true, code: 'REST-1000', results: [] });
    expect(String(body.message)).toContain('/restpp/no/such/endpoint');
  });

  it('a known path with a wrong method is 405 with Allow', async () => {
    const { status, headers, body } = await getJson('/restpp/echo', { method: 'PUT' });
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe('GET, POST');
    expect(body).toMatchObject({ error: true, code: 'REST-1000' });
  });

  it('the deprecated TS3 reader answers the retained metric samples', async () => {
    // Every catalogued operation is served now; a missing handler's 501 is in pipeline.test.ts.
    const authorization = `Basic ${Buffer.from('tigergraph:tigergraph').toString('base64')}`;
    const { status, body } = await getJson('/ts3/api/datapoints?what=mem', {
      headers: { authorization },
    });
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    const points = await client.call('getDataPoints', { query: { what: 'mem', who: 'GPE' } });
    expect(points.length).toBeGreaterThan(0);
    for (const p of points) expect(p).toMatchObject({ what: 'mem', who: 'GPE', where: 'm1' });
  });

  it('bad query parameters are 400 naming the parameter and the value', async () => {
    const { status, body } = await getJson('/restpp/graph/g/vertices/Person?limit=abc');
    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: true,
      code: 'REST-30001',
      message: 'listVertices: query.limit: expected an integer, got "abc"',
    });
    const echo = await getJson('/restpp/echo?sleep=soon');
    expect(echo.body.message).toBe('echo: query.sleep: expected an integer, got "soon"');
  });

  it('serves the legacy REST++ form on --restpp-port, without prefix', async () => {
    const base = `http://127.0.0.1:${server.restppPort}`;
    const { body } = await getJson('/echo', {}, base);
    expect(body).toMatchObject({ ...restppEnvelope, message: 'Hello GSQL' });
    expect((await getJson('/restpp/echo', {}, base)).status).toBe(404);
    expect((await getJson('/version', {}, base)).body.message).toContain('release_4.1.3');
    const legacy = new GraphClient({
      url: server.url,
      restppUrl: base,
      graph: 'g',
      pathForm: 'v3',
    });
    try {
      expect(await legacy.call('echo')).toBe('Hello GSQL');
    } finally {
      await legacy.close();
    }
  });
});
