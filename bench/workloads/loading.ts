// Loading workloads of the embedded service: bulk load of the CSV through the loading job and
// POST /restpp/ddl, and JSON upsert (POST /restpp/graph/{g}) in batches; each run on a store
// cleared through /gsql/v1/clear-store. The server's RSS is sampled while it loads: the rows
// carry the peak growth per loaded byte (/ddl: the CSV in one request; upsert: all the edges in
// one request, the case of issue 16). ensureLoaded() fills the graph for the query workloads.
import { readFileSync } from 'node:fs';
import type { GraphClient } from '../../src/core/client/index.js';
import { readEdgeList, type Dataset } from '../data/generate.js';
import { rssOf, summarise, timed } from '../lib/measure.js';
import { embeddedSystem, type Row } from '../lib/report.js';
import {
  callOptions,
  postJson,
  unavailableRow,
  whyUnavailable,
  type EmbeddedContext,
} from './embedded.js';
import { edgeType, fileVar, graphName, loadingJob, vertexType } from './queries.js';

export async function clearStore(client: GraphClient): Promise<void> {
  try {
    await client.call('clearStore', {}, callOptions);
  } catch (error) {
    // A pooled connection the server closed while idle (building the upsert bodies of a large
    // dataset can outlast its keep-alive): once more, on a new connection.
    if ((error as { code?: string }).code !== 'GWB-CONNECT') throw error;
    await client.call('clearStore', {}, callOptions);
  }
}

async function ddlLoad(ctx: EmbeddedContext, body: Uint8Array<ArrayBuffer>) {
  const results = await ctx.client.call(
    'loadData',
    {
      path: { graph_name: graphName },
      query: { tag: loadingJob, filename: fileVar, sep: ',' },
      body,
    },
    callOptions,
  );
  const stats = results[0]?.statistics as
    { validLine?: number; edge?: { validObject?: number }[] } | undefined;
  return { validLines: stats?.validLine ?? 0, edges: stats?.edge?.[0]?.validObject ?? 0 };
}

/**
 * The highest RSS of process `pid` above its RSS when started, sampled every 5 ms (the server is
 * a child process: its RSS is read from /proc) until stop().
 */
function peakRss(pid: number): { stop(): number | undefined } {
  const base = rssOf(pid);
  let peak = base ?? 0;
  const sample = () => {
    const now = rssOf(pid);
    if (now !== undefined && now > peak) peak = now;
  };
  const timer = setInterval(sample, 5);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return base === undefined ? undefined : peak - base;
    },
  };
}

/** Bulk load through the loading job: edges per second (each run on a cleared store). */
export async function loadWorkload(ctx: EmbeddedContext): Promise<Row> {
  const body = new Uint8Array(readFileSync(ctx.ds.csvPath));
  const edges = ctx.ds.meta.edgeCount;
  try {
    const before = rssOf(ctx.service.pid);
    let peak: number | undefined;
    const { times, value } = await timed(
      async () => {
        const sampler = peakRss(ctx.service.pid);
        try {
          return await ddlLoad(ctx, body);
        } finally {
          const grown = sampler.stop();
          if (grown !== undefined) peak = Math.max(peak ?? 0, grown);
        }
      },
      { ...ctx.timing, warmup: false },
      () => clearStore(ctx.client),
    );
    const after = rssOf(ctx.service.pid);
    return {
      system: embeddedSystem,
      unit: 'edges/s',
      summary: summarise(times.map((ms) => edges / (ms / 1000))),
      checkText: `edges=${value.edges}`,
      note:
        (value.edges === edges
          ? 'POST /restpp/ddl, whole CSV in one request'
          : `loaded ${value.edges} of ${edges} edges`) + peakNote(peak, body.byteLength),
      memory:
        before !== undefined && after !== undefined && after > before ? after - before : undefined,
      ...(peak !== undefined ? { peakMemory: peak, loadedBytes: body.byteLength } : {}),
    };
  } catch (error) {
    return unavailableRow('edges/s', error);
  }
}

function peakNote(peak: number | undefined, bytes: number): string {
  if (peak === undefined) return '';
  const mb = (n: number) => `${(n / 2 ** 20).toFixed(0)} MB`;
  return `; peak RSS +${mb(peak)} for ${mb(bytes)} (${(peak / bytes).toFixed(2)} bytes per byte, the loaded graph included)`;
}

/** Upsert bodies of `batch` edges each, grouped by source vertex as the endpoint wants. */
export function upsertBodies(ds: Dataset, batch: number): string[] {
  const list = readEdgeList(ds.csvPath);
  const bodies: string[] = [];
  for (let from = 0; from < list.src.length; from += batch) {
    const bySource = new Map<number, Record<string, object>>();
    for (let i = from; i < Math.min(from + batch, list.src.length); i++) {
      const s = list.src[i] ?? 0;
      let targets = bySource.get(s);
      if (!targets) bySource.set(s, (targets = {}));
      targets[String(list.dst[i])] = {};
    }
    const sources: Record<string, object> = {};
    for (const [s, targets] of bySource)
      sources[String(s)] = { [edgeType]: { [vertexType]: targets } };
    bodies.push(JSON.stringify({ edges: { [vertexType]: sources } }));
  }
  return bodies;
}

/** One upsert of every edge of the dataset: its size and the server's peak RSS growth. */
async function oneLargeUpsert(ctx: EmbeddedContext): Promise<{ peak?: number; bytes: number }> {
  const [body = ''] = upsertBodies(ctx.ds, ctx.ds.meta.edgeCount);
  await clearStore(ctx.client);
  const sampler = peakRss(ctx.service.pid);
  let peak: number | undefined;
  try {
    await postJson(ctx.service.url, `/restpp/graph/${graphName}`, body);
  } finally {
    peak = sampler.stop();
  }
  return { ...(peak !== undefined ? { peak } : {}), bytes: Buffer.byteLength(body) };
}

/** JSON upsert (POST /restpp/graph/{g}) in batches: edges per second on a cleared store. */
export async function upsertWorkload(ctx: EmbeddedContext, batch = 10_000): Promise<Row> {
  const bodies = upsertBodies(ctx.ds, batch);
  const edges = ctx.ds.meta.edgeCount;
  try {
    const { times, value } = await timed(
      async () => {
        let accepted = 0;
        for (const body of bodies) {
          const r = await postJson(ctx.service.url, `/restpp/graph/${graphName}`, body);
          const first = (Array.isArray(r) ? r[0] : r) as { accepted_edges?: number } | undefined;
          accepted += Number(first?.accepted_edges ?? 0);
        }
        return accepted;
      },
      { ...ctx.timing, warmup: false },
      () => clearStore(ctx.client),
    );
    // Memory: every edge in one request (the streamed body must not sit in memory whole).
    const large = await oneLargeUpsert(ctx);
    return {
      system: embeddedSystem,
      unit: 'edges/s',
      summary: summarise(times.map((ms) => edges / (ms / 1000))),
      checkText: `accepted_edges=${value}`,
      note:
        `POST /restpp/graph/${graphName}, ${bodies.length} requests of ${batch} edges (bodies serialised before timing)` +
        (large.peak !== undefined
          ? `; all ${edges} edges in one request:${peakNote(large.peak, large.bytes).slice(1)}`
          : ''),
      ...(large.peak !== undefined ? { peakMemory: large.peak, loadedBytes: large.bytes } : {}),
    };
  } catch (error) {
    return unavailableRow('edges/s', error);
  }
}

/** Makes sure the graph holds the dataset (after upsert runs, or when only queries run). */
export async function ensureLoaded(ctx: EmbeddedContext): Promise<string | undefined> {
  try {
    await clearStore(ctx.client);
    await ddlLoad(ctx, new Uint8Array(readFileSync(ctx.ds.csvPath)));
    return undefined;
  } catch (ddlError) {
    try {
      await clearStore(ctx.client).catch(() => undefined);
      for (const body of upsertBodies(ctx.ds, 10_000)) {
        await postJson(ctx.service.url, `/restpp/graph/${graphName}`, body);
      }
      return `data loaded by JSON upsert (/ddl: ${whyUnavailable(ddlError)})`;
    } catch (error) {
      return `no data loaded: /ddl ${whyUnavailable(ddlError)}; upsert ${whyUnavailable(error)}`;
    }
  }
}
