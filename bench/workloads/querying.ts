// Query workloads of the embedded service: the installed k-hop and PageRank queries through
// GET /restpp/query, 20 paths through POST /restpp/shortestpath (with their HTTP floor in the
// row's note), and interpret latency through POST /gsql/v1/queries/interpret; each answer
// becomes a checksum compared with the peers'.
import type { Checksum } from '../lib/checksum.js';
import { readEdgeList } from '../data/generate.js';
import { summarise, timed } from '../lib/measure.js';
import { embeddedSystem, type Row } from '../lib/report.js';
import { errorText } from '../peers/run-peers.js';
import {
  gsql,
  newClient,
  TooSlow,
  unavailableRow,
  whyUnavailable,
  type EmbeddedContext,
} from './embedded.js';
import { cpuMsOf, startRawServer } from './lookup.js';
import {
  edgeType,
  graphName,
  khopQuery,
  longInterpret,
  oneVertexInterpret,
  pagerankQuery,
  smallInterpret,
  vertexType,
} from './queries.js';

/**
 * The server process's own CPU time per run of `fn` (user + system, /proc: 10 ms ticks), for the
 * query rows' notes: on a shared machine the wall clock of a server child against an in-process
 * peer swings with the load, its CPU time far less. Empty for an in-process server.
 */
function serverCpu<T>(ctx: EmbeddedContext, fn: () => Promise<T>) {
  const pid = ctx.service.pid === process.pid ? undefined : ctx.service.pid;
  const perRun: number[] = [];
  return {
    run: async () => {
      const before = pid === undefined ? undefined : cpuMsOf(pid);
      const value = await fn();
      const after = pid === undefined ? undefined : cpuMsOf(pid);
      if (before !== undefined && after !== undefined) perRun.push(after - before);
      return value;
    },
    note: () => {
      if (perRun.length === 0) return '';
      const sorted = [...perRun].sort((a, b) => a - b);
      return `; server CPU ${sorted[sorted.length >> 1]} ms per run (median of ${sorted.length})`;
    },
  };
}

/** Installs the k-hop and PageRank queries; answers why not, by query. */
export async function installQueries(
  ctx: EmbeddedContext,
): Promise<{ khop?: string; pagerank?: string }> {
  const why: { khop?: string; pagerank?: string } = {};
  try {
    await gsql(ctx.client, khopQuery);
  } catch (error) {
    why.khop = whyUnavailable(error);
  }
  try {
    await gsql(ctx.client, pagerankQuery);
  } catch (error) {
    why.pagerank = whyUnavailable(error);
  }
  return why;
}

export async function khopWorkload(ctx: EmbeddedContext, k: number): Promise<Row> {
  try {
    const cpu = serverCpu(ctx, async () => {
      const counts: number[] = [];
      const start = performance.now();
      for (const seed of ctx.ds.meta.seeds) {
        const r = await ctx.client.runQuery(
          'bench_khop',
          { seed, v_type: vertexType, e_type: edgeType, k },
          { timeoutMs: ctx.runLimitMs },
        );
        counts.push(Number(r[0]?.reached ?? NaN));
        const elapsed = performance.now() - start;
        if (elapsed > ctx.runLimitMs && counts.length < ctx.ds.meta.seeds.length)
          throw new TooSlow(
            `too slow: stopped after ${counts.length} of ${ctx.ds.meta.seeds.length} seeds in ${(elapsed / 1000).toFixed(1)} s (run limit ${ctx.runLimitMs / 1000} s)`,
          );
      }
      return counts;
    });
    const { times, value } = await timed(cpu.run, { ...ctx.timing, warmup: 'steady' });
    return {
      system: embeddedSystem,
      unit: 'ms',
      summary: summarise(times),
      check: { kind: 'counts', values: value },
      note: `installed query, ${ctx.ds.meta.seeds.length} sequential GET /restpp/query calls${cpu.note()}`,
    };
  } catch (error) {
    return unavailableRow('ms', error);
  }
}

/** Reads the PageRank query's answer: the top-k tuples and the score sum, whatever the keys. */
export function readPagerank(results: readonly Record<string, unknown>[]): Checksum {
  let sum = NaN;
  let top: number[] = [];
  for (const r of results) {
    for (const value of Object.values(r)) {
      if (typeof value === 'number') sum = value;
      if (Array.isArray(value)) {
        top = value.map((item: unknown) => {
          const o = (item ?? {}) as Record<string, unknown>;
          const id = Object.entries(o).find(([k]) => k !== 'score')?.[1];
          return Number(
            typeof id === 'object' && id !== null ? (id as { v_id?: unknown }).v_id : id,
          );
        });
      }
    }
  }
  return { kind: 'pagerank', sum, top };
}

export async function pagerankWorkload(ctx: EmbeddedContext, iterations: number): Promise<Row> {
  try {
    const cpu = serverCpu(ctx, async () =>
      readPagerank(
        await ctx.client.runQuery(
          'bench_pagerank',
          {
            v_type: vertexType,
            e_type: edgeType,
            max_change: 0,
            maximum_iteration: iterations,
            damping: 0.85,
            top_k: 10,
          },
          { timeoutMs: ctx.runLimitMs },
        ),
      ),
    );
    const { times, value } = await timed(cpu.run, { ...ctx.timing, warmup: 'steady' });
    return {
      system: embeddedSystem,
      unit: 'ms',
      summary: summarise(times),
      check: value,
      note: `installed query in the form of tg_pagerank, one GET /restpp/query call${cpu.note()}`,
    };
  } catch (error) {
    return unavailableRow('ms', error);
  }
}

/** Length of a source-target path inside the answer's subgraph, -1 when it has none. */
export function pathLength(
  results: readonly Record<string, unknown>[],
  source: string,
  target: string,
): number {
  if (source === target) return 0;
  const next = new Map<string, string[]>();
  for (const r of results) {
    for (const e of (r.edges ?? []) as Record<string, unknown>[]) {
      const from = String(e.from_id);
      const list = next.get(from) ?? [];
      list.push(String(e.to_id));
      next.set(from, list);
    }
  }
  const dist = new Map<string, number>([[source, 0]]);
  const queue = [source];
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i] ?? '';
    for (const w of next.get(v) ?? []) {
      if (dist.has(w)) continue;
      dist.set(w, (dist.get(v) ?? 0) + 1);
      if (w === target) return dist.get(w) ?? -1;
      queue.push(w);
    }
  }
  return -1;
}

/** The 20 path requests in order, through `client`; answers the path lengths. */
async function runPaths(
  ctx: EmbeddedContext,
  client: EmbeddedContext['client'],
): Promise<number[]> {
  const lengths: number[] = [];
  for (const [s, t] of ctx.ds.meta.pairs) {
    const r = await client.shortestPath(
      {
        source: { type: vertexType, id: String(s) },
        target: { type: vertexType, id: String(t) },
        maxLength: 30,
      },
      { timeoutMs: ctx.runLimitMs },
    );
    lengths.push(pathLength(r, String(s), String(t)));
  }
  return lengths;
}

/**
 * The HTTP floor of the paths row: the same 20 sequential calls of the same client, answered at
 * once by a raw node:http child with the service's own answer to the first pair. No server can
 * answer them faster through HTTP; the rest of the embedded figure is the service's own cost.
 */
async function pathsFloor(ctx: EmbeddedContext): Promise<string> {
  const [s, t] = ctx.ds.meta.pairs[0] ?? [0, 0];
  const probe = await fetch(`${ctx.service.url}/restpp/shortestpath/${graphName}`, {
    method: 'POST',
    body: JSON.stringify({
      source: { type: vertexType, id: String(s) },
      target: { type: vertexType, id: String(t) },
      maxLength: 30,
    }),
  });
  const raw = await startRawServer(await probe.text());
  try {
    const { times } = await timed(() => runPaths(ctx, newClient(raw.url)), {
      ...ctx.timing,
      warmup: 'steady',
    });
    return `; HTTP floor ${summarise(times).median.toFixed(1)} ms (the same ${ctx.ds.meta.pairs.length} calls answered at once by raw node:http)`;
  } finally {
    raw.stop();
  }
}

export async function pathsWorkload(ctx: EmbeddedContext): Promise<Row> {
  try {
    const { times, value } = await timed(() => runPaths(ctx, ctx.client), {
      ...ctx.timing,
      warmup: 'steady',
    });
    const floor = await pathsFloor(ctx).catch(
      (error: unknown) => `; HTTP floor not measured (${errorText(error)})`,
    );
    return {
      system: embeddedSystem,
      unit: 'ms',
      summary: summarise(times),
      check: { kind: 'lengths', values: value },
      note: `${ctx.ds.meta.pairs.length} sequential POST /restpp/shortestpath (maxLength 30)${floor}`,
    };
  } catch (error) {
    return unavailableRow('ms', error);
  }
}

/**
 * The one-vertex query's seed and answer, counted from the dataset's CSV. The seed is the first
 * k-hop seed with 4 to 16 out-edges, so the query does about the same work on every size (a hub
 * of size L would make it bigger for a reason that is not the graph's size).
 */
function oneVertexCase(ds: EmbeddedContext['ds']): { seed: number; expected: string } {
  const { src, dst } = readEdgeList(ds.csvPath);
  const outdegree = new Uint32Array(ds.meta.spec.vertices);
  for (let i = 0; i < src.length; i++) {
    const s = src[i] ?? 0;
    outdegree[s] = (outdegree[s] ?? 0) + 1;
  }
  const seed =
    ds.meta.seeds.find((v) => (outdegree[v] ?? 0) >= 4 && (outdegree[v] ?? 0) <= 16) ??
    ds.meta.seeds[0] ??
    0;
  const neighbours = new Set<number>();
  for (let i = 0; i < src.length; i++) if (src[i] === seed) neighbours.add(dst[i] ?? 0);
  let second = 0;
  for (const t of neighbours) second += outdegree[t] ?? 0;
  const expected = [
    { neighbours: neighbours.size, edges: outdegree[seed], second_hop_edges: second },
  ];
  return { seed, expected: JSON.stringify(expected) };
}

/**
 * Interpret latency of one of three texts: `small` (a count over every vertex), `one` (a small
 * query from one vertex: its cost must not grow with the graph) and `long` (300 lines).
 */
export async function interpretWorkload(
  ctx: EmbeddedContext,
  which: 'small' | 'one' | 'long',
): Promise<Row> {
  const text =
    which === 'small' ? smallInterpret : which === 'one' ? oneVertexInterpret : longInterpret(300);
  const one = which === 'one' ? oneVertexCase(ctx.ds) : undefined;
  const params = one ? { seed: one.seed } : {};
  let run = 0;
  try {
    const { times, value } = await timed(
      // A comment makes every text new, so no compiled-query cache can answer: parse + compile + run.
      // One untimed run first, as in every other row: the first request of a fresh service (and
      // of this process's client) runs cold code, which is not what the row compares by size.
      async () =>
        ctx.client.interpret(text.replace('{', `{ # run ${run++}`), params, {
          timeoutMs: ctx.runLimitMs,
        }),
      { ...ctx.timing, runs: ctx.timing.runs * 4, warmup: 'steady' },
    );
    const answer = JSON.stringify(value);
    const expected =
      which === 'small'
        ? `[{"vertices":${ctx.ds.meta.vertexCount},"edges":${ctx.ds.meta.edgeCount}}]`
        : one?.expected;
    const what =
      which === 'small'
        ? 'POST /gsql/v1/queries/interpret, a new text each run: parse + compile + run'
        : one
          ? `from vertex ${one.seed}, a new text each run: parse + compile + run`
          : `${text.split('\n').length} lines, a new text each run`;
    return {
      system: embeddedSystem,
      unit: 'ms',
      summary: summarise(times),
      checkText: answer.length > 60 ? `${answer.slice(0, 57)}...` : answer,
      note:
        expected === undefined || answer === expected
          ? what
          : `**wrong answer**, expected ${expected}`,
    };
  } catch (error) {
    return unavailableRow('ms', error);
  }
}
