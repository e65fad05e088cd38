// Per-endpoint request statistics for GET /restpp/statistics/{graph} (spec document 1, Query
// performance): completed and timed-out requests and their latencies over the last 1..60
// seconds. Each graph and endpoint has a ring of 61 one-second buckets (the current second plus
// the 60 before it), so recording is O(1) and memory is bounded; a bucket keeps at most
// `samplesPerBucket` latencies for the percentiles (beyond that the percentiles are those of
// the first requests of that second; counts, average, min and max stay exact).
import type { Engine } from '../engine.js';

const ringSeconds = 61;
const samplesPerBucket = 1000;

interface Bucket {
  second: number;
  completed: number;
  timeouts: number;
  sum: number;
  min: number;
  max: number;
  samples: number[];
}

export interface EndpointStatisticsEntry {
  CompletedRequests: number;
  QPS: number;
  TimeoutRequests: number;
  AverageLatency: number;
  MaxLatency: number;
  MinLatency: number;
  LatencyPercentile: number[];
}

export class EndpointStatistics {
  /** graph -> endpoint key -> ring of buckets. */
  private readonly rings = new Map<string, Map<string, Bucket[]>>();

  /** Records one request that ended `now` after `latencyMs`; a timed-out one counts apart. */
  record(graph: string, endpoint: string, latencyMs: number, timedOut: boolean, now = Date.now()) {
    let byEndpoint = this.rings.get(graph);
    if (!byEndpoint) this.rings.set(graph, (byEndpoint = new Map<string, Bucket[]>()));
    let ring = byEndpoint.get(endpoint);
    if (!ring) byEndpoint.set(endpoint, (ring = []));
    const second = Math.floor(now / 1000);
    const slot = second % ringSeconds;
    let bucket = ring[slot];
    if (!bucket || bucket.second !== second) {
      bucket = { second, completed: 0, timeouts: 0, sum: 0, min: Infinity, max: 0, samples: [] };
      ring[slot] = bucket;
    }
    if (timedOut) {
      bucket.timeouts++;
      return;
    }
    const latency = Math.max(0, Math.round(latencyMs));
    bucket.completed++;
    bucket.sum += latency;
    bucket.min = Math.min(bucket.min, latency);
    bucket.max = Math.max(bucket.max, latency);
    if (bucket.samples.length < samplesPerBucket) bucket.samples.push(latency);
  }

  /**
   * The statistics of a graph's endpoints over the last `seconds` seconds (the current one
   * included): an object keyed by endpoint; endpoints without requests in the window are left
   * out, so a quiet window gives `{}`. LatencyPercentile has `segments` elements: element i is
   * the latency at percentile 100*(i+1)/segments. Timed-out requests are not in QPS.
   */
  report(
    graph: string,
    seconds: number,
    segments: number,
    now = Date.now(),
  ): Record<string, EndpointStatisticsEntry> {
    const out: Record<string, EndpointStatisticsEntry> = {};
    const last = Math.floor(now / 1000);
    const first = last - seconds + 1;
    for (const [endpoint, ring] of this.rings.get(graph) ?? []) {
      const buckets = ring.filter((b) => b.second >= first && b.second <= last);
      const completed = buckets.reduce((n, b) => n + b.completed, 0);
      const timeouts = buckets.reduce((n, b) => n + b.timeouts, 0);
      if (completed === 0 && timeouts === 0) continue;
      const samples = buckets.flatMap((b) => b.samples).sort((a, b) => a - b);
      const percentile = (p: number) =>
        samples.length === 0
          ? 0
          : (samples[Math.min(samples.length - 1, Math.ceil(p * samples.length) - 1)] ?? 0);
      out[endpoint] = {
        CompletedRequests: completed,
        QPS: round(completed / seconds),
        TimeoutRequests: timeouts,
        AverageLatency:
          completed === 0 ? 0 : round(buckets.reduce((n, b) => n + b.sum, 0) / completed),
        MaxLatency: completed === 0 ? 0 : buckets.reduce((m, b) => Math.max(m, b.max), -Infinity),
        MinLatency: completed === 0 ? 0 : buckets.reduce((m, b) => Math.min(m, b.min), Infinity),
        LatencyPercentile: Array.from({ length: segments }, (_, i) =>
          percentile((i + 1) / segments),
        ),
      };
    }
    return out;
  }
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

const statistics = new WeakMap<Engine, EndpointStatistics>();

/** The statistics of an engine's service (one per engine, made on first use). */
export function endpointStatistics(engine: Engine): EndpointStatistics {
  let stats = statistics.get(engine);
  if (!stats) statistics.set(engine, (stats = new EndpointStatistics()));
  return stats;
}

/**
 * The key of an endpoint in the statistics: `<METHOD> <path>` in the REST++ form without the
 * /restpp prefix, with the path's `{placeholders}` as the route has them, except that an
 * installed query's endpoint is named by its graph and query (`GET /query/social/hello`) so each
 * query has its own entry.
 */
export function statisticsKey(
  method: string,
  template: string,
  params: Readonly<Record<string, unknown>>,
): string {
  const isQuery = template.startsWith('/query/{graph_name}/{query_name}');
  const path = isQuery
    ? template
        .replace('{graph_name}', String(params.graph_name))
        .replace('{query_name}', String(params.query_name))
    : template;
  return `${method} ${path}`;
}
