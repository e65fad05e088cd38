// Template runs in detached mode (GSQL-ASYNC: true), as for installed queries: the submission
// answers at once with the request id (and the generated query name), query_status follows the
// run under the library URL, query_result gives the same results as a direct run; a bad body is
// refused at once and nothing is submitted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCase, startLibraryServer, type LibraryServer, type LoadedGraph } from './helpers.js';

let lib: LibraryServer;
let L: LoadedGraph;
const triCount = 'GDBMS_ALGO.community.tri_count';
const basic = `Basic ${Buffer.from('tigergraph:tigergraph').toString('base64')}`;

beforeAll(async () => {
  lib = await startLibraryServer();
  const edges = [
    [0, 1],
    [1, 2],
    [2, 0],
    [2, 3],
  ] as const;
  L = await loadCase(lib.client, 0, { n: 4, undirected: edges, directed: edges });
}, 60_000);
afterAll(async () => {
  await lib?.close();
});

async function post(body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${lib.server.url}/gsql/v1/library/${triCount}?graph=${L.graph}`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function restpp(path: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${lib.server.url}/restpp/${path}`, {
    headers: { authorization: basic },
  });
  return (await res.json()) as Record<string, unknown>;
}

async function finished(id: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 200; i++) {
    const answer = await restpp(`query_status?graph_name=${L.graph}&requestid=${id}`);
    const [entry] = answer.results as Record<string, unknown>[];
    if (entry && entry.status !== 'running') return entry;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`detached template run ${id} did not finish`);
}

describe('template runs in detached mode', () => {
  it('answers at once with a request id; the stored result equals a direct run', async () => {
    const params = { v_type: L.V, e_type: L.E };
    const direct = await post(params);
    const submitted = await post(params, { 'GSQL-ASYNC': 'true' });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({
      error: false,
      message: expect.stringContaining('successfully submitted') as unknown,
      generatedQueryName: `GDBMS_ALGO_community_tri_count_${L.graph}`,
    });
    const id = submitted.body.request_id;
    expect(typeof id).toBe('string');
    const entry = await finished(id as string);
    expect(entry).toMatchObject({
      requestid: id,
      status: 'success',
      url: `/gsql/v1/library/${triCount}`,
    });
    const result = await restpp(`query_result?requestid=${String(id)}`);
    expect(result.results).toEqual((direct.body.results as { results: unknown }).results);
  });

  it('refuses a bad body at once, submitting nothing', async () => {
    const refused = await post({ v_type: L.V, e_type: 'no_such_edge' }, { 'GSQL-ASYNC': 'true' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: true });
    expect(refused.body.request_id).toBeUndefined();
  });
});
