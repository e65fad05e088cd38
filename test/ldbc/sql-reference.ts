// The independent implementation the GSQL results are checked against: LDBC's own SQL version of
// the BI workload (umbra/ of ldbc_snb_bi) run on DuckDB over the same generated CSV files.
//
// The SQL reads the "composite-merged-fk" layout (a Comment row carries its creator, country and
// parent), while the TigerGraph loading jobs read the "projected-fk" layout (one file per edge);
// this module builds the umbra tables from the projected files with joins, then runs umbra's own
// scripts as umbra/load.py does: the schema, the Message view maintenance, the static views and
// the precomputations of BI 4, 6, 19 and 20. The SQL texts are used as written, with the few
// Umbra-only spellings DuckDB lacks rewritten (see `forDuckDb`); all datetimes are UTC, so
// `timestamp with time zone` becomes a plain timestamp.
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
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
  /** Runs umbra/queries/bi-N.sql with parameters already written as SQL literals. */
  bi(query: number, literals: Readonly<Record<string, string>>): Promise<unknown[][]>;
  close(): void;
}

/** One CSV file set of the generated data as a DuckDB table expression. */
function csv(dataDir: string, entity: string, columns: Record<string, string>): string {
  const kind = /_/.test(entity) ? entityKind(entity) : vertexKind(entity);
  const path = join(dataDir, 'initial_snapshot', kind, entity, '*.csv');
  const spec = Object.entries(columns)
    .map(([name, type]) => `'${name}': '${type}'`)
    .join(', ');
  return `read_csv('${path}', delim = '|', header = true, quote = '', escape = '', columns = {${spec}})`;
}

const staticVertices = new Set(['Organisation', 'Place', 'Tag', 'TagClass']);
function vertexKind(entity: string): string {
  return staticVertices.has(entity) ? 'static' : 'dynamic';
}
function entityKind(entity: string): string {
  return staticVertices.has(entity.split('_')[0] ?? '') ? 'static' : 'dynamic';
}

const ts = 'TIMESTAMP';
const edge = { creationDate: ts, src: 'BIGINT', dst: 'BIGINT' };
const staticEdge = { src: 'BIGINT', dst: 'BIGINT' };

/** INSERTs that fill umbra's base tables from the projected-fk files. */
function loadStatements(d: string): string[] {
  const e = (name: string) => csv(d, name, edge);
  const se = (name: string) => csv(d, name, staticEdge);
  return [
    `INSERT INTO Organisation SELECT o.id, o.type, o.name, o.url, l.dst
       FROM ${csv(d, 'Organisation', { id: 'BIGINT', type: 'VARCHAR', name: 'VARCHAR', url: 'VARCHAR' })} o
       JOIN ${se('Organisation_isLocatedIn_Place')} l ON l.src = o.id`,
    `INSERT INTO Place SELECT p.id, p.name, p.url, p.type, l.dst
       FROM ${csv(d, 'Place', { id: 'BIGINT', name: 'VARCHAR', url: 'VARCHAR', type: 'VARCHAR' })} p
       LEFT JOIN ${se('Place_isPartOf_Place')} l ON l.src = p.id`,
    `INSERT INTO Tag SELECT t.id, t.name, t.url, l.dst
       FROM ${csv(d, 'Tag', { id: 'BIGINT', name: 'VARCHAR', url: 'VARCHAR' })} t
       JOIN ${se('Tag_hasType_TagClass')} l ON l.src = t.id`,
    `INSERT INTO TagClass SELECT t.id, t.name, t.url, l.dst
       FROM ${csv(d, 'TagClass', { id: 'BIGINT', name: 'VARCHAR', url: 'VARCHAR' })} t
       LEFT JOIN ${se('TagClass_isSubclassOf_TagClass')} l ON l.src = t.id`,
    `INSERT INTO Comment SELECT c.creationDate, c.id, c.locationIP, c.browserUsed, c.content, c.length,
            cr.dst, lo.dst, rp.dst, rc.dst
       FROM ${csv(d, 'Comment', { creationDate: ts, id: 'BIGINT', locationIP: 'VARCHAR', browserUsed: 'VARCHAR', content: 'VARCHAR', length: 'INTEGER' })} c
       JOIN ${e('Comment_hasCreator_Person')} cr ON cr.src = c.id
       JOIN ${e('Comment_isLocatedIn_Country')} lo ON lo.src = c.id
       LEFT JOIN ${e('Comment_replyOf_Post')} rp ON rp.src = c.id
       LEFT JOIN ${e('Comment_replyOf_Comment')} rc ON rc.src = c.id`,
    `INSERT INTO Forum SELECT f.creationDate, f.id, f.title, m.dst
       FROM ${csv(d, 'Forum', { creationDate: ts, id: 'BIGINT', title: 'VARCHAR' })} f
       LEFT JOIN ${e('Forum_hasModerator_Person')} m ON m.src = f.id`,
    `INSERT INTO Post SELECT p.creationDate, p.id, p.imageFile, p.locationIP, p.browserUsed, p.language,
            p.content, p.length, cr.dst, co.src, lo.dst
       FROM ${csv(d, 'Post', { creationDate: ts, id: 'BIGINT', imageFile: 'VARCHAR', locationIP: 'VARCHAR', browserUsed: 'VARCHAR', language: 'VARCHAR', content: 'VARCHAR', length: 'INTEGER' })} p
       JOIN ${e('Post_hasCreator_Person')} cr ON cr.src = p.id
       JOIN ${e('Forum_containerOf_Post')} co ON co.dst = p.id
       JOIN ${e('Post_isLocatedIn_Country')} lo ON lo.src = p.id`,
    `INSERT INTO Person SELECT p.creationDate, p.id, p.firstName, p.lastName, p.gender, p.birthday,
            p.locationIP, p.browserUsed, l.dst, p.speaks, p.email
       FROM ${csv(d, 'Person', { creationDate: ts, id: 'BIGINT', firstName: 'VARCHAR', lastName: 'VARCHAR', gender: 'VARCHAR', birthday: 'DATE', locationIP: 'VARCHAR', browserUsed: 'VARCHAR', speaks: 'VARCHAR', email: 'VARCHAR' })} p
       JOIN ${e('Person_isLocatedIn_City')} l ON l.src = p.id`,
    `INSERT INTO Forum_hasMember_Person SELECT * FROM ${e('Forum_hasMember_Person')}`,
    `INSERT INTO Forum_hasTag_Tag SELECT * FROM ${e('Forum_hasTag_Tag')}`,
    `INSERT INTO Person_hasInterest_Tag SELECT * FROM ${e('Person_hasInterest_Tag')}`,
    `INSERT INTO Person_studyAt_University SELECT * FROM ${csv(d, 'Person_studyAt_University', { ...edge, classYear: 'INTEGER' })}`,
    `INSERT INTO Person_workAt_Company SELECT * FROM ${csv(d, 'Person_workAt_Company', { ...edge, workFrom: 'INTEGER' })}`,
    // load.py copies the knows file twice, the second time with the two persons swapped.
    `INSERT INTO Person_knows_Person SELECT creationDate, src, dst FROM ${e('Person_knows_Person')}`,
    `INSERT INTO Person_knows_Person SELECT creationDate, dst, src FROM ${e('Person_knows_Person')}`,
    `INSERT INTO Message_hasTag_Tag SELECT * FROM ${e('Comment_hasTag_Tag')}`,
    `INSERT INTO Message_hasTag_Tag SELECT * FROM ${e('Post_hasTag_Tag')}`,
    `INSERT INTO Person_likes_Message SELECT * FROM ${e('Person_likes_Comment')}`,
    `INSERT INTO Person_likes_Message SELECT * FROM ${e('Person_likes_Post')}`,
    // umbra/queries.py load_post: a Post is the root of its own thread.
    `INSERT INTO Message SELECT creationDate, id, id, language, content, imageFile, locationIP,
            browserUsed, length, CreatorPersonId, ContainerForumId, LocationCountryId, NULL::bigint
       FROM Post`,
  ];
}

/** Loads the generated data set (DIR/initial_snapshot/...) the way umbra/load.py does. */
export async function openSqlReference(dataDir: string): Promise<SqlReference> {
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
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
  await script('umbra/ddl/schema-composite-merged-fk.sql');
  for (const s of loadStatements(dataDir)) await run(s);
  await script('umbra/dml/maintain-views.sql');
  await script('umbra/dml/create-static-materialized-views.sql');
  for (const q of [4, 6, 19, 20]) await script(`umbra/dml/precomp/bi-${q}.sql`);

  const all = async (sql: string): Promise<Row[]> => {
    const reader = await conn.runAndReadAll(sql);
    return reader
      .getRowObjectsJS()
      .map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, plain(v)])));
  };
  return {
    all,
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
