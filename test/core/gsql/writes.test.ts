// The one write analysis (src/core/gsql/writes.ts), shared by the engine's read gate and the MCP
// server's read-only guard: each kind of write with its position, local tuple fields and reads
// not mistaken for writes, and writes reached through called queries.
import { describe, expect, it } from 'vitest';
import {
  changesGraph,
  parse,
  queryCalls,
  queryWrites,
  queryWritesThrough,
  type CreateQuery,
  type QueryWrite,
} from '../../../src/core/gsql/index.js';

const query = (name: string, body: string): CreateQuery => {
  const { ast, diagnostics } = parse(`CREATE QUERY ${name}() FOR GRAPH g {\n${body}\n}`);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return ast.statements[0] as CreateQuery;
};
const shown = (ws: readonly QueryWrite[]) =>
  ws.map((w) => `${w.range.start.line}:${w.range.start.column} ${w.kind} ${w.what}`);

describe('queryWrites', () => {
  it('finds nothing in a query that reads, accumulates and sets local tuple fields', () => {
    const q = query(
      'r',
      [
        'TYPEDEF TUPLE<INT a> T1; T1 t; t.a = 1;',
        'SumAccum<INT> @deg; S = {Person.*};',
        'S = SELECT s FROM S:s -(knows)- Person:t ACCUM s.@deg += 1 POST-ACCUM s.@deg += 1;',
        'PRINT S[S.@deg];',
      ].join('\n'),
    );
    expect(queryWrites(q)).toEqual([]);
  });

  it('finds each kind of write, in source order, with line:column', () => {
    const q = query(
      'w',
      [
        'S = {Person.*};',
        'S = SELECT s FROM S:s POST-ACCUM s.age = 1, s.setAttr("name", "x");',
        'INSERT INTO Person VALUES ("a", 1);',
        'S = SELECT s FROM S:s ACCUM DELETE (s);',
        'DELETE s FROM S:s WHERE s.age > 100;',
        'UPDATE s FROM S:s SET s.age = 3;',
        'FILE f ("/tmp/x.csv");',
        'PRINT S TO_CSV f;',
      ].join('\n'),
    );
    expect(shown(queryWrites(q))).toEqual([
      '3:34 attribute assigns attribute age',
      '3:45 method calls setAttr',
      '4:1 insert INSERT INTO Person',
      '5:29 delete DELETE s',
      '6:1 delete DELETE s',
      '7:1 update UPDATE s',
      '7:23 attribute assigns attribute age',
      '8:1 file writes file f',
      '9:1 file PRINT ... TO_CSV writes a file',
    ]);
    expect(
      queryWrites(q)
        .filter(changesGraph)
        .map((w) => w.kind),
    ).toEqual(['attribute', 'method', 'insert', 'delete', 'delete', 'update', 'attribute']);
  });
});

describe('queryWritesThrough', () => {
  const queries = new Map<string, CreateQuery>([
    ['reader', query('reader', 'PRINT 1;')],
    ['writer', query('writer', 'INSERT INTO Person VALUES ("a", 1);')],
    ['logger', query('logger', 'FILE f ("/tmp/log");')],
    ['middle', query('middle', 'writer();')],
  ]);
  const lookup = (name: string) => {
    if (name === 'broken') throw new Error('unreadable');
    return queries.get(name);
  };

  it('counts a called query that writes, transitively, at the call', () => {
    const top = query('top', 'reader();\nmiddle();\nudf_only(1);');
    expect(queryCalls(top).map((c) => c.name)).toEqual(['reader', 'middle', 'udf_only']);
    const ws = queryWritesThrough(top, lookup);
    expect(shown(ws)).toEqual([
      '3:1 call calls query middle, which writes (calls query writer, which writes (INSERT INTO Person))',
    ]);
    expect(ws[0]?.callee?.writes[0]?.callee?.name).toBe('writer');
    expect(ws.some(changesGraph)).toBe(true);
  });

  it('a callee writing only files does not change the graph; an unreadable one may', () => {
    const files = queryWritesThrough(query('a', 'logger();'), lookup);
    expect(files.map((w) => w.kind)).toEqual(['call']);
    expect(files.some(changesGraph)).toBe(false);
    const unreadable = queryWritesThrough(query('b', 'broken();'), lookup);
    expect(shown(unreadable)).toEqual(['2:1 call calls query broken, whose text cannot be read']);
    expect(unreadable.some(changesGraph)).toBe(true);
  });

  it('a query calling itself is followed once', () => {
    queries.set('self', query('self', 'self();\nDELETE s FROM Person:s;'));
    expect(
      queryWritesThrough(queries.get('self') as CreateQuery, lookup).map((w) => w.kind),
    ).toEqual(['delete']);
  });
});
