// The GSQL lexer: text to tokens with source positions. It never throws; characters it cannot
// read become error tokens, so highlighting and the parser both work on any input.
import {
  arrowLength,
  isDigit,
  isSpace,
  isWordPart,
  isWordStart,
  numberEnd,
  stringEnd,
  wordEnd,
} from './chars.js';
import type { Token, TokenKind } from './tokens.js';

/**
 * Punctuation and operators, longest first so that `<<` wins over `<`. There is no `>>`:
 * `ListAccum<ListAccum<INT>>` closes two type lists, so the parser reads a shift as two
 * adjacent `>`.
 */
// prettier-ignore
const OPERATORS = [
  '==', '!=', '<>', '<=', '>=', '<<', '+=', '->', '..',
  '<', '>', '=', '+', '-', '*', '/', '%', '&', '|', '~', '(', ')', '[', ']', '{', '}', ',', ';',
  ':', '.', "'", '^', '!',
];

/** Words after which a FROM clause is over (edge arrows only make sense inside FROM). */
// prettier-ignore
const END_OF_FROM = new Set([
  'WHERE', 'ACCUM', 'POST-ACCUM', 'HAVING', 'ORDER', 'LIMIT', 'SAMPLE', 'PER', 'SET', 'SELECT',
  'GROUP', 'INTO',
]);

export interface LexOptions {
  /** Keep comment tokens in the output (highlighting wants them, the parser does not). */
  readonly comments?: boolean;
}

/** Splits text into tokens, always ending with one `eof` token. */
export function lex(text: string, options: LexOptions = {}): Token[] {
  return new Scanner(text, options.comments === true).run();
}

/** Upper-cased word; the library also spells POST-ACCUM as POST_ACCUM. */
function wordUpper(text: string): string {
  const upper = text.toUpperCase();
  return upper === 'POST_ACCUM' ? 'POST-ACCUM' : upper;
}

class Scanner {
  private readonly out: Token[] = [];
  private pos = 0;
  private line = 1;
  private lineStart = 0;
  /** Inside a FROM clause `-(`, `<-(`, `)-` and `)->` are edge arrows, not arithmetic. */
  private inFrom = false;
  private fromDepth = 0;

  constructor(
    private readonly text: string,
    private readonly keepComments: boolean,
  ) {}

  run(): Token[] {
    const { text } = this;
    while (this.pos < text.length) {
      const c = text.charCodeAt(this.pos);
      if (c === 10) {
        this.pos++;
        this.line++;
        this.lineStart = this.pos;
      } else if (isSpace(c)) {
        this.pos++;
      } else {
        this.token(c, text.charCodeAt(this.pos + 1));
      }
    }
    const { line, lineStart } = this;
    const n = text.length;
    this.out.push({
      kind: 'eof',
      text: '',
      upper: '',
      start: n,
      end: n,
      line,
      column: n - lineStart + 1,
    });
    return this.out;
  }

  /** Reads one token starting with the characters c and next. */
  private token(c: number, next: number): void {
    const { text, pos: start } = this;
    if ((c === 47 && next === 47) || c === 35) {
      const end = text.indexOf('\n', start);
      this.push('comment', end < 0 ? text.length : end);
    } else if (c === 47 && next === 42) {
      const close = text.indexOf('*/', start + 2);
      if (close < 0) this.error(text.length, 'unterminated comment', true);
      else this.push('comment', close + 2);
    } else if (c === 34) {
      const [end, closed] = stringEnd(text, start);
      if (closed) this.push('string', end);
      else this.error(end, 'unterminated string', true);
    } else if (isDigit(c) || (c === 46 && isDigit(next))) {
      this.push('number', numberEnd(text, start));
    } else if (isWordStart(c)) {
      this.word(wordEnd(text, start));
    } else if (c === 64) {
      this.accumulator(next === 64);
    } else if (c === 36) {
      this.column();
    } else {
      this.operator(c);
    }
  }

  private push(kind: TokenKind, end: number, upper?: string): void {
    const { text, pos: start } = this;
    const tokenText = text.slice(start, end);
    if (kind !== 'comment' || this.keepComments) {
      const column = start - this.lineStart + 1;
      const token: Token = {
        kind,
        text: tokenText,
        upper: upper ?? tokenText,
        start,
        end,
        line: this.line,
        column,
      };
      this.out.push(token);
    }
    this.advance(tokenText, end);
  }

  /** An error token: text the lexer cannot read, and why. */
  private error(end: number, problem: string, unterminated = false): void {
    const { text, pos: start } = this;
    const tokenText = text.slice(start, end);
    const column = start - this.lineStart + 1;
    const base = {
      kind: 'error' as const,
      text: tokenText,
      upper: tokenText,
      start,
      end,
      line: this.line,
      column,
    };
    this.out.push({ ...base, problem, unterminated });
    this.advance(tokenText, end);
  }

  /** Moves past a token; comments and strings may span lines. */
  private advance(tokenText: string, end: number): void {
    for (let i = tokenText.indexOf('\n'); i >= 0; i = tokenText.indexOf('\n', i + 1)) {
      this.line++;
      this.lineStart = this.pos + i + 1;
    }
    this.pos = end;
  }

  private word(end: number): void {
    const upper = wordUpper(this.text.slice(this.pos, end));
    this.push('word', end, upper);
    if (upper === 'FROM') {
      this.inFrom = true;
      this.fromDepth = 0;
    } else if (END_OF_FROM.has(upper)) {
      this.inFrom = false;
    }
  }

  /** `@name` or `@@name`. */
  private accumulator(global: boolean): void {
    const nameStart = this.pos + (global ? 2 : 1);
    let end = nameStart;
    while (isWordPart(this.text.charCodeAt(end))) end++;
    if (end > nameStart) this.push(global ? 'globalAccum' : 'localAccum', end);
    else this.error(end, `'${this.text.slice(this.pos, end)}' needs an accumulator name`);
  }

  /** `$0` or `$"name"`. */
  private column(): void {
    let end = this.pos + 1;
    if (this.text.charCodeAt(end) === 34) end = stringEnd(this.text, end)[0];
    else while (isWordPart(this.text.charCodeAt(end))) end++;
    if (end - this.pos > 1) this.push('column', end);
    else this.error(end, "'$' needs a column number or name");
  }

  private operator(c: number): void {
    const { text, pos } = this;
    const arrow = this.inFrom ? arrowLength(text, pos) : 0;
    if (arrow > 0) {
      this.push('op', pos + arrow);
      return;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, pos));
    if (op === undefined) {
      const width = c >= 0xd800 && c <= 0xdbff ? 2 : 1;
      this.error(pos + width, `unexpected character '${text.slice(pos, pos + width)}'`);
      return;
    }
    this.push('op', pos + op.length);
    if (this.inFrom) this.trackFrom(op);
  }

  /**
   * A FROM clause also ends at its statement's `;` or block brace, or an unmatched `)`. Braces
   * inside a pattern's parentheses are an openCypher property map: `(a {k: v})-[..]->(b)`.
   */
  private trackFrom(op: string): void {
    if (op === '(' || op === '[' || (op === '{' && this.fromDepth > 0)) this.fromDepth++;
    else if (op === ')' || op === ']' || (op === '}' && this.fromDepth > 0))
      this.inFrom = --this.fromDepth >= 0;
    else if (op === ';' || op === '{' || op === '}') this.inFrom = false;
  }
}
