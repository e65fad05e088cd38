// The smaller entry points: statement splitting, REPL input state, walking, diagnostics.
import { describe, expect, it } from 'vitest';
import {
  children,
  formatDiagnostic,
  inputState,
  nodesAt,
  parse,
  parseExpression,
  splitStatements,
  visit,
  walk,
} from '../../../src/core/gsql/index.js';

describe('splitStatements', () => {
  it('splits shell statements at newlines and semicolons, keeping blocks whole', () => {
    const script = [
      'USE GRAPH Social; LS',
      '# a comment; it does not split',
      'CREATE QUERY q() {',
      '  PRINT 1;',
      '  PRINT 2;',
      '}',
      'CREATE LOADING JOB j FOR GRAPH Social {',
      '  LOAD f TO VERTEX Person VALUES ($0);',
      '}',
      'INSTALL QUERY q',
    ].join('\n');
    const parts = splitStatements(script);
    expect(parts.map((p) => p.kind)).toEqual([
      'UseGraph',
      'Ls',
      'CreateQuery',
      'CreateLoadingJob',
      'InstallQuery',
    ]);
    expect(parts.map((p) => p.text)).toEqual([
      'USE GRAPH Social',
      'LS',
      'CREATE QUERY q() {\n  PRINT 1;\n  PRINT 2;\n}',
      'CREATE LOADING JOB j FOR GRAPH Social {\n  LOAD f TO VERTEX Person VALUES ($0);\n}',
      'INSTALL QUERY q',
    ]);
    expect(parts[2]?.range.start).toEqual({ offset: 52, line: 3, column: 1 });
    expect(parts[2]?.range.end.line).toBe(6);
  });

  it('keeps text that does not parse as an Error statement', () => {
    const parts = splitStatements('LS\nnonsense here;\nUSE GLOBAL');
    expect(parts.map((p) => [p.kind, p.text])).toEqual([
      ['Ls', 'LS'],
      ['Error', 'nonsense here'],
      ['UseGlobal', 'USE GLOBAL'],
    ]);
  });

  it('returns nothing for blank or comment-only scripts', () => {
    expect(splitStatements('  \n// only a comment\n')).toEqual([]);
  });
});

describe('inputState', () => {
  it.each([
    ['', 'complete'],
    ['LS', 'complete'],
    ['USE GRAPH g', 'complete'],
    ['CREATE QUERY q() {\n  PRINT 1;\n}', 'complete'],
    ['CREATE QUERY q() {', 'incomplete'],
    ['CREATE QUERY q() {\n  INT x = ;', 'incomplete'],
    ['RUN QUERY q(1,', 'incomplete'],
    ['CREATE VERTEX Person (PRIMARY_ID id STRING', 'incomplete'],
    ['PRINT "abc', 'incomplete'],
    ['LS /* open', 'incomplete'],
    ['LS LS', 'invalid'],
    ['CREATE QUERY q() { INT x = ; }', 'invalid'],
    ['hello', 'invalid'],
  ])('%j is %s', (text, state) => {
    expect(inputState(text)).toBe(state);
  });
});

describe('diagnostics', () => {
  it('name what was expected and what was found, with 1-based positions', () => {
    const { diagnostics } = parse('CREATE QUERY q(INT a\n  {\n}');
    expect(diagnostics.map(formatDiagnostic)).toEqual(["2:3: expected ')' but found '{'"]);
    expect(diagnostics[0]).toMatchObject({
      severity: 'error',
      code: 'GSQL-SYNTAX',
      expected: [')'],
      found: "'{'",
      range: { start: { line: 2, column: 3, offset: 23 } },
    });
  });

  it('come back sorted by position, lexer and parser alike', () => {
    const { diagnostics } = parse('CREATE QUERY q() {\n  x = 1 ` 2;\n  y = ;\n}');
    const lines = diagnostics.map((d) => d.range.start.line);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
    expect(diagnostics.map((d) => d.code)).toContain('GSQL-LEX');
  });
});

describe('parseExpression', () => {
  it('parses one expression', () => {
    expect(parseExpression('a + b * 2').ast).toMatchObject({ kind: 'Binary', op: '+' });
  });

  it('reports trailing input', () => {
    const result = parseExpression('a b');
    expect(result.ast).toBeNull();
    expect(result.diagnostics[0]?.message).toBe("expected end of input but found 'b'");
  });
});

describe('walking the tree', () => {
  const { ast } = parse('CREATE QUERY q() {\n  SumAccum<INT> @@n;\n  @@n += 1 + x;\n}');

  it('visits nodes by kind', () => {
    const seen: string[] = [];
    visit(ast, {
      GlobalAccum: (n) => seen.push(`@@${n.name}`),
      Name: (n) => seen.push(n.name),
      IntLit: (n) => seen.push(n.text),
    });
    expect(seen).toEqual(['@@n', '1', 'x']);
  });

  it('enters and leaves in order, and can skip subtrees', () => {
    const order: string[] = [];
    walk(ast, {
      enter: (n) => {
        order.push(`+${n.kind}`);
        return n.kind !== 'AccumDecl';
      },
      leave: (n) => order.push(`-${n.kind}`),
    });
    expect(order.slice(0, 4)).toEqual(['+Script', '+CreateQuery', '+AccumDecl', '+Assign']);
    expect(order[order.length - 1]).toBe('-Script');
  });

  it('lists children and finds the nodes at an offset', () => {
    const query = ast.statements[0];
    expect(query && children(query).map((n) => n.kind)).toEqual(['AccumDecl', 'Assign']);
    const offset = 'CREATE QUERY q() {\n  SumAccum<INT> @@n;\n  @@n += 1 + '.length;
    expect(nodesAt(ast, offset).map((n) => n.kind)).toEqual([
      'Script',
      'CreateQuery',
      'Assign',
      'Binary',
      'Name',
    ]);
  });
});
