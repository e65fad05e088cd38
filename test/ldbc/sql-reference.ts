// The independent implementation the GSQL results are checked against: LDBC's own SQL version of
// the BI workload (umbra/ of ldbc_snb_bi) run on DuckDB over the same generated CSV files.
//
// The SQL reads the "composite-merged-fk" layout (a Comment row carries its creator, country and
// parent), while the TigerGraph loading jobs read the "projected-fk" layout (one file per edge);
// this module builds the umbra tables from the projected files with joins, then runs umbra's own
// scripts as umbra/load.py does: the schema, the Message view maintenance, the static views and
// the precomputations of BI 4, 6, 19 and 20. Insert batches go through the same staging and view
// maintenance, delete batches through umbra's candidate tables and dml/apply-deletes.sql, each
// followed by the precomputations again. The SQL texts are used as written, with the few
// Umbra-only spellings DuckDB lacks rewritten (see `forDuckDb`); all datetimes are UTC, so
// `timestamp with time zone` becomes a plain timestamp.
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ldbcFile } from './ldbc-folder.js';

/** Umbra spellings DuckDB does not take, rewritten to their DuckDB equivalents. */
export function forDuckDb(sql: string): string {
  return sql
    .replace(/\bwith\s*\(\s*storage\s*=\s*paged\s*\)/gi, '')
    .replace(/timestamp with time zone/gi, 'timestamp')
    .replace(/\bFORCEORDER\(/g, '(');
}

/** The statements of an umbra script, split as umbra/queries.py run_script does. */
function statements(script: string): string[] {
  return script
    .replace(/\n--.*/g, '')
    .split(';')
    .filter((s) => s.trim() !== '');
}

type Row = Record<string, unknown>;

function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  return value;
}

export interface SqlReference {
  /** Rows of a SELECT, bigints as numbers (the generated ids are small). */
  all(sql: string): Promise<Row[]>;
  /** Adds every insert batch (DIR/inserts/dynamic/<Entity>/batch_id=<day>/) and re-derives the
   * Message view and the precomputations, as umbra's batches and precomputation steps do. */
  applyInserts(): Promise<void>;
  /** The vertices per vertex type of the TigerGraph schema, counted in umbra's tables. */
  vertexCounts(): Promise<Record<string, number>>;
  /** Applies every delete batch (DIR/deletes/dynamic/<Entity>/batch_id=<day>/) with umbra's
   * dml/apply-deletes.sql (candidate tables, cascades) and re-derives the precomputations. */
  applyDeletes(): Promise<void>;
  /** Runs umbra/queries/bi-N.sql with parameters already written as SQL literals. */
  bi(query: number, literals: Readonly<Record<string, string>>): Promise<unknown[][]>;
  close(): void;
}

const ts = 'TIMESTAMP';
const edge = { creationDate: ts, src: 'BIGINT', dst: 'BIGINT' };
const staticEdge = { src: 'BIGINT', dst: 'BIGINT' };
const text = 'VARCHAR';

/** The columns of each file of the projected-fk layout, by folder name (names are ours). */
const sourceColumns: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Organisation: { id: 'BIGINT', type: text, name: text, url: text },
  Organisation_isLocatedIn_Place: staticEdge,
  Place: { id: 'BIGINT', name: text, url: text, type: text },
  Place_isPartOf_Place: staticEdge,
  Tag: { id: 'BIGINT', name: text, url: text },
  Tag_hasType_TagClass: staticEdge,
  TagClass: { id: 'BIGINT', name: text, url: text },
  TagClass_isSubclassOf_TagClass: staticEdge,
  Comment: {
    creationDate: ts,
    id: 'BIGINT',
    locationIP: text,
    browserUsed: text,
    content: text,
    length: 'INTEGER',
  },
  Comment_hasCreator_Person: edge,
  Comment_hasTag_Tag: edge,
  Comment_isLocatedIn_Country: edge,
  Comment_replyOf_Comment: edge,
  Comment_replyOf_Post: edge,
  Forum: { creationDate: ts, id: 'BIGINT', title: text },
  Forum_containerOf_Post: edge,
  Forum_hasMember_Person: edge,
  Forum_hasModerator_Person: edge,
  Forum_hasTag_Tag: edge,
  Person: {
    creationDate: ts,
    id: 'BIGINT',
    firstName: text,
    lastName: text,
    gender: text,
    birthday: 'DATE',
    locationIP: text,
    browserUsed: text,
    speaks: text,
    email: text,
  },
  Person_hasInterest_Tag: edge,
  Person_isLocatedIn_City: edge,
  Person_knows_Person: edge,
  Person_likes_Comment: edge,
  Person_likes_Post: edge,
  Person_studyAt_University: { ...edge, classYear: 'INTEGER' },
  Person_workAt_Company: { ...edge, workFrom: 'INTEGER' },
  Post: {
    creationDate: ts,
    id: 'BIGINT',
    imageFile: text,
    locationIP: text,
    browserUsed: text,
    language: text,
    content: text,
    length: 'INTEGER',
  },
  Post_hasCreator_Person: edge,
  Post_hasTag_Tag: edge,
  Post_isLocatedIn_Country: edge,
};
/** The delete files (`deletionDate|id`, `deletionDate|src|dst`) umbra has candidate tables for. */
const deleteColumns: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Person: { deletionDate: ts, id: 'BIGINT' },
  Forum: { deletionDate: ts, id: 'BIGINT' },
  Comment: { deletionDate: ts, id: 'BIGINT' },
  Post: { deletionDate: ts, id: 'BIGINT' },
  Person_likes_Comment: { deletionDate: ts, src: 'BIGINT', trg: 'BIGINT' },
  Person_likes_Post: { deletionDate: ts, src: 'BIGINT', trg: 'BIGINT' },
  Forum_hasMember_Person: { deletionDate: ts, src: 'BIGINT', trg: 'BIGINT' },
  Person_knows_Person: { deletionDate: ts, src: 'BIGINT', trg: 'BIGINT' },
};
const staticSources = new Set(['Organisation', 'Place', 'Tag', 'TagClass']);
const isStatic = (name: string) => staticSources.has(name.split('_')[0] ?? '');

/** The CSV files of one entity under `root`: its folder's parts, or its batches' parts. */
function filesOf(root: string, name: string): string[] {
  const folder = join(root, name);
  if (!existsSync(folder)) return [];
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.csv')) out.push(path);
    }
  };
  visit(folder);
  return out.sort();
}

/** (Re)creates a staging table from the files (empty when there are none). */
function stageStatements(
  table: string,
  columns: Readonly<Record<string, string>>,
  files: readonly string[],
): string[] {
  const defs = Object.entries(columns)
    .map(([col, type]) => `${col} ${type}`)
    .join(', ');
  const spec = Object.entries(columns)
    .map(([col, type]) => `'${col}': '${type}'`)
    .join(', ');
  const list = files.map((f) => `'${f}'`).join(', ');
  return [
    `CREATE OR REPLACE TEMP TABLE ${table} (${defs})`,
    ...(files.length === 0
      ? []
      : [
          `INSERT INTO ${table} SELECT * FROM read_csv([${list}], delim = '|', header = true,
             quote = '', escape = '', hive_partitioning = false, columns = {${spec}})`,
        ]),
  ];
}

/** INSERTs that fill umbra's static base tables from the staged files. */
const staticLoad = [
  `INSERT INTO Organisation SELECT o.id, o.type, o.name, o.url, l.dst
     FROM src_Organisation o JOIN src_Organisation_isLocatedIn_Place l ON l.src = o.id`,
  `INSERT INTO Place SELECT p.id, p.name, p.url, p.type, l.dst
     FROM src_Place p LEFT JOIN src_Place_isPartOf_Place l ON l.src = p.id`,
  `INSERT INTO Tag SELECT t.id, t.name, t.url, l.dst
     FROM src_Tag t JOIN src_Tag_hasType_TagClass l ON l.src = t.id`,
  `INSERT INTO TagClass SELECT t.id, t.name, t.url, l.dst
     FROM src_TagClass t LEFT JOIN src_TagClass_isSubclassOf_TagClass l ON l.src = t.id`,
];

/** INSERTs that add the staged dynamic files to umbra's base tables (a snapshot or a batch). */
const dynamicLoad = [
  `INSERT INTO Comment SELECT c.creationDate, c.id, c.locationIP, c.browserUsed, c.content, c.length,
          cr.dst, lo.dst, rp.dst, rc.dst
     FROM src_Comment c
     JOIN src_Comment_hasCreator_Person cr ON cr.src = c.id
     JOIN src_Comment_isLocatedIn_Country lo ON lo.src = c.id
     LEFT JOIN src_Comment_replyOf_Post rp ON rp.src = c.id
     LEFT JOIN src_Comment_replyOf_Comment rc ON rc.src = c.id`,
  `INSERT INTO Forum SELECT f.creationDate, f.id, f.title, m.dst
     FROM src_Forum f LEFT JOIN src_Forum_hasModerator_Person m ON m.src = f.id`,
  `INSERT INTO Post SELECT p.creationDate, p.id, p.imageFile, p.locationIP, p.browserUsed, p.language,
          p.content, p.length, cr.dst, co.src, lo.dst
     FROM src_Post p
     JOIN src_Post_hasCreator_Person cr ON cr.src = p.id
     JOIN src_Forum_containerOf_Post co ON co.dst = p.id
     JOIN src_Post_isLocatedIn_Country lo ON lo.src = p.id`,
  `INSERT INTO Person SELECT p.creationDate, p.id, p.firstName, p.lastName, p.gender, p.birthday,
          p.locationIP, p.browserUsed, l.dst, p.speaks, p.email
     FROM src_Person p JOIN src_Person_isLocatedIn_City l ON l.src = p.id`,
  `INSERT INTO Forum_hasMember_Person SELECT * FROM src_Forum_hasMember_Person`,
  `INSERT INTO Forum_hasTag_Tag SELECT * FROM src_Forum_hasTag_Tag`,
  `INSERT INTO Person_hasInterest_Tag SELECT * FROM src_Person_hasInterest_Tag`,
  `INSERT INTO Person_studyAt_University SELECT * FROM src_Person_studyAt_University`,
  `INSERT INTO Person_workAt_Company SELECT * FROM src_Person_workAt_Company`,
  // load.py copies the knows file twice, the second time with the two persons swapped.
  `INSERT INTO Person_knows_Person SELECT creationDate, src, dst FROM src_Person_knows_Person`,
  `INSERT INTO Person_knows_Person SELECT creationDate, dst, src FROM src_Person_knows_Person`,
  `INSERT INTO Message_hasTag_Tag SELECT * FROM src_Comment_hasTag_Tag`,
  `INSERT INTO Message_hasTag_Tag SELECT * FROM src_Post_hasTag_Tag`,
  `INSERT INTO Person_likes_Message SELECT * FROM src_Person_likes_Comment`,
  `INSERT INTO Person_likes_Message SELECT * FROM src_Person_likes_Post`,
  // umbra/queries.py load_post: a Post is the root of its own thread.
  `INSERT INTO Message SELECT p.creationDate, p.id, p.id, p.language, p.content, p.imageFile, p.locationIP,
          p.browserUsed, p.length, cr.dst, co.src, lo.dst, NULL::bigint
     FROM src_Post p
     JOIN src_Post_hasCreator_Person cr ON cr.src = p.id
     JOIN src_Forum_containerOf_Post co ON co.dst = p.id
     JOIN src_Post_isLocatedIn_Country lo ON lo.src = p.id`,
];

/**
 * Loads the generated data set (DIR/initial_snapshot/...) the way umbra/load.py does. `threads`:
 * DuckDB's worker threads; one for the tests, 'all' (DuckDB's default, every core) for the
 * benchmark.
 */
export async function openSqlReference(
  dataDir: string,
  threads: number | 'all' = 1,
): Promise<SqlReference> {
  const instance = await DuckDBInstance.create(
    ':memory:',
    threads === 'all' ? {} : { threads: String(threads) },
  );
  const conn: DuckDBConnection = await instance.connect();
  const run = async (sql: string) => {
    try {
      await conn.run(sql);
    } catch (error) {
      throw new Error(`DuckDB: ${(error as Error).message}\nin: ${sql.slice(0, 400)}`, {
        cause: error,
      });
    }
  };
  const script = async (path: string) => {
    for (const s of statements(forDuckDb(ldbcFile(path)))) await run(s);
  };
  const stage = async (root: string, names: readonly string[]) => {
    for (const name of names) {
      const files = filesOf(root, name);
      for (const sql of stageStatements(`src_${name}`, sourceColumns[name] ?? {}, files))
        await run(sql);
    }
  };
  // umbra/load.py: the schema, the snapshot, the Message view, static views, precomputations.
  const derive = async () => {
    await script('umbra/dml/maintain-views.sql');
    for (const q of [4, 6, 19, 20]) await script(`umbra/dml/precomp/bi-${q}.sql`);
  };
  const names = Object.keys(sourceColumns);
  await script('umbra/ddl/schema-composite-merged-fk.sql');
  await stage(join(dataDir, 'initial_snapshot', 'static'), names.filter(isStatic));
  await stage(
    join(dataDir, 'initial_snapshot', 'dynamic'),
    names.filter((n) => !isStatic(n)),
  );
  for (const sql of [...staticLoad, ...dynamicLoad]) await run(sql);
  await script('umbra/dml/create-static-materialized-views.sql');
  await derive();

  const all = async (sql: string): Promise<Row[]> => {
    const reader = await conn.runAndReadAll(sql);
    return reader
      .getRowObjectsJS()
      .map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, plain(v)])));
  };
  return {
    all,
    async applyInserts() {
      await stage(
        join(dataDir, 'inserts', 'dynamic'),
        names.filter((n) => !isStatic(n)),
      );
      for (const sql of dynamicLoad) await run(sql);
      await derive();
    },
    async vertexCounts() {
      const [row] = await all(`SELECT
        (SELECT count(*) FROM Message WHERE ParentMessageId IS NOT NULL) AS Comment,
        (SELECT count(*) FROM Message WHERE ParentMessageId IS NULL) AS Post,
        (SELECT count(*) FROM Company) AS Company, (SELECT count(*) FROM University) AS University,
        (SELECT count(*) FROM City) AS City, (SELECT count(*) FROM Country) AS Country,
        (SELECT count(*) FROM Place WHERE type = 'Continent') AS Continent,
        (SELECT count(*) FROM Forum) AS Forum, (SELECT count(*) FROM Person) AS Person,
        (SELECT count(*) FROM Tag) AS Tag, (SELECT count(*) FROM TagClass) AS TagClass`);
      return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]));
    },
    async applyDeletes() {
      await script('umbra/ddl/schema-delete-candidates.sql');
      const root = join(dataDir, 'deletes', 'dynamic');
      for (const [name, columns] of Object.entries(deleteColumns)) {
        for (const sql of stageStatements(`del_${name}`, columns, filesOf(root, name)))
          await run(sql);
        await run(`INSERT INTO ${name}_Delete_candidates SELECT * FROM del_${name}`);
      }
      await script('umbra/dml/apply-deletes.sql');
      await derive();
    },
    async bi(query, literals) {
      // umbra/queries.py run_query: each `:name` replaced by its literal, in parameter order.
      let text = forDuckDb(ldbcFile(`umbra/queries/bi-${query}.sql`));
      for (const [name, literal] of Object.entries(literals))
        text = text.replaceAll(`:${name}`, literal);
      const reader = await conn.runAndReadAll(text);
      return reader.getRowsJS().map((row) => row.map(plain));
    },
    close() {
      conn.closeSync();
      instance.closeSync();
    },
  };
}
