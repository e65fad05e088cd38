// The named real-world workload end to end on a real `gwb serve` child process: the LDBC SNB BI
// TigerGraph implementation, unmodified, driven in the order its own scripts run it
// (tigergraph/ddl/setup.sh; then benchmark.py's first batch: batches.py run_batch_update for the
// daily insert batches, queries.py run_precompute and run_queries), on generated LDBC-shaped data
// (generate.ts, with the rows from 2012-11-29 on cut into daily insert batches, plus friendships
// closing triangles inside countries for BI 11: insert-batches.ts; and a delete batch on the last
// day: delete-batch.ts).
// Every BI query runs with five parameter sets in syntax v2 (queries/) and v3
// (queries_syntax_v3/, created over the v2 ones as CREATE OR REPLACE does), and each answer is
// checked against the other syntax's and against LDBC's SQL implementation of the same query
// (umbra/, run on DuckDB over the same CSV files: sql-reference.ts). The scripts' steps are those
// of bi-steps.ts, which the benchmark's LDBC row runs too.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphClient } from '../../src/core/client/index.js';
import { startGwbServe, type GwbServe } from '../helpers/serve.js';
import { gsqlParameters, pickParameters, sqlLiterals, type Parameter } from './bi-parameters.js';
import { difference, gsqlRows, typedRows, type Table } from './bi-results.js';
import {
  biQueries,
  createBi,
  createLoadingJobs,
  createSchema,
  createSupportQueries,
  insertBatch,
  loadSnapshot,
  partFiles,
  precomputeRootPost,
  putUdfFiles,
  replyCountFolder,
  runPrecompute,
  udfFiles,
} from './bi-steps.js';
import { generate, type GeneratedData } from './generate.js';
import { deleteFolder, deletedEdges, deletedVertices, writeDeleteBatch } from './delete-batch.js';
import {
  addFriendTriangles,
  networkStartDate,
  splitInsertBatches,
  type InsertBatches,
} from './insert-batches.js';
import { LdbcDriver } from './ldbc-driver.js';
import { ldbcFile, ldbcFolder } from './ldbc-folder.js';
import { openSqlReference, type SqlReference } from './sql-reference.js';

let work: string;
let home: string;
let serve: GwbServe;
let client: GraphClient;
let driver: LdbcDriver;
let data: GeneratedData;
let batches: InsertBatches;
/** The day of the one delete batch: the last, so that no later insert refers to a deleted row. */
let deleteDay: string;
let reference: SqlReference;
/** Per BI query: its parameter sets, the SQL answer to each, the v2 answer to each. */
const parameters = new Map<number, Parameter[][]>();
const expected = new Map<number, Table[]>();
const v2Answers = new Map<number, Table[]>();

/** Runs BI query N with each of its parameter sets; the answers in the comparable form. */
async function runBi(query: number): Promise<Table[]> {
  const answers: Table[] = [];
  for (const params of parameters.get(query) ?? []) {
    answers.push(gsqlRows(query, await driver.query(`bi${query}`, gsqlParameters(query, params))));
  }
  return answers;
}

/** Each answer against its reference answer (the SQL's or the other syntax's). */
function expectAgreement(query: number, label: string, want: Table[], answers: Table[]): void {
  const sets = parameters.get(query) ?? [];
  expect(answers.length).toBe(sets.length);
  answers.forEach((answer, i) => {
    const diff = difference(want[i] ?? [], answer);
    const values = (sets[i] ?? []).map((p) => `${p.name}=${p.value}`).join(', ');
    expect(diff, `bi-${query} (${values}) ${label}`).toBeUndefined();
  });
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'gwb-ldbc-'));
  home = join(work, 'home');
  mkdirSync(join(home, replyCountFolder), { recursive: true });
  // Scale 2: about 6800 vertices and 45000 edges, large enough for ties and several shortest paths.
  data = generate(join(work, 'data'), { seed: 1, scale: 2 });
  batches = splitInsertBatches(join(work, 'data'));
  addFriendTriangles(join(work, 'data'), batches.days[0] ?? networkStartDate);
  deleteDay = batches.days.at(-1) ?? networkStartDate;
  writeDeleteBatch(join(work, 'data'), deleteDay);
  const [started, sql] = await Promise.all([
    startGwbServe({ args: ['--allow-files', work, '--allow-files', ldbcFolder] }),
    openSqlReference(join(work, 'data')),
  ]);
  serve = started;
  reference = sql;
  // The queries run after the batches (benchmark.py), so the reference holds them too.
  await reference.applyInserts();
  await reference.applyDeletes();
  client = new GraphClient({ url: serve.url, username: 'tigergraph', password: 'tigergraph' });
  driver = new LdbcDriver(serve.url, client);
  for (const query of biQueries) {
    const sets = await pickParameters(reference, query);
    parameters.set(query, sets);
    const answers: Table[] = [];
    for (const params of sets)
      answers.push(typedRows(query, await reference.bi(query, sqlLiterals(params))));
    expected.set(query, answers);
  }
}, 120_000);

afterAll(async () => {
  reference?.close();
  await client?.close();
  await serve?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('LDBC SNB BI on gwb serve (ddl/setup.sh)', () => {
  it('puts the TokenBank and ExprFunctions files, which the service answers back', async () => {
    await putUdfFiles(driver);
    for (const [fileName, path] of udfFiles) {
      const stored = await client.call('getUdtFile', { path: { fileName } });
      expect(stored[fileName]).toBe(ldbcFile(path));
    }
  });

  it('creates the schema from ddl/schema.gsql', async () => {
    await createSchema(driver);
  });

  it('creates the loading jobs of ddl/ and dml/', async () => {
    await createLoadingJobs(driver, home);
  });

  it('loads the initial snapshot with load_static and load_dynamic', async () => {
    await loadSnapshot(driver, data);
    // setup.sh's statistics check: the vertices per type of the initial snapshot.
    const initial = Object.fromEntries(
      Object.entries(data.vertices).map(([type, n]) => [type, n - (batches.moved[type] ?? 0)]),
    );
    expect(await driver.vertexCounts()).toEqual(initial);
  });
});

describe('LDBC SNB BI queries in syntax v2 (queries/)', () => {
  for (const query of biQueries) {
    it(`creates and installs bi-${query}`, async () => {
      await createBi(driver, query);
      await driver.gsql(`INSTALL QUERY bi${query}`);
    });
  }
});

describe('LDBC SNB BI precompute and delete queries, ROOT_POST (ddl/setup.sh)', () => {
  it('creates the precompute and delete queries', async () => {
    await createSupportQueries(driver, home);
  });

  it('installs every query (INSTALL QUERY ALL)', async () => {
    await driver.gsql('INSTALL QUERY ALL');
  });

  it('precomputes ROOT_POST and loads it with load_root_post', async () => {
    await precomputeRootPost(driver);
  });
});

const dataRows = (path: string) =>
  readFileSync(path, 'utf8').split('\n').filter(Boolean).length - 1;

describe('LDBC SNB BI batches (batches.py run_batch_update)', () => {
  it('inserts each day, maintains ROOT_POST (delta_root_post, load_root_post)', async () => {
    expect(batches.days.length).toBeGreaterThan(0);
    for (const day of batches.days) {
      for (const file of await insertBatch(driver, join(work, 'data'), day))
        expect(file.loaded, `${file.name} ${day}`).toBe(dataRows(file.path));
    }
  });

  it("deletes the last day's batch (del_Comment, del_Forum, del_Post, delete_edge)", async () => {
    for (const vertex of deletedVertices) {
      for (const file of partFiles(deleteFolder(join(work, 'data'), vertex, deleteDay))) {
        const [answer] = (await driver.query(`del_${vertex}`, { file })) as { result?: number }[];
        expect(answer?.result, `del_${vertex}`).toBeGreaterThanOrEqual(dataRows(file));
      }
    }
    for (const name of deletedEdges) {
      for (const path of partFiles(deleteFolder(join(work, 'data'), name, deleteDay)))
        expect(await driver.postFile('delete_edge', name, path), name).toBe(dataRows(path));
    }
  });

  it('holds as many vertices of each type as the SQL reference after the batches', async () => {
    expect(await driver.vertexCounts()).toEqual(await reference.vertexCounts());
  });
});

describe('LDBC SNB BI precomputation (queries.py run_precompute)', () => {
  it('runs precompute_bi4, _bi6, _bi20, cleanup_bi19, precompute_bi19 and load_precompute', async () => {
    await runPrecompute(driver, home);
    // queries.py: 12 windows of 92 days from 2010-01-01, one reply-count file each.
    expect(readdirSync(join(home, replyCountFolder)).length).toBe(12);
  });
});

describe('LDBC SNB BI answers, syntax v2, against the SQL implementation', () => {
  it('has, for every query, a parameter set the SQL reference answers with rows', () => {
    // Guards the comparisons against becoming empty (a generator change, a bad pick).
    const empty = biQueries.filter((q) => !(expected.get(q) ?? []).some((t) => t.length > 0));
    expect(empty).toEqual([]);
  });

  for (const query of biQueries) {
    it(`bi-${query} agrees with umbra/queries/bi-${query}.sql`, async () => {
      const answers = await runBi(query);
      v2Answers.set(query, answers);
      expectAgreement(query, 'vs SQL', expected.get(query) ?? [], answers);
    });
  }
});

describe('LDBC SNB BI queries in syntax v3 (queries_syntax_v3/)', () => {
  for (const query of biQueries) {
    it(`bi-${query} v3 installs over v2 and agrees with v2 and with SQL`, async () => {
      await createBi(driver, query, 'queries_syntax_v3');
      await driver.gsql(`INSTALL QUERY bi${query}`);
      const answers = await runBi(query);
      const v2 = v2Answers.get(query);
      if (v2) expectAgreement(query, 'v3 vs v2', v2, answers);
      expectAgreement(query, 'v3 vs SQL', expected.get(query) ?? [], answers);
    });
  }
});
