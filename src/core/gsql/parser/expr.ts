// Expressions by precedence climbing. From loosest to tightest: OR; AND; NOT; comparisons,
// IN, IS NULL, BETWEEN, LIKE; UNION / INTERSECT / MINUS; |; &; << >>; + -; * / %; unary - ~;
// postfix (.attr, .@accum, .method(), ', [i]).
import type { BinaryOp, Expr } from '../ast/index.js';
import type { Token } from '../tokens.js';
import type { Cursor } from './cursor.js';
import { parsePrimary } from './primary.js';

/** Binding power of each binary operator; comparisons share one level. */
export const BINARY_PRECEDENCE: Readonly<Record<BinaryOp, number>> = {
  OR: 1,
  AND: 2,
  '==': 4,
  '!=': 4,
  '<': 4,
  '<=': 4,
  '>': 4,
  '>=': 4,
  UNION: 5,
  INTERSECT: 5,
  MINUS: 5,
  '|': 6,
  '&': 7,
  '<<': 8,
  '>>': 8,
  '+': 9,
  '-': 9,
  '*': 10,
  '/': 10,
  '%': 10,
};

/** Precedence of NOT and of the comparison-like forms (IN, IS NULL, BETWEEN, LIKE). */
export const NOT_PRECEDENCE = 3;
export const COMPARE_PRECEDENCE = 4;
export const UNARY_PRECEDENCE = 11;

const WORD_OPS = new Set(['OR', 'AND', 'UNION', 'INTERSECT', 'MINUS']);

export function parseExpr(c: Cursor, minPrec = 0): Expr {
  c.enter();
  try {
    return parseOperators(c, minPrec);
  } finally {
    c.leave();
  }
}

function parseOperators(c: Cursor, minPrec: number): Expr {
  const start = c.tok;
  let left = parsePrefix(c);
  for (;;) {
    const op = peekBinary(c);
    if (op !== null) {
      const prec = BINARY_PRECEDENCE[op];
      if (prec <= minPrec) return left;
      c.next();
      if (op === '>>') c.next();
      const right = parseExpr(c, prec);
      left = { kind: 'Binary', op, left, right, range: c.rangeFrom(start) };
      continue;
    }
    if (COMPARE_PRECEDENCE <= minPrec) return left;
    const special = parseCompareSuffix(c, left, start);
    if (special === null) return left;
    left = special;
  }
}

function peekBinary(c: Cursor): BinaryOp | null {
  const t = c.tok;
  for (const w of WORD_OPS) c.note(w);
  if (t.kind === 'word') return WORD_OPS.has(t.upper) ? (t.upper as BinaryOp) : null;
  if (t.kind !== 'op') return null;
  if (t.text === '<>') return '!=';
  // `>>` is two adjacent `>` tokens (see the lexer); read as one operator here.
  if (t.text === '>' && c.peekIs(1, '>') && c.peek().start === t.end) return '>>';
  return t.text in BINARY_PRECEDENCE ? (t.text as BinaryOp) : null;
}

/**
 * IN, NOT IN, IS [NOT] NULL, [NOT] BETWEEN, [NOT] LIKE after a left operand; also the loading
 * WHERE clause's IS [NOT] NUMERIC and IS [NOT] EMPTY.
 */
function parseCompareSuffix(c: Cursor, value: Expr, start: Token): Expr | null {
  const negated = c.at('NOT') && ['IN', 'BETWEEN', 'LIKE'].some((w) => c.peekIs(1, w));
  if (negated) c.next();
  if (c.eat('IN')) {
    const set = parseExpr(c, COMPARE_PRECEDENCE);
    return { kind: 'In', value, set, negated, range: c.rangeFrom(start) };
  }
  if (c.eat('BETWEEN')) {
    const low = parseExpr(c, COMPARE_PRECEDENCE);
    c.expect('AND');
    const high = parseExpr(c, COMPARE_PRECEDENCE);
    return { kind: 'Between', value, low, high, negated, range: c.rangeFrom(start) };
  }
  if (c.eat('LIKE')) {
    const pattern = parseExpr(c, COMPARE_PRECEDENCE);
    const escape = c.eat('ESCAPE') ? parseExpr(c, COMPARE_PRECEDENCE) : null;
    return { kind: 'Like', value, pattern, negated, escape, range: c.rangeFrom(start) };
  }
  if (!negated && c.eat('IS')) {
    const isNot = c.eat('NOT');
    const test = c.eat('NUMERIC') ? 'NUMERIC' : c.eat('EMPTY') ? 'EMPTY' : (c.expect('NULL'), null);
    if (test !== null && !c.inLoadingJob) {
      c.pos--;
      c.fail([], `IS ${test} belongs to a loading job's WHERE clause`);
    }
    if (test !== null) {
      return { kind: 'IsTest', value, test, negated: isNot, range: c.rangeFrom(start) };
    }
    return { kind: 'IsNull', value, negated: isNot, range: c.rangeFrom(start) };
  }
  return null;
}

function parsePrefix(c: Cursor): Expr {
  const start = c.tok;
  if (c.eat('NOT')) {
    const operand = parseExpr(c, NOT_PRECEDENCE - 1);
    return { kind: 'Unary', op: 'NOT', operand, range: c.rangeFrom(start) };
  }
  if (c.at('-') || c.at('~')) {
    const op = c.next().text as '-' | '~';
    const operand = parseExpr(c, UNARY_PRECEDENCE - 1);
    return { kind: 'Unary', op, operand, range: c.rangeFrom(start) };
  }
  return parsePostfix(c, start, parsePrimary(c));
}

/** Member access, calls, primes and indexes after a primary expression. */
function parsePostfix(c: Cursor, start: Token, base: Expr): Expr {
  let expr = base;
  for (;;) {
    if (c.at('.')) {
      c.next();
      // `Person.*`: every vertex of a type, as a vertex set (`S = Person.*;`).
      if (expr.kind === 'Name' && expr === base && c.at('*')) {
        c.next();
        expr = { kind: 'TypeStar', typeName: expr.name, range: c.rangeFrom(start) };
        continue;
      }
      if (c.tok.kind === 'localAccum') {
        const name = c.next().text.slice(1);
        expr = { kind: 'VertexAccum', target: expr, name, prime: false, range: c.rangeFrom(start) };
        continue;
      }
      if (c.tok.kind !== 'word') c.fail(['attribute', 'method']);
      const name = c.next().text;
      if (c.at('(')) {
        const args = parseArgs(c);
        expr = { kind: 'MethodCall', target: expr, name, args, range: c.rangeFrom(start) };
      } else {
        expr = { kind: 'Attr', target: expr, name, range: c.rangeFrom(start) };
      }
    } else if (c.at("'") && (expr.kind === 'GlobalAccum' || expr.kind === 'VertexAccum')) {
      c.next();
      expr = { ...expr, prime: true, range: c.rangeFrom(start) };
    } else if (c.at('[')) {
      c.next();
      const index = parseExpr(c);
      c.expect(']');
      expr = { kind: 'Index', target: expr, index, range: c.rangeFrom(start) };
    } else {
      return expr;
    }
  }
}

/** `(a, b, ...)`, possibly empty. */
export function parseArgs(c: Cursor): Expr[] {
  c.expect('(');
  const args: Expr[] = [];
  if (!c.at(')')) {
    do args.push(parseExpr(c));
    while (c.eat(','));
  }
  c.expect(')');
  return args;
}
