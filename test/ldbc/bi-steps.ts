// The steps LDBC's TigerGraph scripts take, as functions over an LdbcDriver, shared by the
// workload test (test/ldbc/workload.test.ts, which checks each step's outcome) and the LDBC row of
// the benchmark (bench/workloads/ldbc.ts, which times the queries): ddl/setup.sh's files, schema,
// loading jobs, snapshot load and query installs, batches.py run_batch_update for one day's insert
// batch, and queries.py run_precompute.
//
// One substitution, in the dml/ files only: they write and read temporary files under the
// TigerGraph container's home folder (/home/tigergraph); here that folder is the caller's.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { GeneratedData } from './generate.js';
import { batchFolder } from './insert-batches.js';
import { batchEdges, batchVertices, type LdbcDriver } from './ldbc-driver.js';
import { ldbcFile, ldbcFolder } from './ldbc-folder.js';

export const biQueries = Array.from({ length: 20 }, (_, i) => i + 1);
/** The dml/ files setup.sh creates before loading, and the ones it creates after the BI queries. */
export const jobFiles = ['ins_Vertex', 'ins_Edge', 'del_Edge', 'load_precompute'] as const;
export const precomputeFiles = [
  'precompute-bi4',
  'precompute-bi6',
  'precompute-bi19',
  'precompute-bi20',
  'precompute-root-post',
] as const;
export const deleteFiles = ['del_Comment', 'del_Forum', 'del_Person', 'del_Post'] as const;
/** The UDF files setup.sh puts first: the name the service stores, the file in the LDBC folder. */
export const udfFiles = [
  ['TokenBank', 'tigergraph/ddl/TokenBank.cpp'],
  ['ExprFunctions', 'tigergraph/ddl/ExprFunctions.hpp'],
] as const;
/** The folder under `home` that precompute_bi19 writes its reply counts to. */
export const replyCountFolder = 'reply_count';

/** A dml/ file with the container's home folder replaced by `home`. */
export function dmlFile(name: string, home: string): string {
  return ldbcFile(`tigergraph/dml/${name}.gsql`).replaceAll('/home/tigergraph', home);
}

/** setup.sh's first step: PUT TokenBank and ExprFunctions from ddl/. */
export async function putUdfFiles(driver: LdbcDriver): Promise<void> {
  for (const [fileName, path] of udfFiles)
    await driver.gsql(`PUT ${fileName} FROM "${join(ldbcFolder, path)}"`, false);
}

/** setup.sh: the schema of ddl/schema.gsql. */
export async function createSchema(driver: LdbcDriver): Promise<void> {
  await driver.gsql(ldbcFile('tigergraph/ddl/schema.gsql'), false);
}

/** setup.sh: the loading jobs of ddl/ and those of dml/. */
export async function createLoadingJobs(driver: LdbcDriver, home: string): Promise<void> {
  await driver.gsql(ldbcFile('tigergraph/ddl/load_static.gsql'));
  await driver.gsql(ldbcFile('tigergraph/ddl/load_dynamic.gsql'));
  for (const name of jobFiles) await driver.gsql(dmlFile(name, home));
}

/** setup.sh's load: load_static, then load_dynamic, each over the generated folders. */
export async function loadSnapshot(driver: LdbcDriver, data: GeneratedData): Promise<void> {
  for (const job of ['load_static', 'load_dynamic'] as const) {
    const using = Object.entries(data.jobs[job])
      .map(([name, folder]) => `${name}="ANY:${folder}"`)
      .join(', ');
    await driver.gsql(`RUN LOADING JOB ${job} USING ${using}`);
  }
}

/** Creates BI query N from `queries/` (syntax v2) or `queries_syntax_v3/`, without installing. */
export async function createBi(
  driver: LdbcDriver,
  query: number,
  folder: 'queries' | 'queries_syntax_v3' = 'queries',
): Promise<void> {
  await driver.gsql(ldbcFile(`tigergraph/${folder}/bi-${query}.gsql`));
}

/** setup.sh after the BI queries: the precompute and delete queries, then INSTALL QUERY ALL. */
export async function createSupportQueries(driver: LdbcDriver, home: string): Promise<void> {
  for (const name of [...precomputeFiles, ...deleteFiles]) await driver.gsql(dmlFile(name, home));
}

/** setup.sh's ROOT_POST: precompute_root_post, then its loading job. */
export async function precomputeRootPost(driver: LdbcDriver): Promise<void> {
  await driver.query('precompute_root_post');
  await driver.gsql('RUN LOADING JOB load_root_post');
}

/**
 * queries.py run_precompute: precompute_bi4, _bi6, _bi20, cleanup_bi19, then precompute_bi19 over
 * 12 windows of 92 days from 2010-01-01 (one reply-count file each under home/reply_count, which
 * must exist), then load_precompute.
 */
export async function runPrecompute(driver: LdbcDriver, home: string): Promise<void> {
  for (const q of [4, 6, 20]) await driver.query(`precompute_bi${q}`);
  await driver.query('cleanup_bi19');
  let start = Date.UTC(2010, 0, 1);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  for (let i = 0; i < 12; i++) {
    const end = start + 92 * 86_400_000;
    const file = join(home, replyCountFolder, `part_${String(i).padStart(4, '0')}.csv`);
    await driver.query('precompute_bi19', { startDate: day(start), endDate: day(end), file });
    start = end;
  }
  await driver.gsql('RUN LOADING JOB load_precompute');
}

/** The part files of a batch folder, in order; none when the batch has no such folder. */
export function partFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .sort()
    .map((file) => join(folder, file));
}

/** One file of an insert batch and the lines the service reports loaded from it. */
export interface BatchFile {
  readonly name: string;
  readonly path: string;
  readonly loaded: number | undefined;
}

/**
 * batches.py run_batch_update for one day: each vertex folder's files through insert_vertex, then
 * each edge folder's through insert_edge (POST /restpp/ddl), then ROOT_POST maintained for the day
 * (delta_root_post, load_root_post). Answers the files posted.
 */
export async function insertBatch(
  driver: LdbcDriver,
  dataDir: string,
  day: string,
): Promise<BatchFile[]> {
  const posted: BatchFile[] = [];
  for (const [job, names] of [
    ['insert_vertex', batchVertices],
    ['insert_edge', batchEdges],
  ] as const) {
    for (const name of names) {
      for (const path of partFiles(batchFolder(dataDir, name, day)))
        posted.push({ name, path, loaded: await driver.postFile(job, name, path) });
    }
  }
  const next = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
  await driver.query('delta_root_post', { startDate: day, endDate: next });
  await driver.gsql('RUN LOADING JOB load_root_post');
  return posted;
}
