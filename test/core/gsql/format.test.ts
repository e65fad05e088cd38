// The formatter's layout: canonical text from a tree, and comments and blank lines kept when
// the source text is given.
import { describe, expect, it } from 'vitest';
import { format, formatText, parse } from '../../../src/core/gsql/index.js';

const lines = (...l: string[]): string => `${l.join('\n')}\n`;

describe('format', () => {
  it('prints canonical text: upper-case keywords, two-space indents, a clause per line', () => {
    const text =
      'create query q(int k=3) for graph g { s = select t from s:s -(e)-> :t where t.x>k accum t.@n+=1; print s; }';
    expect(format(parse(text).ast)).toBe(
      lines(
        'CREATE QUERY q(INT k = 3) FOR GRAPH g {',
        '  s = SELECT t',
        '    FROM s:s -(e)-> :t',
        '    WHERE t.x > k',
        '    ACCUM',
        '      t.@n += 1;',
        '  PRINT s;',
        '}',
      ),
    );
  });

  it('drops comments without the source, and separates blocks by blank lines', () => {
    const text = 'USE GRAPH g # pick the graph\nCREATE QUERY q() { PRINT 1; }\nLS';
    expect(format(parse(text).ast)).toBe(
      lines('USE GRAPH g', '', 'CREATE QUERY q() {', '  PRINT 1;', '}', '', 'LS'),
    );
  });

  it("keeps the string-functions page's call forms: trim(LEADING x FROM s), insert(...)", () => {
    const text =
      'create query q() { print trim(leading "z" from "zz a"), trim(both "  a "), trim("b" from "bab"), insert("ab", 1, "x"); }';
    const out = format(parse(text).ast);
    expect(out).toContain(
      'PRINT trim(LEADING "z" FROM "zz a"), trim(BOTH "  a "), trim("b" FROM "bab"), insert("ab", 1, "x");',
    );
    expect(parse(out).diagnostics).toEqual([]);
  });

  it('puts one parameter per line when the header is long', () => {
    const params = Array.from({ length: 8 }, (_, i) => `STRING parameter_${i}`).join(', ');
    const out = format(parse(`CREATE QUERY q(${params}) { PRINT 1; }`).ast);
    expect(out.split('\n').slice(0, 3)).toEqual([
      'CREATE QUERY q(',
      '  STRING parameter_0,',
      '  STRING parameter_1,',
    ]);
    expect(out).toContain('  STRING parameter_7\n) {\n');
  });
});

describe('formatText', () => {
  it('keeps comments where they were written, and single blank lines', () => {
    const text = [
      '// header',
      'USE GRAPH g   # trailing',
      '',
      '',
      'CREATE QUERY q() {',
      '  /* block',
      '       comment */',
      '  INT x = 1;   // why',
      '',
      '  S = SELECT s FROM S:s',
      '      ACCUM s.@n += 1,   # first',
      '            s.@m += 2;',
      '  # before the end',
      '}',
      '# at the end',
    ].join('\n');
    expect(formatText(text)).toBe(
      lines(
        '// header',
        'USE GRAPH g  # trailing',
        '',
        'CREATE QUERY q() {',
        '  /* block',
        '       comment */',
        '  INT x = 1;  // why',
        '',
        '  S = SELECT s',
        '    FROM S:s',
        '    ACCUM',
        '      s.@n += 1,  # first',
        '      s.@m += 2;',
        '  # before the end',
        '}',
        '# at the end',
      ),
    );
  });

  it('is stable and keeps text that does not parse', () => {
    const text = 'LS\nthis is not gsql # note\nUSE GLOBAL\n';
    const out = formatText(text);
    expect(out).toBe(lines('LS', 'this is not gsql  # note', 'USE GLOBAL'));
    expect(formatText(out)).toBe(out);
  });
});
