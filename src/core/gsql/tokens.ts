// Token model shared by the lexer, the parser, highlighting and completion.
// Positions are kept on every token so diagnostics and editors never need to re-scan the text.

/** A point in the source: 0-based UTF-16 offset, 1-based line and column. */
export interface Position {
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}

/** A half-open source span [start, end). */
export interface Range {
  readonly start: Position;
  readonly end: Position;
}

export type TokenKind =
  | 'word' // identifiers and keywords alike: GSQL keywords are mostly not reserved
  | 'number'
  | 'string'
  | 'globalAccum' // @@name
  | 'localAccum' // @name
  | 'column' // $0 or $"name" in loading jobs
  | 'op'
  | 'comment'
  | 'error'
  | 'eof';

export interface Token {
  readonly kind: TokenKind;
  /** Exact source text of the token. */
  readonly text: string;
  /** Upper-cased text for words (keyword matching is case-insensitive); the text otherwise. */
  readonly upper: string;
  readonly start: number;
  readonly end: number;
  readonly line: number;
  readonly column: number;
  /** For errors from the lexer: why the text is not a token. */
  readonly problem?: string;
  /** True when the problem is a construct cut off by the end of input (unterminated string). */
  readonly unterminated?: boolean;
}

/** Highlighting classes, the same for the REPL and monaco. */
export type TokenClass =
  | 'keyword'
  | 'type'
  | 'accumulator'
  | 'string'
  | 'number'
  | 'comment'
  | 'operator'
  | 'identifier'
  | 'error';

export interface HighlightSpan {
  readonly start: number;
  readonly end: number;
  readonly cls: TokenClass;
}

export function tokenStart(t: Token): Position {
  return { offset: t.start, line: t.line, column: t.column };
}

/** End position of a token; tokens other than comments and strings never span lines. */
export function tokenEnd(t: Token): Position {
  let line = t.line;
  let column = t.column;
  for (let i = 0; i < t.text.length; i++) {
    if (t.text.charCodeAt(i) === 10) {
      line++;
      column = 1;
    } else {
      column++;
    }
  }
  return { offset: t.end, line, column };
}

export function rangeOf(first: Token, last: Token): Range {
  return { start: tokenStart(first), end: tokenEnd(last) };
}

/** How a token is named in messages: `'{'`, `identifier 'x'`, `end of input`. */
export function describeToken(t: Token): string {
  switch (t.kind) {
    case 'eof':
      return 'end of input';
    case 'string':
      return `string ${t.text}`;
    case 'number':
      return `number ${t.text}`;
    case 'column':
    case 'comment':
    case 'error':
    case 'globalAccum':
    case 'localAccum':
    case 'op':
    case 'word':
      return `'${t.text}'`;
  }
}

const ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '"': '"',
  '\\': '\\',
};

/** The value of a double-quoted literal: escapes resolved, quotes removed. */
export function unquote(text: string): string {
  const body = text.endsWith('"') && text.length >= 2 ? text.slice(1, -1) : text.slice(1);
  // An unknown escape keeps its backslash, so that the formatter writes it back unchanged.
  return body.replace(/\\(.)/gs, (_m, ch: string) => ESCAPES[ch] ?? `\\${ch}`);
}
