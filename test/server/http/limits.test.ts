// The spec's limits against a real `gwb serve` child: 414 for URLs over 8 KB, 413 for bodies over
// the configured maximum (refused from Content-Length, or as soon as a streamed body passes it,
// never buffered whole), 400 for malformed or too deeply nested JSON, GSQL-TIMEOUT parsing.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGwbServe, type GwbServe } from '../../helpers/serve.js';

let server: GwbServe;
/** --max-body-mb 0.01: 10485 bytes. */
const limit = Math.floor(0.01 * 1024 * 1024);

beforeAll(async () => {
  server = await startGwbServe({ args: ['--max-body-mb', '0.01'] });
});
afterAll(async () => {
  await server?.stop();
});

/** Through the limits and the body schema (the handler may still refuse the unknown graph). */
const passed = (status: number) => status !== 400 && status !== 413;

async function post(path: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.url + path, { method: 'POST', body, headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

interface Partial413 {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Bytes the client had written when the answer came. */
  written: number;
  /** Whether the client had finished its request body. */
  ended: boolean;
}

/** Sends a body slowly; resolves when the answer arrives, however much was sent. */
function slowPost(path: string, headers: Record<string, string>, chunk: Buffer, chunks: number) {
  return new Promise<Partial413>((resolve, reject) => {
    const state = { written: 0, ended: false };
    const req = request(`${server.url}${path}`, { method: 'POST', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c));
      res.on('end', () => {
        clearInterval(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ...state });
      });
    });
    req.on('error', (error) => {
      clearInterval(timer);
      reject(error);
    });
    let sent = 0;
    const timer = setInterval(() => {
      if (sent >= chunks) {
        clearInterval(timer);
        state.ended = true;
        req.end();
        return;
      }
      sent += 1;
      state.written += chunk.length;
      req.write(chunk);
    }, 10);
  });
}

describe('limits', () => {
  it('refuses a URL over 8 KB with 414 before routing', async () => {
    const long = await fetch(`${server.url}/restpp/echo?pad=${'a'.repeat(9 * 1024)}`);
    expect(long.status).toBe(414);
    expect(await long.json()).toMatchObject({ error: true, code: 'GWB-URL-TOO-LONG' });
    const unknown = await fetch(`${server.url}/no/such/route?pad=${'a'.repeat(9 * 1024)}`);
    expect(unknown.status).toBe(414);
    // Just under the limit is fine.
    const path = '/restpp/echo?pad=';
    const fits = await fetch(`${server.url}${path}${'a'.repeat(8192 - path.length)}`);
    expect(fits.status).toBe(200);
  });

  it('refuses an oversize body from its Content-Length, before reading it', async () => {
    const answer = await slowPost(
      '/restpp/builtins/g',
      { 'content-type': 'application/json', 'content-length': String(300 * 1024 * 1024) },
      Buffer.alloc(1024, 0x20),
      1000,
    );
    expect(answer.status).toBe(413);
    expect(answer.ended).toBe(false);
    expect(answer.written).toBeLessThan(64 * 1024);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toMatchObject({ error: true, code: 'GWB-BODY-TOO-LARGE' });
  });

  it('refuses a streamed body as soon as it passes the limit', async () => {
    const answer = await slowPost(
      '/restpp/builtins/g',
      { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      Buffer.alloc(1024, 0x20),
      1000,
    );
    expect(answer.status).toBe(413);
    expect(answer.ended).toBe(false);
    expect(answer.written).toBeGreaterThan(limit);
    expect(answer.written).toBeLessThan(limit + 64 * 1024);
  });

  it('accepts a body just under the limit', async () => {
    const body = JSON.stringify({
      function: 'stat_vertex_number',
      type: '*',
      pad: ' '.repeat(limit - 100),
    });
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(limit);
    const { status } = await post('/restpp/builtins/g', body);
    expect(passed(status)).toBe(true);
  });

  it('answers 400 for malformed JSON', async () => {
    const { status, body } = await post('/restpp/builtins/g', '{"function": ');
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: true, code: 'REST-2001' });
    expect(String(body.message)).toMatch(/^runBuiltin: the JSON payload is invalid/);
  });

  it('answers 400 for JSON nested deeper than 100 levels, and accepts 100', async () => {
    const deep = await post('/restpp/builtins/g', `${'['.repeat(200)}${']'.repeat(200)}`);
    expect(deep.status).toBe(400);
    expect(deep.body).toMatchObject({ code: 'REST-2001' });
    expect(String(deep.body.message)).toContain('deeper than 100');
    const nested = `{"function":"stat_vertex_number","type":"*","x":${'['.repeat(99)}${']'.repeat(99)}}`;
    expect(passed((await post('/restpp/builtins/g', nested)).status)).toBe(true);
    // Brackets inside strings do not count.
    const quoted = JSON.stringify({ function: 'stat_vertex_number', type: '['.repeat(300) });
    expect(passed((await post('/restpp/builtins/g', quoted)).status)).toBe(true);
  });

  it('answers 400 for a body that fails the schema, naming the field', async () => {
    const { status, body } = await post('/restpp/builtins/g', '{"function":"nope","type":"*"}');
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'REST-30000' });
    expect(String(body.message)).toMatch(
      /^runBuiltin: body\.function: expected one of .*got "nope"$/,
    );
  });

  it('reads GSQL-TIMEOUT: over 2^31-1 falls back to the default, garbage is 400', async () => {
    const huge = await fetch(`${server.url}/restpp/echo?sleep=1`, {
      headers: { 'GSQL-TIMEOUT': '99999999999' },
    });
    expect(((await huge.json()) as { message: string }).message).toBe('Hello GSQL');
    const bad = await fetch(`${server.url}/restpp/echo`, { headers: { 'GSQL-TIMEOUT': 'soon' } });
    expect(bad.status).toBe(400);
  });
});
