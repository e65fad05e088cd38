// Binding beyond loopback needs credentials on every plane (issue 16: `serve --host 0.0.0.0`
// left the REST++ data plane, upsert, delete, /ddl and abort, open to anyone unless
// --restpp-auth was given). REST++ authentication is on by default there, and turning it off
// explicitly is refused at startup.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceHandlers } from '../../../src/server/handlers/index.js';
import { startServer, StartupError } from '../../../src/server/index.js';
import { startInProcess, type InProcessServer } from '../../helpers/in-process.js';

let running: InProcessServer;
const basic = `Basic ${Buffer.from('tigergraph:better').toString('base64')}`;

beforeAll(async () => {
  running = await startInProcess({
    prefix: 'gwb-non-loopback',
    server: { host: '0.0.0.0', password: 'better' },
  });
  const response = await fetch(`http://127.0.0.1:${running.server.port}/gsql/v1/statements`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'text/plain' },
    body: 'CREATE VERTEX p (PRIMARY_ID id STRING)\nCREATE GRAPH g (p)',
  });
  expect(response.status).toBe(200);
  await response.text();
}, 60_000);
afterAll(async () => {
  await running.close();
});

const upsert = (headers: Record<string, string>) =>
  fetch(`http://127.0.0.1:${running.server.port}/restpp/graph/g`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ vertices: { p: { a: {} } } }),
  });

describe('a non-loopback bind', () => {
  it('refuses REST++ writes without credentials, and takes them with credentials', async () => {
    const anonymous = await upsert({});
    expect(anonymous.status).toBe(401);
    await anonymous.text();
    const signed = await upsert({ authorization: basic });
    expect(signed.status).toBe(200);
    await signed.text();
  });

  it('still answers /api/ping without credentials', async () => {
    const ping = await fetch(`http://127.0.0.1:${running.server.port}/api/ping`);
    expect(ping.status).toBe(200);
    await ping.text();
  });

  it('refuses to start with REST++ authentication turned off', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gwb-non-loopback-open-'));
    try {
      await expect(
        startServer({
          dir,
          host: '0.0.0.0',
          port: 0,
          password: 'better',
          restppAuth: false,
          handlers: serviceHandlers,
          log: { info: () => undefined, error: () => undefined },
        }),
      ).rejects.toSatisfy((e) => e instanceof StartupError && e.code === 'GWB-OPEN-RESTPP');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
