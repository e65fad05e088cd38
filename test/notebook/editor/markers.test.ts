// Diagnostics of the core front end as monaco markers: 1-based ranges at the right place.
import { describe, expect, it } from 'vitest';
import {
  diagnosticToMarker,
  gsqlMarkers,
  positionAt,
  runErrorMarker,
} from '../../../src/notebook/web/editor/markers.js';

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
