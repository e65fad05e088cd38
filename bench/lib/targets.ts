// Table titles and the issue's targets: each target line gives the measured figure and, when
// missed, by how much.
import type { SizeName } from '../data/generate.js';
import { embeddedSystem, type Row } from './report.js';

export const titles: Record<string, string> = {
  load: 'Bulk load (edges/s, higher is better)',
  upsert: 'JSON upsert in batches (edges/s)',
  lookup: 'Point lookups GET /restpp/graph/{g}/vertices/{type}/{id} (req/s)',
  khop2: '2-hop neighbourhood counts, 100 seeds (ms)',
  khop3: '3-hop neighbourhood counts, 100 seeds (ms)',
  pagerank: 'PageRank, 10 iterations, damping 0.85, tg_pagerank definition (ms)',
  paths: '20 unweighted shortest paths (ms)',
  interpretSmall: 'Interpret latency, small query (ms)',
  interpretLong: 'Interpret latency, 300-line query (ms)',
  parse: 'GSQL parse speed, 10,000-line script (lines/s)',
};

function median(rows: Row[] | undefined, system: string): number | undefined {
  return rows?.find((r) => r.system === system)?.summary?.median;
}

/** The issue's targets, each with the measured figure and by how much it is missed. */
export function targetLines(tables: Map<string, Row[]>, size: SizeName): string[] {
  const out: string[] = [];
  const csr = 'TS CSR loop';
  const emb = embeddedSystem;
  for (const id of ['pagerank', 'khop2', 'khop3']) {
    const e = median(tables.get(id), emb);
    const c = median(tables.get(id), csr);
    const name = titles[id]?.split(',')[0] ?? id;
    if (e === undefined || c === undefined) {
      out.push(`- ${name}: within 2x of the CSR loop — not measurable (embedded figure missing)`);
      continue;
    }
    const ratio = e / c;
    out.push(
      `- ${name}: within 2x of the CSR loop — ${ratio <= 2 ? 'met' : 'MISSED'} (${ratio.toFixed(2)}x the CSR loop's time)`,
    );
  }
  for (const id of ['khop2', 'khop3', 'pagerank', 'paths']) {
    const rows = tables.get(id) ?? [];
    const e = median(rows, emb);
    const name = titles[id]?.split(',')[0]?.replace(' (ms)', '') ?? id;
    const peers = rows.filter(
      (r) => r.system !== emb && r.system !== csr && r.summary && r.check !== undefined,
    );
    if (e === undefined) {
      out.push(
        `- ${name}: faster than graphology, kuzu, DuckDB — not measurable (embedded figure missing)`,
      );
      continue;
    }
    const slower = peers.filter((r) => (r.summary?.median ?? Infinity) < e);
    out.push(
      `- ${name}: faster than graphology, kuzu, DuckDB — ${slower.length === 0 ? 'met' : `MISSED against ${slower.map((r) => `${r.system} (${(e / (r.summary?.median ?? 1)).toFixed(2)}x its time)`).join(', ')}`}`,
    );
  }
  const ddl = median(tables.get('load'), emb);
  out.push(
    ddl === undefined
      ? '- /ddl loading >= 1M edges/s on size M — not measurable (embedded figure missing)'
      : `- /ddl loading >= 1M edges/s on size M — ${ddl >= 1e6 ? 'met' : 'MISSED'} (${Math.round(ddl).toLocaleString('en-US')} edges/s on size ${size}${size === 'M' ? '' : '; the target is stated for M'})`,
  );
  const look = median(tables.get('lookup'), emb);
  const raw = median(tables.get('lookup'), 'raw node:http (fixed body)');
  out.push(
    look === undefined || raw === undefined
      ? '- point lookups within 1.5x of raw node:http — not measurable (embedded figure missing)'
      : `- point lookups within 1.5x of raw node:http — ${raw / look <= 1.5 ? 'met' : 'MISSED'} (raw node:http serves ${(raw / look).toFixed(2)}x the embedded service's req/s)`,
  );
  return out;
}
