// The per-endpoint request counters and latency histograms: tallied as plain numbers per request
// and turned into prom-client values at scrape time. Their exposition is checked line for line
// against prom-client's own Counter and Histogram fed the same requests, in both text formats,
// and a real server's scrape counts the lookups it answered, by status.
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { Counter, Histogram, Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EndpointMetrics } from '../../../src/server/metrics/endpoint-metrics.js';
import { startInProcess, type InProcessServer } from '../../helpers/in-process.js';

const buckets = [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10, 60];
const names = {
  requestsName: 'graphdb_endpoint_requests_total',
  requestsHelp: 'requests by endpoint and status',
  latencyName: 'graphdb_endpoint_latency_seconds',
  latencyHelp: 'latency by endpoint',
};

/** Requests as [method, endpoint, status, seconds]: every bucket, a bound itself, past the last. */
const requests: [string, string, number, number][] = [
  ['GET', '/restpp/graph/{graph_name}/vertices/{vertex_type}/{vertex_id}', 200, 0.0004],
  ['GET', '/restpp/graph/{graph_name}/vertices/{vertex_type}/{vertex_id}', 404, 0.02],
  ['POST', '/restpp/shortestpath/{graph_name}', 200, 75],
  ['GET', '/restpp/graph/{graph_name}/vertices/{vertex_type}/{vertex_id}', 200, 0.001],
  ['GET', '/api/ping', 200, 0.3],
  ['POST', '/restpp/shortestpath/{graph_name}', 400, 0.005],
  ['GET', '/restpp/graph/{graph_name}/vertices/{vertex_type}/{vertex_id}', 200, 7],
];

async function scrapes(openMetrics: boolean): Promise<[string, string]> {
  const make = () => {
    const registry = new Registry();
    if (openMetrics) registry.setContentType(Registry.OPENMETRICS_CONTENT_TYPE as never);
    return registry;
  };
  const reference = make();
  const tallied = make();
  const counter = new Counter({
    name: names.requestsName,
    help: names.requestsHelp,
    labelNames: ['method', 'endpoint', 'status'],
    registers: [reference],
  });
  const histogram = new Histogram({
    name: names.latencyName,
    help: names.latencyHelp,
    labelNames: ['method', 'endpoint'],
    buckets,
    registers: [reference],
  });
  const metrics = new EndpointMetrics({ ...names, buckets, registers: [tallied] });
  for (const [method, endpoint, status, seconds] of requests) {
    counter.inc({ method, endpoint, status: String(status) });
    histogram.observe({ method, endpoint }, seconds);
    metrics.observe(method, endpoint, status, seconds);
  }
  return [await reference.metrics(), await tallied.metrics()];
}

/** Lines in a canonical order: prom-client lists label sets in the order it first saw them. */
const lines = (text: string) => text.split('\n').sort();

describe('endpoint metrics', () => {
  it('expose what prom-client exposes for the same requests (Prometheus text)', async () => {
    const [reference, tallied] = await scrapes(false);
    expect(lines(tallied)).toEqual(lines(reference));
    expect(tallied).toContain(
      'graphdb_endpoint_latency_seconds_bucket{le="+Inf",method="POST",endpoint="/restpp/shortestpath/{graph_name}"} 2',
    );
  });

  it('expose what prom-client exposes for the same requests (OpenMetrics text)', async () => {
    const [reference, tallied] = await scrapes(true);
    expect(lines(tallied)).toEqual(lines(reference));
    expect(tallied.endsWith('# EOF\n')).toBe(true);
  });
});

describe('endpoint metrics of a running server', () => {
  let s: InProcessServer;
  beforeAll(async () => {
    s = await startInProcess({ prefix: 'gwb-endpoint-metrics', graph: 'em' });
    await s.client.gsql('CREATE VERTEX em_v (PRIMARY_ID id STRING)\nCREATE GRAPH em (em_v)');
    await s.client.upsert({ vertices: { em_v: { a: {}, b: {} } } });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('count every point lookup by status, and time each one', async () => {
    const lookup = (id: string) =>
      s.client.call('getVertex', { path: { vertex_type: 'em_v', vertex_id: id } });
    for (let i = 0; i < 5; i++) await lookup(i % 2 === 0 ? 'a' : 'b');
    for (let i = 0; i < 3; i++) await expect(lookup('missing')).rejects.toThrow();
    const text = await s.client.call('getMetrics', {});
    const families = parsePrometheusTextFormat(text);
    const endpoint = '/restpp/graph/{graph_name}/vertices/{vertex_type}/{vertex_id}';
    const counts = families
      .find((f) => f.name === 'graphdb_endpoint_requests_total')
      ?.metrics.filter((m) => m.labels?.endpoint === endpoint)
      .map((m) => [m.labels?.status, Number(m.value)]);
    expect(Object.fromEntries(counts ?? [])).toEqual({ '200': 5, '404': 3 });
    // The text parser drops a histogram's labels, so its lines are read as they are.
    const line = (suffix: string, labels: string) =>
      Number(
        text
          .split('\n')
          .find((l) => l.startsWith(`graphdb_endpoint_latency_seconds_${suffix}{${labels}`))
          ?.split(' ')
          .at(-1),
      );
    const series = `method="GET",endpoint="${endpoint}"`;
    expect(line('count', series)).toBe(8);
    expect(line('bucket', `le="+Inf",${series}`)).toBe(8);
    expect(line('sum', series)).toBeGreaterThan(0);
  });
});
