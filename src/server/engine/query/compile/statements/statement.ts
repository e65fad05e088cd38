// Statement layer: the one dispatch over statement kinds, blocks and their scopes, subquery
// calls hoisted before the statement that makes them. It compiles the statements of ACCUM and
// POST-ACCUM bodies and the plain ones (declarations, assignment, IF/CASE/WHILE/FOREACH, TRY,
// RAISE, RETURN, INSERT, DELETE of an alias, LOG). The kinds that run a SELECT or print (SELECT
// into a vertex set, DELETE/UPDATE with a FROM, PRINT) belong to the layers above: they reach
// this dispatch as its `upper` argument, so nothing here imports upward.
import type { Expr, QueryStmt } from '../../../../../core/gsql/index.js';
import { toVarValue, toVSet, openFile, fileText } from '../context/runtime-helpers.js';
import {
  type Fn,
  NEXT,
  BREAK,
  CONTINUE,
  RETURN,
  type CS,
  syncStmt,
  bothStmt,
  runCS,
  type Hoist,
  Scope,
  type Cx,
  NOP,
  seq,
} from '../context/compile-types.js';
import type { CompileContext } from '../context/compile-context.js';
import { QueryRuntimeError } from '../../errors.js';
import { toStringValue } from '../../functions.js';
import { converter, defaultValue, EdgeRef, eq } from '../../runtime-values.js';
import { isNumeric, PRIMITIVE_KINDS, type T, typeName } from '../../types.js';
import { declare, vsetVar } from '../context/symbols.js';
import { compileExpr } from '../expressions/expr.js';
import { typeOf } from '../expressions/typing.js';
import { compileAccumDecl, compileAssign } from './assign.js';
import { choose, compileForeach, compileWhile } from './control.js';
import { compileInsert } from './insert.js';

/** The statement kinds the layers above compile: they run a SELECT, or print. */
export type UpperStmt = Extract<
  QueryStmt,
  { kind: 'SelectStmt' | 'VertexSetDecl' | 'Delete' | 'Update' | 'Print' | 'TableSelect' }
>;

/**
 * The compiler of the upper kinds, handed down by the query layer (compile/query) through every
 * layer that compiles statement lists, so that a SELECT nested in a WHILE, IF or ACCUM body
 * compiles without an upward import.
 */
export type CompileUpper = (comp: CompileContext, s: UpperStmt, cx: Cx) => CS;

export function compileBlock(
  comp: CompileContext,
  stmts: readonly QueryStmt[],
  cx: Cx,
  upper: CompileUpper,
  newScope = true,
): CS {
  const inner: Cx = newScope ? { ...cx, scope: new Scope(cx.scope) } : cx;
  return seq(stmts.map((s) => compileStmtHoisted(comp, s, inner, upper)));
}

/** A statement with its subquery calls evaluated first (query body only). */
export function compileStmtHoisted(
  comp: CompileContext,
  s: QueryStmt,
  cx: Cx,
  upper: CompileUpper,
): CS {
  if (cx.mode !== 'body') return compileStmt(comp, s, { ...cx, hoists: null }, upper);
  const hoists: Hoist[] = [];
  const cs = compileStmt(comp, s, { ...cx, hoists }, upper);
  if (hoists.length === 0) return cs;
  return bothStmt(
    (r) => {
      for (const h of hoists) h.sync(r);
      return cs.sync(r);
    },
    async (r) => {
      for (const h of hoists) await h.async(r);
      return runCS(cs, r);
    },
  );
}

export function compileStmt(comp: CompileContext, s: QueryStmt, cx: Cx, upper: CompileUpper): CS {
  switch (s.kind) {
    case 'TypedefTuple': {
      const fields = s.fields.map((f) => ({ name: f.name, type: typeOf(comp, f.type) }));
      comp.tuples.set(s.name, { k: 'tuple', name: s.name, fields });
      return NOP;
    }
    case 'TypedefAccum':
      // A named accumulator type: declarations (`My_Heap @@top;`) and types after it use it.
      if (comp.accumTypedefs.has(s.name) || comp.tuples.has(s.name))
        comp.error(s, 'QUERY-DUPLICATE', `type ${s.name} is already defined`);
      comp.accumTypedefs.set(s.name, s.type);
      return NOP;
    case 'AccumDecl':
      return compileAccumDecl(comp, s, cx);
    case 'VarDecl': {
      const t = typeOf(comp, s.type);
      const inits = s.vars.map((v) => {
        // The data-types page: MAP has no literal, so `(k -> v)` (a MapAccum input), a list or
        // a set literal cannot give a MAP variable its value.
        const literal = v.init?.kind === 'Arrow' || v.init?.kind === 'ListLit';
        if (s.type.kind === 'MapType' && (literal || v.init?.kind === 'TupleLit'))
          comp.error(v.init ?? s, 'QUERY-BAD-DECLARATION', `MAP ${v.name}: a MAP has no literal`);
        const init = v.init ? compileExpr(comp, v.init, cx) : null;
        const slot = comp.slot();
        declare(comp, cx, v.name, { kind: 'var', slot, t, row: cx.mode !== 'body' }, s);
        return { slot, init: init?.f ?? null };
      });
      const conv = converter(t);
      return syncStmt((r) => {
        for (const { slot, init } of inits) {
          r.f[slot] = init ? toVarValue(t, conv, init(r)) : defaultValue(t);
        }
        return NEXT;
      });
    }
    case 'FileDecl': {
      const path = compileExpr(comp, s.path, cx).f;
      const slot = comp.slot();
      declare(comp, cx, s.name, { kind: 'file', slot }, s);
      return syncStmt((r) => {
        r.f[slot] = openFile(r, toStringValue(path(r)));
        return NEXT;
      });
    }
    case 'ExceptionDecl': {
      // The exception statements page: a user exception's code is an integer above 40000 (40000
      // and lower are the system's).
      if (s.code.kind !== 'IntLit' || Number(s.code.value) <= 40000)
        comp.error(
          s.code,
          'QUERY-BAD-DECLARATION',
          `EXCEPTION ${s.name}: the error code must be an integer above 40000 (40000 and lower are reserved for system exceptions)`,
        );
      const code = compileExpr(comp, s.code, cx).f;
      comp.exceptions.set(s.name.toLowerCase(), code);
      return NOP;
    }
    case 'Assign':
      return compileAssign(comp, s, cx);
    case 'VertexSetDecl':
      if (s.value.kind === 'Select') return upper(comp, s, cx);
      return compileVertexSetExpr(comp, s, s.value, cx);
    case 'SelectStmt':
    case 'Delete':
    case 'Update':
    case 'Print':
      return upper(comp, s, cx);
    case 'ExprStmt': {
      const f = compileExpr(comp, s.expr, cx).f;
      return syncStmt((r) => {
        f(r);
        return NEXT;
      });
    }
    case 'If': {
      const branches = s.branches.map((b) => ({
        cond: compileExpr(comp, b.cond, cx).f,
        body: compileBlock(comp, b.body, cx, upper),
      }));
      const other = s.otherwise ? compileBlock(comp, s.otherwise, cx, upper) : null;
      return choose(comp, branches, other);
    }
    case 'CaseStmt': {
      const subject = s.subject ? compileExpr(comp, s.subject, cx).f : null;
      const branches = s.whens.map((b) => {
        const w = compileExpr(comp, b.cond, cx).f;
        const cond: Fn = subject ? (r) => eq(subject(r), w(r)) : w;
        return { cond, body: compileBlock(comp, b.body, cx, upper) };
      });
      const other = s.otherwise ? compileBlock(comp, s.otherwise, cx, upper) : null;
      return choose(comp, branches, other);
    }
    case 'While':
      return compileWhile(comp, s, cx, upper);
    case 'Foreach':
      return compileForeach(comp, s, cx, upper);
    case 'Break':
    case 'Continue':
      // The control-flow page: only within a block of a WHILE or FOREACH statement.
      if (cx.loop !== true)
        comp.error(
          s,
          'QUERY-BAD-STATEMENT',
          `${s.kind === 'Break' ? 'BREAK' : 'CONTINUE'} outside a WHILE or FOREACH loop`,
        );
      return s.kind === 'Break' ? syncStmt(() => BREAK) : syncStmt(() => CONTINUE);
    case 'Return': {
      const value = s.value ? compileExpr(comp, s.value, cx) : null;
      if (value && s.value) checkReturnType(comp, s.value, value.t);
      const v = value?.f ?? null;
      return syncStmt((r) => {
        r.returned = v ? v(r) : undefined;
        return RETURN;
      });
    }
    case 'Insert':
      return compileInsert(comp, s, cx);
    case 'DeleteAlias': {
      const sym = cx.scope.lookup(s.alias);
      if (!sym || (sym.kind !== 'alias' && sym.kind !== 'var')) {
        comp.error(s, 'QUERY-UNKNOWN-VARIABLE', `unknown alias ${s.alias}`);
        return NOP;
      }
      const slot = sym.slot;
      return syncStmt((r) => {
        const v = r.f[slot];
        if (v instanceof EdgeRef) r.writes.deleteEdge(v);
        else if (typeof v === 'number') r.writes.deleteVertex(v);
        return NEXT;
      });
    }
    case 'Raise': {
      // The exception statements page: RAISE is a query-body statement, never a DML-sub-statement
      // (not in ACCUM / POST-ACCUM: set a variable there and RAISE after the SELECT).
      if (cx.mode !== 'body')
        comp.error(
          s,
          'QUERY-BAD-CLAUSE',
          `RAISE ${s.name} inside a SELECT: RAISE is a query-body statement (set a variable in the clause and RAISE after the SELECT)`,
        );
      const msg = s.message ? compileExpr(comp, s.message, cx).f : null;
      const name = s.name;
      if (!comp.exceptions.has(name.toLowerCase()))
        comp.error(s, 'QUERY-UNKNOWN-VARIABLE', `unknown exception ${name}`);
      return syncStmt((r) => {
        const code = comp.exceptions.get(name.toLowerCase())?.(r);
        // Without a message, the page's default text (exception format not defined in query).
        const text = msg
          ? String(msg(r))
          : `Exception ${name} is raised with error code ${String(code)}`;
        throw new QueryRuntimeError('QUERY-EXCEPTION', text, { name, errorCode: code });
      });
    }
    case 'Try': {
      const body = compileBlock(comp, s.body, cx, upper);
      const handlers = s.handlers.map((h) => ({
        name: h.name.toLowerCase(),
        body: compileBlock(comp, h.body, cx, upper),
      }));
      const other = s.otherwise ? compileBlock(comp, s.otherwise, cx, upper) : null;
      const pick = (e: unknown): CS | null => {
        if (!(e instanceof QueryRuntimeError) || e.code !== 'QUERY-EXCEPTION') return null;
        const h = handlers.find((x) => x.name === e.exception?.name.toLowerCase());
        return h ? h.body : other;
      };
      return bothStmt(
        (r) => {
          try {
            return body.sync(r);
          } catch (e) {
            const h = pick(e);
            if (!h) throw e;
            return h.sync(r);
          }
        },
        async (r) => {
          try {
            return await runCS(body, r);
          } catch (e) {
            const h = pick(e);
            if (!h) throw e;
            return runCS(h, r);
          }
        },
      );
    }
    case 'Log': {
      const cond = compileExpr(comp, s.cond, cx).f;
      const args = s.args.map((a) => compileExpr(comp, a, cx));
      return syncStmt((r) => {
        if (cond(r) && r.ctx.log) r.ctx.log(args.map((a) => fileText(r, a.f(r), a.t)).join(','));
        return NEXT;
      });
    }
    case 'TableSelect':
      return upper(comp, s, cx);
    case 'Error':
      comp.error(s, 'QUERY-SYNTAX', `cannot read: ${s.text.slice(0, 60)}`);
      return NOP;
  }
}

/** `S = {...}` or `S = expr`: a vertex set variable set from an expression. */
export function compileVertexSetExpr(
  comp: CompileContext,
  s: UpperStmt & { kind: 'VertexSetDecl' },
  value: Expr,
  cx: Cx,
): CS {
  const v = compileExpr(comp, value, cx).f;
  const slot = vsetVar(comp, s.name, s, cx);
  return syncStmt((r) => {
    r.f[slot] = toVSet(v(r));
    return NEXT;
  });
}

/**
 * The operators page, subqueries: the RETURN value has the type of the RETURNS header. Numbers
 * convert among themselves; a STRING, BOOL or DATETIME returned for another of these kinds (or
 * a number) is refused.
 */
function checkReturnType(comp: CompileContext, node: Expr, t: T): void {
  const declared = comp.self?.returns;
  if (!declared) return;
  const want = typeOf(comp, declared);
  if (!PRIMITIVE_KINDS.has(want.k) || !PRIMITIVE_KINDS.has(t.k)) return;
  if (isNumeric(want) ? isNumeric(t) : want.k === t.k) return;
  comp.error(
    node,
    'QUERY-BAD-STATEMENT',
    `RETURN of a ${typeName(t)} value in a query that RETURNS (${typeName(want)})`,
  );
}
