// `npm run bench:robustness`: the embedded service's robustness figures (issue 16), in process:
// restart time per million edges (a clean close leaves a checkpoint the next open reads), peak
// memory per upsert byte (RSS sampled while one large JSON upsert is served), and /api/ping
// latency (p50/p99) while two CPU-heavy 3-hop queries run. Flags: --edges N (default 1,000,000).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { serviceHandlers } from '../src/server/handlers/index.js';
import { startServer } from '../src/server/index.js';
import { seededRandom } from '../test/helpers/random.js';
import { ddlPath, edgeLines, edgeSchema, postText } from './lib/in-process.js';
import { percentile } from './lib/measure.js';

const argEdges = process.argv.indexOf('--edges');
const edges = argEdges > 0 ? Number(process.argv[argEdges + 1]) : 1_000_000;
const vertices = Math.max(1000, Math.floor(edges / 10));
/** The service's log lines (the restart row reads how the graph was read back). */
const logged: string[] = [];
const quiet = { info: (line: string) => void logged.push(line), error: () => undefined };

const start = (dir: string) =>
  startServer({ dir, port: 0, handlers: serviceHandlers, log: quiet, maxBodyBytes: 1024 ** 3 });

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gwb-bench-robustness-'));
  const lines: string[] = [];
  try {
    let server = await start(dir);
    await postText(server, '/gsql/v1/statements', edgeSchema);
    const next = seededRandom(20261124);
    for (let done = 0; done < edges; done += 200_000)
      await postText(server, ddlPath, edgeLines(next, vertices, Math.min(200_000, edges - done)));

    // Responsiveness: ping every 10 ms while two 3-hop SELECTs run.
    const khop = `INTERPRET QUERY () FOR GRAPH bench {
  SumAccum<INT> @@n; S = {v.*}; S = SELECT t FROM S:s -(e>)- v:t;
  S = SELECT t FROM S:s -(e>)- v:t; S = SELECT t FROM S:s -(e>)- v:t ACCUM @@n += 1; PRINT @@n; }`;
    // One run first: it merges the load's adjacency deltas (a one-off cost after a bulk load).
    await postText(server, '/gsql/v1/queries/interpret?graph=bench', khop);
    const latencies: number[] = [];
    let running = true;
    // Pairs of queries until at least 100 pings are in (a p99 of a handful of pings is a max).
    let pairs = 0;
    const heavy = (async () => {
      while (latencies.length < 100) {
        await Promise.all([
          postText(server, '/gsql/v1/queries/interpret?graph=bench', khop),
          postText(server, '/gsql/v1/queries/interpret?graph=bench', khop),
        ]);
        pairs++;
      }
    })().finally(() => (running = false));
    while (running) {
      const t = performance.now();
      await (await fetch(`${server.url}/api/ping`)).text();
      latencies.push(performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await heavy;
    latencies.sort((a, b) => a - b);
    lines.push(
      `/api/ping during two 3-hop queries: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (${latencies.length} pings, ${pairs} pairs of queries; load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores)`,
    );

    // Peak memory per upsert byte: one JSON upsert of about `vertices` vertices.
    const upsert: Record<string, Record<string, { n: { value: number } }>> = { v: {} };
    for (let i = 0; i < vertices * 2; i++) (upsert.v ??= {})[`u${i}`] = { n: { value: i } };
    const body = JSON.stringify({ vertices: upsert });
    global.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    await postText(server, '/restpp/graph/bench', body, 'application/json');
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    lines.push(
      `upsert of ${(body.length / 1e6).toFixed(1)} MB: peak RSS growth ${((peak - base) / 1e6).toFixed(0)} MB, ${((peak - base) / body.length).toFixed(1)} bytes per body byte (in process, includes the client's copy)`,
    );

    // Restart: a clean close writes the checkpoint; the next open reads it.
    await server.close();
    logged.length = 0;
    const t0 = performance.now();
    server = await start(dir);
    const restartMs = performance.now() - t0;
    const read =
      /graph read from .*? in (\d+) ms, then ([\d,]+) log entries .* replayed in (\d+) ms/.exec(
        logged.join('\n'),
      );
    const readMs = read ? Number(read[1]) + Number(read[3]) : NaN;
    lines.push(
      `restart from checkpoint: ${restartMs.toFixed(0)} ms for ${edges.toLocaleString('en-US')} edges = ${((restartMs / edges) * 1e6).toFixed(0)} ms per million edges (startServer() in process; of it, reading the graph back took ${readMs.toFixed(0)} ms = ${((readMs / edges) * 1e6).toFixed(0)} ms per million edges, ${read?.[2] ?? '?'} log entries replayed)`,
    );
    await server.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.stdout.write(`# robustness (issue 16)\n\n${lines.map((l) => `- ${l}`).join('\n')}\n`);
}

await main();
