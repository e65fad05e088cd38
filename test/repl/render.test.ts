// Pure rendering and shaping: tables at several widths, PRINT blocks, errors with a caret,
// JSON previews, script chunking, history and the editor's state functions.
import { describe, expect, it } from 'vitest';
import { previewJson, vertexSetToTable } from '../../src/core/results/index.js';
import { addEntry, searchBackward } from '../../src/repl/history.js';
import * as ed from '../../src/repl/editor-state.js';
import { plain, visibleWidth } from '../../src/repl/render/ansi.js';
import { errorPosition, renderError } from '../../src/repl/render/error.js';
import { renderResult } from '../../src/repl/render/result.js';
import { renderTable } from '../../src/repl/render/table.js';
import { scriptChunks } from '../../src/repl/script.js';
import { queriesFromLs, shellEnvelope } from '../../src/core/session/index.js';

const vertices = [
  {
    v_id: 'p1',
    v_type: 'person',
    attributes: { name: 'Ada Alvarez with a rather long name indeed', age: 31, '@score': 0.25 },
  },
  { v_id: 'p2', v_type: 'person', attributes: { name: 'Ben', age: 7, '@score': 1.5 } },
];

describe('tables', () => {
  it('turns a vertex set into id, type, attribute and accumulator columns', () => {
    const t = vertexSetToTable(vertices);
    expect(t.columns).toEqual(['v_id', 'v_type', 'name', 'age', '@score']);
    expect(t.rows[1]).toEqual(['p2', 'person', 'Ben', 7, 1.5]);
  });

  it.each([40, 60, 80, 120])('fits the terminal width %i', (width) => {
    const lines = renderTable(vertexSetToTable(vertices), { width, paint: plain });
    for (const line of lines) expect(visibleWidth(line)).toBeLessThanOrEqual(width);
    expect(lines[1]).toContain('v_id');
  });

  it('truncates long cells with an indicator and keeps short tables natural', () => {
    const narrow = renderTable(vertexSetToTable(vertices), { width: 50, paint: plain }).join('\n');
    expect(narrow).toContain('…');
    const wide = renderTable(vertexSetToTable(vertices), { width: 200, paint: plain }).join('\n');
    expect(wide).toContain('Ada Alvarez with a rather long name indeed');
    expect(wide).not.toContain('…');
  });
});

describe('query results', () => {
  const results = [{ friends: vertices }, { total: 2, by_age: { young: 1, old: 1 } }];

  it('shows each PRINT as its own block with row counts', () => {
    const text = renderResult(results, { format: 'table', width: 100, paint: plain });
    const blocks = text.split('\n\n');
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toMatch(/^friends \(2 rows\)/);
    expect(blocks[1]).toContain('total: 2');
    expect(blocks[1]).toContain('  young: 1');
  });

  it('renders json and csv', () => {
    expect(JSON.parse(renderResult(results, { format: 'json', width: 80, paint: plain }))).toEqual(
      results,
    );
    const csv = renderResult(results, { format: 'csv', width: 80, paint: plain });
    expect(csv).toContain('v_id,v_type,name,age,@score');
    expect(csv).toContain('p2,person,Ben,7,1.5');
    expect(csv).toContain('total,2');
  });

  it('reads the envelope the shell prints for RUN QUERY', () => {
    const env = shellEnvelope('{\n "error": false, "message": "", "results": [{"a": 1}]\n}');
    expect(env?.results).toEqual([{ a: 1 }]);
    expect(shellEnvelope('Successfully created vertex types: [person].')).toBeUndefined();
  });
});

describe('errors', () => {
  it('points at the offending line and column', () => {
    const source = 'CREATE VERTEX a (PRIMARY_ID id STRING)\nCREATE VERTEX bad (';
    const message = 'Syntax error at 2:20: expected attribute name but found end of input';
    expect(errorPosition(message)).toEqual({ line: 2, column: 20 });
    const lines = renderError({ message, code: 'GSQL', source }, plain).split('\n');
    expect(lines[0]).toBe(`ERROR [GSQL] ${message}`);
    expect(lines[1]).toBe('2 | CREATE VERTEX bad (');
    expect(lines[2]?.indexOf('^')).toBe('2 | '.length + 19);
  });
});

describe('errors in scripts', () => {
  it('moves every position of a multi-error message to the script, file:line:col first', () => {
    const source = 'INTERPRET QUERY () {\n  S = {nosuch.*};\n  T = {other.*};\n}';
    const message =
      'Semantic Check Fails: line 2:8: unknown vertex type nosuch\nline 3:8: unknown vertex type other';
    const origin = { file: 'load.gsql', line: 10, column: 3 };
    const lines = renderError({ message, code: 'GSQL', source, origin }, plain).split('\n');
    expect(lines[0]).toBe(
      'load.gsql:11:8: ERROR [GSQL] Semantic Check Fails: line 11:8: unknown vertex type nosuch',
    );
    expect(lines[1]).toBe('line 12:8: unknown vertex type other');
    expect(lines[2]).toBe('11 |   S = {nosuch.*};');
  });

  it('shifts columns only on the first line of a statement that starts mid-line', () => {
    const origin = { line: 4, column: 5 };
    const first = renderError({ message: 'Syntax error at 1:3: x', origin }, plain);
    expect(first).toContain('at 4:7: x');
    const later = renderError({ message: 'Syntax error at 2:3: x', origin }, plain);
    expect(later).toContain('at 5:3: x');
  });

  it('cuts a script into chunks that know their first line', () => {
    const chunks = scriptChunks('\\timing on\n\nLS\nSHOW VERTEX *\n\\schema\nLS');
    expect(chunks.map((c) => [c.kind, c.line])).toEqual([
      ['meta', 1],
      ['gsql', 2],
      ['meta', 5],
      ['gsql', 6],
    ]);
  });
});

describe('previews', () => {
  it('cuts long arrays and strings and says so', () => {
    const p = previewJson({ xs: Array.from({ length: 60 }, (_, i) => i), s: 'x'.repeat(600) });
    const v = p.value as { xs: unknown[]; s: string };
    expect(p.truncated).toBe(true);
    expect(v.xs).toHaveLength(51);
    expect(v.xs[50]).toBe('… 10 more items');
    expect(v.s).toContain('(600 chars)');
  });
});

describe('scripts', () => {
  it('separates meta lines from GSQL, not inside an open block', () => {
    const chunks = scriptChunks('\\timing on\nCREATE QUERY q() {\n\\not meta\n}\n\\schema\nLS');
    expect(chunks.map((c) => c.kind)).toEqual(['meta', 'gsql', 'meta', 'gsql']);
    expect(chunks[1]?.text).toContain('\\not meta');
  });

  it('reads query names from LS', () => {
    const ls = 'Vertex Types:\n  - VERTEX a()\nQueries:\n  - q1(INT k)\n  - q2()\n';
    expect(queriesFromLs(ls)).toEqual(['q1', 'q2']);
  });
});

describe('history and editor', () => {
  it('deduplicates, caps and searches backwards', () => {
    let h: string[] = [];
    for (const e of ['a', 'b', 'a', 'c', '']) h = addEntry(h, e, 3);
    expect(h).toEqual(['b', 'a', 'c']);
    expect(addEntry(h, 'd', 3)).toEqual(['a', 'c', 'd']);
    expect(searchBackward(['xa', 'ya', 'z'], 'a')).toBe(1);
    expect(searchBackward(['xa', 'ya', 'z'], 'a', 1)).toBe(0);
  });

  it('edits multi-line text', () => {
    let s = ed.insert(ed.emptyEditor, 'ab\ncd');
    expect(ed.cursorLine(s)).toEqual({ line: 1, column: 2 });
    s = ed.moveLine(s, -1) ?? s;
    expect(s.cursor).toBe(2);
    expect(ed.moveLine(s, -1)).toBeUndefined();
    s = ed.backspace(s);
    expect(s.text).toBe('a\ncd');
  });
});
