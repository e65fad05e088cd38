// Path forms: 4.x (/restpp on the GSQL port) versus 3.x (REST++ on its own port), chosen from
// GET /restpp/version with /version as the fallback, and the 404 fallback of the GSQL channel.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GraphClient, releaseOf } from '../../../src/core/client/index.js';
import { ok, startReplayServer, version4, type ReplayServer } from '../../helpers/replay-server.js';

let gsql: ReplayServer;
let restpp: ReplayServer;
const clients: GraphClient[] = [];

function connect(extra: Partial<ConstructorParameters<typeof GraphClient>[0]> = {}) {
  const client = new GraphClient({
    url: gsql.url,
    restppUrl: restpp.url,
    graph: 'g',
    username: 'u',
    password: 'p',
    ...extra,
  });
  clients.push(client);
  return client;
}

beforeEach(async () => {
  gsql = await startReplayServer();
  restpp = await startReplayServer();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await gsql.close();
  await restpp.close();
});

describe('path forms', () => {
  it('uses /restpp on the GSQL port when /restpp/version answers', async () => {
    gsql.on('GET /restpp/version', () => version4);
    gsql.on('POST /restpp/shortestpath/g', () => ok([]));
    const client = connect();
    await client.shortestPath({ source: { type: 'p', id: '1' }, target: { type: 'p', id: '2' } });
    expect(await client.detect()).toEqual({ form: 'v4', version: '4.1.3' });
    expect(gsql.requests.map((r) => r.path)).toEqual(['/restpp/version', '/restpp/shortestpath/g']);
    expect(restpp.requests).toHaveLength(0);
  });

  it('falls back to /version on the REST++ port and uses the 3.x paths', async () => {
    restpp.on('GET /version', () => ({
      json: {
        error: false,
        message:
          'TigerGraph RESTPP:\n --- Version ---\nproduct   release_3.10.1_01-01-2024 abc 2024-01-01 00:00:00 -0700\n',
      },
    }));
    restpp.on('POST /shortestpath/g', () => ok([]));
    gsql.on('GET /gsqlserver/gsql/queryinfo', () => ({
      json: { queryname: 'q', input: [], output: [], error: false, message: '' },
    }));
    const client = connect();
    await client.shortestPath({ source: { type: 'p', id: '1' }, target: { type: 'p', id: '2' } });
    await client.call('getQueryMetadata', { query: { query: 'q' } });
    expect(await client.detect()).toEqual({ form: 'v3', version: '3.10.1' });
    expect(restpp.requests.map((r) => r.path)).toEqual(['/version', '/shortestpath/g']);
    expect(gsql.requests.map((r) => r.path)).toEqual([
      '/restpp/version',
      '/gsqlserver/gsql/queryinfo',
    ]);
    expect(gsql.requests.at(-1)?.query.get('graph')).toBe('g');
  });

  it('caches the detected form', async () => {
    gsql.on('GET /restpp/version', () => version4);
    gsql.on('GET /restpp/echo', () => ({ json: { error: false, message: 'Hello GSQL' } }));
    const client = connect();
    await client.call('echo');
    await client.call('echo');
    expect(gsql.requests.filter((r) => r.path === '/restpp/version')).toHaveLength(1);
  });

  it('takes a 401 on /restpp/version as the 4.x form (REST++ authentication on)', async () => {
    gsql.on('GET /restpp/version', () => ({
      status: 401,
      json: { error: true, message: 'no token', code: 'REST-10016' },
    }));
    expect((await connect().detect()).form).toBe('v4');
  });

  it('sends GSQL statements as text and falls back to the 3.x form-encoded channel on 404', async () => {
    gsql.on('GET /restpp/version', () => version4);
    gsql.on('POST /gsqlserver/gsql/file', (req) => ({
      text: `decoded:${decodeURIComponent(req.body.replace(/\+/g, ' '))}\n__GSQL__RETURN__CODE__,0\n`,
    }));
    const client = connect();
    const answer = await client.gsql('LS; SHOW VERTEX *');
    expect(answer).toEqual({ output: 'decoded:LS; SHOW VERTEX *', returnCode: 0, ok: true });
    const [first, second] = gsql.requests.filter((r) => r.method === 'POST');
    expect(first?.path).toBe('/gsql/v1/statements');
    expect(first?.headers['content-type']).toContain('text/plain');
    expect(first?.body).toBe('LS; SHOW VERTEX *');
    expect(second?.path).toBe('/gsqlserver/gsql/file');
    expect(second?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(second?.body).toBe('LS%3B+SHOW+VERTEX+*');
  });

  it('reads the shell return code and strips protocol lines', async () => {
    gsql.on('GET /restpp/version', () => version4);
    gsql.on('POST /gsql/v1/statements', () => ({
      text: 'Semantic Check Fails: The vertex type pet does not exist.\n__GSQL__COOKIES__,{}\n__GSQL__RETURN__CODE__,1\n',
    }));
    const answer = await connect().gsql('DROP VERTEX pet');
    expect(answer).toEqual({
      output: 'Semantic Check Fails: The vertex type pet does not exist.',
      returnCode: 1,
      ok: false,
    });
  });

  it('passes a legacy query-string path parameter (template info, 3.x)', async () => {
    restpp.on('GET /version', () => ({
      json: { error: false, message: 'product release_3.9.3_x' },
    }));
    gsql.on('GET /gsql/library', () => ok([]));
    await connect().call('getTemplateInfo', { path: { functionName: 'tg_pagerank' } });
    expect(gsql.requests.at(-1)?.query.get('functionName')).toBe('tg_pagerank');
  });

  it('reads the release from the version text', () => {
    expect(releaseOf(JSON.stringify(version4.json))).toBe('4.1.3');
    expect(releaseOf('nothing here')).toBeUndefined();
  });
});
