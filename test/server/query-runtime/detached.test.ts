// Detached mode (GSQL-ASYNC: true) over HTTP: the submission answers at once with the request
// id, query_status reports running and then success (or aborted, timeout), query_result gives
// the same results as a direct run, and unknown or unfinished ids answer the spec's errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, forever, startRuntimeServer, until, type RuntimeServer } from './helpers.js';

let rt: RuntimeServer;
beforeAll(async () => {
  rt = await startRuntimeServer();
}, 60_000);
afterAll(async () => {
  await rt?.close();
});

const async = { headers: { 'GSQL-ASYNC': 'true' } };

async function submit(path: string, init: RequestInit = async) {
  const { status, body } = await getJson(`${rt.url}/restpp/query/rt/${path}`, init);
  expect(status).toBe(200);
  expect(body).toMatchObject({
    error: false,
    code: 'REST-0000',
    message: expect.stringContaining('successfully submitted') as unknown,
  });
  expect(typeof body.request_id).toBe('string');
  return body.request_id as string;
}

async function status(requestid: string, graph = 'rt') {
  const { body } = await getJson(
    `${rt.url}/restpp/query_status?graph_name=${graph}&requestid=${encodeURIComponent(requestid)}`,
  );
  return body as {
    results: { requestid: string; status: string; elapsedTime: number; url: string }[];
    unknown_requestid?: string[];
  };
}

const finished = (id: string) =>
  until(async () => {
    const entry = (await status(id)).results[0];
    return entry && entry.status !== 'running' ? entry : undefined;
  }, `detached query ${id} to finish`);

describe('detached mode', () => {
  it('answers at once with a request id; the stored result equals a direct run', async () => {
    const direct = await rt.client.runQuery('quick', { minAge: 20 });
    const id = await submit('quick?minAge=20');
    const entry = await finished(id);
    expect(entry).toMatchObject({ requestid: id, status: 'success', url: '/query/rt/quick' });
    expect(Object.keys(entry).sort()).toEqual(
      ['elapsedTime', 'expirationTime', 'requestid', 'startTime', 'status', 'url'].sort(),
    );
    const result = await getJson(`${rt.url}/restpp/query_result?requestid=${id}`);
    expect(result.status).toBe(200);
    expect(result.body.results).toEqual(direct);
    // the same through the client's catalogue call
    expect(await rt.client.call('queryResult', { query: { requestid: id } })).toEqual(direct);
  });

  it('works for POST with a JSON body, and through the client (id from the answer)', async () => {
    let answered: string | undefined;
    const results = await rt.client.runQuery(
      'quick',
      { minAge: 35 },
      { method: 'POST', detached: true, onAnswer: (a) => (answered = a.requestId) },
    );
    expect(results).toEqual([]);
    expect(answered).toBeDefined();
    await finished(answered ?? '');
    expect(await rt.client.call('queryResult', { query: { requestid: answered ?? '' } })).toEqual(
      await rt.client.runQuery('quick', { minAge: 35 }),
    );
  });

  it('reports a long query as running, refuses its result until it ends, and aborts it', async () => {
    const id = await submit(`spin?rounds=${forever}`, { headers: { 'GSQL-ASYNC': 'TRUE' } });
    const running = await status(id);
    expect(running.results[0]).toMatchObject({ requestid: id, status: 'running' });
    const early = await getJson(`${rt.url}/restpp/query_result?requestid=${id}`);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ error: true, code: 'GWB-QUERY-RUNNING' });
    expect(early.body.message).toContain(`Unable to retrieve result for query ${id}`);
    // detached runs are in the process list and abortquery stops them
    const list = await rt.client.call('showProcessList', {});
    expect(list.map((q) => q.requestid)).toContain(id);
    const aborted = await rt.client.abortQuery(id);
    expect(aborted[0]?.aborted_queries).toEqual([{ requestid: id, url: '/query/rt/spin' }]);
    expect((await finished(id)).status).toBe('aborted');
    const result = await getJson(`${rt.url}/restpp/query_result?requestid=${id}`);
    expect(result.body).toMatchObject({ error: true, code: 'REST-12002' });
  });

  it('ends a detached query at its GSQL-TIMEOUT with status timeout', async () => {
    const id = await submit(`spin?rounds=${forever}`, {
      headers: { 'GSQL-ASYNC': 'true', 'GSQL-TIMEOUT': '300' },
    });
    expect((await finished(id)).status).toBe('timeout');
    const result = await getJson(`${rt.url}/restpp/query_result?requestid=${id}`);
    expect(result.body).toMatchObject({ error: true, code: 'REST-3000' });
  });

  it('keeps a run-time failure as status error with its code', async () => {
    const id = await submit('broken');
    expect((await finished(id)).status).toBe('error');
    const result = await getJson(`${rt.url}/restpp/query_result?requestid=${id}`);
    expect(result.body).toMatchObject({ error: true, code: 'QUERY-DIVIDE-BY-ZERO' });
  });

  it('lists every detached query of the graph with requestid=all', async () => {
    const id = await submit('quick');
    await finished(id);
    const all = await status('all');
    expect(all.results.length).toBeGreaterThanOrEqual(2);
    expect(all.results.map((e) => e.requestid)).toContain(id);
    expect(all.unknown_requestid).toBeUndefined();
  });

  it('names unknown ids in unknown_requestid; query_result of one is an error', async () => {
    const id = await submit('quick');
    const answer = await status(`${id},nosuch.RESTPP_1_1.1.N`);
    expect(answer.results.map((e) => e.requestid)).toEqual([id]);
    expect(answer.unknown_requestid).toEqual(['nosuch.RESTPP_1_1.1.N']);
    // a direct (not detached) run's id is unknown too
    let direct: string | undefined;
    await rt.client.runQuery('quick', {}, { onAnswer: (a) => (direct = a.requestId) });
    expect((await status(direct ?? '')).unknown_requestid).toEqual([direct]);
    const result = await getJson(`${rt.url}/restpp/query_result?requestid=nosuch`);
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({
      error: true,
      code: 'GWB-UNKNOWN-REQUESTID',
      unknown_requestid: ['nosuch'],
    });
    expect(result.body.message).toContain('Unable to retrieve result for query nosuch');
    await expect(
      rt.client.call('queryResult', { query: { requestid: 'nosuch' } }),
    ).rejects.toMatchObject({ status: 404, code: 'GWB-UNKNOWN-REQUESTID' });
  });

  it('refuses query_status without a request id, and for an unknown graph', async () => {
    const missing = await getJson(`${rt.url}/restpp/query_status?graph_name=rt`);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^queryStatus: query\.requestid/);
    const unknown = await getJson(`${rt.url}/restpp/query_status?graph_name=nope&requestid=all`);
    expect(unknown.status).toBe(404);
    // graph_name defaults to the first graph
    const id = await submit('quick');
    expect((await status(id)).results[0]?.requestid).toBe(id);
    const byDefault = await getJson(`${rt.url}/restpp/query_status?requestid=${id}`);
    expect((byDefault.body.results as { requestid: string }[])[0]?.requestid).toBe(id);
  });
});
