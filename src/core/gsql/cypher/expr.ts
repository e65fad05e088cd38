// openCypher expressions (the operators and functions of the openCypher-in-GSQL page), read
// straight into GSQL expression nodes: `=` and `<>` become `==` and `!=`, `XOR` of two booleans
// is their inequality, `^` is `pow`, `a STARTS WITH b` is `find(a, b) == 0`, `a CONTAINS b` is
// `find(a, b) >= 0`, `a ENDS WITH b` is `right(a, length(b)) == b`, `$p` names the query
// parameter p, and the supported functions are called by their GSQL names. Functions the
// reference lists as not supported are refused where they are called (GSQL-UNSUPPORTED).
// Precedence, loosest first: OR, XOR, AND, NOT, comparisons and the string and list
// predicates, + -, * / %, ^, unary minus, then property access and subscripts.
import type { BinaryOp, Expr } from '../ast/expr.js';
import { lex } from '../lexer.js';
import { SyntaxBail, type Cursor } from '../parser/cursor.js';
import { parseCaseExpr } from '../parser/primary.js';
import { rangeOf, tokenEnd, tokenStart, unquote, type Range, type Token } from '../tokens.js';
import { CYPHER_FUNCTIONS, CYPHER_UNSUPPORTED_FUNCTIONS } from './facts.js';

/** Refuses a construct GSQL does not support in openCypher bodies, at the token `at`. */
export function unsupported(at: Token, what: string): never {
  throw new SyntaxBail({
    severity: 'error',
    code: 'GSQL-UNSUPPORTED',
    message: `${what} is not supported in openCypher queries`,
    range: { start: tokenStart(at), end: tokenEnd(at) },
    found: `'${at.text}'`,
  });
}

const span = (a: Expr, b: Expr): Range => ({ start: a.range.start, end: b.range.end });

function binary(op: BinaryOp, left: Expr, right: Expr): Expr {
  return { kind: 'Binary', op, left, right, range: span(left, right) };
}

function call(name: string, args: Expr[], range: Range): Expr {
  return { kind: 'Call', name, args, distinct: false, range };
}

export function parseCypherExpr(c: Cursor): Expr {
  c.enter();
  try {
    return parseOr(c);
  } finally {
    c.leave();
  }
}

function parseOr(c: Cursor): Expr {
  let left = parseXor(c);
  while (c.eat('OR')) left = binary('OR', left, parseXor(c));
  return left;
}

function parseXor(c: Cursor): Expr {
  let left = parseAnd(c);
  while (c.eat('XOR')) left = binary('!=', left, parseAnd(c));
  return left;
}

function parseAnd(c: Cursor): Expr {
  let left = parseNot(c);
  while (c.eat('AND')) left = binary('AND', left, parseNot(c));
  return left;
}

function parseNot(c: Cursor): Expr {
  const start = c.tok;
  if (!c.eat('NOT')) return parseComparison(c);
  const operand = parseNot(c);
  return { kind: 'Unary', op: 'NOT', operand, range: c.rangeFrom(start) };
}

const COMPARISONS: Readonly<Record<string, BinaryOp>> = {
  '=': '==',
  '<>': '!=',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};

function parseComparison(c: Cursor): Expr {
  let left = parseAdditive(c);
  for (;;) {
    const t = c.tok;
    const op = t.kind === 'op' ? COMPARISONS[t.text] : undefined;
    if (op !== undefined) {
      c.next();
      left = binary(op, left, parseAdditive(c));
    } else if (c.at('STARTS') || c.at('ENDS')) {
      c.next();
      c.expect('WITH');
      const right = parseAdditive(c);
      const range = span(left, right);
      left =
        t.upper === 'STARTS'
          ? binary('==', call('find', [left, right], range), int(0, range))
          : binary('==', call('right', [left, call('length', [right], range)], range), right);
    } else if (c.eat('CONTAINS')) {
      const right = parseAdditive(c);
      const range = span(left, right);
      left = binary('>=', call('find', [left, right], range), int(0, range));
    } else if (c.eat('IN')) {
      const set = parseAdditive(c);
      left = { kind: 'In', value: left, set, negated: false, range: span(left, set) };
    } else if (c.eat('IS')) {
      const negated = c.eat('NOT');
      c.expect('NULL');
      left = { kind: 'IsNull', value: left, negated, range: c.rangeFrom(t) };
    } else {
      return left;
    }
  }
}

function int(value: number, range: Range): Expr {
  return { kind: 'IntLit', text: String(value), value, range };
}

function parseAdditive(c: Cursor): Expr {
  let left = parseMultiplicative(c);
  for (;;) {
    if (c.eat('+')) left = binary('+', left, parseMultiplicative(c));
    else if (c.eat('-')) left = binary('-', left, parseMultiplicative(c));
    else return left;
  }
}

function parseMultiplicative(c: Cursor): Expr {
  let left = parsePower(c);
  for (;;) {
    if (c.eat('*')) left = binary('*', left, parsePower(c));
    else if (c.eat('/')) left = binary('/', left, parsePower(c));
    else if (c.eat('%')) left = binary('%', left, parsePower(c));
    else return left;
  }
}

function parsePower(c: Cursor): Expr {
  let left = parseUnary(c);
  while (c.eat('^')) {
    const right = parseUnary(c);
    left = call('pow', [left, right], span(left, right));
  }
  return left;
}

function parseUnary(c: Cursor): Expr {
  const start = c.tok;
  if (c.eat('-')) {
    const operand = parseUnary(c);
    return { kind: 'Unary', op: '-', operand, range: c.rangeFrom(start) };
  }
  if (c.eat('+')) return parseUnary(c);
  return parsePostfix(c);
}

function parsePostfix(c: Cursor): Expr {
  const start = c.tok;
  let e = parseAtom(c);
  for (;;) {
    if (c.eat('.')) {
      c.note('property name');
      if (c.tok.kind !== 'word') c.fail(['property name']);
      const name = c.next().text;
      e = { kind: 'Attr', target: e, name, range: c.rangeFrom(start) };
    } else if (c.eat('[')) {
      const index = parseCypherExpr(c);
      if (c.at('..')) unsupported(c.tok, 'a list slice');
      c.expect(']');
      // `n["name"]`: a property named by a string is that property.
      e =
        e.kind === 'Name' && index.kind === 'StringLit'
          ? { kind: 'Attr', target: e, name: index.value, range: c.rangeFrom(start) }
          : { kind: 'Index', target: e, index, range: c.rangeFrom(start) };
    } else {
      return e;
    }
  }
}

function parseAtom(c: Cursor): Expr {
  const t = c.tok;
  switch (t.kind) {
    case 'number': {
      c.next();
      if (/^\d+$/.test(t.text)) {
        const n = Number(t.text);
        const value = Number.isSafeInteger(n) ? n : BigInt(t.text);
        return { kind: 'IntLit', text: t.text, value, range: c.rangeFrom(t) };
      }
      return { kind: 'FloatLit', text: t.text, value: Number(t.text), range: c.rangeFrom(t) };
    }
    case 'string':
      c.next();
      return { kind: 'StringLit', value: unquote(t.text), range: c.rangeFrom(t) };
    case 'column': {
      // `$name`: a query parameter.
      if (t.text.startsWith('$"') || /^\$\d/.test(t.text)) c.fail(['parameter name']);
      c.next();
      return { kind: 'Name', name: t.text.slice(1), range: c.rangeFrom(t) };
    }
    case 'op':
      if (t.text === '(') {
        c.next();
        const inner = parseCypherExpr(c);
        c.expect(')');
        return inner;
      }
      if (t.text === '[') return parseList(c);
      if (t.text === "'") return singleQuoted(c, t);
      if (t.text === '{') return unsupported(t, 'a map literal');
      break;
    case 'word':
      return parseWord(c);
    case 'comment':
    case 'eof':
    case 'error':
    case 'globalAccum':
    case 'localAccum':
      break;
  }
  c.note('expression');
  return c.fail(['expression']);
}

/**
 * `'text'`: openCypher's single-quoted string. GSQL's lexer reads `'` as the prime operator, so
 * the literal is taken from the source up to its closing quote, and the tokens inside skipped.
 */
function singleQuoted(c: Cursor, open: Token): Expr {
  // No escapes: GSQL's lexer refuses a backslash outside double-quoted strings.
  let i = open.start + 1;
  while (c.source[i] !== "'") {
    if (i >= c.source.length || c.source[i] === '\n') c.fail([], 'unterminated string');
    i++;
  }
  const value = c.source.slice(open.start + 1, i);
  let last = open;
  while (!c.atEnd && c.tok.start <= i) last = c.next();
  // GSQL's lexer may have read past the closing quote (a `"` opening a string, `//` or `#` a
  // comment): then the text after it is not in the token stream, and the literal is refused
  // rather than the rest of the line lost.
  if (/["#]|\/[/*]/.test(c.source.slice(open.start + 1, i))) {
    const end = i;
    const past = lex(c.source, { comments: true }).some(
      (t) => t.start > open.start && t.start < end && t.end > end + 1,
    );
    if (past) unsupported(open, 'a single-quoted string holding ", // or #');
  }
  return { kind: 'StringLit', value, range: rangeOf(open, last) };
}

function parseList(c: Cursor): Expr {
  const start = c.expect('[');
  const items: Expr[] = [];
  if (!c.at(']')) {
    do items.push(parseCypherExpr(c));
    while (c.eat(','));
  }
  c.expect(']');
  return { kind: 'ListLit', items, range: c.rangeFrom(start) };
}

function parseWord(c: Cursor): Expr {
  const t = c.tok;
  switch (t.upper) {
    case 'TRUE':
    case 'FALSE':
      c.next();
      return { kind: 'BoolLit', value: t.upper === 'TRUE', range: c.rangeFrom(t) };
    case 'NULL':
      c.next();
      return { kind: 'NullLit', range: c.rangeFrom(t) };
    case 'CASE':
      return parseCaseExpr(c, parseCypherExpr);
    default:
      break;
  }
  if (isClauseEnd(t)) {
    c.note('expression');
    c.fail(['expression']);
  }
  c.next();
  if (!c.at('(')) return { kind: 'Name', name: t.text, range: c.rangeFrom(t) };
  return parseCall(c, t);
}

/** Words that end an expression: an item list or a clause follows. */
function isClauseEnd(t: Token): boolean {
  return [
    'AS',
    'WHERE',
    'WITH',
    'RETURN',
    'ORDER',
    'SKIP',
    'LIMIT',
    'MATCH',
    'AND',
    'OR',
    'XOR',
    'THEN',
    'ELSE',
    'END',
    'WHEN',
    'IN',
    'IS',
  ].includes(t.upper);
}

/** `name(args)`, `count(*)`, `f(DISTINCT x)`, after the name. */
function parseCall(c: Cursor, nameTok: Token): Expr {
  const lower = nameTok.text.toLowerCase();
  if (CYPHER_UNSUPPORTED_FUNCTIONS.has(lower))
    unsupported(nameTok, `the function ${nameTok.text}()`);
  const gsql = CYPHER_FUNCTIONS.get(lower);
  if (gsql === undefined) unsupported(nameTok, `the function ${nameTok.text}()`);
  c.expect('(');
  const distinct = c.eat('DISTINCT');
  const args: Expr[] = [];
  const star = c.tok;
  if (lower === 'count' && c.eat('*')) {
    args.push({ kind: 'Wildcard', symbol: '*', range: rangeOf(star, star) });
  } else if (!c.at(')')) {
    do args.push(parseCypherExpr(c));
    while (c.eat(','));
  }
  c.expect(')');
  const range = c.rangeFrom(nameTok);
  if (gsql === 'e' || gsql === 'timestamp') {
    if (args.length > 0) c.fail([], `${nameTok.text}() takes no arguments`);
    // e() is exp(1); timestamp() the milliseconds since 1970 of now() (whole seconds).
    if (gsql === 'e') return call('exp', [int(1, range)], range);
    const seconds = call('datetime_to_epoch', [call('now', [], range)], range);
    return binary('*', seconds, int(1000, range));
  }
  return { kind: 'Call', name: gsql, args, distinct, range };
}
