// Primary expressions: literals, names and calls, accumulators, loading columns, and the
// bracketed forms (parentheses, tuples, map pairs, lists, seed sets, CASE).
import type { CaseWhen, Expr, JsonEntry } from '../ast/index.js';
import { INTERVAL_UNITS, isIntervalUnit, RESERVED } from '../keywords.js';
import { unquote, type Token } from '../tokens.js';
import type { Cursor } from './cursor.js';
import { BINARY_PRECEDENCE, parseExpr } from './expr.js';

export function parsePrimary(c: Cursor): Expr {
  const t = c.tok;
  switch (t.kind) {
    case 'number':
      c.next();
      return numberLiteral(t, c);
    case 'string':
      c.next();
      return { kind: 'StringLit', value: unquote(t.text), range: c.rangeFrom(t) };
    case 'globalAccum':
      c.next();
      return { kind: 'GlobalAccum', name: t.text.slice(2), prime: false, range: c.rangeFrom(t) };
    case 'localAccum':
      c.next();
      return {
        kind: 'VertexAccum',
        target: null,
        name: t.text.slice(1),
        prime: false,
        range: c.rangeFrom(t),
      };
    case 'column': {
      c.next();
      const raw = t.text.slice(1);
      const column = raw.startsWith('"') ? unquote(raw) : /^\d+$/.test(raw) ? Number(raw) : raw;
      // A JSON path: `$"key":"sub":...`.
      const path: string[] = [];
      while (raw.startsWith('"') && c.at(':') && c.peek().kind === 'string') {
        c.next();
        path.push(unquote(c.next().text));
      }
      return { kind: 'ColumnRef', column, path, range: c.rangeFrom(t) };
    }
    case 'op':
      if (t.text === '(') return parseParen(c);
      if (t.text === '[') {
        c.next();
        const items: Expr[] = [];
        if (!c.at(']')) {
          do items.push(parseExpr(c));
          while (c.eat(','));
        }
        c.expect(']');
        return { kind: 'ListLit', items, range: c.rangeFrom(t) };
      }
      if (t.text === '{') return parseSeedSet(c);
      break;
    case 'word':
      return parseWordPrimary(c);
    case 'comment':
    case 'eof':
    case 'error':
      break;
  }
  c.note('expression');
  return c.fail(['expression']);
}

function numberLiteral(t: Token, c: Cursor): Expr {
  if (/^\d+$/.test(t.text)) {
    const n = Number(t.text);
    const value = Number.isSafeInteger(n) ? n : BigInt(t.text);
    return { kind: 'IntLit', text: t.text, value, range: c.rangeFrom(t) };
  }
  return { kind: 'FloatLit', text: t.text, value: Number(t.text), range: c.rangeFrom(t) };
}

function parseWordPrimary(c: Cursor): Expr {
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
      return parseCaseExpr(c, parseExpr);
    case '_':
    case 'ANY':
      c.next();
      return { kind: 'Wildcard', symbol: t.upper, range: c.rangeFrom(t) };
    case 'INTERVAL':
      if (atIntervalAmount(c)) return parseInterval(c);
      break;
    case 'INSERT':
      // insert(str1, position, [number,] str2): the string function, not the statement.
      if (c.peekIs(1, '(')) return parseCallAfterName(c, t, c.next().text);
      break;
    default:
      break;
  }
  const name = c.name('expression');
  if (!c.at('(')) return { kind: 'Name', name, range: c.rangeFrom(t) };
  return parseCallAfterName(c, t, name);
}

const TRIM_SIDES = ['LEADING', 'TRAILING', 'BOTH'] as const;
type TrimSide = (typeof TRIM_SIDES)[number];

/** LEADING / TRAILING / BOTH opening `trim(...)` (a variable so named is followed by , or )). */
function trimSide(c: Cursor): TrimSide | undefined {
  const t = c.tok;
  const side = TRIM_SIDES.find((s) => t.kind === 'word' && t.upper === s);
  if (side === undefined || c.peekIs(1, ',') || c.peekIs(1, ')')) return undefined;
  c.next();
  return side;
}

/**
 * The arguments and `)` of a call whose name and `(` are next; `trim` also takes the
 * string-functions page's form `trim([LEADING | TRAILING | BOTH] [removal FROM] str)`.
 */
function parseCallAfterName(c: Cursor, t: Token, name: string): Expr {
  c.next();
  const side = t.upper === 'TRIM' ? trimSide(c) : undefined;
  // `trim(BOTH FROM str)`: a side and FROM without a removal string.
  if (side) c.eat('FROM');
  const distinct = c.eat('DISTINCT');
  const args: Expr[] = [];
  let removal: Expr | undefined;
  if (!c.at(')')) {
    do args.push(c.at('*') ? starArg(c) : parseExpr(c));
    while (c.eat(','));
  }
  if (t.upper === 'TRIM' && args.length === 1 && c.eat('FROM')) {
    removal = args.pop();
    args.push(parseExpr(c));
  }
  c.expect(')');
  if (side || removal)
    return {
      kind: 'Call',
      name,
      args,
      distinct,
      ...(side ? { trimSide: side } : {}),
      ...(removal ? { trimRemoval: removal } : {}),
      range: c.rangeFrom(t),
    };
  const [only] = args;
  if (t.upper === 'TO_DATETIME' && args.length === 1 && only?.kind === 'StringLit' && !distinct) {
    return { kind: 'DatetimeLit', value: only.value, range: c.rangeFrom(t) };
  }
  return { kind: 'Call', name, args, distinct, range: c.rangeFrom(t) };
}

/** `INTERVAL` followed by an amount (a variable named `interval` is followed by an operator). */
function atIntervalAmount(c: Cursor): boolean {
  const next = c.peek();
  switch (next.kind) {
    case 'number':
    case 'string':
    case 'globalAccum':
    case 'localAccum':
      return true;
    case 'word':
      return !RESERVED.has(next.upper) || next.upper === 'CASE';
    case 'op':
      return ['(', '-', '~', '[', '{'].includes(next.text);
    case 'column':
    case 'comment':
    case 'error':
    case 'eof':
      return false;
  }
}

/** `INTERVAL n UNIT`: the amount binds like a unary operand (`INTERVAL x.days DAY`). */
function parseInterval(c: Cursor): Expr {
  const start = c.expect('INTERVAL');
  const amount = parseExpr(c, BINARY_PRECEDENCE['*']);
  for (const unit of INTERVAL_UNITS) c.note(unit);
  const unit = c.tok.upper;
  if (c.tok.kind !== 'word' || !isIntervalUnit(unit)) c.fail([...INTERVAL_UNITS]);
  c.next();
  return { kind: 'Interval', amount, unit, range: c.rangeFrom(start) };
}

/** `count(*)` keeps the star as a wildcard argument. */
function starArg(c: Cursor): Expr {
  const t = c.next();
  return { kind: 'Wildcard', symbol: '*', range: c.rangeFrom(t) };
}

/** `(e)`, `(a, b)`, `(k -> v)` and `(k1, k2 -> v1, v2)`. */
function parseParen(c: Cursor): Expr {
  const start = c.expect('(');
  const items: Expr[] = [];
  do items.push(parseExpr(c));
  while (c.eat(','));
  if (c.eat('->')) {
    const values: Expr[] = [];
    do values.push(parseExpr(c));
    while (c.eat(','));
    c.expect(')');
    return { kind: 'Arrow', keys: items, values, range: c.rangeFrom(start) };
  }
  c.expect(')');
  const [only] = items;
  if (items.length === 1 && only !== undefined) return only;
  return { kind: 'TupleLit', items, range: c.rangeFrom(start) };
}

/** A seed set `{T.*, v, @@s, ANY, _}`, or a JSON object `{"key": value}`. */
export function parseSeedSet(c: Cursor): Expr {
  if (c.peek().kind === 'string' && c.peekIs(2, ':')) return parseJsonObject(c);
  const start = c.expect('{');
  const items: Expr[] = [];
  if (!c.at('}')) {
    do items.push(parseSeed(c));
    while (c.eat(','));
  }
  c.expect('}');
  return { kind: 'VertexSetLit', items, range: c.rangeFrom(start) };
}

/** One seed of a seed set, or one PRINT projection: an expression or `T.*`. */
export function parseSeed(c: Cursor): Expr {
  const t = c.tok;
  if (t.kind === 'word' && c.peekIs(1, '.') && c.peekIs(2, '*')) {
    c.next();
    c.next();
    c.next();
    return { kind: 'TypeStar', typeName: t.text, range: c.rangeFrom(t) };
  }
  return parseExpr(c);
}

/** `CASE [subject] WHEN .. THEN .. [ELSE ..] END`, its parts read by `part` (GSQL's or openCypher's expressions). */
export function parseCaseExpr(c: Cursor, part: (c: Cursor) => Expr): Expr {
  const start = c.expect('CASE');
  const subject = c.at('WHEN') ? null : part(c);
  const whens: CaseWhen[] = [];
  while (c.at('WHEN')) {
    const whenStart = c.next();
    const when = part(c);
    c.expect('THEN');
    const then = part(c);
    whens.push({ kind: 'CaseWhen', when, then, range: c.rangeFrom(whenStart) });
  }
  if (whens.length === 0) c.fail(['WHEN']);
  const otherwise = c.eat('ELSE') ? part(c) : null;
  c.expect('END');
  return { kind: 'CaseExpr', subject, whens, otherwise, range: c.rangeFrom(start) };
}

function parseJsonObject(c: Cursor): Expr {
  const start = c.expect('{');
  const entries: JsonEntry[] = [];
  do {
    const entryStart = c.tok;
    if (entryStart.kind !== 'string') c.fail(['string']);
    const key = unquote(c.next().text);
    c.expect(':');
    const value = parseExpr(c);
    entries.push({ kind: 'JsonEntry', key, value, range: c.rangeFrom(entryStart) });
  } while (c.eat(','));
  c.expect('}');
  return { kind: 'JsonObject', entries, range: c.rangeFrom(start) };
}
