// Loading-job forms beyond plain LOAD, run end to end through the embedded service in process
// (GSQL script with DDL, CREATE LOADING JOB and RUN LOADING JOB; POST /restpp/ddl): edge ends
// typed in the VALUES list for wildcard and multi-pair edges, JSON paths in JSON-line files,
// IS [NOT] NUMERIC / IS [NOT] EMPTY in WHERE, DELETE statements, TEMP_TABLE with flatten.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../../../src/core/client/index.js';
import type { RunningServer } from '../../../../src/server/index.js';
import { startInProcess, type InProcessServer } from '../../../helpers/in-process.js';
import { dump } from './helpers.js';

let files: string;
let running: InProcessServer;
let server: RunningServer;
let client: GraphClient;

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), 'gwb-gaps-files-'));
  running = await startInProcess({ prefix: 'gwb-gaps', server: { allowFiles: [files] } });
  server = running.server;
  client = running.client;
  await gsql(`CREATE VERTEX User (PRIMARY_ID id UINT, name STRING)
CREATE VERTEX Product (PRIMARY_ID id UINT)
CREATE VERTEX Picture (PRIMARY_ID id STRING)
CREATE VERTEX Book (PRIMARY_ID id STRING, title STRING)
CREATE VERTEX Genre (PRIMARY_ID id STRING, label STRING)
CREATE VERTEX Enc (PRIMARY_ID id STRING, score FLOAT DEFAULT -1, age STRING DEFAULT "unknown", length INT DEFAULT -1)
CREATE UNDIRECTED EDGE Purchase (FROM *, TO *)
CREATE DIRECTED EDGE Visit (FROM User, TO User | FROM User, TO Product, year INT)
CREATE UNDIRECTED EDGE Book_Genre (FROM Book, TO Genre)
CREATE GRAPH shop (*)`);
}, 60_000);

afterAll(async () => {
  await running.close();
  rmSync(files, { recursive: true, force: true });
});

async function gsql(script: string): Promise<string> {
  const answer = await client.gsql(script);
  if (!answer.ok) throw new Error(`GSQL failed (${answer.returnCode}):\n${answer.output}`);
  return answer.output;
}

/** Writes the input, then creates and runs the job (named after the file) on it. */
async function load(name: string, input: string, body: string): Promise<string> {
  writeFileSync(join(files, name), input);
  const job = name.replace(/\W/g, '_');
  return gsql(
    `USE GRAPH shop\nCREATE LOADING JOB ${job} FOR GRAPH shop {\n${body}\n}\n` +
      `RUN LOADING JOB ${job} USING f="${join(files, name)}"`,
  );
}

const data = () => dump(server.engine);

describe('edge ends typed in the VALUES list', () => {
  it('loads a wildcard edge with literal end types (the reference example)', async () => {
    await load(
      'purchase.csv',
      '1,2,p9\n3,4,p8\n',
      'DEFINE FILENAME f;\nLOAD f TO EDGE Purchase VALUES ($0 User, $1 Product),\n' +
        '  TO EDGE Purchase VALUES ($0 User, $2 Picture);',
    );
    expect(data().edges.Purchase).toEqual(['1->2 {}', '1->p9 {}', '3->4 {}', '3->p8 {}']);
    expect(Object.keys(data().vertices.Picture ?? {}).sort()).toEqual(['p8', 'p9']);
  });

  it('takes the target type from a column, rejecting types the pairs do not allow', async () => {
    await load(
      'visit.csv',
      '7,User,8,2012\n7,Product,4057,2017\n9,Book,b1,2020\n',
      'DEFINE FILENAME f;\nLOAD f TO EDGE Visit VALUES ($0 User, $2 $1, $3);',
    );
    expect(data().edges.Visit).toEqual(['7->4057 {"year":2017}', '7->8 {"year":2012}']);
  });

  it('refuses an ambiguous end without a type, naming line:column in the script', async () => {
    const answer = await client.gsql(
      'USE GRAPH shop\nCREATE LOADING JOB amb FOR GRAPH shop {\n  DEFINE FILENAME f;\n' +
        '  LOAD f TO EDGE Purchase VALUES ($0, $1);\n}',
    );
    expect(answer.ok).toBe(false);
    expect(answer.output).toMatch(
      /Semantic Check Fails: 4:10: loading job "amb": edge Purchase allows several source vertex types/,
    );
  });
});

describe('WHERE with IS NUMERIC and IS EMPTY', () => {
  it('keeps numeric ids with a non-empty name', async () => {
    await load(
      'users.csv',
      '11,Ann\n12,\nx3,Bob\n 14 ,Cid\n1.,Dan\n',
      'DEFINE FILENAME f;\nLOAD f TO VERTEX User VALUES ($0, $1) ' +
        'WHERE $0 IS NUMERIC AND $1 IS NOT EMPTY;',
    );
    const users = data().vertices.User ?? {};
    expect(users['11']).toEqual({ name: 'Ann' });
    expect(users['14']).toEqual({ name: 'Cid' });
    expect(users['12']).toBeUndefined();
    expect(Object.values(users)).not.toContainEqual({ name: 'Dan' });
  });
});

describe('JSON lines', () => {
  it('reads nested keys with $"key":"sub"', async () => {
    await load(
      'enc.json',
      '{"name":"a","indent":{"length":3},"prop":{"age":"old"}}\n{"name":"b","indent":{}}\n',
      'DEFINE FILENAME f;\nLOAD f TO VERTEX Enc VALUES ($"name", _, $"prop":"age", ' +
        '$"indent":"length") USING JSON_FILE="true";',
    );
    const enc = data().vertices.Enc ?? {};
    expect(enc.a).toEqual({ score: -1, age: 'old', length: 3 });
    expect(enc.b).toEqual({ score: -1, age: 'unknown', length: -1 });
  });
});

describe('TEMP_TABLE and flatten', () => {
  it('one-level flatten (the reference book example)', async () => {
    await load(
      'book1.dat',
      '101|"Harry Potter"|"fiction,fantasy,young adult"\n102|"Three-Body"|"fiction,Chinese"\n',
      'DEFINE FILENAME f;\nLOAD f TO VERTEX Book VALUES ($0, $1),\n' +
        '  TO TEMP_TABLE t1 (bookcode, genre) VALUES ($0, flatten($2, ",", 1))\n' +
        '  USING QUOTE="double", SEPARATOR="|";\n' +
        'LOAD TEMP_TABLE t1 TO VERTEX Genre VALUES ($"genre", $"genre"),\n' +
        '  TO EDGE Book_Genre VALUES ($"bookcode", $"genre");',
    );
    const d = data();
    expect(Object.keys(d.vertices.Genre ?? {}).sort()).toEqual([
      'Chinese',
      'fantasy',
      'fiction',
      'young adult',
    ]);
    expect(d.edges.Book_Genre).toEqual([
      '101->fantasy {}',
      '101->fiction {}',
      '101->young adult {}',
      '102->Chinese {}',
      '102->fiction {}',
    ]);
  });

  it('two-level flatten fills two columns', async () => {
    await load(
      'book2.dat',
      '103|"X"|"FIC:fiction,SF:science fiction"\n',
      'DEFINE FILENAME f;\nLOAD f TO TEMP_TABLE t2 (bookcode, gid, gname) ' +
        'VALUES ($0, flatten($2, ",", ":", 2)) USING QUOTE="double", SEPARATOR="|";\n' +
        'LOAD TEMP_TABLE t2 TO VERTEX Genre VALUES ($"gid", $"gname"),\n' +
        '  TO EDGE Book_Genre VALUES ($0, $1);',
    );
    const d = data();
    expect(d.vertices.Genre?.SF).toEqual({ label: 'science fiction' });
    expect(d.edges.Book_Genre).toContain('103->FIC {}');
  });

  it('flatten_json_array of primitives and of objects', async () => {
    await load(
      'plugins.json',
      '{"plug-ins":["C","c++"],"indent":{"length":3}}\n' +
        '{"plug-ins":[null,{"lang":"go","score":4.0,"prop":{"age":"new"}},{"lang":"py"}],"indent":{"length":30}}\n',
      'DEFINE FILENAME f;\n' +
        'LOAD f TO TEMP_TABLE p (name, length) VALUES (flatten_json_array($"plug-ins"), ' +
        '$"indent":"length") USING JSON_FILE="true";\n' +
        'LOAD f TO TEMP_TABLE o (name, score, age, length) VALUES (flatten_json_array(' +
        '$"plug-ins", $"lang", $"score", $"prop":"age"), $"indent":"length") USING JSON_FILE="true";\n' +
        'LOAD TEMP_TABLE p TO VERTEX Enc VALUES ($"name", _, _, $"length");\n' +
        'LOAD TEMP_TABLE o TO VERTEX Enc VALUES ($"name", $"score", $"age", $"length");',
    );
    const enc = data().vertices.Enc ?? {};
    expect(enc.C).toEqual({ score: -1, age: 'unknown', length: 3 });
    expect(enc['c++']).toEqual({ score: -1, age: 'unknown', length: 3 });
    expect(enc.go).toEqual({ score: 4, age: 'new', length: 30 });
    expect(enc.py).toEqual({ score: -1, age: 'unknown', length: 30 });
  });
});

describe('DELETE statements', () => {
  it('deletes vertices and edges named by the lines', async () => {
    await load(
      'seed.csv',
      '21,22\n21,23\n24,22\n',
      'DEFINE FILENAME f;\nLOAD f TO EDGE Visit VALUES ($0 User, $1 User, 1);',
    );
    expect(data().edges.Visit).toContain('21->22 {"year":1}');
    await load(
      'del-edge.csv',
      '21,22\n',
      'DEFINE FILENAME f;\nDELETE EDGE Visit (FROM $0, TO $1 User) FROM f;',
    );
    let visits = data().edges.Visit ?? [];
    expect(visits).not.toContain('21->22 {"year":1}');
    expect(visits).toContain('21->23 {"year":1}');
    await load('del-from.csv', '21\n', 'DEFINE FILENAME f;\nDELETE EDGE * (FROM $0 User) FROM f;');
    visits = data().edges.Visit ?? [];
    expect(visits.filter((e) => e.startsWith('21->'))).toEqual([]);
    expect(visits).toContain('24->22 {"year":1}');
    await load(
      'del-vertex.csv',
      '24,x\n23,keep\n',
      'DEFINE FILENAME f;\nDELETE VERTEX User (PRIMARY_ID $0) FROM f WHERE $1 == "x";',
    );
    const users = data().vertices.User ?? {};
    expect(users['24']).toBeUndefined();
    expect(users['23']).toBeDefined();
  });

  it('runs through POST /restpp/ddl with delete statistics', async () => {
    await gsql(
      'USE GRAPH shop\nCREATE LOADING JOB del_ddl FOR GRAPH shop {\n  DEFINE FILENAME f;\n' +
        '  DELETE VERTEX Genre (PRIMARY_ID $0) FROM f;\n}',
    );
    const results = await client.call('loadData', {
      path: { graph_name: 'shop' },
      query: { tag: 'del_ddl', filename: 'f' },
      body: 'fiction\nfantasy\n',
    });
    expect(results[0]?.statistics).toMatchObject({
      validLine: 2,
      deleteVertex: [expect.objectContaining({ typeName: 'Genre', validObject: 2 })],
    });
    const genres = Object.keys(data().vertices.Genre ?? {});
    expect(genres).not.toContain('fiction');
    expect(genres).not.toContain('fantasy');
  });
});
