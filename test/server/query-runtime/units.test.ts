// The runtime's bookkeeping in isolation: the statistics ring (window edges, reuse of a slot
// after a minute, percentiles), the detached store's bounds (1,000 finished entries, one hour),
// and the workload manager's FIFO order and limits.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DetachedQueries,
  detachedKeepCount,
  detachedKeepMs,
} from '../../../src/server/engine/queries/detached.js';
import { EndpointStatistics } from '../../../src/server/engine/queries/statistics.js';
import { QueueFullError, Workload } from '../../../src/server/engine/queries/workload.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('EndpointStatistics', () => {
  it('counts only the seconds inside the window, and reuses a slot a minute later', () => {
    const s = new EndpointStatistics();
    const t0 = 1_700_000_000_000;
    s.record('g', 'GET /a', 10, false, t0);
    s.record('g', 'GET /a', 30, false, t0 + 5_000);
    s.record('g', 'GET /a', 0, true, t0 + 5_000);
    expect(s.report('g', 1, 2, t0 + 5_000)['GET /a']).toEqual({
      CompletedRequests: 1,
      QPS: 1,
      TimeoutRequests: 1,
      AverageLatency: 30,
      MaxLatency: 30,
      MinLatency: 30,
      LatencyPercentile: [30, 30],
    });
    expect(s.report('g', 6, 2, t0 + 5_000)['GET /a']).toMatchObject({
      CompletedRequests: 2,
      AverageLatency: 20,
      MinLatency: 10,
      LatencyPercentile: [10, 30],
    });
    // 61 s later the first second's slot is reused: the old bucket is gone
    s.record('g', 'GET /a', 50, false, t0 + 61_000);
    expect(s.report('g', 60, 1, t0 + 61_000)['GET /a']).toMatchObject({ CompletedRequests: 2 });
    expect(s.report('g', 60, 1, t0 + 200_000)).toEqual({});
    expect(s.report('other', 60, 1, t0)).toEqual({});
  });
});

describe('DetachedQueries', () => {
  it(`keeps at most ${detachedKeepCount} finished entries, oldest forgotten first`, () => {
    const d = new DetachedQueries();
    const running = d.submit('g', 'still-running', '/query/g/q');
    for (let i = 0; i <= detachedKeepCount; i++) {
      d.finish(d.submit('g', `id${i}`, '/query/g/q'), { status: 'success', results: [i] });
    }
    expect(d.get('id0')).toBeUndefined();
    expect(d.get('id1')?.results).toEqual([1]);
    expect(d.get(`id${detachedKeepCount}`)?.status).toBe('success');
    expect(d.get('still-running')).toBe(running);
  });

  it('forgets a finished entry an hour after it ended', () => {
    vi.useFakeTimers();
    const d = new DetachedQueries();
    d.finish(d.submit('g', 'a', '/query/g/q'), { status: 'success', results: [] });
    vi.advanceTimersByTime(detachedKeepMs - 1000);
    expect(d.get('a')).toBeDefined();
    vi.advanceTimersByTime(2000);
    expect(d.get('a')).toBeUndefined();
  });
});

describe('Workload', () => {
  it('admits in arrival order and refuses beyond the queue', async () => {
    const w = new Workload();
    w.configure({ maxConcurrent: 1, maxDelayQueue: 2 });
    const entry = (id: string) => ({ graph: 'g', requestid: id, url: '/u' });
    const first = await w.acquire(entry('1'));
    const order: string[] = [];
    const second = w.acquire(entry('2')).then((release) => (order.push('2'), release));
    const third = w.acquire(entry('3')).then((release) => (order.push('3'), release));
    expect(w.delayed().map((d) => d.requestidPartial)).toEqual(['2', '3']);
    expect(w.refuses()).toBe(true);
    await expect(w.acquire(entry('4'))).rejects.toBeInstanceOf(QueueFullError);
    first();
    first(); // a second release is ignored
    (await second)();
    (await third)();
    expect(order).toEqual(['2', '3']);
    expect(w.counts()).toEqual({ running: 0, delayed: 0 });
    expect(() => w.configure({ maxConcurrent: 0 })).toThrow(RangeError);
  });
});
