// Authentication against real `gwb serve` children: Basic credentials on every GSQL-server and
// informant endpoint (not /informant/metrics, not /api/ping), the superuser's password from
// --password or GWB_PASSWORD (stored, so it survives a restart), REST++ open unless
// --restpp-auth, then a bearer token (REST-10016 without one), and the Host check.
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGwbServe, type GwbServe } from '../../helpers/serve.js';

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

async function call(server: GwbServe, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.url + path, { headers });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: JSON.parse(text) as Record<string, unknown>,
  };
}

/** A GET with an explicit Host header (fetch does not let a caller set it). */
function withHost(server: GwbServe, path: string, host: string) {
  return new Promise<number>((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Basic auth on GSQL-server endpoints', () => {
  let server: GwbServe;
  beforeAll(async () => {
    server = await startGwbServe();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses a request without credentials with 401 and a Basic challenge', async () => {
    const { status, headers, body } = await call(server, '/gsql/v1/schema/vertices');
    expect(status).toBe(401);
    expect(headers.get('www-authenticate')).toBe('Basic realm="graph-workbench"');
    expect(body).toMatchObject({ error: true, code: 'GWB-UNAUTHORIZED', results: {} });
    expect(body).not.toHaveProperty('version');
  });

  it('refuses a wrong password and an unknown user', async () => {
    const wrong = await call(server, '/gsql/v1/schema/vertices', {
      authorization: basic('tigergraph', 'nope'),
    });
    expect(wrong.status).toBe(401);
    const unknown = await call(server, '/gsql/v1/schema/vertices', {
      authorization: basic('mallory', 'tigergraph'),
    });
    expect(unknown.status).toBe(401);
  });

  it('lets the right credentials through', async () => {
    const { status } = await call(server, '/gsql/v1/schema/vertices', {
      authorization: basic('tigergraph', 'tigergraph'),
    });
    expect(status).not.toBe(401);
  });

  it('guards the 3.x GSQL-server forms and informant too, but not metrics or ping', async () => {
    expect((await call(server, '/gsqlserver/gsql/schema?graph=g')).status).toBe(401);
    expect((await call(server, '/gsql/library?functionName=x')).status).toBe(401);
    const status = await fetch(`${server.url}/informant/current-service-status`, {
      method: 'POST',
      body: '{"ServiceDescriptors":[]}',
    });
    expect(status.status).toBe(401);
    // The metrics answer text (OpenMetrics), not the JSON envelope.
    expect((await fetch(`${server.url}/informant/metrics`)).status).toBe(200);
    expect((await call(server, '/api/ping')).status).toBe(200);
  });

  it('leaves REST++ endpoints open without --restpp-auth', async () => {
    expect((await call(server, '/restpp/echo')).status).toBe(200);
  });

  it('answers only requests whose Host names this server', async () => {
    expect(await withHost(server, '/api/ping', `127.0.0.1:${server.port}`)).toBe(200);
    expect(await withHost(server, '/api/ping', `localhost:${server.port}`)).toBe(200);
    expect(await withHost(server, '/api/ping', `[::1]:${server.port}`)).toBe(200);
    expect(await withHost(server, '/api/ping', `evil.example:${server.port}`)).toBe(403);
    expect(await withHost(server, '/api/ping', `127.0.0.1:${server.port + 1}`)).toBe(403);
    expect(await withHost(server, '/api/ping', 'localhost')).toBe(403);
  });

  it('refuses browser requests from other origins (a form POST from another site)', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${server.url}/restpp/echo`, { method: 'POST', body: '{}', headers });
    expect((await post({ origin: 'https://evil.example' })).status).toBe(403);
    expect((await post({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await post({ origin: server.url, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });
});

describe('the superuser password', () => {
  it('is set by --password, stored, and kept across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gwb-auth-'));
    try {
      const first = await startGwbServe({ dir, args: ['--password', 's3cret'] });
      const path = '/gsql/v1/schema/vertices';
      expect(
        (await call(first, path, { authorization: basic('tigergraph', 'tigergraph') })).status,
      ).toBe(401);
      expect(
        (await call(first, path, { authorization: basic('tigergraph', 's3cret') })).status,
      ).not.toBe(401);
      await first.kill('SIGTERM');
      const second = await startGwbServe({ dir });
      expect(
        (await call(second, path, { authorization: basic('tigergraph', 's3cret') })).status,
      ).not.toBe(401);
      await second.kill('SIGTERM');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is read from GWB_PASSWORD', async () => {
    const server = await startGwbServe({ env: { GWB_PASSWORD: 'from-env' } });
    try {
      const path = '/gsql/v1/schema/vertices';
      expect(
        (await call(server, path, { authorization: basic('tigergraph', 'from-env') })).status,
      ).not.toBe(401);
    } finally {
      await server.stop();
    }
  });
});

describe('--restpp-auth', () => {
  let server: GwbServe;
  beforeAll(async () => {
    server = await startGwbServe({ args: ['--restpp-auth'] });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses REST++ requests without a token with REST-10016', async () => {
    const { status, body } = await call(server, '/restpp/echo');
    expect(status).toBe(401);
    expect(body).toMatchObject({ error: true, code: 'REST-10016' });
    expect(body).toHaveProperty('version');
  });

  it('refuses a token nobody issued', async () => {
    const { status, body } = await call(server, '/restpp/echo', { authorization: 'Bearer abc' });
    expect(status).toBe(401);
    expect(body).toMatchObject({ code: 'REST-10016' });
  });

  it('accepts valid Basic credentials, and keeps ping open', async () => {
    expect(
      (await call(server, '/restpp/echo', { authorization: basic('tigergraph', 'tigergraph') }))
        .status,
    ).toBe(200);
    expect((await call(server, '/api/ping')).status).toBe(200);
  });
});
