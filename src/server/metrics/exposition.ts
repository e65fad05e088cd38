// The metrics in the Prometheus/OpenMetrics text formats, through prom-client: the spec's
// graphdb_ gauges, read from the latest sample at each scrape (so they change once a period, as
// the real service's do), and live per-endpoint request counters and latency histograms.
// Two registries hold the same metrics, one per exposition format; a scrape picks one by its
// Accept header.
import { Gauge, Registry } from 'prom-client';
import type { OpenMetricsContentType, PrometheusContentType } from 'prom-client';
import {
  hostedComponents,
  hostId,
  serviceStatusCodes,
  type ServiceStatusName,
} from './components.js';
import { EndpointMetrics } from './endpoint-metrics.js';
import type { Sample } from './sample.js';

export interface ExpositionSource {
  latest(): Promise<Sample>;
  readonly status: ServiceStatusName;
}

type Labels = Record<string, string>;
type Reading = readonly [Labels, number];

/** Per-process series: the node as a whole (empty service_name), then each hosted component. */
function perService(node: number, process: number): Reading[] {
  return [
    [{ host_id: hostId, service_name: '' }, node],
    ...hostedComponents.map((c): Reading => [{ host_id: hostId, service_name: c.name }, process]),
  ];
}

/** The spec's graphdb_ families: name, help, labels, and how to read them from a sample. */
const gaugeFamilies: readonly {
  readonly name: string;
  readonly help: string;
  readonly labels: readonly string[];
  readonly read: (s: Sample, status: ServiceStatusName) => Reading[];
}[] = [
  {
    name: 'graphdb_cpu_available',
    help: 'Percentage of available CPU capacity',
    labels: ['host_id', 'service_name'],
    read: (s) => [[{ host_id: hostId, service_name: '' }, 100 - s.cpu.node]],
  },
  {
    name: 'graphdb_cpu_logical_cores_total',
    help: 'Total number of logical CPU cores of a node',
    labels: ['host_id', 'service_name'],
    read: (s) => [[{ host_id: hostId, service_name: '' }, s.cpu.cores]],
  },
  {
    name: 'graphdb_cpu_usage',
    help: 'Percentage of CPU usage by component. Service name empty means usage of the whole node',
    labels: ['host_id', 'service_name'],
    read: (s) => perService(s.cpu.node, s.cpu.process),
  },
  {
    name: 'graphdb_diskspace_free',
    help: 'Free disk space in megabytes by directory',
    labels: ['host_id', 'mount_point', 'path', 'path_name'],
    read: (s) =>
      s.disks.map((d) => [
        { host_id: hostId, mount_point: d.mountPoint, path: d.path, path_name: d.pathName },
        d.freeMb,
      ]),
  },
  {
    name: 'graphdb_diskspace_usage',
    help: 'Disk usage in megabytes by directory',
    labels: ['host_id', 'mount_point', 'path', 'path_name'],
    read: (s) =>
      s.disks.map((d) => [
        { host_id: hostId, mount_point: d.mountPoint, path: d.path, path_name: d.pathName },
        d.usageMb,
      ]),
  },
  {
    name: 'graphdb_memory_available',
    help: 'Memory available in megabytes for programs to allocate',
    labels: ['host_id', 'service_name'],
    read: (s) => [[{ host_id: hostId, service_name: '' }, s.memory.available]],
  },
  {
    name: 'graphdb_memory_total',
    help: 'Total memory of the node in megabytes',
    labels: ['host_id', 'service_name'],
    read: (s) => [[{ host_id: hostId, service_name: '' }, s.memory.total]],
  },
  {
    name: 'graphdb_memory_usage',
    help: 'Memory usage in megabytes by component. Service name empty means usage of the whole node',
    labels: ['host_id', 'service_name'],
    read: (s) => perService(s.memory.nodeUsage, s.memory.process),
  },
  {
    name: 'graphdb_network_connections',
    help: 'Number of open TCP connections',
    labels: ['host_id'],
    read: (s) => [[{ host_id: hostId }, s.network.connections]],
  },
  {
    name: 'graphdb_network_traffic',
    help: 'Network traffic in bytes since the service started',
    labels: ['direction', 'host_id'],
    read: (s) => [
      [{ direction: 'incoming', host_id: hostId }, s.network.incomingBytes],
      [{ direction: 'outgoing', host_id: hostId }, s.network.outgoingBytes],
    ],
  },
  {
    name: 'graphdb_service_status',
    help: 'Service status. Partition or replica empty means no partition or replica for that service',
    labels: ['partition', 'replica', 'service_name'],
    read: (_s, status) =>
      hostedComponents.map((c) => [
        {
          partition: c.partition === undefined ? '' : String(c.partition),
          replica: c.replica === undefined ? '' : String(c.replica),
          service_name: c.name,
        },
        serviceStatusCodes[status],
      ]),
  },
];

/** Latency buckets in seconds: a point lookup (sub-millisecond) to a long query. */
const latencyBuckets = [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10, 60];

export class MetricsExposition {
  private readonly prometheus = new Registry<PrometheusContentType>();
  private readonly openMetrics = new Registry<OpenMetricsContentType>();
  private readonly endpoints: EndpointMetrics;

  constructor(source: ExpositionSource) {
    this.openMetrics.setContentType(Registry.OPENMETRICS_CONTENT_TYPE);
    const registers = [this.prometheus, this.openMetrics];
    for (const family of gaugeFamilies) {
      new Gauge({
        name: family.name,
        help: family.help,
        labelNames: family.labels,
        registers,
        async collect() {
          const readings = family.read(await source.latest(), source.status);
          this.reset();
          for (const [labels, value] of readings) this.set(labels, value);
        },
      });
    }
    this.endpoints = new EndpointMetrics({
      requestsName: 'graphdb_endpoint_requests_total',
      requestsHelp: 'Requests answered since the service started, by endpoint and HTTP status',
      latencyName: 'graphdb_endpoint_latency_seconds',
      latencyHelp: 'Time to answer a request, by endpoint',
      buckets: latencyBuckets,
      registers,
    });
  }

  observe(method: string, endpoint: string, status: number, latencyMs: number): void {
    this.endpoints.observe(method, endpoint, status, latencyMs / 1000);
  }

  /** The exposition text and its content type; OpenMetrics when the scraper asks for it. */
  async render(accept: string | undefined): Promise<{ text: string; contentType: string }> {
    const registry = accept?.includes('application/openmetrics-text')
      ? this.openMetrics
      : this.prometheus;
    return { text: await registry.metrics(), contentType: registry.contentType };
  }
}
