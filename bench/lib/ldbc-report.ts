// The LDBC section of the report: the data, each setup step's duration on both sides, and per BI
// query the time per run on gwb serve and on DuckDB, their ratio, and whether the answers agree;
// then the total over the queries both sides answered. Also the mismatch lines for the report's
// checksum section and the total the targets read.
import type { LdbcResult, LdbcSide } from '../workloads/ldbc.js';

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number | undefined) =>
  n === undefined ? '—' : n >= 100 ? int(n) : n.toPrecision(3);
const median = (side: LdbcSide) => side.summary?.median;

export interface LdbcTotal {
  readonly embeddedMs: number;
  readonly duckdbMs: number;
  /** Queries both sides answered (the total covers these). */
  readonly queries: number;
  /** Queries whose answers agree (of those both answered). */
  readonly agreeing: number;
}

/** Sum of the per-query medians over the queries both sides answered. */
export function ldbcTotal(result: LdbcResult): LdbcTotal {
  let embeddedMs = 0;
  let duckdbMs = 0;
  let queries = 0;
  let agreeing = 0;
  for (const q of result.queries) {
    const e = median(q.embedded);
    const d = median(q.duckdb);
    if (e === undefined || d === undefined) continue;
    embeddedMs += e;
    duckdbMs += d;
    queries++;
    if (q.mismatch === undefined) agreeing++;
  }
  return { embeddedMs, duckdbMs, queries, agreeing };
}

/** Lines for the report's checksum section: answers that differ, and a setup that differs. */
export function ldbcMismatches(result: LdbcResult): string[] {
  const out = result.queries
    .filter((q) => q.mismatch !== undefined)
    .map((q) => `LDBC bi-${q.query}: gwb serve differs from DuckDB (umbra/): ${q.mismatch}`);
  if (result.countMismatch)
    out.unshift(`LDBC vertices per type after setup: ${result.countMismatch}`);
  return out;
}

/** Lines for the report's "Not available" section: queries a side could not answer. */
export function ldbcUnavailable(result: LdbcResult): string[] {
  return result.queries.flatMap((q) =>
    [
      q.embedded.unavailable && `- LDBC bi-${q.query}: gwb serve: ${q.embedded.unavailable}`,
      q.duckdb.unavailable && `- LDBC bi-${q.query}: DuckDB: ${q.duckdb.unavailable}`,
    ].filter((x): x is string => typeof x === 'string' && x !== ''),
  );
}

function agreement(embedded: LdbcSide, duckdb: LdbcSide, mismatch: string | undefined): string {
  if (!embedded.checksum || !duckdb.checksum) return '';
  if (mismatch !== undefined) return `${embedded.checksum} **MISMATCH**`;
  return embedded.checksum === duckdb.checksum
    ? `${embedded.checksum} ✓`
    : `${embedded.checksum} ✓ (floats within 1e-5)`;
}

export function renderLdbc(result: LdbcResult): string[] {
  const total = ldbcTotal(result);
  const lines = [
    '## LDBC SNB BI, 20 queries (real-world workload)',
    '',
    `Data: generated LDBC-shaped network (test/ldbc/generate.ts, seed ${result.seed}, scale ${result.scale}): ${int(result.vertices)} vertices, ${int(result.edges)} edges, generated in ${(result.generateMs / 1000).toFixed(1)} s. ` +
      `${result.serviceDescription} runs LDBC's TigerGraph implementation (tigergraph/queries/, unmodified) through GET /restpp/query; DuckDB (in the bench process, every core) runs LDBC's SQL implementation (umbra/queries/) over the same files. ` +
      'Both hold the initial snapshot, one insert batch and the precomputations. A run is every parameter set of the query in turn; times are medians after one warm-up run. ' +
      'Answers are compared as the workload test compares them (integers and text exactly, floats within 1e-5); the checksum fingerprints them with floats to 5 decimals.',
    '',
    '| setup step | gwb serve (s) | DuckDB (s) |',
    '|---|---|---|',
    ...result.steps.map(
      (s) =>
        `| ${s.step} | ${s.embeddedMs === undefined ? '—' : (s.embeddedMs / 1000).toFixed(2)} | ${s.duckdbMs === undefined ? '—' : (s.duckdbMs / 1000).toFixed(2)} |`,
    ),
    '',
    '| query | sets | gwb serve median (ms) | min | max | DuckDB median (ms) | min | max | gwb serve / DuckDB | DuckDB checksum | gwb serve checksum | notes |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const q of result.queries) {
    const e = q.embedded.summary;
    const d = q.duckdb.summary;
    const ratio = e && d && d.median > 0 ? `${(e.median / d.median).toFixed(2)}x` : '—';
    const notes = [
      q.embedded.unavailable && `gwb serve ${q.embedded.unavailable}`,
      q.duckdb.unavailable && `DuckDB ${q.duckdb.unavailable}`,
      q.mismatch,
    ].filter((x) => x);
    const cells = [
      `bi-${q.query}`,
      String(q.sets.length),
      ms(e?.median),
      ms(e?.min),
      ms(e?.max),
      ms(d?.median),
      ms(d?.min),
      ms(d?.max),
      ratio,
      q.duckdb.checksum ?? '',
      agreement(q.embedded, q.duckdb, q.mismatch),
      notes.join('; '),
    ];
    lines.push(
      `| ${cells.map((c) => c.replaceAll('|', '\\|').replaceAll('\n', ' ')).join(' | ')} |`,
    );
  }
  const ratio = total.duckdbMs > 0 ? `${(total.embeddedMs / total.duckdbMs).toFixed(2)}x` : '—';
  lines.push(
    `| **total** (${total.queries} of ${result.queries.length} queries) | | **${ms(total.embeddedMs)}** | | | **${ms(total.duckdbMs)}** | | | **${ratio}** | | ${total.agreeing} of ${total.queries} agree | |`,
    '',
    `LDBC row: ${(result.totalMs / 1000).toFixed(1)} s in all (generation, both setups, parameter picks, the timed runs).`,
  );
  if (result.countMismatch)
    lines.push('', `Vertices per type after setup differ: ${result.countMismatch}.`);
  return lines;
}
