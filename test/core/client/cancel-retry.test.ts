// Cancellation by AbortSignal, the client-side deadline, and the retry rule: read-only calls
// retry once on a dropped keep-alive socket; calls that write never retry.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GraphClient } from '../../../src/core/client/index.js';
import { ok, startReplayServer, version4, type ReplayServer } from '../../helpers/replay-server.js';

let server: ReplayServer;
let client: GraphClient;

beforeEach(async () => {
  server = await startReplayServer();
  server.on('GET /restpp/version', () => version4);
  client = new GraphClient({ url: server.url, graph: 'g' }, { deadlineGraceMs: 20 });
});
afterEach(async () => {
  await client.close();
  await server.close();
});

describe('cancellation and retries', () => {
  it('aborts a request in flight', async () => {
    let arrived!: () => void;
    const started = new Promise<void>((r) => (arrived = r));
    server.on('GET /restpp/query/g/slow', () => {
      arrived();
      return new Promise(() => undefined); // never answers
    });
    const controller = new AbortController();
    const pending = client.runQuery('slow', {}, { signal: controller.signal });
    await started;
    controller.abort();
    await expect(pending).rejects.toMatchObject({
      code: 'GWB-ABORTED',
      operation: 'runInstalledQuery',
    });
  });

  it('does not send when the signal is already aborted', async () => {
    await client.detect();
    const sent = server.requests.length;
    await expect(client.call('echo', {}, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      code: 'GWB-ABORTED',
    });
    expect(server.requests.length).toBe(sent);
  });

  it('gives up after GSQL-TIMEOUT plus a grace period', async () => {
    server.on('GET /restpp/query/g/stuck', () => new Promise(() => undefined));
    const started = Date.now();
    await expect(client.runQuery('stuck', {}, { timeoutMs: 10 })).rejects.toMatchObject({
      code: 'GWB-TIMEOUT',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(10);
  });

  it('retries a read-only call once when the socket drops', async () => {
    let attempts = 0;
    server.on('GET /restpp/graph/g/vertices/p', (_req, res) => {
      attempts += 1;
      if (attempts === 1) res.socket?.destroy();
      else
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ok([]).json));
    });
    await expect(client.getVertices('p')).resolves.toEqual([]);
    expect(attempts).toBe(2);
  });

  it('never retries a call that writes', async () => {
    let attempts = 0;
    server.on('POST /restpp/graph/g', (_req, res) => {
      attempts += 1;
      res.socket?.destroy();
    });
    await expect(client.upsert({ vertices: { p: { '1': {} } } })).rejects.toMatchObject({
      code: 'GWB-CONNECT',
    });
    expect(attempts).toBe(1);
  });

  it('reports a refused connection with the server address', async () => {
    const down = new GraphClient({ url: 'http://127.0.0.1:1', pathForm: 'v4' });
    await expect(down.call('echo')).rejects.toMatchObject({ code: 'GWB-CONNECT' });
    await down.close();
  });
});
