// openCypher bodies in the GSQL front end: where refusals and syntax errors point (the shell and
// `gwb check` print these line:column positions), what the translation hands the engine, and
// the editor-facing entry points (formatting, REPL input state, statement splitting,
// highlighting). Their results on a real engine are pinned by the reference cases
// test/server/engine/query/reference/cypher-*.txt.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  check,
  format,
  highlightTokens,
  inputState,
  parse,
  splitStatements,
  withoutRanges,
  type CreateQuery,
  type Diagnostic,
  type InterpretBlock,
} from '../../../src/core/gsql/index.js';

function firstError(text: string): Diagnostic | undefined {
  return parse(text).diagnostics.find((d) => d.severity === 'error');
}

function at(d: Diagnostic | undefined): string {
  return d ? `${d.code} ${d.range.start.line}:${d.range.start.column}` : 'none';
}

const body = (lines: string[]) =>
  ['INTERPRET OPENCYPHER QUERY () FOR GRAPH g {', ...lines, '}'].join('\n');

describe('openCypher refusals and syntax errors', () => {
  it('names the line and column of an unsupported clause, function or shape', () => {
    expect(at(firstError(body(['  MATCH (a:T)', '  UNWIND [1] AS x', '  RETURN a'])))).toBe(
      'GSQL-UNSUPPORTED 3:3',
    );
    expect(at(firstError(body(['  MATCH (a:T)', '  RETURN   size(a.name) AS s'])))).toBe(
      'GSQL-UNSUPPORTED 3:12',
    );
    expect(at(firstError(body(['MATCH p = (a:T)-[:E]->(b)', 'RETURN a'])))).toBe(
      'GSQL-UNSUPPORTED 2:7',
    );
    const afterAggregate = body([
      'MATCH (a:T)',
      'WITH a.k AS k, count(a) AS n',
      '  MATCH (b:T)',
      'RETURN b',
    ]);
    expect(at(firstError(afterAggregate))).toBe('GSQL-UNSUPPORTED 4:3');
  });

  it('reports a missing RETURN, an unaliased WITH expression and a bad token as syntax errors', () => {
    expect(at(firstError(body(['MATCH (a:T)', 'WITH a'])))).toBe('GSQL-SYNTAX 4:1');
    expect(at(firstError(body(['MATCH (a:T)', 'WITH a.name', 'RETURN a'])))).toBe(
      'GSQL-SYNTAX 3:6',
    );
    expect(at(firstError(body(['MATCH (a:T) WHERE a.x = ', 'RETURN a'])))).toBe('GSQL-SYNTAX 3:1');
  });

  it('reports one error for a broken body and reads the statements after it', () => {
    const text = `${body(['MATCH (a:T)', 'UNWIND [1] AS x', 'RETURN a'])}\nLS`;
    const { ast, diagnostics } = parse(text);
    expect(diagnostics.filter((d) => d.severity === 'error')).toHaveLength(1);
    expect(ast.statements.map((s) => s.kind)).toEqual(['InterpretBlock', 'Ls']);
  });
});

describe('openCypher headers', () => {
  it('reads the forms of the web-shell page: DISTRIBUTED, OR REPLACE, a named INTERPRET', () => {
    const text = [
      'CREATE DISTRIBUTED OPENCYPHER QUERY get_user() FOR GRAPH g {',
      '  MATCH (u:user) WHERE u.id = "test" RETURN u',
      '}',
      'CREATE OR REPLACE OPENCYPHER QUERY test1(){',
      '  MATCH (n:Person)',
      '  RETURN percentileCont(n.age, 0.4)',
      '}',
      'INTERPRET OPENCYPHER QUERY named(INT k) FOR GRAPH g { MATCH (u:user) RETURN u }',
    ].join('\n');
    const { ast, diagnostics } = parse(text);
    expect(diagnostics).toEqual([]);
    const [a, b, c] = ast.statements;
    expect(a).toMatchObject({ kind: 'CreateQuery', distributed: true, name: 'get_user' });
    expect(b).toMatchObject({ kind: 'CreateQuery', orReplace: true, graph: null });
    expect(c).toMatchObject({ kind: 'InterpretBlock', graph: 'g' });
    expect(check(text).diagnostics).toEqual([]);
  });
});

describe('openCypher translation', () => {
  it('turns MATCH ... RETURN into one SQL-like SELECT INTO T and PRINT T', () => {
    const text = body([
      'MATCH (a:T {name: $nm})-[e:E]->(b:T)',
      'WHERE e.w > 1 AND b.name STARTS WITH "x"',
      'RETURN a.name, sum(e.w) AS total',
      'ORDER BY total DESC SKIP 1 LIMIT 2',
    ]);
    const q = parse(text).ast.statements[0] as InterpretBlock;
    expect(q.opencypher).toContain('MATCH (a:T {name: $nm})');
    expect(q.body.map((s) => s.kind)).toEqual(['TableSelect', 'Print']);
    const [select] = q.body;
    if (select?.kind !== 'TableSelect') throw new Error('expected a TableSelect');
    expect(select.into).toBe('T');
    expect(select.columns.map((c) => c.alias)).toEqual([null, 'total']);
    expect(select.limit?.offset).not.toBeNull();
    // The property map and the WHERE are one condition over the FROM aliases and the parameter.
    const where = JSON.stringify(withoutRanges(select.where));
    expect(where).toContain('"name":"nm"');
    expect(where).toContain('"name":"find"');
  });

  it('names the table by the tables WITH and RETURN make, and prints one vertex as VS_XXX', () => {
    const into = (lines: string[]) => {
      const q = parse(body(lines)).ast.statements[0] as InterpretBlock;
      const s = q.body[0];
      return s?.kind === 'TableSelect' ? s.into : s?.kind;
    };
    expect(into(['MATCH (a:T)', 'RETURN a'])).toBe('VS_XXX');
    expect(into(['MATCH (a:T)', 'WITH a', 'RETURN a.name'])).toBe('T_1');
    expect(into(['MATCH (a:T)', 'WITH a.name AS n', 'RETURN n'])).toBe('T');
    expect(into(['MATCH (a:T)', 'WITH a.k AS k, a.name AS n', 'RETURN k, count(n) AS c'])).toBe(
      'T_1',
    );
  });
});

describe('openCypher in editors', () => {
  const create = [
    'CREATE OR REPLACE OPENCYPHER QUERY q(STRING nm) FOR GRAPH g {',
    '    MATCH (a:T {name: $nm})',
    '    RETURN a',
    '}',
  ].join('\n');

  it('formats a query with its openCypher body as written and reads it back the same', () => {
    const { ast } = parse(create);
    const text = format(ast).trimEnd();
    expect(text).toBe(
      [
        'CREATE OR REPLACE OPENCYPHER QUERY q(STRING nm) FOR GRAPH g {',
        '  MATCH (a:T {name: $nm})',
        '  RETURN a',
        '}',
      ].join('\n'),
    );
    const again = parse(text).ast.statements[0] as CreateQuery;
    const first = ast.statements[0] as CreateQuery;
    expect(withoutRanges(again.body)).toEqual(withoutRanges(first.body));
    expect(again.opencypher?.trim()).toBe('MATCH (a:T {name: $nm})\n  RETURN a');
  });

  it('waits for the closing brace in the REPL and splits scripts at openCypher queries', () => {
    expect(inputState('CREATE OPENCYPHER QUERY q() {\n  MATCH (a:T)')).toBe('incomplete');
    expect(inputState(create)).toBe('complete');
    const parts = splitStatements(`USE GRAPH g\n${create}\nINSTALL QUERY q`);
    expect(parts.map((p) => p.kind)).toEqual(['UseGraph', 'CreateQuery', 'InstallQuery']);
  });

  it('highlights OPENCYPHER and the openCypher clause and operator words as keywords', () => {
    const text = 'INTERPRET OPENCYPHER QUERY () { MATCH (a) WHERE a.x STARTS WITH "y" RETURN a }';
    const keywords = highlightTokens(text)
      .filter((s) => s.cls === 'keyword')
      .map((s) => text.slice(s.start, s.end));
    expect(keywords).toEqual([
      'INTERPRET',
      'OPENCYPHER',
      'QUERY',
      'MATCH',
      'WHERE',
      'STARTS',
      'WITH',
      'RETURN',
    ]);
  });
});

describe('openCypher robustness', () => {
  // Every openCypher query of the reference cases, cut off at every character and with each
  // character dropped in turn: the front end reports problems and never throws.
  const folder = fileURLToPath(new URL('../../server/engine/query/reference/', import.meta.url));
  const queries = readdirSync(folder)
    .filter((f) => f.startsWith('cypher-') && f.endsWith('.txt'))
    .flatMap(
      (f) => readFileSync(join(folder, f), 'utf8').match(/^\S.*OPENCYPHER QUERY[^]*?^\}$/gm) ?? [],
    );

  it('finds the queries it mutates', () => {
    expect(queries.length).toBeGreaterThan(40);
  });

  it('never throws on a cut-off or damaged openCypher query', () => {
    for (const q of queries) {
      for (let i = 0; i < q.length; i++) {
        for (const text of [q.slice(0, i), q.slice(0, i) + q.slice(i + 1)]) {
          expect(() => parse(text), text).not.toThrow();
        }
      }
    }
  });
});
