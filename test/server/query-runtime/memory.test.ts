// A query's memory budget: a run that grows an accumulator without bound, or a string past the
// engine's longest, ends with a coded error while the service goes on answering (issue 16: such
// a query ran the whole process out of heap, and a long string answered a generic 500).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuntimeServer } from './helpers.js';
import { getJson, startRuntimeServer } from './helpers.js';

let server: RuntimeServer;
const auth = { authorization: `Basic ${Buffer.from('tigergraph:tigergraph').toString('base64')}` };

beforeAll(async () => {
  server = await startRuntimeServer({ queryMemoryBytes: 64 * 1024 * 1024 });
}, 60_000);
afterAll(async () => {
  await server.close();
});

function interpret(text: string) {
  return getJson(`${server.url}/gsql/v1/queries/interpret?graph=rt`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'text/plain' },
    body: text,
  });
}

describe('the memory budget of a query', () => {
  it('stops an accumulator growing without bound with SYS-0002, and the service goes on', async () => {
    const runaway = interpret(
      'INTERPRET QUERY () FOR GRAPH rt { ListAccum<INT> @@l; WHILE TRUE DO @@l += 1; END; PRINT @@l.size(); }',
    );
    // The service answers while the runaway query runs, and after it has been stopped.
    const ping = await getJson(`${server.url}/api/ping`);
    expect(ping.status).toBe(200);
    const { status, body } = await runaway;
    expect(status).toBe(503);
    expect(body).toMatchObject({ error: true, code: 'SYS-0002' });
    expect(String(body.message)).toMatch(/memory limit of 64 MB/);
    expect((await getJson(`${server.url}/api/ping`)).status).toBe(200);
    const quick = await interpret(
      'INTERPRET QUERY () FOR GRAPH rt { S = {rt_p.*}; PRINT S.size() AS n; }',
    );
    expect(quick.body.results).toEqual([{ n: 3 }]);
  }, 60_000);

  it('stops a map growing without bound too', async () => {
    const { status, body } = await interpret(
      `INTERPRET QUERY () FOR GRAPH rt {
  MapAccum<INT, STRING> @@m; INT i = 0;
  WHILE TRUE DO @@m += (i -> "value " + to_string(i)); i = i + 1; END;
}`,
    );
    expect(status).toBe(503);
    expect(body.code).toBe('SYS-0002');
  }, 60_000);

  it('answers a string doubled past the engine limit with a coded error, not a 500', async () => {
    const { status, body } = await interpret(
      'INTERPRET QUERY () FOR GRAPH rt { STRING s = "ab"; WHILE TRUE DO s = s + s; END; PRINT s; }',
    );
    expect(status).not.toBe(500);
    expect(body.code, JSON.stringify(body)).toBe('QUERY-STRING-TOO-LONG');
    expect((await getJson(`${server.url}/api/ping`)).status).toBe(200);
  }, 60_000);
});
