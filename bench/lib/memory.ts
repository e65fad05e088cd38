// Memory of a process as Linux accounts it (/proc/<pid>/status): the resident set, split into
// anonymous memory (heap, typed arrays) and file pages mapped in (code, and the lmdb store's
// pages the server touched), and the CSR loop's memory per edge measured in a child process of
// its own (bench/peers/csr-memory.ts), so the bench process's own garbage is not counted.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ProcessMemory {
  readonly rss: number;
  readonly anon: number;
  readonly file: number;
}

/** The memory of process `pid` (bytes), or undefined where /proc is not readable. */
export function processMemory(pid: number): ProcessMemory | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    const memory = { rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') };
    return Number.isFinite(memory.rss) ? memory : undefined;
  } catch {
    return undefined;
  }
}

export interface CsrMemory {
  /** Resident set of the child before reading the edge list and after building the CSR. */
  readonly before: ProcessMemory;
  readonly after: ProcessMemory;
  /** Bytes of the CSR's typed arrays (offsets, targets, in-offsets, sources, ids). */
  readonly arrays: number;
}

const measured = new Map<string, CsrMemory>();

/** Builds the CSR loop's graph from `csvPath` in a child process and reports its memory. */
export function csrMemory(csvPath: string): CsrMemory {
  const known = measured.get(csvPath);
  if (known) return known;
  const script = join(dirname(fileURLToPath(import.meta.url)), '..', 'peers', 'csr-memory.ts');
  const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', script, csvPath], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (child.status !== 0) throw new Error(`csr-memory failed: ${child.stderr}`);
  const memory = JSON.parse(child.stdout) as CsrMemory;
  measured.set(csvPath, memory);
  return memory;
}

export const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
