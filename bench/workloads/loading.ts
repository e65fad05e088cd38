// Loading workloads of the embedded service: bulk load of the CSV through the loading job and
// POST /restpp/ddl, and JSON upsert (POST /restpp/graph/{g}) in batches; each run on a store
// cleared through /gsql/v1/clear-store. ensureLoaded() fills the graph for the query workloads.
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
  await client.call('clearStore', {}, callOptions);
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

/** Bulk load through the loading job: edges per second (each run on a cleared store). */
export async function loadWorkload(ctx: EmbeddedContext): Promise<Row> {
  const body = new Uint8Array(readFileSync(ctx.ds.csvPath));
  const edges = ctx.ds.meta.edgeCount;
  try {
    const before = rssOf(ctx.service.pid);
    const { times, value } = await timed(
      () => ddlLoad(ctx, body),
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
        value.edges === edges
          ? 'POST /restpp/ddl, whole CSV in one request'
          : `loaded ${value.edges} of ${edges} edges`,
      memory:
        before !== undefined && after !== undefined && after > before ? after - before : undefined,
    };
  } catch (error) {
    return unavailableRow('edges/s', error);
  }
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
    return {
      system: embeddedSystem,
      unit: 'edges/s',
      summary: summarise(times.map((ms) => edges / (ms / 1000))),
      checkText: `accepted_edges=${value}`,
      note: `POST /restpp/graph/${graphName}, ${bodies.length} requests of ${batch} edges (bodies serialised before timing)`,
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
