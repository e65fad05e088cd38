// Control flow inside queries: IF, WHILE, FOREACH, CASE, BREAK, CONTINUE and TRY. Bodies are
// `;`-terminated statements in a query body and `,`-separated ones inside ACCUM clauses.
import type { CondBranch, ExceptionHandler, Expr, QueryStmt, RangeSpec } from '../ast/index.js';
import type { Cursor } from './cursor.js';
import { parseExpr } from './expr.js';
import { branch, parseBody, parseList, type Mode } from './query-stmts.js';

/** Parses a control statement if one starts here; null otherwise. */
export function parseControl(c: Cursor, mode: Mode): QueryStmt | null {
  const t = c.tok;
  for (const w of ['IF', 'WHILE', 'FOREACH', 'CASE', 'BREAK', 'CONTINUE', 'TRY']) c.note(w);
  if (t.kind !== 'word') return null;
  switch (t.upper) {
    case 'IF':
      return parseIf(c, mode);
    case 'WHILE': {
      c.next();
      const cond = parseExpr(c);
      const limit = c.eat('LIMIT') ? parseExpr(c) : null;
      c.expect('DO');
      const body = parseList(c, mode);
      c.expect('END');
      return { kind: 'While', cond, limit, body, range: c.rangeFrom(t) };
    }
    case 'FOREACH':
      return parseForeach(c, mode);
    case 'CASE':
      return parseCase(c, mode);
    case 'BREAK':
      c.next();
      return { kind: 'Break', range: c.rangeFrom(t) };
    case 'CONTINUE':
      c.next();
      return { kind: 'Continue', range: c.rangeFrom(t) };
    case 'TRY':
      return parseTry(c);
    default:
      return null;
  }
}

function parseIf(c: Cursor, mode: Mode): QueryStmt {
  const start = c.expect('IF');
  const branches: CondBranch[] = [];
  let branchStart = start;
  let otherwise: QueryStmt[] | null = null;
  for (;;) {
    const cond = parseExpr(c);
    c.expect('THEN');
    branches.push(branch(c, branchStart, cond, mode));
    // `ELSE IF` on one line is an else-if branch. Real code also puts a complete IF statement
    // on the line after ELSE (closed by its own END, then the outer END); the two readings
    // differ only in layout, so layout decides, as in the library's own code.
    if (c.at('ELSE') && c.peekIs(1, 'IF') && c.peek().line === c.tok.line) {
      branchStart = c.next();
      c.next();
      continue;
    }
    if (c.eat('ELSE')) otherwise = parseList(c, mode);
    c.expect('END');
    return { kind: 'If', branches, otherwise, range: c.rangeFrom(start) };
  }
}

function parseForeach(c: Cursor, mode: Mode): QueryStmt {
  const start = c.expect('FOREACH');
  const vars: string[] = [];
  const tupleVars = c.eat('(');
  if (tupleVars) {
    do vars.push(c.name('loop variable'));
    while (c.eat(','));
    c.expect(')');
  } else {
    vars.push(c.name('loop variable'));
  }
  if (!c.eat(':')) c.expect('IN');
  const source: Expr | RangeSpec = c.at('RANGE') && c.peekIs(1, '[') ? parseRange(c) : parseExpr(c);
  c.expect('DO');
  const body = parseList(c, mode);
  c.expect('END');
  return { kind: 'Foreach', vars, tupleVars, source, body, range: c.rangeFrom(start) };
}

function parseRange(c: Cursor): RangeSpec {
  const start = c.expect('RANGE');
  c.expect('[');
  const from = parseExpr(c);
  c.expect(',');
  const to = parseExpr(c);
  c.expect(']');
  let step: Expr | null = null;
  if (c.at('.') && c.peekIs(1, 'STEP')) {
    c.next();
    c.next();
    c.expect('(');
    step = parseExpr(c);
    c.expect(')');
  }
  return { kind: 'RangeSpec', start: from, end: to, step, range: c.rangeFrom(start) };
}

function parseCase(c: Cursor, mode: Mode): QueryStmt {
  const start = c.expect('CASE');
  const subject = c.at('WHEN') ? null : parseExpr(c);
  const whens: CondBranch[] = [];
  while (c.at('WHEN')) {
    const whenStart = c.next();
    const cond = parseExpr(c);
    c.expect('THEN');
    whens.push(branch(c, whenStart, cond, mode));
  }
  if (whens.length === 0) c.fail(['WHEN']);
  const otherwise = c.eat('ELSE') ? parseList(c, mode) : null;
  c.expect('END');
  return { kind: 'CaseStmt', subject, whens, otherwise, range: c.rangeFrom(start) };
}

function parseTry(c: Cursor): QueryStmt {
  const start = c.expect('TRY');
  const body = parseBody(c);
  c.expect('EXCEPTION');
  const handlers: ExceptionHandler[] = [];
  while (c.at('WHEN')) {
    const whenStart = c.next();
    const name = c.name('exception name');
    c.expect('THEN');
    const handlerBody = parseBody(c);
    handlers.push({
      kind: 'ExceptionHandler',
      name,
      body: handlerBody,
      range: c.rangeFrom(whenStart),
    });
  }
  const otherwise = c.eat('ELSE') ? parseBody(c) : null;
  c.expect('END');
  return { kind: 'Try', body, handlers, otherwise, range: c.rangeFrom(start) };
}
