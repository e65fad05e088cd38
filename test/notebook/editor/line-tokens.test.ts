// The monaco tokens of GSQL cells: per-line tokens from the core lexer, with the state that
// carries block comments and strings across lines, agree with lexing the whole text at once.
import { describe, expect, it } from 'vitest';
import { highlightTokens, type TokenClass } from '../../../src/core/gsql/index.js';
import {
  INITIAL_LINE_STATE,
  tokenizeLine,
  tokenizeText,
  type LineToken,
} from '../../../src/notebook/web/editor/line-tokens.js';

/** The class of every character of each line, from per-line tokens. */
function classesPerLine(text: string): (TokenClass | '')[][] {
  const lines = text.split('\n');
  return tokenizeText(text).map((tokens: LineToken[], i) => {
    const line = lines[i] ?? '';
    const out: (TokenClass | '')[] = [];
    tokens.forEach((t, j) => {
      const end = tokens[j + 1]?.startIndex ?? line.length;
      for (let k = t.startIndex; k < end; k++) out.push(t.scope);
    });
    return out;
  });
}

/** The same from highlighting the whole text (whitespace between tokens as ''). */
function classesWhole(text: string): (TokenClass | '')[][] {
  const flat: (TokenClass | '')[] = Array.from({ length: text.length }, () => '');
  for (const s of highlightTokens(text)) for (let k = s.start; k < s.end; k++) flat[k] = s.cls;
  const out: (TokenClass | '')[][] = [];
  let at = 0;
  for (const line of text.split('\n')) {
    out.push(flat.slice(at, at + line.length));
    at += line.length + 1;
  }
  return out;
}

const QUERY = `CREATE QUERY friends(VERTEX<Person> p, INT depth = 2) FOR GRAPH social {
  /* Friends of friends,
     counted per hop */
  SumAccum<INT> @@hops;   // a global accumulator
  OrAccum @visited;
  Start = {p};
  S = SELECT t FROM Start:s -(Knows>:e)- Person:t
      WHERE t.age >= 18.5 AND t.name != "multi
line \\" string"
      ACCUM @@hops += 1, t.@visited += TRUE;
  PRINT S, @@hops; # done
}`;

const scopesOf = (tokens: readonly LineToken[]): string[] => tokens.map((t) => t.scope);

describe('tokenizeLine', () => {
  it('classes a plain line like the REPL does', () => {
    const { tokens, endState } = tokenizeLine('SumAccum<INT> @@n = 1; // c', INITIAL_LINE_STATE);
    expect(scopesOf(tokens)).toEqual([
      'type',
      'operator',
      'type',
      'operator',
      '',
      'accumulator',
      '',
      'operator',
      '',
      'number',
      'operator',
      '',
      'comment',
    ]);
    expect(tokens[0]?.startIndex).toBe(0);
    expect(tokens[tokens.length - 1]?.startIndex).toBe(23);
    expect(endState).toEqual(INITIAL_LINE_STATE);
  });

  it('carries a block comment across lines and resumes after it closes', () => {
    const first = tokenizeLine('PRINT 1; /* starts', INITIAL_LINE_STATE);
    expect(first.endState).toEqual({ open: 'comment' });
    const middle = tokenizeLine('  still SELECT inside', first.endState);
    expect(scopesOf(middle.tokens)).toEqual(['comment']);
    expect(middle.endState).toEqual({ open: 'comment' });
    const last = tokenizeLine('ends */ PRINT "x";', middle.endState);
    expect(last.tokens).toEqual([
      { startIndex: 0, scope: 'comment' },
      { startIndex: 7, scope: '' },
      { startIndex: 8, scope: 'keyword' },
      { startIndex: 13, scope: '' },
      { startIndex: 14, scope: 'string' },
      { startIndex: 17, scope: 'operator' },
    ]);
    expect(last.endState).toEqual(INITIAL_LINE_STATE);
  });

  it('carries an unterminated string, escapes included', () => {
    const first = tokenizeLine('PRINT "abc', INITIAL_LINE_STATE);
    expect(first.endState).toEqual({ open: 'string', cls: 'string' });
    const second = tokenizeLine('has \\" inside" + 1', first.endState);
    expect(second.tokens).toEqual([
      { startIndex: 0, scope: 'string' },
      { startIndex: 14, scope: '' },
      { startIndex: 15, scope: 'operator' },
      { startIndex: 16, scope: '' },
      { startIndex: 17, scope: 'number' },
    ]);
    expect(second.endState).toEqual(INITIAL_LINE_STATE);
  });

  it('keeps an empty line inside a comment in the comment', () => {
    const { tokens, endState } = tokenizeLine('', { open: 'comment' });
    expect(tokens).toEqual([]);
    expect(endState).toEqual({ open: 'comment' });
  });

  it('marks characters the lexer cannot read as errors', () => {
    const { tokens } = tokenizeLine('PRINT 1 ? 2', INITIAL_LINE_STATE);
    expect(tokens).toContainEqual({ startIndex: 8, scope: 'error' });
  });
});

describe('tokenizeText', () => {
  it('agrees with highlighting the whole query at once', () => {
    expect(classesPerLine(QUERY)).toEqual(classesWhole(QUERY));
  });

  it('agrees on texts cut off anywhere (what the editor sees while typing)', () => {
    for (let n = 0; n <= QUERY.length; n += 7) {
      const text = QUERY.slice(0, n);
      expect(classesPerLine(text), JSON.stringify(text)).toEqual(classesWhole(text));
    }
  });

  it('colours the inside of the multi-line comment and string', () => {
    const lines = tokenizeText(QUERY);
    expect(scopesOf(lines[2] ?? [])).toEqual(['comment']);
    expect(lines[8]?.[0]).toEqual({ startIndex: 0, scope: 'string' });
    expect(scopesOf(lines[9] ?? [])).toContain('accumulator');
  });

  it('continues an unterminated $"column" name like a string', () => {
    const text = 'LOAD f TO VERTEX Person VALUES ($"na\nme", $1);';
    expect(classesPerLine(text)).toEqual(classesWhole(text));
  });
});
