// Line-by-line GSQL tokens for monaco, from the core lexer (no separate grammar). Monaco asks for
// one line at a time with the state left by the line before; the only state that matters is a
// construct that the lexer lets span lines: a block comment, a string or a `$"column"` name.
// Pure: no monaco import, so it runs (and is tested) in node.
import { lex, tokenClass, type Token, type TokenClass } from '../../../core/gsql/index.js';

/** What the previous line left open. `cls` is the highlighting class of the open construct. */
export type LineState =
  | { readonly open: 'none' }
  | { readonly open: 'comment' }
  | { readonly open: 'string'; readonly cls: TokenClass };

export const INITIAL_LINE_STATE: LineState = { open: 'none' };

/** One monaco token: it runs from `startIndex` to the next token's start (or the line end). */
export interface LineToken {
  readonly startIndex: number;
  /** The core class, or '' for the whitespace between tokens. */
  readonly scope: TokenClass | '';
}

export interface LineTokens {
  readonly tokens: LineToken[];
  readonly endState: LineState;
}

export function sameLineState(a: LineState, b: LineState): boolean {
  if (a.open !== b.open) return false;
  return a.open !== 'string' || b.open !== 'string' || a.cls === b.cls;
}

/** Index after the closing quote of a string body starting at `from`, or -1 if it stays open. */
function stringBodyEnd(line: string, from: number): number {
  let i = from;
  while (i < line.length) {
    const ch = line.charCodeAt(i);
    if (ch === 92) i += 2;
    else if (ch === 34) return i + 1;
    else i++;
  }
  return -1;
}

/** Tokens of one line given the state at its start, and the state at its end. */
export function tokenizeLine(line: string, state: LineState): LineTokens {
  const tokens: LineToken[] = [];
  let rest = 0;
  if (state.open === 'comment') {
    const close = line.indexOf('*/');
    if (line.length > 0) tokens.push({ startIndex: 0, scope: 'comment' });
    if (close < 0) return { tokens, endState: state };
    rest = close + 2;
  } else if (state.open === 'string') {
    const close = stringBodyEnd(line, 0);
    if (line.length > 0) tokens.push({ startIndex: 0, scope: state.cls });
    if (close < 0) return { tokens, endState: state };
    rest = close;
  }
  const endState = lexRest(line, rest, tokens);
  return { tokens: merged(tokens, line.length), endState };
}

/** Lexes line[from..] into tokens (gaps as ''); returns the state the line ends in. */
function lexRest(line: string, from: number, out: LineToken[]): LineState {
  const text = line.slice(from);
  let at = 0;
  let endState: LineState = INITIAL_LINE_STATE;
  let prev: Token | undefined;
  for (const t of lex(text, { comments: true })) {
    if (t.kind === 'eof') break;
    if (t.start > at) out.push({ startIndex: from + at, scope: '' });
    // The token before gives context: a word after `.` is a name (`@@m.get(k)`), not a keyword.
    const cls = tokenClass(t, prev);
    if (t.kind !== 'comment') prev = t;
    out.push({ startIndex: from + t.start, scope: cls });
    at = t.end;
    if (t.end === text.length) endState = openAtEnd(t.kind, t.text, cls, t.unterminated === true);
  }
  if (at < text.length) out.push({ startIndex: from + at, scope: '' });
  return endState;
}

/** Whether the last token of a line is a comment or string that the next line continues. */
function openAtEnd(kind: string, text: string, cls: TokenClass, unterminated: boolean): LineState {
  if (kind === 'error' && unterminated) {
    if (text.startsWith('/*')) return { open: 'comment' };
    if (text.startsWith('"')) return { open: 'string', cls };
  }
  if (kind === 'column' && text.startsWith('$"') && stringBodyEnd(text, 2) < 0) {
    return { open: 'string', cls };
  }
  return INITIAL_LINE_STATE;
}

/** Drops empty tokens and joins neighbours of one scope. */
function merged(tokens: readonly LineToken[], length: number): LineToken[] {
  const out: LineToken[] = [];
  tokens.forEach((t, i) => {
    const next = tokens[i + 1]?.startIndex ?? length;
    if (next <= t.startIndex && length > 0) return;
    const last = out[out.length - 1];
    if (last?.scope === t.scope) return;
    out.push(t);
  });
  return out;
}

/** Every line of a text tokenized in order, as monaco would do it. */
export function tokenizeText(text: string): LineToken[][] {
  let state: LineState = INITIAL_LINE_STATE;
  return text.split('\n').map((line) => {
    const { tokens, endState } = tokenizeLine(line, state);
    state = endState;
    return tokens;
  });
}
