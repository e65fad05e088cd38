// The real-world row of the benchmark: the 20 LDBC SNB BI queries of the vendored TigerGraph
// implementation (test/third_party/ldbc_snb_bi/tigergraph) on a `gwb serve` child, beside LDBC's
// SQL implementation of the same queries (umbra/) on DuckDB, over the same generated LDBC-shaped
// data (test/ldbc/generate.ts at a larger scale). Both sides are set up as the workload test sets
// them up (test/ldbc/bi-steps.ts, sql-reference.ts): the initial snapshot, one insert batch of
// friendships closing triangles (so BI 11 counts something), the precomputations. Each query then
// runs with its parameter sets (test/ldbc/bi-parameters.ts) on both; a run is all its sets in
// turn, timed end to end as a client sees it (HTTP for the service, the SQL text for DuckDB).
// Answers are compared as the test compares them (bi-results.ts: integers exactly, floats within
// 1e-5 relative); the checksum shown fingerprints the answers with integers and text exact and
// floats to 5 decimal places (as TigerGraph prints a DOUBLE, so both sides round alike).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GraphClient } from '../../src/core/client/index.js';
import {
  gsqlParameters,
  pickParameters,
  sqlLiterals,
  type Parameter,
} from '../../test/ldbc/bi-parameters.js';
import { difference, gsqlRows, typedRows, type Table } from '../../test/ldbc/bi-results.js';
import {
  biQueries,
  createBi,
  createLoadingJobs,
  createSchema,
  createSupportQueries,
  insertBatch,
  loadSnapshot,
  precomputeRootPost,
  putUdfFiles,
  replyCountFolder,
  runPrecompute,
} from '../../test/ldbc/bi-steps.js';
import { generate } from '../../test/ldbc/generate.js';
import { addFriendTriangles, networkStartDate } from '../../test/ldbc/insert-batches.js';
import { LdbcDriver } from '../../test/ldbc/ldbc-driver.js';
import { ldbcFolder } from '../../test/ldbc/ldbc-folder.js';
import { openSqlReference, type SqlReference } from '../../test/ldbc/sql-reference.js';
import { fingerprint } from '../lib/checksum.js';
import { summarise, timed, type Summary, type TimedOptions } from '../lib/measure.js';
import { errorText } from '../peers/run-peers.js';
import { startServeChild, type Service } from './service.js';

export interface LdbcOptions {
  /** Generator scale: about 3,300 vertices and 22,000 edges per unit. */
  readonly scale: number;
  readonly seed: number;
  /** Timed runs per query and system (after one warm-up run), within `budgetMs` each. */
  readonly timing: TimedOptions;
  /** GSQL-TIMEOUT of each query call (ms): a slower query shows as failed, not as a hang. */
  readonly queryTimeoutMs: number;
  /** Node flags for the service child (e.g. --cpu-prof). */
  readonly nodeArgs?: readonly string[];
}

/** One system's figure for one query: its time per run, or why it has none. */
export interface LdbcSide {
  readonly summary?: Summary;
  readonly rows?: number;
  readonly checksum?: string;
  readonly unavailable?: string;
}

export interface LdbcQuery {
  readonly query: number;
  /** The parameter sets, as `name=value` lists. */
  readonly sets: readonly string[];
  readonly embedded: LdbcSide;
  readonly duckdb: LdbcSide;
  /** The first difference of the embedded answers from DuckDB's; undefined when they agree. */
  readonly mismatch?: string;
}

/** A setup step's duration on each side (ms; absent where a side has no such step). */
export interface LdbcStep {
  readonly step: string;
  readonly embeddedMs?: number;
  readonly duckdbMs?: number;
}

export interface LdbcResult {
  readonly scale: number;
  readonly seed: number;
  readonly vertices: number;
  readonly edges: number;
  readonly generateMs: number;
  readonly steps: readonly LdbcStep[];
  readonly queries: readonly LdbcQuery[];
  /** Vertices per type on each side after setup, when they differ (a setup fault). */
  readonly countMismatch?: string;
  readonly serviceDescription: string;
  readonly totalMs: number;
}

/** Row count and fingerprint: integers and text as they are, floats to 5 decimal places. */
export function answersChecksum(answers: readonly Table[]): { rows: number; checksum: string } {
  const cells: (string | number)[] = [];
  let rows = 0;
  for (const table of answers) {
    rows += table.length;
    cells.push(`#${table.length}`);
    for (const row of table)
      for (const cell of row)
        cells.push(
          typeof cell === 'number' && !Number.isInteger(cell) ? cell.toFixed(5) : String(cell),
        );
  }
  return { rows, checksum: `rows=${rows} #${fingerprint(cells)}` };
}

/** One side's timed runs of a query: its figure and the answers of the last run. */
async function measureSide(
  timing: TimedOptions,
  run: () => Promise<Table[]>,
): Promise<{ side: LdbcSide; answers?: Table[] }> {
  try {
    const { times, value } = await timed(run, { ...timing, warmup: true });
    return { side: { summary: summarise(times), ...answersChecksum(value) }, answers: value };
  } catch (error) {
    return { side: { unavailable: `failed: ${errorText(error)}` } };
  }
}

function firstDifference(want: readonly Table[], got: readonly Table[]): string | undefined {
  if (want.length !== got.length) return `${got.length} answers where ${want.length} expected`;
  for (let i = 0; i < want.length; i++) {
    const diff = difference(want[i] ?? [], got[i] ?? []);
    if (diff !== undefined) return `parameter set ${i + 1}: ${diff}`;
  }
  return undefined;
}

/** Runs the LDBC row: generate, set up both sides, time the 20 queries on each. */
export async function runLdbc(options: LdbcOptions, log: (s: string) => void): Promise<LdbcResult> {
  const started = performance.now();
  const work = mkdtempSync(join(tmpdir(), 'gwb-bench-ldbc-'));
  const dataDir = join(work, 'data');
  const home = join(work, 'home');
  mkdirSync(join(home, replyCountFolder), { recursive: true });
  let reference: SqlReference | undefined;
  let service: Service | undefined;
  let client: GraphClient | undefined;
  const stopwatch = async (fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    return performance.now() - t;
  };
  try {
    log(`ldbc: generating scale ${options.scale}`);
    const t0 = performance.now();
    const data = generate(dataDir, { seed: options.seed, scale: options.scale });
    const triangleDay = networkStartDate;
    addFriendTriangles(dataDir, triangleDay);
    const generateMs = performance.now() - t0;
    const vertices = Object.values(data.vertices).reduce((a, b) => a + b, 0);
    const edges = Object.values(data.edges).reduce((a, b) => a + b, 0);

    log(`ldbc: DuckDB load (${vertices} vertices, ${edges} edges)`);
    const steps: LdbcStep[] = [];
    const t1 = performance.now();
    const sql = await openSqlReference(dataDir, 'all');
    reference = sql;
    const duckLoad = performance.now() - t1;
    const duckBatch = await stopwatch(() => sql.applyInserts());

    log('ldbc: gwb serve setup');
    service = await startServeChild(options.nodeArgs ?? [], [
      '--allow-files',
      work,
      '--allow-files',
      ldbcFolder,
    ]);
    client = new GraphClient({ url: service.url, username: 'tigergraph', password: 'tigergraph' });
    const driver = new LdbcDriver(service.url, client, 'ldbc_snb', options.queryTimeoutMs);
    const schemaMs = await stopwatch(async () => {
      await putUdfFiles(driver);
      await createSchema(driver);
      await createLoadingJobs(driver, home);
    });
    log('ldbc: gwb serve load');
    const loadMs = await stopwatch(() => loadSnapshot(driver, data));
    log('ldbc: gwb serve install');
    const installMs = await stopwatch(async () => {
      for (const query of biQueries) await createBi(driver, query);
      await createSupportQueries(driver, home);
      await driver.gsql('INSTALL QUERY ALL');
    });
    log('ldbc: gwb serve precompute');
    const rootPostMs = await stopwatch(() => precomputeRootPost(driver));
    const batchMs = await stopwatch(() => insertBatch(driver, dataDir, triangleDay));
    const precomputeMs = await stopwatch(() => runPrecompute(driver, home));
    steps.push(
      { step: 'schema, loading jobs (setup.sh)', embeddedMs: schemaMs },
      {
        step: 'initial snapshot load (load_static, load_dynamic; umbra load.py with views and precomputations)',
        embeddedMs: loadMs,
        duckdbMs: duckLoad,
      },
      { step: 'create and INSTALL QUERY ALL', embeddedMs: installMs },
      { step: 'ROOT_POST (precompute_root_post, load_root_post)', embeddedMs: rootPostMs },
      {
        step: 'one insert batch (friend triangles) with its maintenance',
        embeddedMs: batchMs,
        duckdbMs: duckBatch,
      },
      { step: 'precomputations (queries.py run_precompute)', embeddedMs: precomputeMs },
    );
    const [mine, theirs] = [await driver.vertexCounts(), await sql.vertexCounts()];
    const countMismatch =
      JSON.stringify(mine) === JSON.stringify(theirs)
        ? undefined
        : `gwb serve ${JSON.stringify(mine)}, DuckDB ${JSON.stringify(theirs)}`;

    const queries: LdbcQuery[] = [];
    for (const query of biQueries) {
      log(`ldbc: bi-${query}`);
      const sets: Parameter[][] = await pickParameters(sql, query);
      const duckdb = await measureSide(options.timing, async () => {
        const out: Table[] = [];
        for (const params of sets)
          out.push(typedRows(query, await sql.bi(query, sqlLiterals(params))));
        return out;
      });
      const embedded = await measureSide(options.timing, async () => {
        const out: Table[] = [];
        for (const params of sets)
          out.push(
            gsqlRows(query, await driver.query(`bi${query}`, gsqlParameters(query, params))),
          );
        return out;
      });
      const mismatch =
        duckdb.answers && embedded.answers
          ? firstDifference(duckdb.answers, embedded.answers)
          : undefined;
      queries.push({
        query,
        sets: sets.map((s) => s.map((p) => `${p.name}=${p.value}`).join(', ')),
        embedded: embedded.side,
        duckdb: duckdb.side,
        mismatch,
      });
    }
    return {
      scale: options.scale,
      seed: options.seed,
      vertices,
      edges,
      generateMs,
      steps,
      queries,
      countMismatch,
      serviceDescription: service.description,
      totalMs: performance.now() - started,
    };
  } finally {
    reference?.close();
    await client?.close();
    await service?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
