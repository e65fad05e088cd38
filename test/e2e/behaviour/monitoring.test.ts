// The informant: the metrics scraped and parsed by a real Prometheus text parser (every spec
// family present, values that are real measurements), the JSON metrics by category, the
// service status per component, and the ts3 reader.
import parsePrometheusTextFormat, { type ParsedFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../../src/core/client/index.js';
import { GraphError } from '../../../src/core/errors.js';
import { openTarget, type Target } from '../target.js';

let target: Target;
let client: GraphClient;

beforeAll(async () => {
  target = await openTarget('mon');
  client = target.client;
}, 60_000);

afterAll(async () => {
  await target.close();
});

const specFamilies = [
  'graphdb_cpu_available',
  'graphdb_cpu_logical_cores_total',
  'graphdb_cpu_usage',
  'graphdb_diskspace_free',
  'graphdb_diskspace_usage',
  'graphdb_memory_available',
  'graphdb_memory_total',
  'graphdb_memory_usage',
  'graphdb_network_connections',
  'graphdb_network_traffic',
  'graphdb_service_status',
];

function family(families: ParsedFamily[], name: string): ParsedFamily {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`no family ${name}`);
  return found;
}

const values = (f: ParsedFamily) => f.metrics.map((m) => Number(m.value));

describe('metrics (OpenMetrics text)', () => {
  it('has every graphdb_ gauge of the spec, with HELP and real values', async () => {
    const text = await client.call('getMetrics', {});
    const families = parsePrometheusTextFormat(text);
    for (const name of specFamilies) {
      const f = family(families, name);
      expect(f.type).toBe('GAUGE');
      expect(f.help).not.toBe('');
      expect(f.metrics.length).toBeGreaterThan(0);
      for (const v of values(f)) expect(Number.isFinite(v)).toBe(true);
    }
    const cores = values(family(families, 'graphdb_cpu_logical_cores_total'))[0] ?? 0;
    expect(cores).toBeGreaterThanOrEqual(1);
    const total = values(family(families, 'graphdb_memory_total'))[0] ?? 0;
    const available = values(family(families, 'graphdb_memory_available'))[0] ?? 0;
    expect(total).toBeGreaterThan(0);
    expect(available).toBeLessThanOrEqual(total);
    for (const v of values(family(families, 'graphdb_cpu_usage'))) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(100);
    }
    // The service is up: at least one component Online (6), and memory is used.
    expect(values(family(families, 'graphdb_service_status'))).toContain(6);
    const usage = family(families, 'graphdb_memory_usage').metrics;
    expect(usage.some((m) => m.labels?.service_name === '' && Number(m.value) > 0)).toBe(true);
    const disk = family(families, 'graphdb_diskspace_free').metrics;
    for (const m of disk) {
      expect(Object.keys(m.labels ?? {}).sort()).toEqual([
        'host_id',
        'mount_point',
        'path',
        'path_name',
      ]);
    }
  });

  it('answers POST as GET', async () => {
    const text = await client.call('postMetrics', {});
    const names = parsePrometheusTextFormat(text).map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(specFamilies));
  });
});

describe('metrics by category', () => {
  it('cpu-memory filters by service descriptor', async () => {
    const all = await client.call('getMetricsByCategory', {
      path: { metrics_category: 'cpu-memory' },
      body: { ServiceDescriptors: [{ ServiceName: 'gpe' }], LatestNum: 1 },
    });
    const items = (all as { CPUMemoryMetrics: { ServiceDescriptor: { ServiceName: string } }[] })
      .CPUMemoryMetrics;
    expect(items.length).toBe(1);
    expect(items[0]?.ServiceDescriptor.ServiceName).toBe('GPE');
  });

  it('diskspace, network and qps answer their lists; an unknown host has none', async () => {
    const disk = await client.call('getMetricsByCategory', {
      path: { metrics_category: 'diskspace' },
      body: { PathName: 'gstore' },
    });
    const diskItems = (disk as { DiskMetrics: { Disk: { PathName: string } }[] }).DiskMetrics;
    expect(diskItems.length).toBeGreaterThan(0);
    for (const item of diskItems) expect(item.Disk.PathName).toBe('Gstore');
    const net = await client.call('getMetricsByCategory', {
      path: { metrics_category: 'network' },
      body: { LatestNum: 1 },
    });
    expect((net as { NetworkMetrics: unknown[] }).NetworkMetrics).toHaveLength(1);
    const qps = await client.call('getMetricsByCategory', { path: { metrics_category: 'qps' } });
    expect(Array.isArray((qps as { QPSMetrics: unknown[] }).QPSMetrics)).toBe(true);
    const none = await client.call('getMetricsByCategory', {
      path: { metrics_category: 'network' },
      body: { HostID: 'm9' },
    });
    expect((none as { NetworkMetrics: unknown[] }).NetworkMetrics).toEqual([]);
  });
});

describe('service status', () => {
  it('reports the hosted components Online and Running', async () => {
    const status = await client.call('getServiceStatus', {
      body: { ServiceDescriptors: [{ ServiceName: 'gpe' }, { ServiceName: 'RESTPP' }] },
    });
    const events = status.ServiceStatusEvents;
    expect(events.map((e) => e.ServiceDescriptor.ServiceName)).toEqual(['GPE', 'RESTPP']);
    for (const e of events) {
      expect(e.ServiceStatus).toBe('Online');
      expect(e.ProcessState).toBe('Running');
    }
  });

  it('refuses an unknown service name with a coded error', async () => {
    const failure = await client
      .call('getServiceStatus', { body: { ServiceDescriptors: [{ ServiceName: 'NOPE' }] } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GraphError);
    expect((failure as GraphError).code).toBe('REST-30000');
  });
});

describe('ts3 data points', () => {
  it('answers the retained series filtered by metric and count', async () => {
    const points = await client.call('getDataPoints', { query: { what: 'cpu', latest: 1 } });
    expect(points.length).toBeGreaterThan(0);
    for (const p of points) {
      expect(p.what).toBe('cpu');
      expect(p.detail).toBeGreaterThanOrEqual(0);
    }
    const now = Math.floor(Date.now() / 1000);
    expect(await client.call('getDataPoints', { query: { from: now + 3600 } })).toEqual([]);
  });
});
