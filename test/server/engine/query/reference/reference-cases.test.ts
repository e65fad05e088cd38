// Reference-behaviour cases (issue 15): each `<topic>.txt` fixture in this folder is one fresh
// engine, driven by a GSQL shell session the way the GSQL shell is: its `## setup` script runs
// once, then each case's script in order, and the JSON `results` of the case's LAST run are
// compared with what the real service prints for the same query on the same data (read from the
// GSQL reference's pages; each case names its page). Format (see REFCASES in the issue notes):
//   ## setup
//   <GSQL script; "{data}" stands for the companion folder <topic>.data/, where loading jobs
//    and queries may read files; "{tmp}" for an empty folder of the fixture's own, where
//    queries may write FILE objects and read them back>
//   # case name (the behaviour and the reference page)
//   <GSQL script>
//   ==> results              the results array, exactly (object key order aside)
//   ==> results unordered    every array compared as a multiset, at every depth
//   ==> error CODE           the script's last statement fails with CODE and changes nothing
//   <expected JSON>
// A line starting "# " always opens a case, so scripts write their comments with // or /* */.
// Every fixture runs twice, with the generated-code tier of SELECT on and off (the query
// service's `generatedCode` switch, as cases.test.ts passes CompileEnv.generatedCode): the two
// tiers must agree with the reference and so with each other.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from '../../../../../src/core/gsql/index.js';
import { parseJson, stringifyJson } from '../../../../../src/core/json.js';
import { Engine } from '../../../../../src/server/engine/engine.js';
import { queryService } from '../../../../../src/server/engine/queries/service.js';
import { ShellSession, type ShellResult } from '../../../../../src/server/engine/shell/session.js';
import { shellServices } from '../../../../../src/server/handlers/shell-services.js';

type Expectation =
  | { readonly kind: 'results'; readonly unordered: boolean; readonly json: unknown }
  | { readonly kind: 'error'; readonly code: string };

interface Case {
  readonly name: string;
  /** 1-based line of the case's `#` header in its file, for failure messages. */
  readonly line: number;
  readonly script: string;
  readonly expect: Expectation;
}

interface Fixture {
  readonly setup: string;
  readonly cases: readonly Case[];
}

const folder = fileURLToPath(new URL('./', import.meta.url));

function expectation(file: string, line: number, header: string, body: string): Expectation {
  const error = /^==> error (\S+)\s*$/.exec(header);
  if (error) return { kind: 'error', code: error[1] ?? '' };
  const results = /^==> results( unordered)?\s*$/.exec(header);
  if (!results) throw new Error(`${file}:${line}: unknown expectation "${header}"`);
  try {
    return { kind: 'results', unordered: results[1] !== undefined, json: parseJson(body) };
  } catch (e) {
    throw new Error(`${file}:${line}: expected JSON does not parse: ${String(e)}`);
  }
}

function readFixture(file: string, text: string): Fixture {
  const lines = text.split('\n');
  let setup: string[] | null = null;
  const cases: Case[] = [];
  let current: { name: string; line: number; script: string[]; header?: string; body: string[] } = {
    name: '',
    line: 0,
    script: [],
    body: [],
  };
  const finish = (): void => {
    if (current.line === 0) return;
    if (current.header === undefined)
      throw new Error(`${file}:${current.line}: case "${current.name}" has no "==>" line`);
    cases.push({
      name: current.name,
      line: current.line,
      script: current.script.join('\n'),
      expect: expectation(file, current.line, current.header, current.body.join('\n')),
    });
  };
  for (const [i, line] of lines.entries()) {
    if (line === '## setup' && setup === null && current.line === 0) {
      setup = [];
    } else if (line.startsWith('# ')) {
      finish();
      current = { name: line.slice(2).trim(), line: i + 1, script: [], body: [] };
    } else if (current.line !== 0) {
      if (line.startsWith('==> ') && current.header === undefined) current.header = line.trim();
      else (current.header === undefined ? current.script : current.body).push(line);
    } else if (setup !== null) {
      setup.push(line);
    } else if (line.trim() !== '') {
      throw new Error(`${file}:${i + 1}: text before "## setup" or the first case`);
    }
  }
  finish();
  return { setup: (setup ?? []).join('\n'), cases };
}

/** Arrays at every depth sorted by their canonical text, so multisets compare equal. */
function unordered(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value
      .map(unordered)
      .map((v) => [canonical(v), v] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, v]) => v);
  }
  if (value !== null && typeof value === 'object') {
    const o: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) o[k] = unordered(v);
    return o;
  }
  return value;
}

/** JSON text with object keys sorted (key order is not significant). */
function canonical(value: unknown): string {
  const sortKeys = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sortKeys);
    if (v !== null && typeof v === 'object') {
      const o: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) o[k] = sortKeys((v as Record<string, unknown>)[k]);
      return o;
    }
    return v;
  };
  return stringifyJson(sortKeys(value));
}

/** The `results` of the last JSON answer the shell printed. */
function lastResults(result: ShellResult): unknown {
  for (let i = result.lines.length - 1; i >= 0; i--) {
    const line = result.lines[i] ?? '';
    if (!line.startsWith('{')) continue;
    const answer = parseJson(line) as { results?: unknown };
    return answer.results;
  }
  return undefined;
}

/** What an error case must leave as it was: the catalog and the number of vertices and edges. */
function state(engine: Engine): string {
  const counts: string[] = [];
  for (const [name, t] of engine.graph.vertices) counts.push(`${name}:${t.slotOf.size}`);
  for (const [name, t] of engine.graph.edges) counts.push(`${name}:${t.liveCount}`);
  return `${stringifyJson(engine.catalog)}\n${counts.join(' ')}`;
}

function failure(file: string, c: Case, what: string, result: ShellResult): string {
  return `${file}:${c.line} "${c.name}": ${what}\n--- shell output (rc ${result.returnCode}):\n${result.lines.join('\n')}`;
}

async function runCase(
  file: string,
  c: Case,
  engine: Engine,
  session: ShellSession,
  data: string,
  files: string,
): Promise<void> {
  const script = c.script.split('{data}').join(data).split('{tmp}').join(files);
  if (c.expect.kind === 'results') {
    const result = await session.run(script);
    if (result.returnCode !== 0) throw new Error(failure(file, c, 'the script failed', result));
    const got = lastResults(result);
    if (got === undefined) throw new Error(failure(file, c, 'no query ran', result));
    const [want, have] = c.expect.unordered
      ? [unordered(c.expect.json), unordered(got)]
      : [c.expect.json, got];
    expect(
      canonical(have),
      `${file}:${c.line} "${c.name}"\nexpected: ${canonical(want)}\n     got: ${canonical(have)}`,
    ).toBe(canonical(want));
    return;
  }
  // An error case: everything before the last statement must succeed, the last must fail with
  // the code and leave the engine as it was (a script with syntax errors runs nothing at all).
  const { ast, diagnostics } = parse(script);
  const last = ast.statements.at(-1);
  let prefix = '';
  let tail = script;
  if (!diagnostics.some((d) => d.severity === 'error') && last) {
    prefix = script.slice(0, last.range.start.offset);
    tail = script.slice(last.range.start.offset);
  }
  if (prefix.trim() !== '') {
    const before = await session.run(prefix);
    if (before.returnCode !== 0)
      throw new Error(failure(file, c, 'a statement before the last failed', before));
  }
  const snapshot = state(engine);
  const result = await session.run(tail);
  if (result.returnCode === 0)
    throw new Error(failure(file, c, `expected error ${c.expect.code}, got success`, result));
  expect(result.errorCode, failure(file, c, `expected error ${c.expect.code}`, result)).toBe(
    c.expect.code,
  );
  expect(state(engine), `${file}:${c.line} "${c.name}": the failure changed the engine`).toBe(
    snapshot,
  );
}

for (const file of readdirSync(folder).filter((f) => f.endsWith('.txt'))) {
  const fixture = readFixture(file, readFileSync(join(folder, file), 'utf8'));
  const data = join(folder, file.replace(/\.txt$/, '.data'));
  for (const generatedCode of [true, false]) {
    describe(`${file} (generated code ${generatedCode ? 'on' : 'off'})`, () => {
      let dir: string;
      let engine: Engine;
      let session: ShellSession;
      let files: string;
      beforeAll(async () => {
        dir = mkdtempSync(join(tmpdir(), 'gwb-refcase-'));
        files = mkdtempSync(join(tmpdir(), 'gwb-refcase-files-'));
        engine = await Engine.open({ dir, rebuildIntervalMs: 0 });
        queryService(engine).generatedCode = generatedCode;
        session = new ShellSession(
          engine,
          shellServices(engine, existsSync(data) ? [data, files] : [files]),
        );
        if (fixture.setup.trim() === '') return;
        const result = await session.run(
          fixture.setup.split('{data}').join(data).split('{tmp}').join(files),
        );
        if (result.returnCode !== 0)
          throw new Error(`${file}: the setup failed:\n${result.lines.join('\n')}`);
      });
      afterAll(async () => {
        await engine.close();
        rmSync(dir, { recursive: true, force: true });
        rmSync(files, { recursive: true, force: true });
      });
      for (const c of fixture.cases) {
        it(c.name, () => runCase(file, c, engine, session, data, files));
      }
    });
  }
}
