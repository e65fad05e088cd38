// Runs the embedded service's workloads: starts `gwb serve` (or, with --in-process, startServer()),
// sets up the schema, then load, upsert, lookups, installed queries, paths and interpret, each
// through HTTP, then a restart with the graph loaded (and the memory section: the server's memory
// per edge beside the CSR loop's), then the small interpreted queries on the other sizes; and
// the GSQL parse benchmark of bench/gsql-parse.ts, when that file is present.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Dataset } from '../data/generate.js';
import type { Flags, WorkloadId } from '../flags.js';
import { summarise, type TimedOptions } from '../lib/measure.js';
import { processMemory } from '../lib/memory.js';
import { embeddedSystem, type Row } from '../lib/report.js';
import { errorText } from '../peers/run-peers.js';
import { newClient, setupSchema, type EmbeddedContext } from './embedded.js';
import { ensureLoaded, loadWorkload, upsertWorkload } from './loading.js';
import {
  installQueries,
  interpretWorkload,
  khopWorkload,
  pagerankWorkload,
  pathsWorkload,
} from './querying.js';
import { httpFloorWorkload } from './http-floor.js';
import { interpretOnOtherSizes } from './interpret-sizes.js';
import { lookupWorkload } from './lookup.js';
import { memoryPoint, memorySection, restartWorkload, type MemoryPoint } from './restart.js';
import { ensureBuild, startInProcess, startServeChild } from './service.js';

/**
 * The embedded service's rows, by table id; `notes` gathers setup remarks, `memory` the lines
 * of the memory section (when the load or restart workload ran).
 */
export async function runEmbedded(
  ds: Dataset,
  flags: Flags,
  timing: TimedOptions,
  notes: string[],
  profileDir: string | undefined,
  log: (s: string) => void,
  memory: string[] = [],
): Promise<Map<string, Row[]>> {
  const rows = new Map<string, Row[]>();
  const add = (id: string, row: Row) => rows.set(id, [...(rows.get(id) ?? []), row]);
  const want = (w: WorkloadId) => flags.only.has(w);
  // parse runs in-process and ldbc starts its own service.
  if ([...flags.only].every((w) => w === 'parse' || w === 'ldbc')) return rows;
  const buildNote = flags.inProcess ? undefined : ensureBuild();
  if (buildNote) notes.push(buildNote);
  const service = flags.inProcess
    ? await startInProcess()
    : await startServeChild(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  notes.push(`Embedded service: ${service.description} at ${service.url}.`);
  const ctx: EmbeddedContext = {
    client: newClient(service.url),
    service,
    ds,
    timing,
    runLimitMs: flags.quick ? 20_000 : 300_000,
  };
  try {
    log('embedded: schema');
    const schema = await setupSchema(ctx);
    if (schema) notes.push(`Schema and loading job by GSQL: ${schema}.`);
    const empty = processMemory(service.pid);
    const memoryPoints: MemoryPoint[] = [];
    let loaded = false;
    if (want('upsert')) {
      log('embedded: upsert');
      add('upsert', await upsertWorkload(ctx));
    }
    if (want('load')) {
      log('embedded: /ddl load');
      const row = await loadWorkload(ctx);
      loaded = row.summary !== undefined;
      // The graph of the last run is loaded: the server's memory less the empty service's.
      const point = loaded ? memoryPoint(ctx, 'gwb serve after the /ddl load') : undefined;
      if (point) memoryPoints.push(point);
      const growth = point && empty ? point.memory.rss - empty.rss : undefined;
      add('load', growth === undefined ? row : { ...row, memory: growth });
    }
    const needData = ['lookup', 'khop', 'pagerank', 'paths', 'interpret', 'restart'].some((w) =>
      want(w as WorkloadId),
    );
    if (needData && !loaded) {
      const why = await ensureLoaded(ctx);
      if (why) notes.push(`Embedded data: ${why}.`);
    }
    if (want('lookup')) {
      log('embedded: lookups');
      const lookups = await lookupWorkload(service, ds, {
        requests: flags.quick ? 10_000 : 50_000,
        concurrency: 32,
        runs: Math.min(flags.runs, 3),
      });
      for (const row of lookups) add('lookup', row);
    }
    const installed = want('khop') || want('pagerank') ? await installQueries(ctx) : {};
    if (want('khop')) {
      for (const k of [2, 3]) {
        log(`embedded: ${k}-hop`);
        add(
          `khop${k}`,
          installed.khop
            ? { system: embeddedSystem, unit: 'ms', unavailable: installed.khop }
            : await khopWorkload(ctx, k),
        );
        add(`khop${k}`, await httpFloorWorkload(ctx, k));
      }
    }
    if (want('pagerank')) {
      log('embedded: pagerank');
      add(
        'pagerank',
        installed.pagerank
          ? { system: embeddedSystem, unit: 'ms', unavailable: installed.pagerank }
          : await pagerankWorkload(ctx, 10),
      );
    }
    if (want('paths')) {
      log('embedded: shortest paths');
      add('paths', await pathsWorkload(ctx));
    }
    if (want('interpret')) {
      log('embedded: interpret');
      add('interpretSmall', await interpretWorkload(ctx, 'small'));
      add('interpretOne', await interpretWorkload(ctx, 'one'));
      add('interpretLong', await interpretWorkload(ctx, 'long'));
    }
    if (want('restart')) {
      log('embedded: restart');
      add('restart', await restartWorkload(ctx, Math.min(flags.runs, 3)));
      const point = memoryPoint(ctx, 'gwb serve after the restart (graph read back)');
      if (point) memoryPoints.push(point);
    }
    if (memoryPoints.length > 0) {
      log('memory: CSR loop in a child process');
      memory.push(...memorySection(empty, memoryPoints, ds.csvPath, ds.meta.edgeCount));
    }
  } finally {
    await service.stop();
  }
  // The other sizes each in a service of their own, after this one stopped (quick runs skip it).
  if (want('interpret') && !flags.quick) {
    for (const { id, row } of await interpretOnOtherSizes(
      flags.size,
      flags.inProcess,
      timing,
      ctx.runLimitMs,
      log,
    ))
      add(id, row);
  }
  return rows;
}

export async function runParse(runs: number): Promise<Row> {
  const path = join(dirname(fileURLToPath(import.meta.url)), '..', 'gsql-parse.ts');
  if (!existsSync(path))
    return {
      system: 'GSQL front end (in-process)',
      unit: 'lines/s',
      unavailable: 'bench/gsql-parse.ts is missing',
    };
  try {
    const mod = (await import(pathToFileURL(path).href)) as {
      benchGsqlParse?: () => Promise<{ ms: number; linesPerSec: number }>;
    };
    if (!mod.benchGsqlParse) throw new Error('bench/gsql-parse.ts exports no benchGsqlParse()');
    const results: { ms: number; linesPerSec: number }[] = [];
    for (let i = 0; i < runs; i++) results.push(await mod.benchGsqlParse());
    return {
      system: 'GSQL front end (in-process)',
      unit: 'lines/s',
      summary: summarise(results.map((r) => r.linesPerSec)),
      note: `lex + parse, ${results.map((r) => r.ms.toFixed(0)).join('/')} ms per 10k lines (benchGsqlParse, 10 passes each)`,
    };
  } catch (error) {
    return {
      system: 'GSQL front end (in-process)',
      unit: 'lines/s',
      unavailable: `failed: ${errorText(error)}`,
    };
  }
}
