// The parser's view of the token stream: lookahead, expectations, node ranges and bail-out.
// Every check of the current token records what would have been accepted there, so that the
// furthest point reached knows its alternatives: error messages and completion both use it.
import { describeExpected, type Diagnostic } from '../diagnostics.js';
import { RESERVED } from '../keywords.js';
import {
  describeToken,
  rangeOf,
  tokenEnd,
  tokenStart,
  unquote,
  type Range,
  type Token,
} from '../tokens.js';

/** Thrown inside the parser to abandon a statement; caught at statement level, never escapes. */
export class SyntaxBail extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.message);
  }
}

/** Deeper nesting than any real query is refused: the parser recurses, the stack is finite. */
export const MAX_NESTING = 256;

/** Edge arrows (lexed as one token inside FROM) that may be read as their pieces. */
const SPLITTABLE = new Set(['-(', '<-(', ')-', ')->']);

export class Cursor {
  pos = 0;
  readonly diagnostics: Diagnostic[] = [];
  /** Token index of the furthest expectation, and what was expected there. */
  expectedAt = -1;
  private readonly noted: string[] = [];
  private notedCount = 0;
  /** The expectations when the input first ran out: later recovery must not add to them. */
  expectedAtEof: readonly string[] | null = null;
  /** Inside a loading job, where WHERE clauses may use IS [NOT] NUMERIC / EMPTY. */
  inLoadingJob = false;
  /** Inside the body of a SYNTAX v3 query, where `(n)` alone is an openCypher vertex pattern. */
  inSyntaxV3 = false;

  constructor(
    readonly tokens: Token[],
    readonly source = '',
  ) {}

  get tok(): Token {
    return this.tokens[this.pos] ?? this.eofToken;
  }

  private get eofToken(): Token {
    const last = this.tokens[this.tokens.length - 1];
    if (last === undefined) throw new Error('token stream without eof');
    return last;
  }

  peek(n = 1): Token {
    return this.tokens[this.pos + n] ?? this.eofToken;
  }

  /** The last consumed token (the start token before anything is consumed). */
  get prev(): Token {
    return this.tokens[this.pos - 1] ?? this.tok;
  }

  get atEnd(): boolean {
    return this.tok.kind === 'eof';
  }

  private depth = 0;

  /** Enters a nested construct (expression, statement, type); pair with `leave`. */
  enter(): void {
    if (this.depth >= MAX_NESTING) this.fail([], `nesting is deeper than ${MAX_NESTING} levels`);
    this.depth++;
  }

  leave(): void {
    this.depth--;
  }

  note(what: string): void {
    // This runs for every token check: a reused array and a count, duplicates dropped on reading.
    if (this.pos > this.expectedAt) {
      this.expectedAt = this.pos;
      this.notedCount = 0;
    }
    if (this.pos === this.expectedAt) this.noted[this.notedCount++] = what;
  }

  /**
   * Is the current token the operator or (case-insensitive) keyword `text`? An edge arrow
   * that starts with `text` (`-(` for `-`) is split to match, so that an arrow lexed where no
   * pattern is (a FROM clause the lexer could not see the end of) still reads as operators.
   */
  at(text: string): boolean {
    this.note(text);
    const t = this.tok;
    if (t.kind === 'word') return t.upper === text;
    if (t.kind !== 'op') return false;
    if (t.text === text) return true;
    if (!SPLITTABLE.has(t.text) || !t.text.startsWith(text)) return false;
    this.split(text.length);
    return true;
  }

  /** Splits the current token after `length` characters (`1.` before a composition dot). */
  splitToken(length: number): void {
    if (length > 0 && length < this.tok.text.length) this.split(length, 'op');
  }

  /** Replaces the current token by its first `length` characters and the rest. */
  private split(length: number, restKind: Token['kind'] = this.tok.kind): void {
    const t = this.tok;
    const piece = (start: number, end: number, kind: Token['kind']): Token => {
      const text = t.text.slice(start - t.start, end - t.start);
      return { ...t, kind, text, upper: text, start, end, column: t.column + (start - t.start) };
    };
    this.tokens.splice(
      this.pos,
      1,
      piece(t.start, t.start + length, t.kind),
      piece(t.start + length, t.end, restKind),
    );
  }

  atAny(...texts: string[]): boolean {
    let found = false;
    for (const text of texts) found = this.at(text) || found;
    return found;
  }

  /** Is the token `n` ahead the operator or keyword `text`? (No expectation is recorded.) */
  peekIs(n: number, text: string): boolean {
    const t = this.peek(n);
    return t.kind === 'word' ? t.upper === text : t.kind === 'op' && t.text === text;
  }

  next(): Token {
    const t = this.tok;
    if (t.kind !== 'eof') this.pos++;
    return t;
  }

  eat(text: string): boolean {
    if (!this.at(text)) return false;
    this.pos++;
    return true;
  }

  expect(text: string): Token {
    if (!this.at(text)) this.fail([text]);
    return this.next();
  }

  /** Is the current token a word usable as a name (not a reserved word)? */
  atName(what = 'identifier'): boolean {
    this.note(what);
    return this.tok.kind === 'word' && !RESERVED.has(this.tok.upper);
  }

  /** A name: any word but the reserved ones. */
  name(what = 'identifier'): string {
    if (!this.atName(what)) this.fail([what]);
    return this.next().text;
  }

  /** A name or a string literal (`DROP SECRET "s1"`, file names, ...), unquoted. */
  nameOrString(what = 'identifier'): string {
    if (this.tok.kind === 'string') return unquote(this.next().text);
    return this.name(what);
  }

  /** Is the current token on a later line than the previous one? */
  get atLineStart(): boolean {
    return this.pos === 0 || this.tok.line > this.prev.line;
  }

  /** Range from a start token to the last consumed token. */
  rangeFrom(start: Token): Range {
    const last = this.pos > 0 ? this.prev : start;
    return last.start < start.start ? rangeOf(start, start) : rangeOf(start, last);
  }

  /** The source text of a range (for Error nodes, which keep what could not be read). */
  textOf(range: Range): string {
    return this.source.slice(range.start.offset, range.end.offset);
  }

  /** What was expected at the furthest position reached. */
  get expected(): string[] {
    return [...new Set(this.noted.slice(0, this.notedCount))];
  }

  /** Records a syntax error at the current token and abandons the statement. */
  fail(expected: readonly string[], message?: string): never {
    const t = this.tok;
    this.snapshotAtEof();
    const list = expected.length > 0 ? expected : this.expected;
    const found = describeToken(t);
    const diagnostic: Diagnostic = {
      severity: 'error',
      code: t.kind === 'eof' ? 'GSQL-INCOMPLETE' : 'GSQL-SYNTAX',
      message:
        message ?? `expected ${describeExpected(list.map(quoteExpected))} but found ${found}`,
      range: { start: tokenStart(t), end: tokenEnd(t) },
      expected: list,
      found,
    };
    throw new SyntaxBail(diagnostic);
  }

  /**
   * Closes a block. A block left open at the end of input is reported as incomplete but kept,
   * so that what was typed so far stays in the tree (completion and highlighting need it).
   */
  closeBlock(close: string): void {
    if (this.eat(close)) return;
    if (!this.atEnd) this.fail([close]);
    const t = this.tok;
    this.snapshotAtEof();
    this.report({
      severity: 'error',
      code: 'GSQL-INCOMPLETE',
      message: `expected '${close}' but found end of input`,
      range: { start: tokenStart(t), end: tokenStart(t) },
      expected: [close],
      found: 'end of input',
    });
  }

  private snapshotAtEof(): void {
    if (this.atEnd && this.expectedAtEof === null && this.expectedAt === this.pos) {
      this.expectedAtEof = this.expected;
    }
  }

  report(d: Diagnostic): void {
    this.diagnostics.push(d);
  }
}

function quoteExpected(e: string): string {
  return /^[a-z]/.test(e) ? e : `'${e}'`;
}
