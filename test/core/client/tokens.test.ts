// REST++ tokens: obtained on demand from credentials or a secret, sent as bearer tokens, renewed
// before they expire; the GSQL server keeps Basic credentials.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GraphClient } from '../../../src/core/client/index.js';
import { TokenManager } from '../../../src/core/client/tokens.js';
import { ok, startReplayServer, version4, type ReplayServer } from '../../helpers/replay-server.js';

let server: ReplayServer;
let issued = 0;
let expiresIn = 2_592_000;

beforeEach(async () => {
  issued = 0;
  expiresIn = 2_592_000;
  server = await startReplayServer();
  server.on('GET /restpp/version', () => version4);
  server.on('POST /gsql/v1/tokens', (req) => {
    issued += 1;
    const body = JSON.parse(req.body) as { secret?: string; graph?: string };
    const expiration = Math.floor(Date.now() / 1000) + expiresIn;
    // With a secret the token is top-level; with credentials it is inside `results` (4.x).
    return body.secret
      ? { json: { code: 'REST-0000', expiration, error: false, message: '', token: `s${issued}` } }
      : { json: { error: false, message: '', results: { token: `c${issued}`, expiration } } };
  });
  server.on('GET /restpp/graph/g/vertices/p', (req) =>
    req.headers.authorization?.startsWith('Bearer ')
      ? ok([])
      : {
          status: 401,
          json: {
            error: true,
            message: 'Access Denied because the input token is empty.',
            code: 'REST-10016',
          },
        },
  );
});
afterEach(async () => {
  await server.close();
});

describe('tokens', () => {
  it('gets a token with credentials when REST++ asks for one, and retries', async () => {
    const client = new GraphClient({ url: server.url, graph: 'g', username: 'u', password: 'p' });
    await client.getVertices('p');
    await client.getVertices('p');
    expect(issued).toBe(1);
    const tokenReq = server.requests.find((r) => r.path === '/gsql/v1/tokens');
    expect(JSON.parse(tokenReq?.body ?? '{}')).toMatchObject({ graph: 'g' });
    expect(tokenReq?.headers.authorization).toMatch(/^Basic /);
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer c1');
    await client.close();
  });

  it('gets a token from a secret before the first REST++ call', async () => {
    const client = new GraphClient({ url: server.url, graph: 'g', secret: 'sekret' });
    await client.getVertices('p');
    const paths = server.requests.map((r) => r.path);
    expect(paths).toEqual(['/restpp/version', '/gsql/v1/tokens', '/restpp/graph/g/vertices/p']);
    expect(JSON.parse(server.requests[1]?.body ?? '{}')).toMatchObject({ secret: 'sekret' });
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer s1');
    await client.close();
  });

  it('renews a token that is about to expire', async () => {
    expiresIn = 30; // inside the renewal margin: every use asks for a fresh token
    const client = new GraphClient({ url: server.url, graph: 'g', secret: 'sekret' });
    await client.getVertices('p');
    await client.getVertices('p');
    expect(issued).toBe(2);
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer s2');
    await client.close();
  });

  it('uses a given token as it is and never asks for another', async () => {
    const client = new GraphClient({ url: server.url, graph: 'g', token: 'given' });
    await client.getVertices('p');
    expect(issued).toBe(0);
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer given');
    await client.close();
  });

  it('shares one request among concurrent callers and renews by the clock', async () => {
    let now = 0;
    let calls = 0;
    const manager = new TokenManager(
      async () => {
        calls += 1;
        await new Promise((r) => setTimeout(r, 5));
        return { token: `t${calls}`, expiresAt: now + 3_600_000 };
      },
      () => now,
    );
    expect(await Promise.all([manager.get(), manager.get(), manager.get()])).toEqual([
      't1',
      't1',
      't1',
    ]);
    now += 3_300_000; // 5 minutes left of an hour: under the 10% margin
    expect(await manager.get()).toBe('t2');
    expect(calls).toBe(2);
  });
});
