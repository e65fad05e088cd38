// Syntax highlighting from the lexer alone: fast, incremental-friendly and never failing, for
// the REPL's line editor and the notebook's monaco editor.
import { ACCUM_TYPES, BASE_TYPES, KEYWORDS } from './keywords.js';
import { lex } from './lexer.js';
import type { HighlightSpan, Token, TokenClass } from './tokens.js';

const TYPE_WORDS = new Set([...BASE_TYPES, ...ACCUM_TYPES.keys(), 'LIST', 'SET', 'BAG', 'MAP']);

/**
 * Class of one token for highlighting. Given the token before it, a word after `.` is an
 * attribute or method (`@@m.get(k)`, `t.day`), never a keyword.
 */
export function tokenClass(t: Token, prev?: Token): TokenClass {
  switch (t.kind) {
    case 'word':
      if (prev?.kind === 'op' && prev.text === '.') return 'identifier';
      if (TYPE_WORDS.has(t.upper)) return 'type';
      return KEYWORDS.has(t.upper) ? 'keyword' : 'identifier';
    case 'number':
      return 'number';
    case 'string':
      return 'string';
    case 'globalAccum':
    case 'localAccum':
      return 'accumulator';
    case 'column':
      return 'identifier';
    case 'op':
    case 'eof':
      return 'operator';
    case 'comment':
      return 'comment';
    case 'error':
      return t.text.startsWith('/*') ? 'comment' : t.text.startsWith('"') ? 'string' : 'error';
  }
}

/** Highlight spans for the whole text, in order, without gaps for whitespace. */
export function highlightTokens(text: string): HighlightSpan[] {
  const spans: HighlightSpan[] = [];
  let prev: Token | undefined;
  for (const t of lex(text, { comments: true })) {
    if (t.kind === 'eof') continue;
    spans.push({ start: t.start, end: t.end, cls: tokenClass(t, prev) });
    if (t.kind !== 'comment') prev = t;
  }
  return spans;
}
