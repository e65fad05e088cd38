// The concurrency limit and the delay queue over HTTP, with MaxConcurrentQueries 1 and
// MaxDelayQueueSize 1: a second query waits (listed by /showdelayedlistall with the spec's
// fields, not by /showprocesslist) and runs once the first ends; a third is refused with
// GWB-QUEUE-FULL; a queued query's GSQL-TIMEOUT starts when it leaves the queue (spec).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isGraphError } from '../../../src/core/errors.js';
import { forever, getJson, startRuntimeServer, until, type RuntimeServer } from './helpers.js';

let rt: RuntimeServer;
beforeAll(async () => {
  rt = await startRuntimeServer({ maxConcurrentQueries: 1, maxDelayQueueSize: 1 });
}, 60_000);
afterAll(async () => {
  await rt?.close();
});

type Delayed = { requestidPartial: string; startTime: string; url: string; elapsedTime: number };

const delayed = async () =>
  (await getJson(`${rt.url}/restpp/showdelayedlistall`)).body.results as Delayed[];
const running = () => rt.client.call('showProcessList', {});

/** Starts the spinning query and waits until it is listed as running; gives its id. */
async function startSpinner(timeoutMs = 60_000) {
  let id: string | undefined;
  const pending = rt.client
    .runQuery('spin', { rounds: forever }, { timeoutMs, onAnswer: (a) => (id = a.requestId) })
    .catch((e: unknown) => e);
  const listed = await until(async () => {
    const list = await running();
    return list.length > 0 ? list : undefined;
  }, 'the spinner to run');
  return { pending, requestid: listed[0]?.requestid ?? '', answered: () => id };
}

describe('delay queue', () => {
  it('queues a second query behind the first and runs it after, in order', async () => {
    const spinner = await startSpinner();
    const order: string[] = [];
    const second = rt.client.runQuery('quick', { minAge: 35 }).then((r) => {
      order.push('second');
      return r;
    });
    const waiting = await until(async () => {
      const list = await delayed();
      return list.length > 0 ? list : undefined;
    }, 'a delayed query');
    expect(waiting).toHaveLength(1);
    expect(Object.keys(waiting[0] ?? {}).sort()).toEqual(
      ['elapsedTime', 'requestidPartial', 'startTime', 'url'].sort(),
    );
    expect(waiting[0]).toMatchObject({ url: '/query/rt/quick' });
    expect(waiting[0]?.startTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
    // the queued query is not running
    expect((await running()).map((q) => q.requestid)).toEqual([spinner.requestid]);
    // the spec: abort does not apply to queued queries
    const aborted = await rt.client.abortQuery(waiting[0]?.requestidPartial ?? '');
    expect(aborted[0]?.aborted_queries).toEqual([]);
    expect(await delayed()).toHaveLength(1);

    await rt.client.abortQuery(spinner.requestid);
    order.push('first ended');
    expect(await spinner.pending).toMatchObject({ code: 'REST-12002' });
    const results = await second;
    expect(results[0]?.S).toEqual([{ v_id: 'b', v_type: 'rt_p', attributes: { age: 40 } }]);
    expect(order).toEqual(['first ended', 'second']);
    expect(await delayed()).toEqual([]);
  });

  it('refuses a query beyond the queue with GWB-QUEUE-FULL (503), detached ones too', async () => {
    const spinner = await startSpinner();
    const second = rt.client.runQuery('quick');
    await until(async () => ((await delayed()).length > 0 ? true : undefined), 'the queue');
    const third = await rt.client.runQuery('quick').catch((e: unknown) => e);
    expect(isGraphError(third)).toBe(true);
    expect(third).toMatchObject({ status: 503, code: 'GWB-QUEUE-FULL' });
    expect((third as Error).message).toMatch(/delay queue is full/);
    const detached = await getJson(`${rt.url}/restpp/query/rt/quick`, {
      headers: { 'GSQL-ASYNC': 'true' },
    });
    expect(detached.status).toBe(503);
    expect(detached.body).toMatchObject({ error: true, code: 'GWB-QUEUE-FULL' });
    await rt.client.abortQuery(spinner.requestid);
    await spinner.pending;
    expect(await second).toHaveLength(1);
  });

  it('starts a queued query’s timeout when it leaves the queue', async () => {
    const spinner = await startSpinner();
    // waits longer in the queue than its own timeout, then still runs to completion
    const second = rt.client.runQuery('quick', {}, { timeoutMs: 300 });
    await until(async () => ((await delayed()).length > 0 ? true : undefined), 'the queue');
    await new Promise((resolve) => setTimeout(resolve, 400));
    await rt.client.abortQuery(spinner.requestid);
    await spinner.pending;
    expect(await second).toHaveLength(1);
    // and a spinning query that got its slot still times out under its GSQL-TIMEOUT
    const slow = await rt.client
      .runQuery('spin', { rounds: forever }, { timeoutMs: 300 })
      .catch((e: unknown) => e);
    expect(slow).toMatchObject({ code: 'REST-3000' });
  });

  it('takes a queued query out of the queue when its client goes away', async () => {
    const spinner = await startSpinner();
    const controller = new AbortController();
    const gone = rt.client.runQuery('quick', {}, { signal: controller.signal }).catch(() => 'gone');
    await until(async () => ((await delayed()).length > 0 ? true : undefined), 'the queue');
    controller.abort();
    expect(await gone).toBe('gone');
    await until(
      async () => ((await delayed()).length === 0 ? true : undefined),
      'the queue to empty',
    );
    await rt.client.abortQuery(spinner.requestid);
    await spinner.pending;
    expect(await rt.client.runQuery('quick')).toHaveLength(1);
  });
});
