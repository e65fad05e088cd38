// `npm run bench:load-ping`: how long a large load holds the embedded service's event loop
// (issue 16, responsiveness). In process: a base graph is loaded first (--base N edges, default
// 2,000,000, in 200k-edge POST /restpp/ddl requests), then /api/ping is fetched every 10 ms while
// (a) one request of --big N edges (default 1,000,000) and (b) --requests N (default 5) requests
// of 200k edges each are loaded, one after another; each row gives ping p50/p99/max and the
// longest event-loop gap a 5 ms timer saw (a gap is time the loop served nothing else). Then a
// forced rebuild (the periodic fold of adjacency deltas) under the same watch.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { serviceHandlers } from '../src/server/handlers/index.js';
import { startServer, type RunningServer } from '../src/server/index.js';
import { seededRandom } from '../test/helpers/random.js';
import { benchAuth, ddlPath, edgeLines, edgeSchema, postText } from './lib/in-process.js';
import { percentile } from './lib/measure.js';

const flag = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const baseEdges = flag('--base', 2_000_000);
const bigEdges = flag('--big', 1_000_000);
const requests = flag('--requests', 5);
const vertices = Math.max(1000, Math.floor((baseEdges + bigEdges) / 10));
const quiet = { info: () => undefined, error: () => undefined };

const next = seededRandom(20261125);
const randomEdges = (n: number) => edgeLines(next, vertices, n);

/** A worker that fetches its URL every 10 ms until told to stop, then posts the latencies. */
const pingerCode = `
const { parentPort, workerData } = require('node:worker_threads');
const latencies = [];
let running = true;
parentPort.once('message', () => (running = false));
(async () => {
  while (running) {
    const t = performance.now();
    await (await fetch(workerData)).text();
    latencies.push(performance.now() - t);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  parentPort.postMessage(latencies);
})();
`;

/** Runs `work` while pinging every 10 ms and timing the loop; one report line. */
async function watched(server: RunningServer, what: string, work: () => Promise<unknown>) {
  let longestGap = 0;
  let last = performance.now();
  const tick = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last - 5);
    last = now;
  }, 5);
  // The pings come from a worker thread: its own event loop, so a ping sent while the server's
  // loop is held waits as a real client's would (an in-process client would wait with it).
  const pinger = new Worker(pingerCode, { eval: true, workerData: `${server.url}/api/ping` });
  const latencies = new Promise<number[]>((resolve) => pinger.once('message', resolve));
  const t0 = performance.now();
  let ms = 0;
  try {
    await work();
    ms = performance.now() - t0;
  } finally {
    pinger.postMessage('stop');
  }
  const sorted = (await latencies).sort((a, b) => a - b);
  await pinger.terminate();
  clearInterval(tick);
  const f = (x: number) => x.toFixed(1);
  return `${what}: ${(ms / 1000).toFixed(1)} s; /api/ping p50 ${f(percentile(sorted, 50))} ms, p99 ${f(percentile(sorted, 99))} ms, max ${f(sorted.at(-1) ?? 0)} ms (${sorted.length} pings); longest event-loop gap ${longestGap.toFixed(0)} ms`;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gwb-bench-load-ping-'));
  const lines: string[] = [];
  const server = await startServer({
    dir,
    port: 0,
    handlers: serviceHandlers,
    log: quiet,
    maxBodyBytes: 1024 ** 3,
  });
  try {
    await postText(server, '/gsql/v1/statements', edgeSchema);
    for (let done = 0; done < baseEdges; done += 200_000)
      await postText(server, ddlPath, randomEdges(Math.min(200_000, baseEdges - done)));
    await fetch(`${server.url}/restpp/rebuildnow/bench`, { headers: benchAuth }).then((r) =>
      r.text(),
    );

    const big = randomEdges(bigEdges);
    lines.push(
      await watched(server, `one /ddl request of ${bigEdges.toLocaleString('en-US')} edges`, () =>
        postText(server, ddlPath, big),
      ),
    );
    const bodies = Array.from({ length: requests }, () => randomEdges(200_000));
    lines.push(
      await watched(server, `${requests} /ddl requests of 200,000 edges`, async () => {
        for (const body of bodies) await postText(server, ddlPath, body);
      }),
    );
    lines.push(
      await watched(server, 'rebuild (fold of the loads above)', () =>
        fetch(`${server.url}/restpp/rebuildnow/bench`, { headers: benchAuth }).then((r) =>
          r.text(),
        ),
      ),
    );
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const load = `load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores`;
  const head = `# load responsiveness (issue 16): base graph ${baseEdges.toLocaleString('en-US')} edges, ${load}`;
  process.stdout.write(`${head}\n\n${lines.map((l) => `- ${l}`).join('\n')}\n`);
}

await main();
