// A large POST /ddl request is applied in slices that give the event loop back (issue 16: a
// request held it for seconds, so nothing else was served meanwhile), and still no one sees part
// of it: /api/ping is answered while the request is being applied, and a query or a REST++ read
// that arrives then sees the whole request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcess, type InProcessServer } from '../../helpers/in-process.js';

const auth = { authorization: `Basic ${Buffer.from('tigergraph:tigergraph').toString('base64')}` };
let running: InProcessServer;

/** `n` edges between vertices of their own (a{i} -> b{i}): 2n vertices, n edges. */
function edges(from: number, n: number): string {
  const out: string[] = [];
  for (let i = from; i < from + n; i++) out.push(`a${i},b${i}`);
  return `${out.join('\n')}\n`;
}

async function load(body: string): Promise<void> {
  const response = await fetch(`${running.url}/restpp/ddl/g?tag=job&filename=f`, {
    method: 'POST',
    headers: auth,
    body,
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
}

/** Vertices and edges, counted by one query. */
async function counts(): Promise<{ vertices: number; edges: number }> {
  const response = await fetch(`${running.url}/gsql/v1/queries/interpret?graph=g`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'text/plain' },
    body: `INTERPRET QUERY () FOR GRAPH g {
  SumAccum<INT> @@edges; S = {p.*};
  T = SELECT t FROM S:s -(e>)- p:t ACCUM @@edges += 1;
  PRINT S.size() AS vertices, @@edges AS edges; }`,
  });
  const body = (await response.json()) as { results: { vertices: number; edges: number }[] };
  const first = body.results[0];
  if (!first) throw new Error(`no result: ${JSON.stringify(body)}`);
  return first;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

beforeAll(async () => {
  running = await startInProcess({ prefix: 'gwb-load-slices', graph: 'g' });
  const setup = await running.client.gsql(`CREATE VERTEX p (PRIMARY_ID id STRING)
CREATE DIRECTED EDGE e (FROM p, TO p)
CREATE GRAPH g (p, e)
CREATE LOADING JOB job FOR GRAPH g {
  DEFINE FILENAME f;
  LOAD f TO EDGE e VALUES ($0, $1) USING SEPARATOR=",";
}`);
  expect(setup.ok, setup.output).toBe(true);
}, 60_000);

afterAll(async () => {
  await running.close();
});

describe('a large load is applied in slices', () => {
  it('answers /api/ping while it applies a request, and a query then sees all of it', async () => {
    await load(edges(0, 1000));
    expect(await counts()).toEqual({ vertices: 2000, edges: 1000 });

    // 300,000 lines: 15 staged batches of 20,000, applied one log entry at a time.
    const order: string[] = [];
    let loaded = false;
    const big = load(edges(1000, 300_000)).then(() => {
      loaded = true;
      order.push('load');
    });
    const engine = running.server.engine;
    while (!engine.applying && !loaded) await nextTurn();
    expect(loaded, 'the request was applied before it could be watched').toBe(false);

    // Between two slices: the ping is served, the query waits for the end of the apply.
    const ping = fetch(`${running.url}/api/ping`).then(async (response) => {
      expect(await response.text()).toContain('pong');
      order.push('ping');
    });
    const seen = counts().then((c) => {
      order.push('query');
      return c;
    });
    // A REST++ read of the request's last vertex waits too (never a 404 from half of it).
    const last = fetch(`${running.url}/restpp/graph/g/vertices/p/b300999`, { headers: auth }).then(
      (response) => {
        order.push('vertex');
        return response.status;
      },
    );
    await Promise.all([big, ping]);
    expect(await seen).toEqual({ vertices: 602_000, edges: 301_000 });
    expect(await last).toBe(200);
    // The ping came back first; the reads were answered once the apply ended (possibly before
    // the load's own answer was written).
    expect(order[0]).toBe('ping');
    expect(order.slice(1).sort()).toEqual(['load', 'query', 'vertex']);
  }, 180_000);
});
