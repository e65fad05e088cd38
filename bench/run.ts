// `npm run bench`: every workload on the embedded service (a `gwb serve` child process, through
// its HTTP API) and on every peer that loads here (TS CSR loop, graphology, kuzu, DuckDB), in
// one run; prints a markdown table per workload and writes the same to bench/results/latest.md.
// Then the LDBC SNB BI queries on gwb serve beside LDBC's SQL on DuckDB (workloads/ldbc.ts), and
// issue 19's targets as ratios of this run's figures (lib/targets.ts).
// Flags: --quick (size S, fewer runs, < 2 minutes), --size S|M|L (--large = L), --only <w,...>,
// --runs N, --profile (CPU profile of the server), --in-process (development: startServer()),
// --ldbc-scale N (LDBC data scale; default 5 at S, 100 at M and L), --out FILE (the report file).
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { demoGraph, ensureDataset, sizes } from './data/generate.js';
import { parseFlags } from './flags.js';
import type { TimedOptions } from './lib/measure.js';
import { topSelfTime } from './lib/profile.js';
import { ldbcMismatches, ldbcUnavailable, renderLdbc } from './lib/ldbc-report.js';
import { machineLine, mismatches, renderTable, type Row, type Table } from './lib/report.js';
import { targetLines, titles } from './lib/targets.js';
import { runPeers } from './peers/run-peers.js';
import { runLdbc, type LdbcResult } from './workloads/ldbc.js';
import { runEmbedded, runParse } from './workloads/run-embedded.js';
import { ensureBuild, repoRoot } from './workloads/service.js';

export { parseFlags, workloadIds, type Flags, type WorkloadId } from './flags.js';

export async function main(argv: readonly string[]): Promise<string> {
  const flags = parseFlags(argv);
  const started = performance.now();
  const log = (s: string) =>
    process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(1)}s] ${s}\n`);
  const timing: TimedOptions = {
    runs: flags.runs,
    budgetMs: flags.quick ? 4_000 : 60_000,
    warmupMinMs: flags.quick ? 500 : 5_000,
  };
  log(`dataset ${flags.size}`);
  const ds = ensureDataset(sizes[flags.size]);
  const notes: string[] = [];
  const resultsDir = join(dirname(fileURLToPath(import.meta.url)), 'results');
  const profileDir = flags.profile ? join(resultsDir, 'profile') : undefined;
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  const memory: string[] = [];
  const embedded = await runEmbedded(ds, flags, timing, notes, profileDir, log, memory);
  const peers = await runPeers(ds, flags, timing, log);
  const tables = new Map<string, Row[]>();
  for (const id of Object.keys(titles)) {
    const p = peers.get(id) ?? [];
    const e = embedded.get(id) ?? [];
    const rows = [
      ...p.filter((r) => r.system === 'TS CSR loop'),
      ...e,
      ...p.filter((r) => r.system !== 'TS CSR loop'),
    ];
    if (rows.length > 0) tables.set(id, rows);
  }
  if (flags.only.has('parse')) {
    log('gsql parse');
    tables.set('parse', [await runParse(flags.quick ? 1 : 3)]);
  }
  let ldbc: LdbcResult | undefined;
  const ldbcProfile = profileDir ? join(profileDir, 'ldbc') : undefined;
  if (flags.only.has('ldbc')) {
    const buildNote = ensureBuild();
    if (buildNote && !notes.includes(buildNote)) notes.push(buildNote);
    ldbc = await runLdbc(
      {
        scale: flags.ldbcScale,
        seed: 1,
        timing: { runs: Math.min(flags.runs, 3), budgetMs: flags.quick ? 2_000 : 20_000 },
        queryTimeoutMs: flags.quick ? 20_000 : 300_000,
        nodeArgs: ldbcProfile ? ['--cpu-prof', `--cpu-prof-dir=${ldbcProfile}`] : [],
      },
      log,
    );
  }
  const rendered: Table[] = [...tables.entries()].map(([id, rows]) => ({
    id,
    title: titles[id] ?? id,
    rows,
    notes: [],
  }));
  const bad = [...rendered.flatMap(mismatches), ...(ldbc ? ldbcMismatches(ldbc) : [])];
  const unavailable = [
    ...rendered.flatMap((t) =>
      t.rows.filter((r) => r.unavailable).map((r) => `- ${t.title}: ${r.system}: ${r.unavailable}`),
    ),
    ...(ldbc ? ldbcUnavailable(ldbc) : []),
  ];
  const lines = [
    `# graph-workbench benchmarks (${flags.quick ? 'quick, ' : ''}size ${flags.size})`,
    '',
    machineLine(),
    '',
    `Data: ${ds.name}, R-MAT seed ${ds.meta.spec.seed}: ${ds.meta.vertexCount.toLocaleString('en-US')} vertices, ${ds.meta.edgeCount.toLocaleString('en-US')} directed edges (${ds.csvPath.replace(repoRoot, '')}). ${demoGraph() === undefined ? 'No demo graph exists in the repository yet, so none is benchmarked.' : ''}`,
    `Runs: up to ${timing.runs} per row within ${timing.budgetMs / 1000} s (graph workloads after untimed warm-up runs for at least ${(timing.warmupMinMs ?? 0) / 1000} s and until their time stops improving: three in a row none 3% faster than the best, within a quarter of the budget); "vs embedded" is speed relative to the embedded service (> 1: faster than it). Checksums are compared with the first row that has one (✓ agrees).`,
    ...notes.map((n) => `\n${n}`),
    '',
    ...rendered.map((t) => renderTable(t) + '\n'),
    ...(ldbc ? [...renderLdbc(ldbc), ''] : []),
    ...(memory.length > 0 ? ['## Memory', '', ...memory, ''] : []),
    '## Checksum agreement',
    '',
    ...(bad.length === 0
      ? ['Every comparable checksum agrees with the reference row.']
      : bad.map((b) => `- MISMATCH: ${b}`)),
    '',
    '## Targets (issue 19)',
    '',
    ...targetLines(tables, { size: flags.size, edges: ds.meta.edgeCount, ldbc }),
    '',
    '## Not available',
    '',
    ...(unavailable.length === 0
      ? ['Every system ran every workload it was asked to.']
      : unavailable),
  ];
  const profiled = (dir: string | undefined): dir is string =>
    dir !== undefined && existsSync(dir) && readdirSync(dir).some((f) => f.endsWith('.cpuprofile'));
  if (profiled(profileDir)) {
    lines.push('', '## Where the embedded service spends its time (self time, --cpu-prof)', '');
    lines.push(...topSelfTime(profileDir, repoRoot).map((l) => `- ${l}`));
  }
  if (profiled(ldbcProfile)) {
    lines.push('', '## Where gwb serve spends its time in the LDBC row (setup and queries)', '');
    lines.push(...topSelfTime(ldbcProfile, repoRoot).map((l) => `- ${l}`));
  }
  lines.push('', `Total bench time: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const text = lines.join('\n') + '\n';
  const out = flags.out ?? join(resultsDir, 'latest.md');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
  return text;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (text) => {
      process.stdout.write(text);
      process.exit(0);
    },
    (error: unknown) => {
      process.stderr.write(
        `bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
