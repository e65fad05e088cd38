// `gwb serve --max-concurrent-queries N --max-delay-queue M` reach the service: with 1 and 0 a
// second query while one runs is refused with GWB-QUEUE-FULL; `--query-memory 32` stops a runaway
// query with SYS-0002 naming the limit; bad values exit 2 naming the flag.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphClient } from '../../../src/core/client/index.js';
import { serveUntilExit, startGwbServe, type GwbServe } from '../../helpers/serve.js';
import { forever, graph, setupScript, until } from './helpers.js';

let server: GwbServe;
let client: GraphClient;
beforeAll(async () => {
  server = await startGwbServe({
    args: ['--max-concurrent-queries', '1', '--max-delay-queue', '0', '--query-memory', '32'],
  });
  client = new GraphClient({
    url: server.url,
    graph,
    username: 'tigergraph',
    password: 'tigergraph',
  });
  const setup = await client.gsql(setupScript);
  if (!setup.ok) throw new Error(setup.output);
}, 120_000);
afterAll(async () => {
  await client?.close();
  await server?.stop();
});

describe('gwb serve --query-memory', () => {
  it('stops a query past the budget with SYS-0002, and the service goes on', async () => {
    const response = await fetch(`${server.url}/gsql/v1/queries/interpret?graph=${graph}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('tigergraph:tigergraph').toString('base64')}`,
        'content-type': 'text/plain',
      },
      body: `INTERPRET QUERY () FOR GRAPH ${graph} { ListAccum<INT> @@l; WHILE TRUE DO @@l += 1; END; }`,
    });
    const body = (await response.json()) as { code: string; message: string };
    expect(response.status).toBe(503);
    expect(body.code).toBe('SYS-0002');
    expect(body.message).toContain('memory limit of 32 MB');
    expect((await fetch(`${server.url}/api/ping`)).status).toBe(200);
  }, 60_000);
});

describe('gwb serve workload flags', () => {
  it('limits running queries to the flag and refuses beyond the (empty) queue', async () => {
    const spinning = client.runQuery('spin', { rounds: forever }).catch((e: unknown) => e);
    const [running] = await until(async () => {
      const list = await client.call('showProcessList', {});
      return list.length > 0 ? list : undefined;
    }, 'the spinner');
    await expect(client.runQuery('quick')).rejects.toMatchObject({
      status: 503,
      code: 'GWB-QUEUE-FULL',
    });
    await client.abortQuery(running?.requestid ?? '');
    expect(await spinning).toMatchObject({ code: 'REST-12002' });
    expect(await client.runQuery('quick')).toHaveLength(1);
  });

  it.each([
    ['--max-concurrent-queries', '0'],
    ['--max-concurrent-queries', 'many'],
    ['--max-delay-queue', '-1'],
    ['--query-memory', '0'],
    ['--query-memory', 'lots'],
  ])('refuses %s %s with exit code 2', async (flag, value) => {
    const dir = mkdtempSync(join(tmpdir(), 'gwb-serve-flags-'));
    try {
      const exit = await serveUntilExit({ dir, args: [flag, value] });
      expect(exit.code).toBe(2);
      expect(exit.stderr).toContain(flag);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
