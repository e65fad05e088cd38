// The non-interactive mode as real child processes (`node dist/cli.js repl ...`) against a real
// `gwb serve` child: scripts that create a schema, load data and read it back, with the exit
// codes 0 (success), 1 (a GSQL or query error) and 2 (connection or authentication failure).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGwb } from '../helpers/gwb.js';
import { ensureFreshBuild, startGwbServe, type GwbServe } from '../helpers/serve.js';

let serve: GwbServe;
let files: string;

const schema = `CREATE VERTEX member (PRIMARY_ID id STRING, name STRING, age INT) WITH primary_id_as_attribute="true"
CREATE UNDIRECTED EDGE friend (FROM member, TO member)
CREATE GRAPH club (member, friend)`;

function loadJob(dir: string): string {
  return `USE GRAPH club
CREATE LOADING JOB load_club FOR GRAPH club {
  DEFINE FILENAME people = "${join(dir, 'people.csv')}";
  DEFINE FILENAME links = "${join(dir, 'knows.csv')}";
  LOAD people TO VERTEX member VALUES ($0, $1, $2) USING header="true", separator=",";
  LOAD links TO EDGE friend VALUES ($0, $1) USING separator=",";
}
RUN LOADING JOB load_club`;
}

function script(name: string, text: string): string {
  const path = join(files, name);
  writeFileSync(path, text);
  return path;
}

const repl = (args: string[], input?: string) =>
  runGwb(['repl', '--url', serve.url, ...args], input === undefined ? {} : { input });

beforeAll(async () => {
  ensureFreshBuild();
  files = mkdtempSync(join(tmpdir(), 'gwb-repl-'));
  writeFileSync(join(files, 'people.csv'), 'id,name,age\nu1,Ann,30\nu2,Bob,41\nu3,Cy,25\n');
  writeFileSync(join(files, 'knows.csv'), 'u1,u2\nu2,u3\n');
  serve = await startGwbServe({ args: ['--allow-files', files] });
  const setup = repl(['-f', script('setup.gsql', `${schema}\n${loadJob(files)}\n`)]);
  expect(setup.stderr).toBe('');
  expect(setup.status).toBe(0);
  expect(setup.stdout).toContain('The graph club is created.');
  expect(setup.stdout).toContain('valid lines: 3, rejected lines: 0');
}, 60_000);

afterAll(async () => {
  await serve?.stop();
  if (files) rmSync(files, { recursive: true, force: true });
});

describe('gwb repl -f / -c / stdin', () => {
  it('reads loaded data back with meta commands (exit 0)', () => {
    const run = repl([
      '--graph',
      'club',
      '-f',
      script('read.gsql', '\\vertex member u2\n\\path member:u1 member:u3\n\\schema member\n'),
    ]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/│ u2 +│ member +│ u2 +│ Bob +│ +41 │/);
    expect(run.stdout).toContain('path 1: edges (2 hops)');
    expect(run.stdout).toContain('member (vertex)');
  });

  it('takes a script on stdin and prints csv or json', () => {
    const csv = repl(['--format', 'csv'], 'USE GRAPH club\n\\vertex member u1\n');
    expect(csv.status).toBe(0);
    expect(csv.stdout).toContain('v_id,v_type,id,name,age\nu1,member,u1,Ann,30');
    const json = repl(['--graph', 'club', '--format', 'json', '-c', '\\vertex member u3']);
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([
      { member: [{ v_id: 'u3', v_type: 'member', attributes: { id: 'u3', name: 'Cy', age: 25 } }] },
    ]);
  });

  it('stops at the first GSQL error with exit 1, or goes on when told to', () => {
    const text =
      'USE GRAPH club\nCREATE VERTEX broken (PRIMARY_ID id STRING, x NOSUCHTYPE)\n\\vertex member u1\n';
    const stop = repl(['-f', script('bad.gsql', text)]);
    expect(stop.status).toBe(1);
    expect(stop.stderr).toContain('ERROR');
    expect(stop.stdout).not.toContain('Ann');
    const go = repl(['--continue-on-error', '-f', script('bad2.gsql', text)]);
    expect(go.status).toBe(1);
    expect(go.stdout).toContain('Ann');
  });

  it('reports a syntax error with the line and a caret', () => {
    const run = repl(['-c', 'CREATE VERTEX v (PRIMARY_ID id STRING,, name STRING)']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/ERROR .*1:\d+/);
    expect(run.stderr).toContain('1 | CREATE VERTEX v (PRIMARY_ID id STRING,, name STRING)');
    expect(run.stderr).toMatch(/\n +\^/);
  });

  it('names every error of a message on its own line, as file:line:col of the script', () => {
    // Two statements before the query; the query starts on line 4, indented.
    const text = [
      'USE GRAPH club',
      'LS',
      '',
      '  INTERPRET QUERY () FOR GRAPH club {',
      '  S = {nosuch.*};',
      '  T = {other.*};',
      '  PRINT S.agee;',
      '}',
    ].join('\n');
    const file = script('multi-error.gsql', text);
    const run = repl(['-f', file]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${file}:5:8: ERROR`);
    // Each error of the message sits on the file's line that holds the mistake.
    expect(run.stderr).toMatch(/5:8: unknown vertex type nosuch/);
    expect(run.stderr).toMatch(/6:8: unknown vertex type other/);
    expect(run.stderr).toMatch(/7:\d+: .*agee/);
    expect(run.stderr).toContain('5 |   S = {nosuch.*};');
  });

  it('reports line 1 for a one-line query, with or without a graph in use', () => {
    for (const graph of [[], ['--graph', 'club']]) {
      const run = repl([...graph, '-c', 'INTERPRET QUERY () FOR GRAPH club { PRINT nosuch; }']);
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/ERROR .* 1:\d+: /);
      expect(run.stderr).toContain('1 | INTERPRET QUERY');
    }
  });

  it('shows defaults in \\describe and says the pager is off without a terminal', () => {
    const text = `USE GRAPH club
CREATE QUERY adults(INT min_age = 18, STRING label = "x") FOR GRAPH club {
  s = {member.*};
  PRINT s;
}
INSTALL QUERY adults
\\describe adults
\\pager on`;
    const run = repl(['-f', script('describe.gsql', text)]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/│ min_age +│ INT +│ 18 +│/);
    expect(run.stdout).toMatch(/│ label +│ STRING +│ x +│/);
    expect(run.stderr).toContain('Pager is off: there is no pager here');
  });

  it('takes GSQL-shell habits: named RUN QUERY arguments and the built-in SELECT', () => {
    const text = `USE GRAPH club
CREATE QUERY aged(INT min_age, INT max_age = 100) FOR GRAPH club {
  s = {member.*};
  r = SELECT m FROM s:m WHERE m.age >= min_age AND m.age <= max_age;
  PRINT r;
}
INSTALL QUERY aged
RUN QUERY aged(min_age=40)
SELECT * FROM member WHERE name == "Ann" LIMIT 3
SELECT count() FROM member`;
    const run = repl(['-f', script('habits.gsql', text)]);
    expect(run.status, run.stderr).toBe(0);
    // min_age by name; max_age keeps its default: Bob (41) only.
    expect(run.stdout).toMatch(/r \(1 row\)[\s\S]*│ u2 +│ member/);
    expect(run.stdout).toMatch(/member \(1 row\)[\s\S]*│ u1 +│ member +│ u1 +│ Ann/);
    expect(run.stdout).toMatch(/count: 3/);
  });

  it('creates, installs and runs a query, or says plainly that queries are not there yet', () => {
    const text = `USE GRAPH club
CREATE QUERY older(INT min) FOR GRAPH club {
  s = {member.*};
  r = SELECT m FROM s:m WHERE m.age >= min;
  PRINT r;
}
INSTALL QUERY older
RUN QUERY older(30)`;
    const run = repl(['-f', script('query.gsql', text)]);
    if (run.status === 0) {
      expect(run.stdout).toMatch(/r \(2 rows\)/);
      expect(run.stdout).toContain('Bob');
    } else {
      // Until query execution lands in the embedded service (issue of another engineer).
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('Queries are not supported by the embedded service yet.');
    }
  });

  it('exits 2 when the server cannot be reached or refuses the credentials', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = probe.address() as { port: number };
        probe.close(() => resolve(p));
      });
    });
    const down = runGwb(['repl', '--url', `http://127.0.0.1:${port}`, '-c', 'LS']);
    expect(down.status).toBe(2);
    expect(down.stderr).toContain('GWB-CONNECT');
    const denied = runGwb(['repl', '--url', serve.url, '--password', 'wrong', '-c', 'LS']);
    expect(denied.status).toBe(2);
  });

  it('sends results to a file with \\o and runs another script with \\i', () => {
    const out = join(files, 'out.txt');
    const inner = script('inner.gsql', '\\vertex member u3\n');
    const run = repl([
      '--graph',
      'club',
      '-c',
      `\\o ${out}\n\\i ${inner}\n\\o\n\\vertex member u1`,
    ]);
    expect(run.status).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/│ u3 +│ member +│ u3 +│ Cy/);
    // The file holds plain text, never the terminal's colour codes.
    expect(readFileSync(out, 'utf8')).not.toContain('\x1b[');
    expect(run.stdout).toContain('Ann');
    expect(run.stdout).not.toContain('Cy');
  });

  it('\\demo creates the sample graph and its queries, and runs again without a false failure', () => {
    const run = repl(['-c', '\\demo\n\\vertex person p1\n\\schema']);
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/Graph demo: 2160 vertices and \d{4,} edges upserted\./);
    expect(run.stdout).toMatch(/│ p1 +│ person +│/);
    expect(run.stdout).toContain('works_at');
    expect(run.stderr).toContain(
      'Installed queries: neighbours, khop_count, pagerank, shortest_hops.',
    );
    // Again on the same server: the data is refreshed and the queries replaced, no failure.
    const again = repl(['-c', '\\demo']);
    expect(again.status).toBe(0);
    expect(again.stderr).toContain('graph demo exists');
    expect(again.stderr).toContain(
      'Installed queries: neighbours, khop_count, pagerank, shortest_hops.',
    );
    expect(again.stderr).not.toContain('could not be installed');
  });

  it('switches servers and graphs with \\connect and \\graph; \\help lists the commands', () => {
    const run = repl(['-c', `\\connect ${serve.url} tigergraph\n\\graph club\n\\graph\n\\help`]);
    expect(run.status).toBe(0);
    expect(run.stderr).toContain(
      `Connected to ${serve.url} as tigergraph (roles: superuser globally)`,
    );
    expect(run.stderr).toContain('Using graph club.');
    expect(run.stdout).toMatch(/^\* club$/m);
    for (const command of [
      '\\describe QUERY',
      '\\path FROM_TYPE:ID',
      '\\format',
      '\\demo',
      '\\q',
    ]) {
      expect(run.stdout).toContain(command);
    }
    const missing = repl(['-c', '\\graph nosuch']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('graph nosuch does not exist');
  });
});
