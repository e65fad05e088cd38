// The service's monitor (the informant of the real service): samples the process and the
// machine every period (60 s by default, as the real service refreshes its metrics), keeps the
// samples for a retention window (the series the ts3 reader and the JSON categories read), and
// counts requests per endpoint as they end. One monitor per engine: handlers reach it through
// monitorOf(engine); startServer starts and stops it.
import { join } from 'node:path';
import type { Engine } from '../engine/engine.js';
import { measureFolder } from './disk.js';
import { ConnectionTracker } from './network.js';
import { RequestMeter } from './requests.js';
import { CpuGauge, readMemory, type Sample } from './sample.js';
import { MetricsExposition } from './exposition.js';
import type { ServiceStatusName } from './components.js';

export const defaultMetricsIntervalMs = 60_000;
/** Samples kept: a day at the default period. */
export const defaultRetainedSamples = 1440;

export interface MonitorOptions {
  /** The data folder (Home); its store folder is Gstore. */
  readonly dir: string;
  readonly intervalMs?: number;
  readonly retainedSamples?: number;
}

export class Monitor {
  readonly connections = new ConnectionTracker();
  readonly requests = new RequestMeter();
  readonly exposition = new MetricsExposition(this);
  readonly intervalMs: number;
  private readonly retained: number;
  private readonly cpu = new CpuGauge();
  private readonly series: Sample[] = [];
  private timer: NodeJS.Timeout | undefined;
  private lastAt = performance.timeOrigin;
  private sampling: Promise<Sample> | undefined;
  /** Online while serving; Stopping once the service is closing. */
  status: ServiceStatusName = 'Starting';

  constructor(private readonly options: MonitorOptions) {
    this.intervalMs = Math.max(1000, options.intervalMs ?? defaultMetricsIntervalMs);
    this.retained = Math.max(1, options.retainedSamples ?? defaultRetainedSamples);
  }

  /** Takes the first sample now, then one every period. */
  async start(): Promise<void> {
    await this.sample();
    this.status = 'Online';
    this.timer = setInterval(() => void this.sample().catch(() => undefined), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    this.status = 'Stopping';
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** The most recent sample (taken now when none was taken yet). */
  async latest(): Promise<Sample> {
    return this.series.at(-1) ?? (await this.sample());
  }

  /** The retained samples, oldest first. */
  samples(): readonly Sample[] {
    return this.series;
  }

  /** Measures once and appends to the series; concurrent calls share one measurement. */
  sample(): Promise<Sample> {
    this.sampling ??= this.measure().finally(() => {
      this.sampling = undefined;
    });
    return this.sampling;
  }

  private async measure(): Promise<Sample> {
    const at = Date.now();
    const [memory, home, gstore] = await Promise.all([
      readMemory(),
      measureFolder('Home', this.options.dir),
      measureFolder('Gstore', join(this.options.dir, 'store')),
    ]);
    const periodSeconds = Math.max(0.001, (at - this.lastAt) / 1000);
    this.lastAt = at;
    const endpoints = this.requests
      .takePeriod()
      .map((p) => ({ ...p, qps: p.requests / periodSeconds }));
    const sample: Sample = {
      at,
      periodSeconds,
      cpu: this.cpu.read(),
      memory,
      disks: [home, gstore],
      network: this.connections.read(),
      endpoints,
    };
    this.series.push(sample);
    if (this.series.length > this.retained)
      this.series.splice(0, this.series.length - this.retained);
    return sample;
  }
}

const monitors = new WeakMap<Engine, Monitor>();

/** The engine's monitor, made on first use (startServer makes and starts it). */
export function monitorOf(engine: Engine, options?: Omit<MonitorOptions, 'dir'>): Monitor {
  let monitor = monitors.get(engine);
  if (!monitor) monitors.set(engine, (monitor = new Monitor({ dir: engine.dir, ...options })));
  return monitor;
}

/** `<METHOD> <template>` keys, made once per endpoint rather than once per request. */
const endpointKeys = new Map<string, Map<string, string>>();

function endpointKey(method: string, template: string): string {
  let byTemplate = endpointKeys.get(method);
  if (!byTemplate) endpointKeys.set(method, (byTemplate = new Map<string, string>()));
  let key = byTemplate.get(template);
  if (key === undefined) byTemplate.set(template, (key = `${method} ${template}`));
  return key;
}

/** Records one request that ended: for the live counters and the period's QPS. */
export function observeRequest(
  engine: Engine,
  method: string,
  template: string,
  status: number,
  latencyMs: number,
): void {
  const monitor = monitors.get(engine);
  if (!monitor) return;
  monitor.requests.record(endpointKey(method, template), latencyMs, status >= 400);
  monitor.exposition.observe(method, template, status, latencyMs);
}
