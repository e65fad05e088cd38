// Failed logins against a real `gwb serve --login-attempts 2`: past the free attempts the user
// must wait (429 GWB-LOGIN-THROTTLED with Retry-After) even with the right password, while a
// client already logged in (its verified credentials cached) goes on working; bad secrets count
// against the client address the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGwbServe, type GwbServe } from '../../helpers/serve.js';
import { basic, gsql, send, superuser } from './fixture.js';

describe('login throttling', () => {
  let server: GwbServe;
  beforeAll(async () => {
    server = await startGwbServe({ args: ['--login-attempts', '2', '--restpp-auth'] });
    await gsql(server, superuser, 'CREATE USER tom WITH PASSWORD "tom-pw"');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('makes a user wait after too many failures, without locking out cached logins', async () => {
    const path = '/gsql/v1/privileges';
    const right = basic('tom', 'tom-pw');
    expect((await send(server, 'GET', path, { authorization: right })).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const wrong = await send(server, 'GET', path, { authorization: basic('tom', `bad${i}`) });
      expect(wrong.status).toBe(401);
    }
    const waiting = await send(server, 'GET', path, { authorization: basic('tom', 'bad9') });
    expect(waiting.status).toBe(429);
    expect(waiting.json).toMatchObject({ error: true, code: 'GWB-LOGIN-THROTTLED' });
    // The right password, not yet verified with these exact credentials elsewhere, also waits...
    const other = await send(server, 'GET', path, {
      authorization: `basic ${Buffer.from('tom:tom-pw').toString('base64')}`,
    });
    expect(other.status).toBe(429);
    // ...while the client that logged in before goes on.
    expect((await send(server, 'GET', path, { authorization: right })).status).toBe(200);
  });

  it('counts bad secrets against the client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await send(server, 'POST', '/gsql/v1/tokens', {
        body: JSON.stringify({ secret: `not-a-secret-${i}` }),
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
