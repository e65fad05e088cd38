// Syntax highlighting from the lexer alone: fast, incremental-friendly and never failing, for
// the REPL's line editor and the notebook's monaco editor.
import { ACCUM_TYPES, BASE_TYPES, KEYWORDS } from './keywords.js';
import { lex } from './lexer.js';
import type { HighlightSpan, Token, TokenClass } from './tokens.js';

const TYPE_WORDS = new Set([...BASE_TYPES, ...ACCUM_TYPES.keys(), 'LIST', 'SET', 'BAG', 'MAP']);

/** Class of one token for highlighting. */
export function tokenClass(t: Token): TokenClass {
  switch (t.kind) {
    case 'word':
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
    default: {
      const unreachable: never = t.kind;
      return unreachable;
    }
  }
}

/** Highlight spans for the whole text, in order, without gaps for whitespace. */
export function highlightTokens(text: string): HighlightSpan[] {
  const spans: HighlightSpan[] = [];
  for (const t of lex(text, { comments: true })) {
    if (t.kind !== 'eof') spans.push({ start: t.start, end: t.end, cls: tokenClass(t) });
  }
  return spans;
}
