// The JSON metrics by category (POST /informant/metrics/get/{category}) and the ts3 data points,
// read from the monitor's retained samples. The real service does not document the JSON shape;
// this one names each field in the terms of its filters (ServiceDescriptor, HostID, PathName,
// Endpoint) and of the OpenMetrics families (usage, free, connections, traffic):
//   cpu-memory {CPUMemoryMetrics: [{ServiceDescriptor, HostID, TimestampNS,
//                CPU: {CPUUsage, NodeCPUUsage, CPUAvailable, LogicalCores},
//                Memory: {MemoryUsageMB, NodeMemoryUsageMB, MemoryAvailableMB, MemoryTotalMB}}]}
//   diskspace  {DiskMetrics: [{HostID, TimestampNS, Disk: {PathName, Path, MountPoint,
//                UsageMB, FreeMB}}]}
//   network    {NetworkMetrics: [{HostID, TimestampNS, Network: {TCPConnections,
//                IncomingBytes, OutgoingBytes}}]}
//   qps        {QPSMetrics: [{ServiceDescriptor, HostID, TimestampNS, Endpoint, QPS, Requests,
//                Errors, AverageLatencyMS, MaxLatencyMS}]}
// Items are most recent first; LatestNum keeps that many per service (cpu-memory), per path
// (diskspace), per endpoint (qps) or in all (network).
import { hostedComponent, hostedComponents, hostId, type HostedComponent } from './components.js';
import type { Sample } from './sample.js';

export type MetricsCategory = 'cpu-memory' | 'diskspace' | 'network' | 'qps';

export interface ServiceDescriptor {
  readonly ServiceName: string;
  readonly Partition?: number | undefined;
  readonly Replica?: number | undefined;
}

export interface CategoryFilter {
  readonly ServiceDescriptors?: readonly ServiceDescriptor[] | undefined;
  readonly ServiceDescriptor?: ServiceDescriptor | undefined;
  readonly TimeRange?: { readonly StartTimestampNS: string; readonly EndTimestampNS: string };
  readonly HostID?: string | undefined;
  readonly CPUUsage?: number | undefined;
  readonly MemoryUsage?: number | undefined;
  readonly PathName?: string | undefined;
  readonly LatestNum?: number | undefined;
  readonly Endpoint?: string | undefined;
}

const nanos = (ms: number) => (BigInt(ms) * 1_000_000n).toString();

export function descriptorOf(c: HostedComponent): ServiceDescriptor {
  return {
    ServiceName: c.name,
    ...(c.partition === undefined ? {} : { Partition: c.partition }),
    ...(c.replica === undefined ? {} : { Replica: c.replica }),
  };
}

/** Whether a hosted component answers a descriptor (omitted Partition or Replica: any). */
export function matchesDescriptor(c: HostedComponent, d: ServiceDescriptor): boolean {
  return (
    hostedComponent(d.ServiceName)?.name === c.name &&
    (d.Partition === undefined || d.Partition === c.partition) &&
    (d.Replica === undefined || d.Replica === c.replica)
  );
}

/** The samples inside the time range (nanosecond strings; either end may be empty), newest first. */
export function samplesIn(
  samples: readonly Sample[],
  range: CategoryFilter['TimeRange'],
): Sample[] {
  const bound = (text: string | undefined) =>
    text === undefined || text.trim() === '' ? undefined : BigInt(text.trim());
  const start = bound(range?.StartTimestampNS);
  const end = bound(range?.EndTimestampNS);
  return samples
    .filter((s) => {
      const at = BigInt(s.at) * 1_000_000n;
      return (start === undefined || at >= start) && (end === undefined || at <= end);
    })
    .reverse();
}

/** Keeps the first `latest` items of each key (items come newest first). */
function latestPerKey<T>(items: T[], key: (item: T) => string, latest: number | undefined): T[] {
  if (latest === undefined || latest <= 0) return items;
  const seen = new Map<string, number>();
  return items.filter((item) => {
    const k = key(item);
    const n = seen.get(k) ?? 0;
    seen.set(k, n + 1);
    return n < latest;
  });
}

/** The component answering an endpoint, by the path's prefix. */
function componentOfEndpoint(endpoint: string): string {
  const path = endpoint.slice(endpoint.indexOf(' ') + 1);
  if (path.startsWith('/restpp')) return 'RESTPP';
  if (path.startsWith('/informant') || path.startsWith('/ts3')) return 'IFM';
  return 'GSQL';
}

export function categoryMetrics(
  category: MetricsCategory,
  samples: readonly Sample[],
  filter: CategoryFilter,
): Record<string, unknown[]> {
  const chosen =
    filter.HostID !== undefined && filter.HostID !== hostId
      ? []
      : samplesIn(samples, filter.TimeRange);
  switch (category) {
    case 'cpu-memory': {
      const wanted = filter.ServiceDescriptors;
      const components = hostedComponents.filter(
        (c) =>
          wanted === undefined ||
          wanted.length === 0 ||
          wanted.some((d) => matchesDescriptor(c, d)),
      );
      // The thresholds apply to the process's usage, which each hosted component reports.
      const above = (s: Sample) =>
        (filter.CPUUsage === undefined || s.cpu.process > filter.CPUUsage) &&
        (filter.MemoryUsage === undefined || s.memory.process > filter.MemoryUsage);
      const items = chosen.filter(above).flatMap((s) =>
        components.map((c) => ({
          ServiceDescriptor: descriptorOf(c),
          HostID: hostId,
          TimestampNS: nanos(s.at),
          CPU: {
            CPUUsage: s.cpu.process,
            NodeCPUUsage: s.cpu.node,
            CPUAvailable: 100 - s.cpu.node,
            LogicalCores: s.cpu.cores,
          },
          Memory: {
            MemoryUsageMB: Math.round(s.memory.process),
            NodeMemoryUsageMB: Math.round(s.memory.nodeUsage),
            MemoryAvailableMB: Math.round(s.memory.available),
            MemoryTotalMB: Math.round(s.memory.total),
          },
        })),
      );
      return {
        CPUMemoryMetrics: latestPerKey(
          items,
          (i) => i.ServiceDescriptor.ServiceName,
          filter.LatestNum,
        ),
      };
    }
    case 'diskspace': {
      const wanted = filter.PathName?.toLowerCase();
      const items = chosen.flatMap((s) =>
        s.disks
          .filter((d) => wanted === undefined || d.pathName.toLowerCase() === wanted)
          .map((d) => ({
            HostID: hostId,
            TimestampNS: nanos(s.at),
            Disk: {
              PathName: d.pathName,
              Path: d.path,
              MountPoint: d.mountPoint,
              UsageMB: d.usageMb,
              FreeMB: d.freeMb,
            },
          })),
      );
      return { DiskMetrics: latestPerKey(items, (i) => i.Disk.PathName, filter.LatestNum) };
    }
    case 'network': {
      const items = chosen.map((s) => ({
        HostID: hostId,
        TimestampNS: nanos(s.at),
        Network: {
          TCPConnections: s.network.connections,
          IncomingBytes: s.network.incomingBytes,
          OutgoingBytes: s.network.outgoingBytes,
        },
      }));
      return { NetworkMetrics: latestPerKey(items, () => '', filter.LatestNum) };
    }
    case 'qps': {
      const service = filter.ServiceDescriptor;
      const items = chosen.flatMap((s) =>
        s.endpoints
          .filter((e) => filter.Endpoint === undefined || e.endpoint.includes(filter.Endpoint))
          .map((e) => {
            const component =
              hostedComponent(componentOfEndpoint(e.endpoint)) ?? hostedComponents[0];
            return { e, component: component as HostedComponent };
          })
          .filter(({ component }) => service === undefined || matchesDescriptor(component, service))
          .map(({ e, component }) => ({
            ServiceDescriptor: descriptorOf(component),
            HostID: hostId,
            TimestampNS: nanos(s.at),
            Endpoint: e.endpoint,
            QPS: e.qps,
            Requests: e.requests,
            Errors: e.errors,
            AverageLatencyMS: e.requests === 0 ? 0 : e.latencySumMs / e.requests,
            MaxLatencyMS: e.latencyMaxMs,
          })),
      );
      return { QPSMetrics: latestPerKey(items, (i) => i.Endpoint, filter.LatestNum) };
    }
  }
}

/** One ts3 data point: `detail` is the value, `when` epoch seconds. */
export interface DataPoint {
  readonly detail: number;
  readonly when: number;
  readonly where: string;
  readonly who: string;
  readonly what: string;
}

/** The data points of one sample: cpu and mem per component, diskspace per folder, qps, conn. */
function pointsOf(s: Sample): DataPoint[] {
  const when = Math.floor(s.at / 1000);
  const point = (what: string, who: string, detail: number): DataPoint => ({
    detail,
    when,
    where: hostId,
    who,
    what,
  });
  const totalQps = s.endpoints.reduce((sum, e) => sum + e.qps, 0);
  return [
    ...hostedComponents.map((c) => point('cpu', c.name, s.cpu.process)),
    ...hostedComponents.map((c) => point('mem', c.name, s.memory.process)),
    ...s.disks.map((d) => point('diskspace', d.pathName, d.usageMb)),
    point('qps', 'RESTPP', totalQps),
    point('connections', 'IFM', s.network.connections),
  ];
}

export interface DataPointFilter {
  readonly from?: number | undefined;
  readonly to?: number | undefined;
  readonly when?: number | undefined;
  readonly latest?: number | undefined;
  readonly what?: string | undefined;
  readonly who?: string | undefined;
  readonly where?: string | undefined;
}

/** The ts3 reader: points filtered by time (epoch seconds), metric, component and node. */
export function dataPoints(samples: readonly Sample[], filter: DataPointFilter): DataPoint[] {
  let chosen = samples.filter((s) => {
    const second = Math.floor(s.at / 1000);
    return (
      (filter.from === undefined || second >= filter.from) &&
      (filter.to === undefined || second <= filter.to)
    );
  });
  // `when`: the points in force at that second, i.e. the last sample taken by then.
  if (filter.when !== undefined) {
    const at = filter.when;
    const last = chosen.filter((s) => Math.floor(s.at / 1000) <= at).at(-1);
    chosen = last ? [last] : [];
  }
  let points = chosen
    .flatMap(pointsOf)
    .filter(
      (p) =>
        (filter.what === undefined || p.what === filter.what) &&
        (filter.who === undefined || p.who.toLowerCase() === filter.who.toLowerCase()) &&
        (filter.where === undefined || p.where === filter.where),
    );
  if (filter.latest !== undefined && filter.latest >= 0) {
    const latest = filter.latest;
    // The latest `latest` points of each series (what, who, where), oldest first as in time.
    const kept = latestPerKey(
      [...points].reverse(),
      (p) => `${p.what}\u0000${p.who}\u0000${p.where}`,
      latest,
    );
    points = kept.reverse();
  }
  return points;
}
