// A client that goes away stops its running query: the run polls its QueryStop at each slice,
// which answers aborted once /abortquery aborted it or the request's client is gone (no abort
// signal or listener is made per request).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  forever,
  startRuntimeServer,
  until,
  type RuntimeServer,
} from '../query-runtime/helpers.js';

let rt: RuntimeServer;
beforeAll(async () => {
  rt = await startRuntimeServer();
}, 60_000);
afterAll(async () => {
  await rt?.close();
});

const running = () => rt.client.call('showProcessList', {});

describe('client disconnect', () => {
  it('aborts the running query, and later queries run normally', async () => {
    const controller = new AbortController();
    const gone = rt.client
      .runQuery('spin', { rounds: forever }, { signal: controller.signal })
      .catch(() => 'gone');
    await until(async () => ((await running()).length > 0 ? true : undefined), 'the spinner');
    controller.abort();
    expect(await gone).toBe('gone');
    await until(async () => ((await running()).length === 0 ? true : undefined), 'the run to stop');
    expect(await rt.client.runQuery('quick')).toHaveLength(1);
  });

  it('still answers an /abortquery-ed run with its error envelope', async () => {
    const pending = rt.client.runQuery('spin', { rounds: forever }).catch((e: unknown) => e);
    const list = await until(async () => {
      const l = await running();
      return l.length > 0 ? l : undefined;
    }, 'the spinner');
    await rt.client.abortQuery(list[0]?.requestid ?? '');
    expect(await pending).toMatchObject({ name: 'GraphError' });
  });
});
