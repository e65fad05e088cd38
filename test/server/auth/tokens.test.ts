// The token endpoints on real `gwb serve` processes: absent without --restpp-auth (spec); with
// it, tokens from a secret or from credentials and a graph, as JWTs, in the 4.x and 3.x forms;
// allowExisting, refresh (3.x PUT, same text, later expiry), delete, atomic removal of expired
// tokens, graph binding, tokens kept across a restart; and `gwb --secret` / `gwb --token`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGwb } from '../../helpers/gwb.js';
import { startGwbServe, type GwbServe } from '../../helpers/serve.js';
import { basic, gsql, send, superuser } from './fixture.js';

const json = (value: unknown) => JSON.stringify(value);

async function secretOf(server: GwbServe, authorization: string, script: string) {
  const out = await gsql(server, authorization, script);
  const secret = /The secret: (\S+) /.exec(out)?.[1];
  if (!secret) throw new Error(`no secret in: ${out}`);
  return secret;
}

async function tokenFrom(server: GwbServe, body: object, authorization?: string) {
  const answer = await send(server, 'POST', '/gsql/v1/tokens', { body: json(body), authorization });
  const token = (answer.json?.token ?? (answer.json?.results as { token?: string })?.token) as
    string | undefined;
  return { answer, token: token ?? '' };
}

describe('token endpoints without --restpp-auth', () => {
  let server: GwbServe;
  beforeAll(async () => {
    server = await startGwbServe();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('do not exist', async () => {
    for (const [method, path] of [
      ['POST', '/gsql/v1/tokens'],
      ['DELETE', '/gsql/v1/tokens'],
      ['POST', '/restpp/requesttoken'],
      ['PUT', '/restpp/requesttoken'],
      ['DELETE', '/expiredtoken'],
    ] as const) {
      const answer = await send(server, method, path, {
        authorization: superuser,
        body: json({ secret: 'x', token: 'y' }),
      });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.json?.code).toBe('REST-1000');
    }
  });
});

describe('token endpoints with --restpp-auth', () => {
  let server: GwbServe;
  let dir: string;
  let secret: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gwb-tokens-'));
    server = await startGwbServe({ dir, args: ['--restpp-auth', '--restpp-port', '0'] });
    const setup = await gsql(
      server,
      superuser,
      [
        'CREATE VERTEX P (PRIMARY_ID id STRING)',
        'CREATE GRAPH g(P)',
        'CREATE GRAPH h(P)',
        'CREATE USER ann WITH PASSWORD "ann-pw"',
        'GRANT ROLE querywriter ON GRAPH g TO ann',
      ].join('\n'),
    );
    expect(setup).toContain('__GSQL__RETURN__CODE__,0');
    secret = await secretOf(server, basic('ann', 'ann-pw'), 'USE GRAPH g\nCREATE SECRET ann_s');
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('issues a JWT from a secret: top-level token and expiration (4.x and 3.x forms)', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { answer, token } = await tokenFrom(server, { secret, lifetime: 1000 });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ error: false, code: 'REST-0000' });
    const expiration = answer.json?.expiration as number;
    expect(expiration).toBeGreaterThanOrEqual(before + 1000);
    expect(expiration).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1000);
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    expect(decodeJwt(token)).toMatchObject({ sub: 'ann', graph: 'g', exp: expiration });
    const legacy = await send(server, 'POST', '/restpp/requesttoken', { body: json({ secret }) });
    expect(legacy.json?.token).toEqual(expect.any(String));
    // The default lifetime is 30 days.
    const days = ((legacy.json?.expiration as number) - before) / 86_400;
    expect(Math.round(days)).toBe(30);
  });

  it('issues a token from credentials and a graph, inside results', async () => {
    const { answer, token } = await tokenFrom(server, { graph: 'g' }, basic('ann', 'ann-pw'));
    expect(answer.json).toMatchObject({ error: false, results: { token } });
    expect(decodeJwt(token).graph).toBe('g');
    const none = await tokenFrom(server, { graph: 'h' }, basic('ann', 'ann-pw'));
    expect(none.answer.status).toBe(403);
    const nowhere = await tokenFrom(server, { graph: 'nowhere' }, superuser);
    expect(nowhere.answer.status).toBe(404);
    expect(nowhere.answer.json?.code).toBe('GWB-NO-SUCH-GRAPH');
    const anonymous = await tokenFrom(server, { graph: 'g' });
    expect(anonymous.answer.status).toBe(401);
    const wrong = await tokenFrom(server, { secret: `${secret}x` });
    expect(wrong.answer.status).toBe(401);
    expect(wrong.answer.json?.code).toBe('GWB-BAD-SECRET');
  });

  it('binds a token to its graph on REST++, and lets it reach the GSQL server', async () => {
    const { token } = await tokenFrom(server, { secret });
    const bearer = `Bearer ${token}`;
    const onG = await send(server, 'GET', '/restpp/graph/g/vertices/P', { authorization: bearer });
    expect(onG.status).toBe(200);
    const onH = await send(server, 'GET', '/restpp/graph/h/vertices/P', { authorization: bearer });
    expect(onH.status).toBe(401);
    expect(onH.json?.code).toBe('REST-10016');
    const gsqlSide = await send(server, 'GET', '/gsql/v1/schema/graphs/g', {
      authorization: bearer,
    });
    expect(gsqlSide.status).toBe(200);
  });

  it('allowExisting returns the held token with a new expiry', async () => {
    // A secret of its own: its only token is the one held.
    const own = await secretOf(server, basic('ann', 'ann-pw'), 'USE GRAPH g\nCREATE SECRET ann_e');
    const first = await tokenFrom(server, { secret: own, lifetime: 200_000 });
    const again = await send(server, 'POST', '/gsql/v1/tokens?allowExisting=true', {
      body: json({ secret: own, lifetime: 300_000 }),
    });
    expect(again.json?.token).toBe(first.token);
    expect(again.json?.expiration as number).toBeGreaterThan(
      first.answer.json?.expiration as number,
    );
    const fresh = await tokenFrom(server, { secret: own, lifetime: 300_000 });
    expect(fresh.token).not.toBe(first.token);
  });

  it('refreshes a token (3.x PUT): same text, expiry counted from now', async () => {
    const { token } = await tokenFrom(server, { secret, lifetime: 100 });
    const before = Math.floor(Date.now() / 1000);
    const port = server.restppPort ?? 0;
    const response = await fetch(`http://127.0.0.1:${port}/requesttoken`, {
      method: 'PUT',
      body: json({ secret, token, lifetime: 5000 }),
    });
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ error: false, token });
    expect(body.expiration as number).toBeGreaterThanOrEqual(before + 5000);
    // 4.x has no refresh.
    const modern = await send(server, 'PUT', '/gsql/v1/tokens', { body: json({ token }) });
    expect(modern.status).toBe(405);
  });

  it('deletes a token: refused from then on, a second delete is REST-3300', async () => {
    const { token } = await tokenFrom(server, { secret });
    const del = await send(server, 'DELETE', '/gsql/v1/tokens', { body: json({ secret, token }) });
    expect(del.json).toMatchObject({ error: false, expiration: -1, token });
    const use = await send(server, 'GET', '/restpp/graph/g/vertices/P', {
      authorization: `Bearer ${token}`,
    });
    expect(use.status).toBe(401);
    const again = await send(server, 'DELETE', '/gsql/v1/tokens', {
      body: json({ secret, token }),
    });
    expect(again.json).toMatchObject({ error: true, code: 'REST-3300' });
    // Another user's secret cannot delete ann's token (bob does not manage users).
    await gsql(server, superuser, 'CREATE USER bob WITH PASSWORD "bob-pw"');
    const bobs = await secretOf(server, basic('bob', 'bob-pw'), 'CREATE SECRET bob_s');
    const mine = await tokenFrom(server, { secret });
    const foreign = await send(server, 'DELETE', '/gsql/v1/tokens', {
      body: json({ secret: bobs, token: mine.token }),
    });
    expect(foreign.status).toBe(403);
  });

  it('removes expired tokens atomically, own tokens without WRITE_USER', async () => {
    const short = await tokenFrom(server, { secret, lifetime: 1 });
    await sleep(1500);
    const ann = basic('ann', 'ann-pw');
    const refused = await send(server, 'DELETE', '/expiredtoken', {
      authorization: superuser,
      body: json({ user: ['ann', 'ghost'] }),
    });
    expect(refused.status).toBe(404);
    expect(refused.json?.code).toBe('GWB-NO-SUCH-USER');
    // Nothing was removed: the expired token is still known (deleting it succeeds below).
    const foreign = await send(server, 'DELETE', '/expiredtoken', {
      authorization: ann,
      body: json({ user: ['tigergraph'] }),
    });
    expect(foreign.status).toBe(403);
    const own = await send(server, 'DELETE', '/expiredtoken', { authorization: ann });
    expect(own.status).toBe(200);
    expect((own.json?.results as { removed: number }).removed).toBeGreaterThanOrEqual(1);
    const gone = await send(server, 'DELETE', '/gsql/v1/tokens', {
      body: json({ secret, token: short.token }),
    });
    expect(gone.json?.code).toBe('REST-3300');
  });

  it('keeps tokens and secrets across a restart', async () => {
    const { token } = await tokenFrom(server, { secret });
    await server.kill('SIGTERM');
    server = await startGwbServe({ dir, args: ['--restpp-auth', '--restpp-port', '0'] });
    const use = await send(server, 'GET', '/restpp/graph/g/vertices/P', {
      authorization: `Bearer ${token}`,
    });
    expect(use.status).toBe(200);
    expect((await tokenFrom(server, { secret })).answer.status).toBe(200);
  });

  it('gwb --secret and gwb --token work end to end', async () => {
    const viaSecret = runGwb([
      'repl',
      '--url',
      server.url,
      '--secret',
      secret,
      '--graph',
      'g',
      '-c',
      'SHOW USER',
    ]);
    expect(viaSecret.stderr).toBe('');
    expect(viaSecret.stdout).toMatch(/Name: ann\n\s+- Graph 'g' Roles: querywriter/);
    const { token } = await tokenFrom(server, { graph: 'g' }, basic('ann', 'ann-pw'));
    const viaToken = runGwb(['repl', '--url', server.url, '--token', token, '--graph', 'g'], {
      input: 'SHOW USER\n',
    });
    expect(viaToken.stdout).toContain('Name: ann');
    const refused = runGwb(['repl', '--url', server.url, '--token', 'nope', '-c', 'SHOW USER']);
    expect(refused.status).not.toBe(0);
    expect(refused.stdout + refused.stderr).toContain('REST-10016');
  });
});
