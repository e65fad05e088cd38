// The lexer and highlighting: token kinds, positions, contextual edge arrows, error tokens.
import { describe, expect, it } from 'vitest';
import { highlightTokens, lex } from '../../../src/core/gsql/index.js';

const kinds = (text: string): string[] => lex(text).map((t) => `${t.kind}:${t.text}`);

describe('lex', () => {
  it('reads words, numbers, strings, accumulators and columns', () => {
    expect(kinds('SumAccum<INT> @@total = 1.5e3; s.@x\' $0 $"name" "a\\"b"')).toEqual([
      'word:SumAccum',
      'op:<',
      'word:INT',
      'op:>',
      'globalAccum:@@total',
      'op:=',
      'number:1.5e3',
      'op:;',
      'word:s',
      'op:.',
      'localAccum:@x',
      "op:'",
      'column:$0',
      'column:$"name"',
      'string:"a\\"b"',
      'eof:',
    ]);
  });

  it('keeps line and column of every token (1-based) and offsets (0-based)', () => {
    const tokens = lex('LS\n  USE GRAPH g');
    const use = tokens[1];
    expect(use).toMatchObject({ text: 'USE', line: 2, column: 3, start: 5, end: 8 });
    expect(tokens[tokens.length - 1]).toMatchObject({ kind: 'eof', line: 2, column: 14 });
  });

  it('matches keywords case-insensitively and reads POST-ACCUM as one keyword', () => {
    const [select, post, post2] = lex('select POST-ACCUM post_accum');
    expect(select?.upper).toBe('SELECT');
    expect(post?.upper).toBe('POST-ACCUM');
    expect(post2?.upper).toBe('POST-ACCUM');
  });

  it('reads edge arrows as single tokens inside FROM only', () => {
    expect(kinds('FROM S:s -(E:e)-> T:t <-(F)- :u WHERE a -(b)')).toEqual([
      'word:FROM',
      'word:S',
      'op::',
      'word:s',
      'op:-(',
      'word:E',
      'op::',
      'word:e',
      'op:)->',
      'word:T',
      'op::',
      'word:t',
      'op:<-(',
      'word:F',
      'op:)-',
      'op::',
      'word:u',
      'word:WHERE',
      'word:a',
      'op:-',
      'op:(',
      'word:b',
      'op:)',
      'eof:',
    ]);
  });

  it('keeps edge arrows after an openCypher property map inside FROM', () => {
    const ops = lex('FROM (a {k: 1})-[:E]->(b), S:s -(E)- T:t')
      .filter((t) => t.kind === 'op')
      .map((t) => t.text);
    expect(ops).toEqual([
      '(',
      '{',
      ':',
      '}',
      ')-',
      '[',
      ':',
      ']',
      '->',
      '(',
      ')',
      ',',
      ':',
      '-(',
      ')-',
      ':',
    ]);
  });

  it('does not read a range `1..3` as a fraction', () => {
    expect(kinds('*1..3')).toEqual(['op:*', 'number:1', 'op:..', 'number:3', 'eof:']);
  });

  it('drops comments unless asked, and keeps them for highlighting', () => {
    const text = '# hash\nLS // line\n/* block\n */ USE';
    expect(kinds(text)).toEqual(['word:LS', 'word:USE', 'eof:']);
    const comments = lex(text, { comments: true }).filter((t) => t.kind === 'comment');
    expect(comments.map((t) => t.text)).toEqual(['# hash', '// line', '/* block\n */']);
    expect(lex(text).find((t) => t.text === 'USE')).toMatchObject({ line: 4, column: 5 });
  });

  it('turns unknown characters and unterminated literals into error tokens', () => {
    const tokens = lex('a ? "open');
    expect(tokens.map((t) => t.kind)).toEqual(['word', 'error', 'error', 'eof']);
    expect(tokens[1]?.problem).toBe("unexpected character '?'");
    expect(tokens[2]).toMatchObject({ problem: 'unterminated string', unterminated: true });
    expect(lex('/* open')[0]).toMatchObject({ kind: 'error', unterminated: true });
    expect(lex('@ x')[0]).toMatchObject({ kind: 'error' });
  });
});

describe('highlightTokens', () => {
  it('classifies every token for the REPL and monaco', () => {
    const text = 'CREATE QUERY q(INT k) { SumAccum<INT> @@n; PRINT "hi", 42; } # done';
    const spans = highlightTokens(text).map((s) => `${s.cls}:${text.slice(s.start, s.end)}`);
    expect(spans).toEqual([
      'keyword:CREATE',
      'keyword:QUERY',
      'identifier:q',
      'operator:(',
      'type:INT',
      'identifier:k',
      'operator:)',
      'operator:{',
      'type:SumAccum',
      'operator:<',
      'type:INT',
      'operator:>',
      'accumulator:@@n',
      'operator:;',
      'keyword:PRINT',
      'string:"hi"',
      'operator:,',
      'number:42',
      'operator:;',
      'operator:}',
      'comment:# done',
    ]);
  });

  it('marks bad characters as errors and open strings as strings', () => {
    expect(highlightTokens('x ` "ab').map((s) => s.cls)).toEqual(['identifier', 'error', 'string']);
  });

  it('highlights INTERVAL units and shell words, but not a name after a dot', () => {
    const text = 'x = INTERVAL 3 DAY + @@m.get(k) + t.day; PUT ExprFunctions FROM "f"';
    const cls = (word: string) =>
      highlightTokens(text)
        .filter((s) => text.slice(s.start, s.end) === word)
        .map((s) => s.cls);
    expect(cls('INTERVAL')).toEqual(['keyword']);
    expect(cls('DAY')).toEqual(['keyword']);
    expect(cls('get')).toEqual(['identifier']);
    expect(cls('day')).toEqual(['identifier']);
    expect(cls('PUT')).toEqual(['keyword']);
  });
});
