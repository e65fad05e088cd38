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
  /**
   * Untimed warm-up first: `true`, one run (kept as the only sample when it alone used the
   * budget); `'steady'`, runs until the time stops improving (see warmUp), for workloads whose
   * code paths a JIT tiers up over thousands of requests.
   */
  readonly warmup?: boolean | 'steady';
  /** The least time a steady warm-up takes (ms; capped by its share of the budget). */
  readonly warmupMinMs?: number;
}

/** Warm-up runs until three in a row are none of them 3% faster than the best before them. */
const settleRuns = 3;
const settleGain = 0.97;
/** At most this share of the row's budget. */
const warmupBudgetShare = 0.25;

/**
 * Steady warm-up: runs `fn` (untimed) for at least `minMs` and until its time settles, within a
 * share of the budget. A service's request path is compiled by V8 in tiers as it is used: the
 * 2-hop row's calls take 2 ms each over the first thousand requests (the server's CPU time then
 * goes to the compiler threads as much as to the requests) and 0.4 ms from about the
 * four-thousandth on, with plateaus on the way that look settled for a few runs; a row timed
 * after a few warm-up runs would time the tiering, not the engine.
 */
async function warmUp<T>(
  fn: () => Promise<T>,
  budgetMs: number,
  minMs: number,
  setup?: () => Promise<void>,
): Promise<{ value: T; ms: number; runs: number }> {
  const cap = budgetMs * warmupBudgetShare;
  const least = Math.min(minMs, cap);
  const started = performance.now();
  let best = Infinity;
  let sinceBest = 0;
  let runs = 0;
  let value: T;
  let ms: number;
  do {
    await setup?.();
    const t = performance.now();
    value = await fn();
    ms = performance.now() - t;
    runs++;
    if (ms < best * settleGain) {
      best = ms;
      sinceBest = 0;
    } else {
      best = Math.min(best, ms);
      sinceBest++;
    }
  } while (
    (sinceBest < settleRuns || performance.now() - started < least) &&
    performance.now() - started < cap
  );
  return { value, ms, runs };
}

/** Times `fn` under a budget; answers the times (ms) and the last value. */
export async function timed<T>(
  fn: () => Promise<T>,
  options: TimedOptions,
  /** Untimed preparation before each run (e.g. clearing the store). */
  setup?: () => Promise<void>,
): Promise<{ times: number[]; value: T }> {
  const times: number[] = [];
  if (options.warmup === 'steady') {
    const warm = await warmUp(fn, options.budgetMs, options.warmupMinMs ?? 0, setup);
    // A run that alone takes half the budget is kept as the sample (as with one warm-up run).
    if (warm.runs === 1 && warm.ms >= options.budgetMs / 2)
      return { times: [warm.ms], value: warm.value };
  }
  const started = performance.now();
  await setup?.();
  let start = performance.now();
  let value = await fn();
  const first = performance.now() - start;
  if (options.warmup !== true || first >= options.budgetMs / 2) times.push(first);
  while (times.length < options.runs && performance.now() - started < options.budgetMs) {
    await setup?.();
    start = performance.now();
    value = await fn();
    times.push(performance.now() - start);
  }
  return { times, value };
}
