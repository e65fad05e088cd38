// Tokens of a path-filter condition (`age > 30 and name == "Tom"`). The lexer only splits text;
// it never evaluates anything. Columns are 1-based so that error messages point where a user
// counts.
import { ConditionError } from './errors.js';

export type TokenKind = 'ident' | 'number' | 'string' | 'op' | 'lparen' | 'rparen' | 'end';

export interface Token {
  readonly kind: TokenKind;
  /** The source text of the token (for strings: without quotes, escapes resolved). */
  readonly text: string;
  /** 1-based column of the token's first character. */
  readonly column: number;
}

/** Longest first, so `<=` is not read as `<` then `=`. */
const operators = ['==', '!=', '<>', '<=', '>=', '&&', '||', '=', '<', '>', '!'];

const escapes: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  '"': '"',
  "'": "'",
};

const identStart = /[A-Za-z_]/;
const identPart = /[A-Za-z0-9_]/;
const digit = /[0-9]/;
const numberPattern = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;

function readString(text: string, start: number): { value: string; end: number } {
  const quote = text[start];
  let value = '';
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i] ?? '';
    if (ch === quote) return { value, end: i + 1 };
    if (ch === '\\' && i + 1 < text.length) {
      const next = text[i + 1] ?? '';
      value += escapes[next] ?? next;
      i += 2;
      continue;
    }
    value += ch;
    i += 1;
  }
  throw new ConditionError(text, start + 1, `a closing ${quote ?? '"'} for this string`, 'end');
}

/** Splits a condition into tokens, ending with one `end` token. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i] ?? '';
    const column = i + 1;
    if (/\s/.test(ch)) {
      i += 1;
    } else if (ch === '"' || ch === "'") {
      const { value, end } = readString(text, i);
      tokens.push({ kind: 'string', text: value, column });
      i = end;
    } else if (ch === '(' || ch === ')') {
      tokens.push({ kind: ch === '(' ? 'lparen' : 'rparen', text: ch, column });
      i += 1;
    } else if (identStart.test(ch)) {
      let end = i + 1;
      while (end < text.length && identPart.test(text[end] ?? '')) end += 1;
      tokens.push({ kind: 'ident', text: text.slice(i, end), column });
      i = end;
    } else if (
      digit.test(ch) ||
      ((ch === '-' || ch === '.') && digit.test(text[i + 1] ?? '')) ||
      (ch === '-' && text[i + 1] === '.' && digit.test(text[i + 2] ?? ''))
    ) {
      // A leading minus belongs to the number: the grammar has no arithmetic.
      const match = numberPattern.exec(text.slice(i));
      const numberText = match?.[0] ?? ch;
      tokens.push({ kind: 'number', text: numberText, column });
      i += numberText.length;
    } else {
      const op = operators.find((o) => text.startsWith(o, i));
      if (!op) throw new ConditionError(text, column, 'an attribute, a value or an operator', ch);
      tokens.push({ kind: 'op', text: op, column });
      i += op.length;
    }
  }
  tokens.push({ kind: 'end', text: '', column: text.length + 1 });
  return tokens;
}
