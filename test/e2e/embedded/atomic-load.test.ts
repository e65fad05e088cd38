// A POST /ddl request commits all of its accepted lines or none (issue 16: a request refused with
// 413 after streaming past the body limit still left millions of vertices committed). The body
// is streamed in chunks without a Content-Length, so the limit is found half-way, after several
// batches have been planned; a restart of the same folder shows the same state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcess, type InProcessServer } from '../../helpers/in-process.js';

const auth = { authorization: `Basic ${Buffer.from('tigergraph:tigergraph').toString('base64')}` };
const maxBodyBytes = 4 * 1024 * 1024;
let running: InProcessServer;

function lines(prefix: string, from: number, to: number): string {
  const out: string[] = [];
  for (let i = from; i < to; i++) out.push(`${prefix}${i},${i}`);
  return `${out.join('\n')}\n`;
}

/** A body streamed in 64 KB chunks (chunked transfer: the limit is only found while reading). */
function streamed(text: string): ReadableStream<Uint8Array> {
  const bytes = Buffer.from(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) controller.close();
      else controller.enqueue(bytes.subarray(at, (at += 64 * 1024)));
    },
  });
}

async function load(body: string): Promise<number> {
  try {
    const response = await fetch(`${running.url}/restpp/ddl/g?tag=job&filename=f`, {
      method: 'POST',
      headers: auth,
      body: streamed(body),
      duplex: 'half',
    } as RequestInit);
    await response.text();
    return response.status;
  } catch {
    return 0; // the server closed the connection after refusing the body
  }
}

async function count(): Promise<number> {
  const response = await fetch(`${running.url}/gsql/v1/queries/interpret?graph=g`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'text/plain' },
    body: 'INTERPRET QUERY () FOR GRAPH g { S = {p.*}; PRINT S.size() AS n; }',
  });
  const body = (await response.json()) as { results: { n: number }[] };
  return body.results[0]?.n ?? -1;
}

beforeAll(async () => {
  running = await startInProcess({
    prefix: 'gwb-atomic-load',
    graph: 'g',
    server: { maxBodyBytes },
  });
  const setup = await running.client.gsql(`CREATE VERTEX p (PRIMARY_ID id STRING, n INT)
CREATE GRAPH g (p)
CREATE LOADING JOB job FOR GRAPH g {
  DEFINE FILENAME f;
  LOAD f TO VERTEX p VALUES ($0, $1) USING SEPARATOR=",";
}`);
  expect(setup.ok, setup.output).toBe(true);
}, 60_000);

afterAll(async () => {
  await running.close();
});

describe('POST /ddl is all or nothing', () => {
  it('commits nothing of a body refused past the limit', async () => {
    // About 300,000 lines (over 4 MB): 15 batches of 20,000 are planned before the refusal.
    const status = await load(lines('big', 0, 300_000));
    expect([0, 413]).toContain(status);
    expect(await count()).toBe(0);
  }, 120_000);

  it('commits every line of an accepted request', async () => {
    expect(await load(lines('ok', 0, 100_000))).toBe(200);
    expect(await count()).toBe(100_000);
  }, 120_000);

  it('keeps exactly the committed requests across a restart', async () => {
    expect([0, 413]).toContain(await load(lines('again', 0, 300_000)));
    const dir = running.dir;
    await running.close(true);
    running = await startInProcess({
      prefix: 'gwb-atomic-load',
      dir,
      graph: 'g',
      server: { maxBodyBytes },
    });
    expect(await count()).toBe(100_000);
  }, 120_000);
});
