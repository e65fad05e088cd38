// A kept-alive connection whose next request arrives while the server's event loop is busy for
// longer than the keep-alive timeout: Node's timer fires first and would reset it (the client's
// request lost with ECONNRESET); with the guard the request is read and answered.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./fixtures/keep-alive-server.ts', import.meta.url));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

async function serve(guard: boolean): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, GUARD: guard ? '1' : '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  return `http://127.0.0.1:${chunk.toString().trim()}`;
}

const post = (url: string, dispatcher: Agent) =>
  request(url, { method: 'POST', body: 'x', dispatcher }).then(async (r) => ({
    status: r.statusCode,
    body: await r.body.text(),
  }));

/** One client's kept-alive connection sends again while another's request blocks the server. */
async function nextRequestDuringBusyLoop(base: string) {
  // Trust the server's advertised keep-alive (2 s) in full: the next request reuses the socket.
  const client = new Agent({ connections: 1, keepAliveTimeoutThreshold: 0 });
  const other = new Agent({ connections: 1 });
  try {
    expect(await post(`${base}/fast`, client)).toEqual({ status: 200, body: '/fast' });
    // The connection is idle now, its keep-alive timer (3 s) running; the server then stays
    // busy for 4 s, and the next request arrives in the middle of it.
    const busy = post(`${base}/block?ms=4000`, other);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return await Promise.all([post(`${base}/fast`, client).catch((e: Error) => e), busy]);
  } finally {
    await Promise.all([client.close(), other.close()]);
  }
}

describe('keep-alive after a busy event loop', () => {
  it('answers the request that arrived on an idle connection while the loop was busy', async () => {
    const [next, busy] = await nextRequestDuringBusyLoop(await serve(true));
    expect(next).toEqual({ status: 200, body: '/fast' });
    expect(busy).toEqual({ status: 200, body: '/block' });
  }, 30_000);

  it("without the guard, Node's keep-alive timer resets that connection (why the guard exists)", async () => {
    const [next] = await nextRequestDuringBusyLoop(await serve(false));
    expect(next).toBeInstanceOf(Error);
    expect(String((next as Error & { code?: string }).code ?? (next as Error).message)).toMatch(
      /ECONNRESET|UND_ERR_SOCKET|other side closed/,
    );
  }, 30_000);
});
