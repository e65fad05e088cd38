// Timing and memory helpers of the benchmark: repeated runs summarised as median, min and max,
// percentiles of latency samples, and the resident set size of this process or a child.
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** A full garbage collection, so RSS deltas show live data rather than garbage. */
const gc: () => void = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

export interface Summary {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly runs: number;
}

export function summarise(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1
      ? (sorted[mid] ?? NaN)
      : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
  return { median, min: sorted[0] ?? NaN, max: sorted.at(-1) ?? NaN, runs: sorted.length };
}

/** The p-th percentile (0..100) of samples, nearest rank. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? NaN;
}

/** Runs `fn` `runs` times (after `warmup` untimed runs); answers the times (ms) and last value. */
export async function repeat<T>(
  runs: number,
  fn: () => Promise<T> | T,
  warmup = 0,
): Promise<{ times: number[]; value: T }> {
  let value: T | undefined;
  for (let i = 0; i < warmup; i++) value = await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    value = await fn();
    times.push(performance.now() - start);
  }
  return { times, value: value as T };
}

/** Resident set size (bytes) of a process: ours from process.memoryUsage(), others from /proc. */
export function rssOf(pid?: number): number | undefined {
  if (pid === undefined || pid === process.pid) {
    gc();
    return process.memoryUsage().rss;
  }
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

export interface TimedOptions {
  /** Timed runs wanted. */
  readonly runs: number;
  /** Stop adding runs once this much time (ms) went by; at least one run is always timed. */
  readonly budgetMs: number;
  /** One untimed warm-up run first (kept as the only sample when it alone used the budget). */
  readonly warmup?: boolean;
}

/** Times `fn` under a budget; answers the times (ms) and the last value. */
export async function timed<T>(
  fn: () => Promise<T>,
  options: TimedOptions,
  /** Untimed preparation before each run (e.g. clearing the store). */
  setup?: () => Promise<void>,
): Promise<{ times: number[]; value: T }> {
  const started = performance.now();
  const times: number[] = [];
  await setup?.();
  let start = performance.now();
  let value = await fn();
  const first = performance.now() - start;
  if (!options.warmup || first >= options.budgetMs / 2) times.push(first);
  while (times.length < options.runs && performance.now() - started < options.budgetMs) {
    await setup?.();
    start = performance.now();
    value = await fn();
    times.push(performance.now() - start);
  }
  return { times, value };
}
