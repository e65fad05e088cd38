// One measurement of the process and the machine, as the sampler takes it every period: CPU and
// memory of the node and of the service's process, disk of the data folder, network of the
// listeners, and the requests per endpoint of the period.
import { cpus, freemem, totalmem } from 'node:os';
import { readFile } from 'node:fs/promises';
import type { DiskReading } from './disk.js';
import type { NetworkReading } from './network.js';
import type { EndpointPeriod } from './requests.js';

export interface EndpointRate extends EndpointPeriod {
  readonly qps: number;
}

export interface Sample {
  /** Epoch milliseconds of the measurement. */
  readonly at: number;
  /** Seconds the period covered. */
  readonly periodSeconds: number;
  /** Percent of the node's CPU capacity: the whole node, and the service's process. */
  readonly cpu: { readonly node: number; readonly process: number; readonly cores: number };
  /** Megabytes. */
  readonly memory: {
    readonly total: number;
    readonly available: number;
    readonly nodeUsage: number;
    readonly process: number;
  };
  readonly disks: readonly DiskReading[];
  readonly network: NetworkReading;
  readonly endpoints: readonly EndpointRate[];
}

const megabyte = 1024 * 1024;

interface CpuMark {
  readonly wallMs: number;
  readonly processMicros: number;
  readonly nodeBusy: number;
  readonly nodeTotal: number;
}

function nodeTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const cpu of cpus()) {
    const t = cpu.times;
    const all = t.user + t.nice + t.sys + t.idle + t.irq;
    total += all;
    busy += all - t.idle;
  }
  return { busy, total };
}

/** CPU usage between two marks; the first mark is the process's start. */
export class CpuGauge {
  // From the process's start (and the node's boot), so the first sample already says something.
  private last: CpuMark = {
    wallMs: performance.timeOrigin,
    processMicros: 0,
    nodeBusy: 0,
    nodeTotal: 0,
  };

  read(): { node: number; process: number; cores: number } {
    const cores = Math.max(1, cpus().length);
    const now = Date.now();
    const usage = process.cpuUsage();
    const processMicros = usage.user + usage.system;
    const { busy, total } = nodeTimes();
    const wallMs = Math.max(1, now - this.last.wallMs);
    const processPercent =
      ((processMicros - this.last.processMicros) / 1000 / wallMs / cores) * 100;
    const nodeSpan = total - this.last.nodeTotal;
    const nodePercent = nodeSpan > 0 ? ((busy - this.last.nodeBusy) / nodeSpan) * 100 : 0;
    this.last = { wallMs: now, processMicros, nodeBusy: busy, nodeTotal: total };
    const clamp = (x: number) => Math.min(100, Math.max(0, x));
    return { node: clamp(nodePercent), process: clamp(processPercent), cores };
  }
}

/** MemAvailable of /proc/meminfo (what programs can still allocate); elsewhere, free memory. */
async function availableBytes(): Promise<number> {
  const info = await readFile('/proc/meminfo', 'utf8').catch(() => '');
  const kb = /^MemAvailable:\s+(\d+) kB$/m.exec(info)?.[1];
  return kb === undefined ? freemem() : Number(kb) * 1024;
}

export async function readMemory(): Promise<Sample['memory']> {
  const total = totalmem();
  const available = await availableBytes();
  return {
    total: total / megabyte,
    available: available / megabyte,
    nodeUsage: (total - available) / megabyte,
    process: process.memoryUsage.rss() / megabyte,
  };
}
