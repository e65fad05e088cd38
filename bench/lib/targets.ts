// Table titles and issue 19's targets. Each target is a ratio of figures measured in this run;
// its line says met, or MISSED and by how much, or "not measured" (with why) when this run has no
// such figure. The targets are stated for size M (size L for the memory one); a run of another
// size shows its figures and says so.
//
// Rows the targets read, by table id and system: the CSR loop, the embedded service, the HTTP
// floor, graphology, kuzu and raw node:http rows of their tables; `peakMemory` and `loadedBytes`
// on the embedded load/upsert rows; the RSS growth (`memory`) of the load rows for bytes per
// edge; interpretOne rows (the small query from one vertex) with a `size` for the other sizes; the embedded row of the `restart`
// table (ms per million edges); and the LDBC result.
import type { SizeName } from '../data/generate.js';
import { ldbcTotal } from './ldbc-report.js';
import type { LdbcResult } from '../workloads/ldbc.js';
import { embeddedSystem, type Row } from './report.js';

export const titles: Record<string, string> = {
  load: 'Bulk load (edges/s, higher is better)',
  upsert: 'JSON upsert in batches (edges/s)',
  lookup: 'Point lookups GET /restpp/graph/{g}/vertices/{type}/{id} (req/s)',
  khop2: '2-hop neighbourhood counts, 100 seeds (ms)',
  khop3: '3-hop neighbourhood counts, 100 seeds (ms)',
  pagerank: 'PageRank, 10 iterations, damping 0.85, tg_pagerank definition (ms)',
  paths: '20 unweighted shortest paths (ms)',
  interpretSmall: 'Interpret latency, small query over every vertex (ms)',
  interpretOne: 'Interpret latency, small query from one vertex (ms)',
  interpretLong: 'Interpret latency, 300-line query (ms)',
  parse: 'GSQL parse speed, 10,000-line script (lines/s)',
  restart: 'Restart from the checkpoint (ms per million edges)',
};

const csr = 'TS CSR loop';
const floor = 'HTTP floor (raw node:http, no work)';
const raw = 'raw node:http (fixed body)';

/** What the targets read besides the tables. */
export interface TargetContext {
  readonly size: SizeName;
  /** Edges of the run's dataset (bytes per edge). */
  readonly edges: number;
  readonly ldbc?: LdbcResult;
  /**
   * Bytes per edge measured apart from the load rows (the memory section: the server's RSS over
   * its empty self, the CSR loop in a process of its own); preferred over the load rows' growth.
   */
  readonly bytesPerEdge?: { readonly server?: number; readonly csr?: number };
}

function row(tables: Map<string, Row[]>, id: string, system: string): Row | undefined {
  return tables.get(id)?.find((r) => r.system === system && r.size === undefined);
}

function median(tables: Map<string, Row[]>, id: string, system: string): number | undefined {
  return row(tables, id, system)?.summary?.median;
}

const x = (n: number) => `${n.toFixed(2)}x`;
const ms = (n: number) =>
  n >= 100 ? `${Math.round(n).toLocaleString('en-US')} ms` : `${n.toPrecision(3)} ms`;
const rate = (n: number) => Math.round(n).toLocaleString('en-US');

function line(target: string, verdict: string, detail: string): string {
  return `- ${target} — ${verdict} (${detail})`;
}

/** "not measured": a figure this run does not have, and which. */
function notMeasured(target: string, missing: string): string {
  return `- ${target} — not measured (${missing})`;
}

/** A note when the run's size is not the one the target is stated for. */
function atSize(size: SizeName, stated: SizeName): string {
  return size === stated ? '' : `; measured on size ${size}, the target is stated for ${stated}`;
}

/** Time at most `factor` times a reference time. */
function withinFactor(
  tables: Map<string, Row[]>,
  ctx: TargetContext,
  id: string,
  target: string,
  reference: string,
  factor: number,
): string {
  const e = median(tables, id, embeddedSystem);
  const r = median(tables, id, reference);
  if (e === undefined || r === undefined)
    return notMeasured(
      target,
      `${e === undefined ? 'embedded' : reference} figure missing in table ${id}`,
    );
  const ratio = e / r;
  return line(
    target,
    ratio <= factor ? 'met' : `MISSED by ${x(ratio / factor)}`,
    `${ms(e)} = ${x(ratio)} ${reference}'s ${ms(r)}${atSize(ctx.size, 'M')}`,
  );
}

/** Rate at least `minimum`, and above a peer's when the peer has a figure. */
function atLeast(
  tables: Map<string, Row[]>,
  ctx: TargetContext,
  id: string,
  target: string,
  minimum: number,
  peer?: string,
): string {
  const e = median(tables, id, embeddedSystem);
  if (e === undefined) return notMeasured(target, `embedded figure missing in table ${id}`);
  const p = peer === undefined ? undefined : tables.get(id)?.find((r) => r.system.startsWith(peer));
  const pm = p?.summary?.median;
  const short = e < minimum ? minimum / e : 1;
  const behind = pm !== undefined && e < pm ? pm / e : 1;
  const verdict =
    short <= 1 && behind <= 1
      ? 'met'
      : `MISSED by ${x(Math.max(short, behind))}${behind > short ? ` (behind ${p?.system})` : ''}`;
  const peerText = pm === undefined ? '' : `; ${p?.system} ${rate(pm)} edges/s`;
  return line(target, verdict, `${rate(e)} edges/s${peerText}${atSize(ctx.size, 'M')}`);
}

function peakMemory(tables: Map<string, Row[]>, id: string, label: string): string {
  const target = `peak memory per loaded byte reported (${label})`;
  const r = row(tables, id, embeddedSystem);
  if (r?.peakMemory === undefined || r.loadedBytes === undefined || !(r.loadedBytes > 0))
    return notMeasured(
      target,
      r?.memory !== undefined
        ? `the ${id} row has the RSS growth after loading, not the peak`
        : `no peak memory figure on the embedded ${id} row`,
    );
  return line(
    target,
    'reported',
    `${(r.peakMemory / r.loadedBytes).toFixed(2)} bytes of peak RSS growth per loaded byte: ${(r.peakMemory / 2 ** 20).toFixed(0)} MB for ${(r.loadedBytes / 2 ** 20).toFixed(0)} MB`,
  );
}

function interpretTargets(tables: Map<string, Row[]>, ctx: TargetContext): string[] {
  const rows = (tables.get('interpretOne') ?? []).filter(
    (r) => r.system.startsWith(embeddedSystem) && r.summary,
  );
  const bySize = new Map<SizeName, number>();
  for (const r of rows) if (r.summary) bySize.set(r.size ?? ctx.size, r.summary.median);
  const out: string[] = [];
  const atM = bySize.get('M');
  const fiveMs = 'small interpret from one vertex (parse + compile + run) under 5 ms at size M';
  out.push(
    atM === undefined
      ? notMeasured(
          fiveMs,
          bySize.size === 0
            ? 'no interpret figure in this run'
            : `no size M figure in this run; ${[...bySize].map(([s, v]) => `size ${s}: ${ms(v)}`).join(', ')}`,
        )
      : line(fiveMs, atM < 5 ? 'met' : `MISSED by ${x(atM / 5)}`, ms(atM)),
  );
  const same =
    'small interpret from one vertex costs the same on S, M and L (taken as within 1.5x: run noise)';
  if (bySize.size < 2) {
    out.push(notMeasured(same, `only size ${ctx.size} in this run`));
  } else {
    const values = [...bySize.values()];
    const spread = Math.max(...values) / Math.min(...values);
    out.push(
      line(
        same,
        spread <= 1.5 ? 'met' : `MISSED by ${x(spread / 1.5)}`,
        `${[...bySize].map(([s, v]) => `${s} ${ms(v)}`).join(', ')}: ${x(spread)} apart${bySize.size < 3 ? '; not every size measured' : ''}`,
      ),
    );
  }
  return out;
}

function memoryTarget(tables: Map<string, Row[]>, ctx: TargetContext): string {
  const target = 'size L runs every workload within memory; bytes per edge beside the CSR loop';
  const fromRow = (system: string) => {
    const bytes = row(tables, 'load', system)?.memory;
    return bytes === undefined ? undefined : bytes / ctx.edges;
  };
  const e = ctx.bytesPerEdge?.server ?? fromRow(embeddedSystem);
  const c = ctx.bytesPerEdge?.csr ?? fromRow(csr);
  const perEdge = (b: number | undefined) =>
    b === undefined ? 'not measured' : `${b.toFixed(1)} B/edge`;
  const figures = `server RSS growth after /ddl load ${perEdge(e)}, CSR loop ${perEdge(c)}${e !== undefined && c !== undefined ? ` (${x(e / c)})` : ''}`;
  if (ctx.size !== 'L') return notMeasured(target, `this run is size ${ctx.size}; ${figures}`);
  const failed = [...tables.entries()].flatMap(([id, rows]) =>
    rows.filter((r) => r.system === embeddedSystem && r.unavailable).map(() => id),
  );
  return line(
    target,
    failed.length === 0 ? 'met' : `MISSED (${failed.join(', ')} did not run)`,
    figures,
  );
}

function ldbcTarget(ctx: TargetContext): string {
  const target =
    'LDBC SNB BI, 20 queries: total at or below DuckDB running umbra/ (ahead of the peer)';
  if (!ctx.ldbc) return notMeasured(target, 'the LDBC row did not run');
  const t = ldbcTotal(ctx.ldbc);
  const n = ctx.ldbc.queries.length;
  if (t.queries === 0) return notMeasured(target, 'no query ran on both systems');
  const ratio = t.embeddedMs / t.duckdbMs;
  return line(
    target,
    ratio <= 1 ? 'met' : `MISSED by ${x(ratio)}`,
    `${ms(t.embeddedMs)} vs ${ms(t.duckdbMs)} over ${t.queries} of ${n} queries; answers agree on ${t.agreeing} of ${t.queries}; ${ctx.ldbc.vertices.toLocaleString('en-US')} vertices (scale ${ctx.ldbc.scale})`,
  );
}

function restartTarget(tables: Map<string, Row[]>): string {
  const target = 'restart time per million edges (from the checkpoint) reported';
  const e = median(tables, 'restart', embeddedSystem);
  return e === undefined
    ? notMeasured(target, 'no restart row in this run')
    : line(target, 'reported', `${ms(e)} per million edges`);
}

/** Issue 19's targets, each with the figures of this run and by how much it is missed. */
export function targetLines(tables: Map<string, Row[]>, ctx: TargetContext): string[] {
  const out = [
    withinFactor(tables, ctx, 'pagerank', 'PageRank within 2x the CSR loop', csr, 2),
    withinFactor(tables, ctx, 'khop3', '3-hop within 2x the CSR loop', csr, 2),
  ];
  const target2 = '2-hop within the HTTP floor plus 2x the CSR loop';
  const e2 = median(tables, 'khop2', embeddedSystem);
  const f2 = median(tables, 'khop2', floor);
  const c2 = median(tables, 'khop2', csr);
  out.push(
    e2 === undefined || f2 === undefined || c2 === undefined
      ? notMeasured(target2, 'embedded, HTTP floor or CSR figure missing in table khop2')
      : line(
          target2,
          e2 <= f2 + 2 * c2 ? 'met' : `MISSED by ${x(e2 / (f2 + 2 * c2))}`,
          `${ms(e2)} against ${ms(f2 + 2 * c2)} = floor ${ms(f2)} + 2 x ${ms(c2)}${atSize(ctx.size, 'M')}`,
        ),
  );
  out.push(
    withinFactor(tables, ctx, 'paths', '20 shortest paths at or below graphology', 'graphology', 1),
  );
  out.push(
    atLeast(tables, ctx, 'load', '/ddl load at least 2M edges/s, ahead of kuzu', 2e6, 'kuzu'),
  );
  out.push(atLeast(tables, ctx, 'upsert', 'JSON upsert at least 500k edges/s', 5e5));
  out.push(peakMemory(tables, 'load', '/ddl'), peakMemory(tables, 'upsert', 'JSON upsert'));
  const look = median(tables, 'lookup', embeddedSystem);
  const r = median(tables, 'lookup', raw);
  const lookTarget = 'point lookups within 1.2x of raw node:http';
  out.push(
    look === undefined || r === undefined
      ? notMeasured(lookTarget, 'embedded or raw node:http figure missing in table lookup')
      : line(
          lookTarget,
          r / look <= 1.2 ? 'met' : `MISSED by ${x(r / look / 1.2)}`,
          `raw node:http serves ${x(r / look)} the embedded service's ${rate(look)} req/s${atSize(ctx.size, 'M')}`,
        ),
  );
  out.push(...interpretTargets(tables, ctx));
  out.push(memoryTarget(tables, ctx), ldbcTarget(ctx), restartTarget(tables));
  return out;
}
