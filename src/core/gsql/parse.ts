// Entry points of the parser: text in, AST and diagnostics out, never an exception.
import type { Expr, Script } from './ast/index.js';
import type { Diagnostic } from './diagnostics.js';
import { lex } from './lexer.js';
import { Cursor, SyntaxBail } from './parser/cursor.js';
import { parseExpr } from './parser/expr.js';
import { parseScript } from './parser/statements.js';
import { tokenEnd, tokenStart, type Token } from './tokens.js';

export interface ParseResult<T> {
  readonly ast: T;
  readonly diagnostics: readonly Diagnostic[];
}

/** Lexes and separates lexer errors (reported as diagnostics) from the parser's tokens. */
function prepare(text: string): { tokens: Token[]; diagnostics: Diagnostic[] } {
  const all = lex(text);
  // Most texts have no lexical errors: then the token array is used as it is.
  if (!all.some((t) => t.kind === 'error')) return { tokens: all, diagnostics: [] };
  const tokens: Token[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const t of all) {
    if (t.kind !== 'error') {
      tokens.push(t);
      continue;
    }
    diagnostics.push({
      severity: 'error',
      code: t.unterminated ? 'GSQL-INCOMPLETE' : 'GSQL-LEX',
      message: t.problem ?? `unexpected '${t.text}'`,
      range: { start: tokenStart(t), end: tokenEnd(t) },
      found: `'${t.text.slice(0, 20)}'`,
    });
  }
  return { tokens, diagnostics };
}

/**
 * Parses a GSQL script. Errors never throw: they come back as diagnostics, sorted by position,
 * with Error nodes in the tree where statements could not be read.
 */
export function parse(text: string): ParseResult<Script> {
  const { tokens, diagnostics } = prepare(text);
  const cursor = new Cursor(tokens, text);
  const ast = parseScript(cursor);
  return { ast, diagnostics: merge(diagnostics, cursor.diagnostics) };
}

/**
 * What the grammar accepts at the end of `text`: keywords as written (`WHERE`, `-(`) and
 * descriptions of names (`vertex type`, `query name`, `expression`). Drives completion.
 */
export function expectedAtEnd(text: string): string[] {
  const { tokens } = prepare(text);
  const cursor = new Cursor(tokens, text);
  parseScript(cursor);
  if (cursor.expectedAtEof !== null) return [...cursor.expectedAtEof];
  return cursor.expectedAt === cursor.tokens.length - 1 ? cursor.expected : [];
}

/** Parses one expression (for tools that evaluate or check expressions alone). */
export function parseExpression(text: string): ParseResult<Expr | null> {
  const { tokens, diagnostics } = prepare(text);
  const cursor = new Cursor(tokens, text);
  try {
    const ast = parseExpr(cursor);
    if (!cursor.atEnd) cursor.fail(['end of input']);
    return { ast, diagnostics };
  } catch (e) {
    if (!(e instanceof SyntaxBail)) throw e;
    return { ast: null, diagnostics: merge(diagnostics, [e.diagnostic]) };
  }
}

/**
 * Lexer problems come first at equal positions; a parser error at the end of input right after
 * an unterminated string or comment says nothing new and is dropped.
 */
function merge(lexer: readonly Diagnostic[], parser: readonly Diagnostic[]): Diagnostic[] {
  const open = lexer.some((d) => d.code === 'GSQL-INCOMPLETE');
  const kept = open ? parser.filter((d) => d.code !== 'GSQL-INCOMPLETE') : parser;
  return [...lexer, ...kept].sort((a, b) => a.range.start.offset - b.range.start.offset);
}
