// bench/lib/measure.ts timed(): the steady warm-up runs a workload for at least its minimum time
// and until its time stops improving before any run is timed; a plain warm-up is one run. The
// workload here sleeps for a scripted time per call (a service tiering up: slow, then fast); only the number of calls is asserted,
// with room for a loaded machine's longer sleeps.
import { describe, expect, it } from 'vitest';
import { timed } from '../../bench/lib/measure.js';

/** A workload whose n-th call sleeps durations[n] ms (the last one from then on). */
function scripted(durations: readonly number[]) {
  let calls = 0;
  return {
    calls: () => calls,
    fn: async () => {
      const ms = durations[Math.min(calls, durations.length - 1)] ?? 0;
      calls++;
      await new Promise((resolve) => setTimeout(resolve, ms));
      return calls;
    },
  };
}

describe('timed() warm-up', () => {
  it("'steady' warms up until three runs in a row do not beat the best, then times", async () => {
    const w = scripted([150, 100, 60, 10]);
    const { times, value } = await timed(w.fn, { runs: 3, budgetMs: 60_000, warmup: 'steady' });
    // Four calls reach the fast time, three more show it settled: at least seven warm-up calls
    // (more only when a loaded machine made a 10 ms sleep much longer than the next one).
    const warmups = w.calls() - times.length;
    expect(warmups).toBeGreaterThanOrEqual(7);
    expect(warmups).toBeLessThanOrEqual(15);
    expect(times).toHaveLength(3);
    // The timed runs are the last calls, all scripted fast ones.
    expect(value).toBe(w.calls());
  });

  it("'steady' stops at a quarter of the budget when the time keeps improving", async () => {
    const w = scripted([80, 70, 60, 50, 40, 30, 20, 10]);
    const { times } = await timed(w.fn, { runs: 2, budgetMs: 400, warmup: 'steady' });
    // 400 ms budget: warm-up ends once 100 ms went by, i.e. after two calls (80 + 70 ms), or
    // after one when a loaded machine stretched the first sleep past 100 ms.
    const warmups = w.calls() - times.length;
    expect(warmups).toBeGreaterThanOrEqual(1);
    expect(warmups).toBeLessThanOrEqual(2);
    expect(times.length).toBeGreaterThanOrEqual(1);
  });

  it("'steady' warms up for at least warmupMinMs even once the time settled", async () => {
    const w = scripted([10]);
    const started = performance.now();
    const { times } = await timed(w.fn, {
      runs: 2,
      budgetMs: 60_000,
      warmup: 'steady',
      warmupMinMs: 300,
    });
    expect(times).toHaveLength(2);
    // Settled after four calls, yet warmed up for 300 ms: about 25 calls of 10 ms, fewer when a
    // loaded machine stretched the sleeps.
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    expect(w.calls() - times.length).toBeGreaterThan(4);
  });

  it('true warms up with one run, false with none', async () => {
    const one = scripted([5]);
    const a = await timed(one.fn, { runs: 2, budgetMs: 60_000, warmup: true });
    expect(one.calls() - a.times.length).toBe(1);
    const none = scripted([5]);
    const b = await timed(none.fn, { runs: 2, budgetMs: 60_000, warmup: false });
    expect(none.calls()).toBe(b.times.length);
  });
});
