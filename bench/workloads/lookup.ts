// Point lookups under concurrency: GET /restpp/graph/{g}/vertices/{type}/{id} with a fixed number
// of requests in flight over keep-alive connections (undici Pool), against a raw node:http child
// process answering a fixed JSON body of the same size: the REST overhead limit. Each row also
// notes the server process's CPU time per request (from /proc), which a shared machine's load
// disturbs far less than requests per second.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Pool } from 'undici';
import { readEdgeList, type Dataset, Prng } from '../data/generate.js';
import { percentile, summarise } from '../lib/measure.js';
import { embeddedSystem, type Row } from '../lib/report.js';
import { graphName, vertexType } from './queries.js';
import type { Service } from './service.js';

export interface DriveResult {
  readonly reqPerSec: number;
  readonly p50: number;
  readonly p99: number;
  readonly ok: number;
  readonly statuses: Map<number, number>;
}

const auth = `Basic ${Buffer.from('tigergraph:tigergraph').toString('base64')}`;

/** Sends every path once, `concurrency` at a time; latency per request in ms. */
export async function drive(
  url: string,
  paths: readonly string[],
  concurrency: number,
): Promise<DriveResult> {
  const pool = new Pool(url, { connections: concurrency, pipelining: 1 });
  const latencies = new Float64Array(paths.length);
  const statuses = new Map<number, number>();
  let next = 0;
  let ok = 0;
  const worker = async () => {
    while (next < paths.length) {
      const i = next++;
      const start = performance.now();
      const res = await pool.request({
        path: paths[i] ?? '/',
        method: 'GET',
        headers: { authorization: auth },
      });
      await res.body.arrayBuffer();
      latencies[i] = performance.now() - start;
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode === 200) ok++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = performance.now() - started;
  await pool.close();
  const samples = [...latencies];
  return {
    reqPerSec: paths.length / (elapsed / 1000),
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    ok,
    statuses,
  };
}

/** User + system CPU time of a process in ms (Linux /proc, 100 ticks a second); undefined elsewhere. */
export function cpuMsOf(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

/** A node:http server in a child process that answers every request with `body`. */
export async function startRawServer(
  body: string,
): Promise<{ url: string; pid: number; stop(): void }> {
  const script = `
    const http = require('node:http');
    const body = Buffer.from(process.env.BENCH_BODY);
    const server = http.createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      res.end(body);
    });
    server.keepAliveTimeout = 60000;
    server.listen(0, '127.0.0.1', () => console.log('port ' + server.address().port));`;
  const child = spawn(process.execPath, ['-e', script], {
    env: { ...process.env, BENCH_BODY: body },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const m = /port (\d+)/.exec(out);
      if (m?.[1] !== undefined) resolve(m[1]);
    });
    child.once('exit', () => reject(new Error('raw node:http server exited')));
  });
  process.once('exit', () => child.kill('SIGKILL'));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop: () => child.kill('SIGTERM'),
  };
}

function lookupPaths(ds: Dataset, n: number): string[] {
  const list = readEdgeList(ds.csvPath);
  const rng = new Prng(7);
  const paths: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = list.src[rng.below(list.src.length)] ?? 0;
    paths.push(`/restpp/graph/${graphName}/vertices/${vertexType}/${id}`);
  }
  return paths;
}

export interface LookupOptions {
  readonly requests: number;
  readonly concurrency: number;
  readonly runs: number;
}

/** Rows for the embedded service and the raw node:http limit. */
export async function lookupWorkload(
  service: Service,
  ds: Dataset,
  options: LookupOptions,
): Promise<Row[]> {
  const paths = lookupPaths(ds, options.requests);
  const probe = await fetch(`${service.url}${paths[0] ?? '/'}`, {
    headers: { authorization: auth },
  });
  const probeText = await probe.text();
  const available = probe.status === 200;
  // The raw server answers a body of the size the embedded service answers (or would answer).
  const body = available
    ? probeText
    : JSON.stringify({
        version: { edition: 'enterprise', api: 'v2', schema: 0 },
        error: false,
        message: '',
        results: [{ v_id: '1234', v_type: vertexType, attributes: {} }],
      });
  const rows: Row[] = [];
  // The server's CPU per request is read only for a server in its own process.
  const runSet = async (system: string, url: string, pid: number | undefined) => {
    await drive(url, paths.slice(0, Math.min(2000, paths.length)), options.concurrency); // warm-up
    const results: DriveResult[] = [];
    const cpuBefore = pid === undefined ? undefined : cpuMsOf(pid);
    for (let r = 0; r < options.runs; r++)
      results.push(await drive(url, paths, options.concurrency));
    const cpuAfter = pid === undefined ? undefined : cpuMsOf(pid);
    const cpu =
      cpuBefore === undefined || cpuAfter === undefined
        ? ''
        : `; server CPU ${(((cpuAfter - cpuBefore) * 1000) / (paths.length * options.runs)).toFixed(0)} us/request`;
    const mid = [...results].sort((a, b) => a.reqPerSec - b.reqPerSec)[
      Math.floor(results.length / 2)
    ];
    const last = results.at(-1);
    rows.push({
      system,
      unit: 'req/s',
      summary: summarise(results.map((r) => r.reqPerSec)),
      checkText: `200: ${last?.ok ?? 0}/${paths.length}`,
      note: `p50 ${mid?.p50.toFixed(2)} ms, p99 ${mid?.p99.toFixed(2)} ms; ${options.concurrency} in flight, ${paths.length} requests, ${body.length}-byte body${cpu}`,
    });
  };
  if (available) {
    await runSet(
      embeddedSystem,
      service.url,
      service.pid === process.pid ? undefined : service.pid,
    );
  } else {
    let message = probeText;
    try {
      message = (JSON.parse(probeText) as { message?: string }).message ?? probeText;
    } catch {
      // not JSON: keep the text
    }
    rows.push({
      system: embeddedSystem,
      unit: 'req/s',
      unavailable:
        probe.status === 501
          ? `not available yet (501: ${message})`
          : `failed (${probe.status}: ${message})`,
    });
  }
  const raw = await startRawServer(body);
  try {
    await runSet('raw node:http (fixed body)', raw.url, raw.pid);
  } finally {
    raw.stop();
  }
  return rows;
}
