// GET /restpp/statistics/{graph}?seconds=&segments= over HTTP: the calls made are counted per
// endpoint (installed queries under their own name, built-ins under their route), timeouts apart,
// LatencyPercentile has `segments` elements, a graph without traffic answers {}, and bad
// `seconds` / `segments` are 400s naming the operation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forever, getJson, startRuntimeServer, type RuntimeServer } from './helpers.js';
import type { EndpointStatisticsEntry } from '../../../src/server/engine/queries/statistics.js';

let rt: RuntimeServer;
beforeAll(async () => {
  rt = await startRuntimeServer();
}, 60_000);
afterAll(async () => {
  await rt?.close();
});

type Entry = EndpointStatisticsEntry;

describe('statistics', () => {
  it('counts the calls made per endpoint over the window', async () => {
    for (let i = 0; i < 3; i++) await rt.client.runQuery('quick');
    await rt.client.runQuery('quick', {}, { method: 'POST' });
    await rt.client.getVertices('rt_p');
    await rt.client
      .runQuery('spin', { rounds: forever }, { timeoutMs: 200 })
      .catch((e: unknown) => e);
    const stats = (await rt.client.call('getStatistics', {
      query: { seconds: 60, segments: 4 },
    })) as Record<string, Entry>;
    const quick = stats['GET /query/rt/quick'];
    expect(quick).toMatchObject({ CompletedRequests: 3, TimeoutRequests: 0, QPS: 0.05 });
    expect(quick?.LatencyPercentile).toHaveLength(4);
    expect(quick?.MinLatency).toBeLessThanOrEqual(quick?.AverageLatency ?? -1);
    expect(quick?.AverageLatency).toBeLessThanOrEqual(quick?.MaxLatency ?? -1);
    expect(quick?.LatencyPercentile[3]).toBe(quick?.MaxLatency);
    const sorted = [...(quick?.LatencyPercentile ?? [])].sort((a, b) => a - b);
    expect(quick?.LatencyPercentile).toEqual(sorted);
    expect(stats['POST /query/rt/quick']).toMatchObject({ CompletedRequests: 1 });
    expect(stats['GET /graph/{graph_name}/vertices/{vertex_type}']).toMatchObject({
      CompletedRequests: 1,
    });
    expect(stats['GET /query/rt/spin']).toMatchObject({ CompletedRequests: 0, TimeoutRequests: 1 });
    expect(stats['GET /query/rt/spin']?.QPS).toBe(0);

    // the default is 10 segments; the statistics call itself is counted from then on
    const again = (await rt.client.call('getStatistics', { query: { seconds: 60 } })) as Record<
      string,
      Entry
    >;
    expect(again['GET /query/rt/quick']?.LatencyPercentile).toHaveLength(10);
    expect(again['GET /statistics/{graph_name}']).toMatchObject({ CompletedRequests: 1 });
  });

  it('answers {} for a graph without traffic in the window', async () => {
    const gsql = await rt.client.gsql(
      'CREATE VERTEX quiet_v (PRIMARY_ID id STRING)\nCREATE GRAPH quiet (quiet_v)',
    );
    expect(gsql.ok).toBe(true);
    const { status, body } = await getJson(`${rt.url}/restpp/statistics/quiet?seconds=1`);
    expect(status).toBe(200);
    expect(body).toEqual({});
  });

  it.each([
    ['seconds=0', /getStatistics: query\.seconds/],
    ['seconds=61', /getStatistics: query\.seconds/],
    ['seconds=abc', /getStatistics: query\.seconds/],
    ['', /getStatistics: query\.seconds/],
    ['seconds=5&segments=0', /getStatistics: query\.segments/],
    ['seconds=5&segments=101', /getStatistics: query\.segments/],
  ])('refuses %s with a 400 naming the parameter', async (query, message) => {
    const { status, body } = await getJson(`${rt.url}/restpp/statistics/rt?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: true });
    expect(body.message).toMatch(message);
  });

  it('answers 404 for an unknown graph', async () => {
    const { status, body } = await getJson(`${rt.url}/restpp/statistics/nope?seconds=5`);
    expect(status).toBe(404);
    expect(body).toMatchObject({ error: true, code: 'REST-1004' });
  });
});
