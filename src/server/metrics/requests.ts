// Request counts and latencies per endpoint (`<METHOD> <path template>`), for the metrics: a
// running total since the start (the OpenMetrics counters) and the totals of the current
// sampling period, which the sampler takes and resets to make the retained QPS series.

export interface EndpointPeriod {
  /** `<METHOD> <path template>`, e.g. `GET /restpp/graph/{graph_name}/vertices/{vertex_type}`. */
  readonly endpoint: string;
  readonly requests: number;
  readonly errors: number;
  readonly latencySumMs: number;
  readonly latencyMaxMs: number;
}

interface Totals {
  requests: number;
  errors: number;
  latencySumMs: number;
  latencyMaxMs: number;
}

export class RequestMeter {
  private period = new Map<string, Totals>();

  record(endpoint: string, latencyMs: number, failed: boolean): void {
    let totals = this.period.get(endpoint);
    if (!totals) {
      totals = { requests: 0, errors: 0, latencySumMs: 0, latencyMaxMs: 0 };
      this.period.set(endpoint, totals);
    }
    totals.requests++;
    if (failed) totals.errors++;
    totals.latencySumMs += latencyMs;
    totals.latencyMaxMs = Math.max(totals.latencyMaxMs, latencyMs);
  }

  /** The current period's totals per endpoint; a new period starts. */
  takePeriod(): EndpointPeriod[] {
    const taken = [...this.period].map(([endpoint, t]) => ({ endpoint, ...t }));
    this.period = new Map();
    return taken;
  }
}
