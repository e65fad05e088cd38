// Diagnostics of the core front end as monaco markers: 1-based ranges at the right place.
import { describe, expect, it } from 'vitest';
import {
  diagnosticToMarker,
  gsqlMarkers,
  positionAt,
  runErrorMarker,
} from '../../../src/notebook/web/editor/markers.js';

const socialSchema = {
  graphs: ['social'],
  vertexTypes: [{ name: 'person', attributes: ['name', 'age'] }],
  edgeTypes: [{ name: 'knows', attributes: ['since'] }],
  queries: ['friends'],
};

describe('gsqlMarkers with the live schema', () => {
  const codesOf = (text: string) =>
    gsqlMarkers(text, socialSchema).map((m) => [m.code, m.startLineNumber, m.message]);

  it('marks an unknown attribute of a typed alias on its line, before any run', () => {
    const text = [
      'INTERPRET QUERY () FOR GRAPH social {',
      '  S = {person.*};',
      '  R = SELECT t FROM S:s -(knows:e)- person:t WHERE t.agee > 3 AND e.since > 1;',
      '  PRINT R;',
      '}',
    ].join('\n');
    expect(codesOf(text)).toEqual([
      ['GSQL-UNKNOWN-ATTRIBUTE', 3, 't has no attribute agee (it has name, age)'],
    ]);
  });

  it('marks unknown vertex and edge types, and unknown queries', () => {
    const text = [
      'INTERPRET QUERY () FOR GRAPH social {',
      '  S = {persn.*};',
      '  R = SELECT t FROM S:s -(knowz:e)- person:t;',
      '  PRINT R;',
      '}',
      'RUN QUERY friendz(1)',
      'INSTALL QUERY friends',
    ].join('\n');
    expect(codesOf(text)).toEqual([
      ['GSQL-UNKNOWN-TYPE', 2, 'unknown vertex type persn'],
      ['GSQL-UNKNOWN-TYPE', 3, 'unknown edge type knowz'],
      ['GSQL-UNKNOWN-QUERY', 6, 'no query named friendz'],
    ]);
  });

  it('leaves alone what the text binds: parameters, vertex sets, queries it creates', () => {
    const text = [
      'CREATE QUERY q(STRING vt, SET<VERTEX> seeds) FOR GRAPH social {',
      '  S = {seeds};',
      '  T = SELECT t FROM S:s -(knows:e)- person:t;',
      '  U = SELECT u FROM T:u WHERE u.type == "person";',
      '  PRINT U;',
      '}',
      'INSTALL QUERY q',
      'RUN QUERY q("person", [])',
    ].join('\n');
    expect(codesOf(text)).toEqual([]);
  });

  it('checks nothing against an empty schema (not loaded yet, or no graph)', () => {
    const empty = { vertexTypes: [], edgeTypes: [], queries: [] };
    expect(gsqlMarkers('INTERPRET QUERY () { S = {nosuch.*}; PRINT S; }', empty)).toEqual([]);
  });
});

describe('gsqlMarkers', () => {
  it('puts a syntax error at its line and column', () => {
    const text = 'CREATE QUERY q() FOR GRAPH g {\n  PRINT 1 +;\n}';
    expect(gsqlMarkers(text)).toEqual([
      {
        severity: 'error',
        message: "expected expression but found ';'",
        code: 'GSQL-SYNTAX',
        source: 'gsql',
        startLineNumber: 2,
        startColumn: 12,
        endLineNumber: 2,
        endColumn: 13,
      },
    ]);
  });

  it('reports an undeclared accumulator as a warning on its name', () => {
    const [m] = gsqlMarkers('INTERPRET QUERY () {\n  PRINT @@x;\n}');
    expect(m).toMatchObject({
      severity: 'warning',
      code: 'GSQL-UNDECLARED',
      startLineNumber: 2,
      startColumn: 9,
      endLineNumber: 2,
      endColumn: 12,
    });
  });

  it('moves an error at the end of input back onto the last character', () => {
    const [m] = gsqlMarkers('INTERPRET QUERY () {\n  PRINT 1;\n\n\n');
    expect(m).toMatchObject({
      code: 'GSQL-INCOMPLETE',
      startLineNumber: 2,
      startColumn: 10,
      endLineNumber: 2,
      endColumn: 11,
    });
  });

  it('spans an unterminated string over the lines it runs to', () => {
    expect(gsqlMarkers('INTERPRET QUERY () {\n  PRINT "abc\n  def')).toEqual([
      {
        severity: 'error',
        message: 'unterminated string',
        code: 'GSQL-INCOMPLETE',
        source: 'gsql',
        startLineNumber: 2,
        startColumn: 9,
        endLineNumber: 3,
        endColumn: 6,
      },
    ]);
  });

  it('has nothing to say about a correct query', () => {
    const text = 'INTERPRET QUERY () FOR GRAPH g {\n  SumAccum<INT> @@n;\n  PRINT @@n;\n}';
    expect(gsqlMarkers(text)).toEqual([]);
  });
});

describe('diagnosticToMarker', () => {
  it('keeps multi-line ranges as they are', () => {
    const pos = (offset: number, line: number, column: number) => ({ offset, line, column });
    const m = diagnosticToMarker('a\nbc d', {
      severity: 'info',
      code: 'GSQL-SYNTAX',
      message: 'm',
      range: { start: pos(0, 1, 1), end: pos(4, 2, 3) },
    });
    expect(m).toMatchObject({
      severity: 'info',
      startLineNumber: 1,
      startColumn: 1,
      endLineNumber: 2,
      endColumn: 3,
    });
  });
});

describe('positionAt', () => {
  it('counts lines and columns from 1', () => {
    expect(positionAt('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(positionAt('ab\ncd', 2)).toEqual({ line: 1, column: 3 });
    expect(positionAt('ab\ncd', 3)).toEqual({ line: 2, column: 1 });
    expect(positionAt('ab\ncd', 99)).toEqual({ line: 2, column: 3 });
  });
});

describe('runErrorMarker', () => {
  const text = 'INTERPRET QUERY () {\n  PRINT nosuch.x;\n}';

  it('covers the word at the reported column', () => {
    expect(runErrorMarker(text, 2, 9, 'unknown nosuch')).toEqual({
      severity: 'error',
      message: 'unknown nosuch',
      code: 'run',
      source: 'server',
      startLineNumber: 2,
      startColumn: 9,
      endLineNumber: 2,
      endColumn: 15,
    });
  });

  it('covers the whole line when the column is unknown, and clamps the line', () => {
    expect(runErrorMarker(text, 2, 0, 'm')).toMatchObject({ startColumn: 1, endColumn: 18 });
    expect(runErrorMarker(text, 9, 0, 'm')).toMatchObject({ startLineNumber: 3, endColumn: 2 });
    expect(runErrorMarker('', 1, 1, 'm')).toMatchObject({ startColumn: 1, endColumn: 2 });
  });
});
