// A JSON upsert is read as it streams in and commits whole (issue 16: a 190 MB upsert peaked at
// 3.7 GB). Bodies here are sent in 64 KB chunks without a Content-Length, so a refusal comes
// after several batches were read and staged: malformed JSON (REST-2001), a bad item at the end
// (REST-30000) and a body past the size limit (413) commit nothing, also across a restart; an
// accepted body keeps integers beyond 2^53 exact and applies its vertices before its edges
// whatever their order in the text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcess, type InProcessServer } from '../../helpers/in-process.js';

const auth = { authorization: `Basic ${Buffer.from('tigergraph:tigergraph').toString('base64')}` };
const maxBodyBytes = 4 * 1024 * 1024;
let running: InProcessServer;

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

async function upsert(
  body: string,
  query = '',
): Promise<{ status: number; text: string; code?: string }> {
  try {
    const response = await fetch(`${running.url}/restpp/graph/g${query}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: streamed(body),
      duplex: 'half',
    } as RequestInit);
    const text = await response.text();
    const code = (JSON.parse(text) as { code?: string }).code;
    return { status: response.status, text, ...(code ? { code } : {}) };
  } catch {
    return { status: 0, text: '' }; // the server closed the connection after refusing the body
  }
}

/** `{"p": {"<prefix>0": {"n": 0}, ...}}` as text, for `count` vertices. */
function people(prefix: string, count: number): string {
  const items: string[] = [];
  for (let i = 0; i < count; i++) items.push(`"${prefix}${i}":{"n":${i}}`);
  return `{${items.join(',')}}`;
}

async function count(type = 'p'): Promise<number> {
  const response = await fetch(`${running.url}/gsql/v1/queries/interpret?graph=g`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'text/plain' },
    body: `INTERPRET QUERY () FOR GRAPH g { S = {${type}.*}; PRINT S.size() AS n; }`,
  });
  const body = (await response.json()) as { results: { n: number }[] };
  return body.results[0]?.n ?? -1;
}

beforeAll(async () => {
  running = await startInProcess({
    prefix: 'gwb-atomic-upsert',
    graph: 'g',
    server: { maxBodyBytes },
  });
  const setup = await running.client.gsql(`CREATE VERTEX p (PRIMARY_ID id STRING, n INT)
CREATE VERTEX big (PRIMARY_ID id UINT, i INT, u UINT)
CREATE DIRECTED EDGE e (FROM p, TO p, w INT)
CREATE GRAPH g (p, big, e)`);
  expect(setup.ok, setup.output).toBe(true);
}, 60_000);

afterAll(async () => {
  await running.close();
});

describe('POST /restpp/graph is read as a stream and all or nothing', () => {
  it('keeps integers beyond 2^53 exact, in ids and attributes', async () => {
    const body =
      '{"vertices": {"big": {"18446744073709551615": {"i": -9223372036854775808, "u": {"value": 18446744073709551615}}, "9007199254740993": {"i": 9223372036854775807}}}}';
    const answer = await upsert(body);
    expect(answer.status, answer.text).toBe(200);
    const read = await fetch(`${running.url}/restpp/graph/g/vertices/big/18446744073709551615`);
    const text = await read.text();
    expect(text).toContain('"v_id":"18446744073709551615"');
    expect(text).toContain('"i":-9223372036854775808');
    expect(text).toContain('"u":18446744073709551615');
    const other = await (
      await fetch(`${running.url}/restpp/graph/g/vertices/big/9007199254740993`)
    ).text();
    expect(other).toContain('"i":9223372036854775807');
  });

  it('commits nothing of malformed JSON found after several batches', async () => {
    // 60,000 vertices (three batches staged), then the text breaks off.
    const answer = await upsert(
      `{"vertices": {"p": ${people('bad', 60_000).slice(0, -1)}, "x" 1}}}`,
    );
    expect(answer.status).toBe(400);
    expect(answer.code).toBe('REST-2001');
    expect(await count()).toBe(0);
  }, 120_000);

  it('commits nothing when the last item is bad', async () => {
    const items = people('late', 60_000).slice(0, -1);
    const answer = await upsert(`{"vertices": {"p": ${items}, "last": {"nope": 1}}}}`);
    expect(answer.status).toBe(400);
    expect(answer.code).toBe('REST-30000');
    expect(answer.text).toContain('unknown attribute');
    expect(await count()).toBe(0);
  }, 120_000);

  it('commits nothing of a body refused past the size limit', async () => {
    // About 300,000 vertices (over 4 MB): batches are read and staged before the refusal.
    const answer = await upsert(`{"vertices": {"p": ${people('huge', 300_000)}}}`);
    expect([0, 413]).toContain(answer.status);
    expect(await count()).toBe(0);
  }, 120_000);

  it('applies every item of an accepted body, vertices before edges', async () => {
    // Edges first in the text, with source_vertex_must_exist: their sources come later.
    const edges: string[] = [];
    for (let i = 0; i < 30_000; i++) edges.push(`"ok${i}":{"e":{"p":{"t${i}":{"w":${i}}}}}`);
    const answer = await upsert(
      `{"edges": {"p": {${edges.join(',')}}}, "vertices": {"p": ${people('ok', 30_000)}}}`,
      '?source_vertex_must_exist=true',
    );
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    const results = (JSON.parse(answer.text) as { results: Record<string, number>[] }).results;
    expect(results[0]).toMatchObject({
      accepted_vertices: 30_000,
      accepted_edges: 30_000,
      skipped_edges: 0,
    });
    // 30,000 sources and 30,000 targets the edges created.
    expect(await count()).toBe(60_000);
    const edge = await (await fetch(`${running.url}/restpp/graph/g/edges/p/ok7/e/p/t7`)).text();
    expect(edge).toContain('"w":7');
  }, 120_000);

  it('keeps exactly the committed requests across a restart', async () => {
    expect([0, 413]).toContain(
      (await upsert(`{"vertices": {"p": ${people('again', 300_000)}}}`)).status,
    );
    const dir = running.dir;
    await running.close(true);
    running = await startInProcess({
      prefix: 'gwb-atomic-upsert',
      dir,
      graph: 'g',
      server: { maxBodyBytes },
    });
    expect(await count()).toBe(60_000);
    expect(await count('big')).toBe(2);
  }, 120_000);
});
