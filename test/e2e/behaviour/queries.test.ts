// Queries end to end: CREATE/INSTALL through the shell channel, installed queries by GET and
// POST, interpret, metadata, the dynamic endpoint listing, errors with line:column, and the
// runtime: a long query is listed, aborted, times out, while the service keeps answering;
// detached mode gives the same result as a direct run, and /statistics counts the runs.
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../../src/core/client/index.js';
import { gsqlOk, openTarget, type Target } from '../target.js';

let target: Target;
let client: GraphClient;
let g: string;
let P: string;

beforeAll(async () => {
  target = await openTarget('query');
  client = target.client;
  g = target.graph;
  P = `${g}_p`;
  await gsqlOk(
    client,
    `CREATE VERTEX ${P} (PRIMARY_ID id STRING, age INT)
CREATE UNDIRECTED EDGE ${g}_k (FROM ${P}, TO ${P})
CREATE GRAPH ${g} (${P}, ${g}_k)
USE GRAPH ${g}
CREATE QUERY ${g}_friends(VERTEX<${P}> p, INT minAge = 0) FOR GRAPH ${g} {
  SumAccum<INT> @@n;
  S = {p};
  T = SELECT t FROM S:s -(${g}_k:e)- ${P}:t WHERE t.age >= minAge ACCUM @@n += 1;
  PRINT T, @@n;
}
CREATE QUERY ${g}_spin(INT rounds) FOR GRAPH ${g} {
  SumAccum<INT> @@x;
  WHILE @@x < rounds DO @@x += 1; END;
  PRINT @@x;
}
CREATE QUERY ${g}_older() FOR GRAPH ${g} {
  S = {${P}.*};
  S = SELECT s FROM S:s POST-ACCUM s.age = s.age + 1, s.age = s.age / 0;
}
INSTALL QUERY ${g}_friends, ${g}_spin, ${g}_older`,
  );
  await client.upsert({
    vertices: { [P]: { a: { age: 30 }, b: { age: 40 }, c: { age: 10 } } },
    edges: { [P]: { a: { [`${g}_k`]: { [P]: { b: {}, c: {} } } } } },
  });
}, 60_000);

afterAll(async () => {
  await client
    .gsql(
      `USE GRAPH ${g}\nDROP QUERY ${g}_friends, ${g}_spin, ${g}_older\nDROP GRAPH ${g}\nDROP EDGE ${g}_k\nDROP VERTEX ${P}`,
    )
    .catch(() => undefined);
  await target.close();
});

describe('installed queries', () => {
  it('runs by GET and by POST with the spec parameter forms', async () => {
    const get = await client.runQuery(`${g}_friends`, { p: 'a', minAge: 20 });
    expect(get).toEqual([{ T: [{ v_id: 'b', v_type: P, attributes: { age: 40 } }], '@@n': 1 }]);
    const post = await client.runQuery(
      `${g}_friends`,
      { p: { id: 'a', type: P } },
      { method: 'POST' },
    );
    expect(post[0]?.['@@n']).toBe(2);
  });

  it('lists its parameters in metadata and in the dynamic endpoints', async () => {
    const meta = await client.call('getQueryMetadata', { query: { query: `${g}_friends` } });
    expect(meta.input).toEqual([{ p: `VERTEX<${P}>` }, { minAge: 'INT' }]);
    const listing = await client.call('listEndpoints', { query: { dynamic: true } });
    expect(listing[`GET /query/${g}/${g}_friends`]?.parameters).toMatchObject({
      p: { min_count: 1 },
      minAge: { min_count: 0 },
    });
  });

  it('runs through the shell channel', async () => {
    const out = await gsqlOk(client, `USE GRAPH ${g}\nRUN QUERY ${g}_friends("a", 35)`);
    expect(out).toContain('"@@n": 1');
  });

  it('answers REST-4000 when the result exceeds RESPONSE-LIMIT', async () => {
    await expect(
      client.runQuery(`${g}_friends`, { p: 'a' }, { responseLimit: 20 }),
    ).rejects.toMatchObject({
      code: 'REST-4000',
    });
    expect(
      await client.runQuery(`${g}_friends`, { p: 'a' }, { responseLimit: 100_000 }),
    ).toHaveLength(1);
  });

  it('reports a bad parameter as a 400 with a stable code', async () => {
    await expect(client.runQuery(`${g}_friends`, { p: 'nobody' })).rejects.toMatchObject({
      status: 400,
      code: 'QUERY-BAD-PARAM',
    });
  });

  it('changes nothing when a writing query fails', async () => {
    const before = await client.getVertices(P);
    await expect(client.runQuery(`${g}_older`)).rejects.toMatchObject({ status: 400 });
    expect(await client.getVertices(P)).toEqual(before);
  });
});

describe('interpret', () => {
  it('runs an anonymous query with query-string parameters', async () => {
    const results = await client.interpret(
      `INTERPRET QUERY (INT k) FOR GRAPH ${g} { S = {${P}.*}; S = SELECT s FROM S:s WHERE s.age > k; PRINT S.size() AS n; }`,
      { k: 15 },
    );
    expect(results).toEqual([{ n: 2 }]);
  });

  it('refuses a query that does not compile, with line:column', async () => {
    const error = await client
      .interpret(`INTERPRET QUERY () FOR GRAPH ${g} {\n  PRINT nosuch;\n}`)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: 'QUERY-UNKNOWN-VARIABLE' });
    expect((error as Error).message).toMatch(/2:\d+/);
  });
});

describe('runtime', () => {
  it('times out under GSQL-TIMEOUT while ping keeps answering', async () => {
    const pending = client
      .runQuery(`${g}_spin`, { rounds: 1_000_000_000 }, { timeoutMs: 1500 })
      .catch((e: unknown) => e);
    const started = Date.now();
    const ping = await request(`${target.url}/api/ping`);
    await ping.body.text();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await pending).toMatchObject({ code: 'REST-3000' });
  });

  it('lists a running query and aborts it', async () => {
    const pending = client
      .runQuery(`${g}_spin`, { rounds: 1_000_000_000 }, { timeoutMs: 60_000 })
      .catch((e: unknown) => e);
    let running: { requestid: string }[] = [];
    for (let i = 0; i < 50 && running.length === 0; i++) {
      running = await client.call('showProcessList', {});
      if (running.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(running).toHaveLength(1);
    const aborted = await client.abortQuery(running[0]?.requestid ?? '');
    expect(aborted[0]?.aborted_queries).toHaveLength(1);
    expect(await pending).toMatchObject({ code: 'REST-12002' });
  });
});

describe('detached mode and statistics', () => {
  it('a detached run reports success and its stored result equals the direct run', async () => {
    const direct = await client.runQuery(`${g}_friends`, { p: 'a' });
    let requestid: string | undefined;
    await client.runQuery(
      `${g}_friends`,
      { p: 'a' },
      { detached: true, onAnswer: (a) => (requestid = a.requestId) },
    );
    expect(requestid).toBeDefined();
    const id = requestid ?? '';
    let state = 'running';
    for (let i = 0; i < 200 && state === 'running'; i++) {
      const answer = await client.call('queryStatus', {
        query: { graph_name: g, requestid: [id] },
      });
      state = answer.results[0]?.status ?? 'running';
      if (state === 'running') await new Promise((r) => setTimeout(r, 50));
    }
    expect(state).toBe('success');
    expect(await client.call('queryResult', { query: { requestid: id } })).toEqual(direct);
  });

  it('counts installed-query runs in /statistics', async () => {
    for (let i = 0; i < 2; i++) await client.runQuery(`${g}_friends`, { p: 'b' });
    const stats = await client.call('getStatistics', { query: { seconds: 60, segments: 5 } });
    const entry = stats[`GET /query/${g}/${g}_friends`];
    expect(entry?.CompletedRequests).toBeGreaterThanOrEqual(2);
    expect(entry?.LatencyPercentile).toHaveLength(5);
  });
});
