// The JSON categories and the ts3 reader over retained samples: time ranges in nanoseconds,
// LatestNum per key, descriptor matching, `when` as the sample in force at that second.
import { describe, expect, it } from 'vitest';
import { categoryMetrics, dataPoints } from '../../../src/server/metrics/categories.js';
import type { Sample } from '../../../src/server/metrics/sample.js';

function sample(at: number, processCpu: number, endpoints: Sample['endpoints'] = []): Sample {
  return {
    at,
    periodSeconds: 60,
    cpu: { node: 50, process: processCpu, cores: 4 },
    memory: { total: 1000, available: 600, nodeUsage: 400, process: 100 },
    disks: [
      { pathName: 'Home', path: '/d', mountPoint: '/', usageMb: 2, freeMb: 10 },
      { pathName: 'Gstore', path: '/d/store', mountPoint: '/', usageMb: 1, freeMb: 10 },
    ],
    network: { connections: 3, incomingBytes: 10, outgoingBytes: 20 },
    endpoints,
  };
}

const samples = [
  sample(1_000_000, 1),
  sample(1_060_000, 2, [
    {
      endpoint: 'GET /restpp/echo',
      requests: 6,
      errors: 1,
      latencySumMs: 12,
      latencyMaxMs: 5,
      qps: 0.1,
    },
  ]),
  sample(1_120_000, 3),
];

describe('metrics by category', () => {
  it('answers newest first, LatestNum per service', () => {
    const out = categoryMetrics('cpu-memory', samples, {
      ServiceDescriptors: [{ ServiceName: 'gpe', Partition: 1 }],
      LatestNum: 2,
    }) as { CPUMemoryMetrics: { CPU: { CPUUsage: number } }[] };
    expect(out.CPUMemoryMetrics.map((m) => m.CPU.CPUUsage)).toEqual([3, 2]);
  });

  it('keeps a nanosecond time range and filters by CPU usage', () => {
    const out = categoryMetrics('cpu-memory', samples, {
      TimeRange: { StartTimestampNS: '1000000000000', EndTimestampNS: '1060000000000' },
      CPUUsage: 1.5,
    }) as { CPUMemoryMetrics: { TimestampNS: string }[] };
    expect(new Set(out.CPUMemoryMetrics.map((m) => m.TimestampNS))).toEqual(
      new Set(['1060000000000']),
    );
  });

  it('names a partition the service lacks: nothing', () => {
    const out = categoryMetrics('cpu-memory', samples, {
      ServiceDescriptors: [{ ServiceName: 'GPE', Partition: 2 }],
    }) as { CPUMemoryMetrics: unknown[] };
    expect(out.CPUMemoryMetrics).toEqual([]);
  });

  it('reports qps per endpoint with its component', () => {
    const out = categoryMetrics('qps', samples, { Endpoint: '/restpp/echo' }) as {
      QPSMetrics: { ServiceDescriptor: { ServiceName: string }; AverageLatencyMS: number }[];
    };
    expect(out.QPSMetrics).toHaveLength(1);
    expect(out.QPSMetrics[0]).toMatchObject({
      ServiceDescriptor: { ServiceName: 'RESTPP' },
      AverageLatencyMS: 2,
    });
  });
});

describe('ts3 data points', () => {
  it('filters by metric and component, in time order', () => {
    const points = dataPoints(samples, { what: 'cpu', who: 'gsql' });
    expect(points.map((p) => [p.when, p.detail])).toEqual([
      [1000, 1],
      [1060, 2],
      [1120, 3],
    ]);
  });

  it('keeps the latest points of each series', () => {
    const points = dataPoints(samples, { what: 'diskspace', latest: 1 });
    expect(points.map((p) => [p.who, p.when])).toEqual([
      ['Home', 1120],
      ['Gstore', 1120],
    ]);
  });

  it('answers the sample in force at `when`', () => {
    const points = dataPoints(samples, { what: 'connections', when: 1100 });
    expect(points.map((p) => p.when)).toEqual([1060]);
  });
});
