// The installation request state machine over HTTP: POST /gsql/v1/queries/install answers NEW
// with the status location at once, GET .../install/{id} goes to SUCCESS with per-query
// states, a query that cannot compile is FAILED with its message (the request is still SUCCESS,
// as the spec's rule 1 says), requests are worked one at a time (later ones wait NEW), the
// legacy path form works, and the shell's INSTALL QUERY still waits for the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installAndWait } from '../../../src/core/client/index.js';
import { getJson, startRuntimeServer, until, type RuntimeServer } from './helpers.js';

let rt: RuntimeServer;
beforeAll(async () => {
  rt = await startRuntimeServer();
  const created = await rt.client.gsql(`USE GRAPH rt
CREATE QUERY sub_q() FOR GRAPH rt RETURNS (INT) { RETURN 7; }
INSTALL QUERY sub_q
CREATE QUERY caller_q() FOR GRAPH rt { PRINT sub_q() AS n; }
CREATE QUERY older(INT years = 1) FOR GRAPH rt { S = {rt_p.*}; PRINT S.size() + years AS n; }
CREATE OR REPLACE QUERY sub_q() FOR GRAPH rt RETURNS (INT) { RETURN 8; }`);
  if (!created.ok) throw new Error(created.output);
}, 60_000);
afterAll(async () => {
  await rt?.close();
});

const auth = { authorization: `Basic ${Buffer.from('tigergraph:tigergraph').toString('base64')}` };

type Status = {
  state: string;
  error: boolean;
  message: string;
  graph: string;
  queries: { name: string; state: string; message?: string }[];
};

async function install(queries: string[], base = '/gsql/v1/queries/install') {
  const q = queries.map((n) => `queries=${encodeURIComponent(n)}`).join('&');
  const { status, body } = await getJson(`${rt.url}${base}?graph=rt&${q}`, {
    method: 'POST',
    headers: auth,
  });
  expect(status).toBe(200);
  return body as { requestId: string; state: string; location: string; error: boolean };
}

const status = (id: string) => rt.client.call('installStatus', { path: { request_id: id } });

const settled = (id: string) =>
  until(async () => {
    const s = (await status(id)) as Status;
    return s.state === 'SUCCESS' || s.state === 'FAILURE' ? s : undefined;
  }, `installation ${id}`);

describe('query installation requests', () => {
  it('answers NEW at once, then reports RUNNING or SUCCESS with per-query states', async () => {
    const answer = await install(['older']);
    expect(answer).toMatchObject({
      error: false,
      state: 'NEW',
      location: `/gsql/queries/install/${answer.requestId}`,
    });
    const first = (await status(answer.requestId)) as Status;
    expect(['NEW', 'RUNNING', 'SUCCESS']).toContain(first.state);
    const done = await settled(answer.requestId);
    expect(done).toMatchObject({
      state: 'SUCCESS',
      error: false,
      graph: 'rt',
      queries: [{ name: 'older', state: 'SUCCESS' }],
    });
    expect(await rt.client.runQuery('older', { years: 2 })).toEqual([{ n: 5 }]);
  });

  it('marks a query that does not compile FAILED with its message; the others install', async () => {
    const answer = await install(['caller_q', 'quick']);
    const done = await settled(answer.requestId);
    expect(done.state).toBe('SUCCESS');
    expect(done.queries.map((q) => [q.name, q.state])).toEqual([
      ['quick', 'SUCCESS'],
      ['caller_q', 'FAILED'],
    ]);
    const failed = done.queries.find((q) => q.name === 'caller_q');
    expect(failed?.message).toMatch(/sub_q/);
    expect(done.message).toMatch(/failed: caller_q/);
    await expect(rt.client.runQuery('caller_q')).rejects.toMatchObject({ status: 404 });
  });

  it('keeps the shell statement synchronous, with the failure in its text', async () => {
    const ok = await rt.client.gsql('USE GRAPH rt\nINSTALL QUERY older');
    expect(ok.ok).toBe(true);
    expect(ok.output).toContain('Query installation finished: older.');
    const bad = await rt.client.gsql('USE GRAPH rt\nINSTALL QUERY caller_q');
    expect(bad.ok).toBe(false);
    expect(bad.output).toMatch(/caller_q failed to install/);
  });

  it('works requests one at a time: a later request is NEW while an earlier one runs', async () => {
    const a = await install(['*']);
    const b = await install(['older']);
    const bFirst = (await status(b.requestId)) as Status;
    const aFirst = (await status(a.requestId)) as Status;
    if (aFirst.state !== 'SUCCESS') expect(bFirst.state).toBe('NEW');
    const all = await settled(a.requestId);
    expect(all.state).toBe('SUCCESS');
    // caller_q needs sub_q installed: one request installs both (in passes)
    expect(all.queries.filter((q) => q.state !== 'SUCCESS')).toEqual([]);
    expect(await rt.client.runQuery('caller_q')).toEqual([{ n: 8 }]);
    expect((await settled(b.requestId)).state).toBe('SUCCESS');
  });

  it('installAndWait (core client) polls the status until the request ends', async () => {
    const done = await installAndWait(rt.client, ['older', 'quick'], { pollMs: 10 });
    expect(done).toMatchObject({
      state: 'SUCCESS',
      queries: [
        { name: 'quick', state: 'SUCCESS' },
        { name: 'older', state: 'SUCCESS' },
      ],
    });
  });

  it('answers on the legacy path form too', async () => {
    const answer = await install(['older'], '/gsql/queries/install');
    expect(answer.location).toBe(`/gsql/queries/install/${answer.requestId}`);
    const legacy = await getJson(`${rt.url}${answer.location}`, { headers: auth });
    expect(['NEW', 'RUNNING', 'SUCCESS']).toContain(legacy.body.state);
    expect((await settled(answer.requestId)).state).toBe('SUCCESS');
    // the second 3.x form, /gsqlserver/gsql/queries/install, is the same operation
    const second = await install(['older'], '/gsqlserver/gsql/queries/install');
    expect(second).toMatchObject({ state: 'NEW', error: false });
    expect((await settled(second.requestId)).state).toBe('SUCCESS');
  });

  it('refuses unknown queries at once and answers 404 for an unknown request id', async () => {
    const { status: code, body } = await getJson(
      `${rt.url}/gsql/v1/queries/install?graph=rt&queries=nosuch`,
      { method: 'POST', headers: auth },
    );
    expect(code).toBe(404);
    expect(body.message).toMatch(/nosuch/);
    await expect(status('install_0_0')).rejects.toMatchObject({ status: 404 });
  });
});
