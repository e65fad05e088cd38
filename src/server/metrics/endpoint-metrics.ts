// Per-endpoint request counters and latency histograms (graphdb_endpoint_requests_total and
// graphdb_endpoint_latency_seconds). Every request ends here, so observing one is a map lookup
// and a few additions on plain numbers; prom-client's values are made from these tallies only
// when a registry is scraped (its own observe() hashes the labels and builds objects each time,
// which cost a point lookup more than its routing did). The exposition text is prom-client's.
import { Counter, Histogram, type MetricConfiguration } from 'prom-client';

interface Series {
  readonly labels: { readonly method: string; readonly endpoint: string };
  /** Requests per bucket (not cumulative): index i counts latencies in (bound i-1, bound i]. */
  readonly buckets: Float64Array;
  sum: number;
  count: number;
  /** Requests by HTTP status. */
  readonly statuses: Map<number, number>;
}

export interface EndpointMetricsOptions {
  readonly requestsName: string;
  readonly requestsHelp: string;
  readonly latencyName: string;
  readonly latencyHelp: string;
  /** Upper bounds in seconds, ascending. */
  readonly buckets: readonly number[];
  readonly registers: MetricConfiguration<string>['registers'];
}

/** prom-client's value shape for one exposition line. */
interface LineValue {
  labels: Record<string, string | number>;
  sharedLabels: Record<string, string>;
  value: number;
  metricName: string;
  exemplar?: null;
}

/**
 * A prom-client histogram whose values come from the tallies: the registries format it as any
 * histogram (buckets cumulative, +Inf, _sum, _count per label set).
 */
class TalliedHistogram extends Histogram<'method' | 'endpoint'> {
  constructor(
    private readonly options: EndpointMetricsOptions,
    private readonly series: () => Iterable<Series>,
  ) {
    super({
      name: options.latencyName,
      help: options.latencyHelp,
      labelNames: ['method', 'endpoint'],
      buckets: [...options.buckets],
      registers: options.registers,
    });
  }

  /** Called by the registries (and by get(), which spreads the shared labels into each line). */
  getForPromString() {
    const name = this.options.latencyName;
    const bounds = this.options.buckets;
    const values: LineValue[] = [];
    for (const s of this.series()) {
      const shared = { ...s.labels };
      let cumulative = 0;
      for (let i = 0; i < bounds.length; i++) {
        cumulative += s.buckets[i] ?? 0;
        values.push({
          labels: { le: bounds[i] ?? 0 },
          sharedLabels: shared,
          value: cumulative,
          metricName: `${name}_bucket`,
          exemplar: null,
        });
      }
      values.push(
        {
          labels: { le: '+Inf' },
          sharedLabels: shared,
          value: s.count,
          metricName: `${name}_bucket`,
          exemplar: null,
        },
        { labels: {}, sharedLabels: shared, value: s.sum, metricName: `${name}_sum` },
        { labels: {}, sharedLabels: shared, value: s.count, metricName: `${name}_count` },
      );
    }
    return Promise.resolve({
      name,
      help: this.options.latencyHelp,
      type: 'histogram' as const,
      values,
      aggregator: 'sum' as const,
    });
  }
}

export class EndpointMetrics {
  /** method -> endpoint -> series (two levels: no key string built per request). */
  private readonly byMethod = new Map<string, Map<string, Series>>();
  private readonly bounds: readonly number[];

  constructor(options: EndpointMetricsOptions) {
    this.bounds = options.buckets;
    const all = () => this.all();
    new Counter({
      name: options.requestsName,
      help: options.requestsHelp,
      labelNames: ['method', 'endpoint', 'status'],
      registers: options.registers,
      // At each scrape: the counts so far, from the tallies.
      collect() {
        this.reset();
        for (const s of all())
          for (const [status, n] of s.statuses)
            this.inc({ ...s.labels, status: String(status) }, n);
      },
    });
    new TalliedHistogram(options, all);
  }

  private *all(): IterableIterator<Series> {
    for (const byEndpoint of this.byMethod.values()) yield* byEndpoint.values();
  }

  observe(method: string, endpoint: string, status: number, seconds: number): void {
    let byEndpoint = this.byMethod.get(method);
    if (!byEndpoint) this.byMethod.set(method, (byEndpoint = new Map<string, Series>()));
    let s = byEndpoint.get(endpoint);
    if (!s) {
      s = {
        labels: { method, endpoint },
        buckets: new Float64Array(this.bounds.length),
        sum: 0,
        count: 0,
        statuses: new Map(),
      };
      byEndpoint.set(endpoint, s);
    }
    s.count += 1;
    s.sum += seconds;
    // The first bound at or above the value; none (past the last) counts in +Inf only.
    const bounds = this.bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (seconds <= (bounds[i] ?? 0)) {
        s.buckets[i] = (s.buckets[i] ?? 0) + 1;
        break;
      }
    }
    s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
  }
}
