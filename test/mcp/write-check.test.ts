// The read-only guard's decisions, from the parsed tree: each kind of write is found with its
// line:column, reads are not mistaken for writes, and syntax errors keep their positions.
import { describe, expect, it } from 'vitest';
import { withGraph } from '../../src/mcp/interpret-text.js';
import { asCreateQuery, checkQueryText } from '../../src/mcp/write-check.js';

const body = (stmts: string) => `INTERPRET QUERY () FOR GRAPH social {\n${stmts}\n}`;

function writesOf(text: string): string[] {
  const checked = checkQueryText(text);
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return checked.writes.map((w) => `${w.line}:${w.column} ${w.what}`);
}

describe('findWrites', () => {
  it('finds nothing in a query that only reads and accumulates', () => {
    const text = body(
      [
        'SumAccum<INT> @deg; MaxAccum<INT> @@max;',
        'S = {Person.*};',
        'T = SELECT s FROM S:s -(knows:e)- Person:t ACCUM s.@deg += 1, @@max += t.age;',
        'PRINT T[T.name, T.@deg], @@max;',
      ].join('\n'),
    );
    expect(writesOf(text)).toEqual([]);
  });

  it.each([
    [
      'attribute assignment in POST-ACCUM',
      'T = SELECT s FROM S:s POST-ACCUM s.age = 1;',
      'assigns attribute age',
    ],
    [
      'attribute assignment in ACCUM',
      'T = SELECT s FROM S:s -(knows:e)- Person:t ACCUM e.since = 2;',
      'assigns attribute since',
    ],
    ['INSERT', 'INSERT INTO Person VALUES ("zoe", 3);', 'INSERT INTO Person'],
    ['DELETE in ACCUM', 'T = SELECT s FROM S:s ACCUM DELETE (s);', 'DELETE s'],
    ['DELETE statement', 'DELETE s FROM S:s WHERE s.age > 100;', 'DELETE s'],
    ['UPDATE', 'UPDATE s FROM S:s SET s.age = 3 WHERE s.age < 0;', 'UPDATE s'],
    ['setAttr', 'T = SELECT s FROM S:s POST-ACCUM s.setAttr("age", 3);', 'calls setAttr'],
    ['a FILE', 'FILE f ("/tmp/x.csv");', 'writes file f'],
  ])('finds %s', (_name, stmt, what) => {
    const [first] = writesOf(body(`S = {Person.*};\n${stmt}`));
    expect(first).toMatch(new RegExp(`^3:\\d+ ${what}`));
  });
});

describe('checkQueryText', () => {
  it('accepts parameters in INTERPRET QUERY and keeps line:column of errors', () => {
    expect(checkQueryText('INTERPRET QUERY (INT n, STRING s) { PRINT n; }').ok).toBe(true);
    const bad = checkQueryText('INTERPRET QUERY (INT n) {\n  PRINT n\n  PRINT n;\n}');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems[0]).toMatchObject({ line: 3, column: 3 });
  });

  it('only rewrites the head, to text of the same length', () => {
    const text = 'INTERPRET   QUERY (INT n) { PRINT n; }';
    expect(asCreateQuery(text)).toHaveLength(text.length);
    expect(asCreateQuery('CREATE QUERY q() { PRINT 1; }')).toBe('CREATE QUERY q() { PRINT 1; }');
  });

  it('refuses anything but exactly one query', () => {
    for (const text of [
      'DROP ALL',
      'USE GRAPH social',
      body('PRINT 1;') + '\n' + body('PRINT 2;'),
    ]) {
      expect(checkQueryText(text).ok).toBe(false);
    }
  });
});

describe('withGraph', () => {
  it('puts FOR GRAPH after the parameter list when the text names none', () => {
    expect(withGraph('INTERPRET QUERY (SET<INT> s, INT n = f(1)) { PRINT n; }', 'g', false)).toBe(
      'INTERPRET QUERY (SET<INT> s, INT n = f(1)) FOR GRAPH g { PRINT n; }',
    );
    expect(withGraph('INTERPRET QUERY () FOR GRAPH h { }', 'g', true)).toBe(
      'INTERPRET QUERY () FOR GRAPH h { }',
    );
  });
});
