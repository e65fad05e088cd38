// Statements of a query body (`;`-terminated) and of ACCUM / POST-ACCUM lists (`,`-separated).
// One statement parser serves both; `mode` decides how nested bodies are punctuated.
import type {
  AccumDecl,
  AccumVar,
  CondBranch,
  Expr,
  QueryStmt,
  TypeExpr,
  VarInit,
} from '../ast/index.js';
import { QUERY_STATEMENT_KEYWORDS, RESERVED } from '../keywords.js';
import type { Token } from '../tokens.js';
import type { Cursor } from './cursor.js';
import { parseExpr, UNARY_PRECEDENCE } from './expr.js';
import { parseControl } from './query-control.js';
import { parseAction } from './query-actions.js';
import { guarded, type SyncPoint } from './recovery.js';
import { parseSelect, parseTableSelect } from './select.js';
import { atTypeStart, parseType, parseTypedef } from './types.js';

export type Mode = 'body' | 'dml';

/** Words that end a statement list (the enclosing construct continues with them). */
const LIST_END = new Set(['END', 'ELSE', 'WHEN', 'EXCEPTION', '}']);

/** `;`-terminated statements up to a closing word or brace, recovering from errors. */
export function parseBody(c: Cursor): QueryStmt[] {
  const out: QueryStmt[] = [];
  for (;;) {
    while (c.eat(';'));
    noteStatementStarts(c);
    if (c.atEnd || atListEnd(c)) return out;
    out.push(
      guarded(
        c,
        () => {
          const stmt = parseStatement(c, 'body');
          c.expect(';');
          return stmt;
        },
        startsQueryStatement,
      ),
    );
  }
}

/** Records what may start a statement here, for messages and completion. */
function noteStatementStarts(c: Cursor): void {
  for (const w of QUERY_STATEMENT_KEYWORDS) c.note(w);
  c.note('type');
  c.note('statement');
}

function atListEnd(c: Cursor): boolean {
  for (const w of LIST_END) c.note(w);
  const t = c.tok;
  // `EXCEPTION name (code);` declares an exception; only `EXCEPTION WHEN` ends a TRY body.
  if (t.upper === 'EXCEPTION') return c.peekIs(1, 'WHEN');
  return (t.kind === 'word' || t.kind === 'op') && LIST_END.has(t.upper);
}

const startsQueryStatement: SyncPoint = (t) =>
  t.kind === 'word' && (QUERY_STATEMENT_KEYWORDS.has(t.upper) || t.upper === 'END');

/** `,`-separated statements of ACCUM, POST-ACCUM, UPDATE SET and nested DML bodies. */
export function parseDmlList(c: Cursor): QueryStmt[] {
  const out: QueryStmt[] = [];
  do out.push(parseStatement(c, 'dml'));
  while (c.eat(','));
  return out;
}

/** A nested statement list in either mode. */
export function parseList(c: Cursor, mode: Mode): QueryStmt[] {
  return mode === 'body' ? parseBody(c) : parseDmlList(c);
}

export function parseStatement(c: Cursor, mode: Mode): QueryStmt {
  c.enter();
  try {
    return parseStatementAt(c, mode);
  } finally {
    c.leave();
  }
}

function parseStatementAt(c: Cursor, mode: Mode): QueryStmt {
  const t = c.tok;
  c.note('type');
  if (c.at('SELECT')) return parseTableSelect(c);
  const control = parseControl(c, mode) ?? parseAction(c, mode);
  if (control !== null) return control;
  if (t.kind === 'word') {
    switch (t.upper) {
      case 'TYPEDEF':
        return parseTypedef(c);
      case 'FILE':
        if (c.peek().kind === 'word') return parseFileDecl(c);
        break;
      case 'EXCEPTION': {
        c.next();
        const name = c.name('exception name');
        c.expect('(');
        const code = parseExpr(c);
        c.expect(')');
        return { kind: 'ExceptionDecl', name, code, range: c.rangeFrom(t) };
      }
      default:
        break;
    }
    if (atTypeStart(c) || atTupleDeclaration(c)) return parseDeclaration(c, mode);
    // `My_Heap @@top;`: an accumulator of a type named by TYPEDEF.
    if (c.atName() && (c.peek().kind === 'globalAccum' || c.peek().kind === 'localAccum')) {
      const type = parseType(c);
      if (type.kind === 'NamedType') return parseAccumVars(c, t, type);
    }
    if (c.peekIs(1, '(') && c.peek(2).kind === 'word' && c.peekIs(3, ')') && c.peekIs(4, '=')) {
      return parseVertexSetDecl(c);
    }
  }
  return parseAssignOrCall(c);
}

/** `MyTuple t = ...`: a tuple-typed local, told apart from other statements by two names. */
function atTupleDeclaration(c: Cursor): boolean {
  const second = c.peek();
  return c.atName() && second.kind === 'word' && !RESERVED.has(second.upper) && !c.peekIs(1, 'AS');
}

function parseFileDecl(c: Cursor): QueryStmt {
  const start = c.expect('FILE');
  const name = c.name('file variable');
  c.expect('(');
  const path = parseExpr(c);
  c.expect(')');
  return { kind: 'FileDecl', name, path, range: c.rangeFrom(start) };
}

function parseDeclaration(c: Cursor, mode: Mode): QueryStmt {
  const start = c.tok;
  const type = parseType(c);
  if (type.kind === 'AccumType') return parseAccumVars(c, start, type);
  return parseVarInits(c, start, type, mode);
}

function parseAccumVars(c: Cursor, start: Token, type: AccumDecl['type']): AccumDecl {
  const vars: AccumVar[] = [];
  do {
    const varStart = c.tok;
    // `SumAccum<INT> EDGE @a, @b = 1;`: EDGE once makes every @name of the declaration an
    // edge accumulator (the accumulators page's note).
    const edge = c.eat('EDGE') || (vars[0]?.scope === 'edge' && c.tok.kind === 'localAccum');
    const { kind, text } = c.tok;
    if (kind !== 'localAccum' && (edge || kind !== 'globalAccum'))
      c.fail(edge ? ['@name'] : ['@name', '@@name']);
    c.next();
    const name = text.slice(kind === 'globalAccum' ? 2 : 1);
    // ArrayAccum dimensions; `[]` leaves a size open until reallocate().
    const dims: (Expr | null)[] = [];
    while (c.eat('[')) {
      dims.push(c.at(']') ? null : parseExpr(c));
      c.expect(']');
    }
    const init = c.eat('=') ? parseExpr(c) : null;
    const scope = edge ? 'edge' : kind === 'globalAccum' ? 'global' : 'vertex';
    vars.push({ kind: 'AccumVar', scope, name, dims, init, range: c.rangeFrom(varStart) });
  } while (c.eat(','));
  return { kind: 'AccumDecl', type, vars, range: c.rangeFrom(start) };
}

/** In a DML list a declaration has one variable: the comma starts the next statement. */
function parseVarInits(c: Cursor, start: Token, type: TypeExpr, mode: Mode): QueryStmt {
  const vars: VarInit[] = [];
  do {
    const varStart = c.tok;
    const name = c.name('variable name');
    const init = c.eat('=') ? parseExpr(c) : null;
    vars.push({ kind: 'VarInit', name, init, range: c.rangeFrom(varStart) });
  } while (mode === 'body' && c.eat(','));
  return { kind: 'VarDecl', type, vars, range: c.rangeFrom(start) };
}

function parseVertexSetDecl(c: Cursor): QueryStmt {
  const start = c.tok;
  const name = c.name('vertex set');
  c.expect('(');
  const vertexType = c.next().text;
  c.expect(')');
  c.expect('=');
  const value = c.at('SELECT') ? parseSelect(c) : parseExpr(c);
  return { kind: 'VertexSetDecl', name, vertexType, value, range: c.rangeFrom(start) };
}

/** What an assignment may write to: variables, accumulators, attributes, array cells. */
const ASSIGNABLE = new Set<Expr['kind']>(['Name', 'GlobalAccum', 'VertexAccum', 'Attr', 'Index']);

/** `target = value`, `target += value`, `S = SELECT ...`, or a call used as a statement. */
function parseAssignOrCall(c: Cursor): QueryStmt {
  const start = c.tok;
  const accum = start.kind === 'globalAccum' || start.kind === 'localAccum';
  if (!accum && !c.atName('statement')) c.fail(['statement']);
  // A name or accumulator with its calls and member accesses, but no operators.
  const target = parseExpr(c, UNARY_PRECEDENCE);
  if (ASSIGNABLE.has(target.kind) && (c.at('=') || c.at('+='))) {
    const op = c.next().text as '=' | '+=';
    if (op === '=' && target.kind === 'Name' && c.at('SELECT')) {
      const select = parseSelect(c);
      return { kind: 'SelectStmt', target: target.name, select, range: c.rangeFrom(start) };
    }
    const value = parseExpr(c);
    return { kind: 'Assign', target, op, value, range: c.rangeFrom(start) };
  }
  if (target.kind === 'MethodCall' || target.kind === 'Call') {
    return { kind: 'ExprStmt', expr: target, range: c.rangeFrom(start) };
  }
  return c.fail(['=', '+=', '(']);
}

/** IF/ELSE IF branches and CASE WHEN arms share this shape. */
export function branch(c: Cursor, start: Token, cond: Expr, mode: Mode): CondBranch {
  const body = parseList(c, mode);
  return { kind: 'CondBranch', cond, body, range: c.rangeFrom(start) };
}
