// Statement compilation: blocks and scopes, hoisted subquery calls, symbol declaration and
// the dispatch over statement kinds.
import type { QueryStmt } from '../../../core/gsql/index.js';
import { toVarValue, toVSet, openFile, fileText } from './compile-helpers.js';
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
  type Sym,
  Scope,
  type Cx,
  NOP,
  seq,
} from './compile-types.js';
import type { Compiler } from './compile.js';
import { QueryRuntimeError } from './errors.js';
import { toStringValue } from './functions.js';
import { converter, defaultValue, EdgeRef, eq } from './runtime-values.js';
import { compileSelect } from './select.js';
import { compileDelete, compileUpdate } from './select-statements.js';
import { VSET } from './types.js';

export function block(comp: Compiler, stmts: readonly QueryStmt[], cx: Cx, newScope = true): CS {
  const inner: Cx = newScope ? { ...cx, scope: new Scope(cx.scope) } : cx;
  return seq(stmts.map((s) => comp.stmtHoisted(s, inner)));
}

/** A statement with its subquery calls evaluated first (query body only). */
export function stmtHoisted(comp: Compiler, s: QueryStmt, cx: Cx): CS {
  if (cx.mode !== 'body') return comp.stmt(s, { ...cx, hoists: null });
  const hoists: Hoist[] = [];
  const cs = comp.stmt(s, { ...cx, hoists });
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

export function declare(
  comp: Compiler,
  cx: Cx,
  name: string,
  sym: Sym,
  node: { range: QueryStmt['range'] },
): void {
  if (cx.scope.map.has(name)) comp.error(node, 'QUERY-DUPLICATE', `${name} is already declared`);
  cx.scope.map.set(name, sym);
}

/** A vertex set variable: query-wide, declared by its first assignment. */
export function vsetVar(
  comp: Compiler,
  name: string,
  node: { range: QueryStmt['range'] },
  cx: Cx,
): number {
  const sym = cx.scope.lookup(name);
  if (sym && sym.kind === 'var') return sym.slot;
  if (sym) comp.error(node, 'QUERY-BAD-TARGET', `${name} is not a vertex set variable`);
  const slot = comp.slot();
  comp.root.map.set(name, { kind: 'var', slot, t: VSET, row: false });
  return slot;
}

export function stmt(comp: Compiler, s: QueryStmt, cx: Cx): CS {
  switch (s.kind) {
    case 'TypedefTuple': {
      const fields = s.fields.map((f) => ({ name: f.name, type: comp.typeOf(f.type) }));
      comp.tuples.set(s.name, { k: 'tuple', name: s.name, fields });
      return NOP;
    }
    case 'AccumDecl':
      return comp.accumDecl(s, cx);
    case 'VarDecl': {
      const t = comp.typeOf(s.type);
      const inits = s.vars.map((v) => {
        const init = v.init ? comp.expr(v.init, cx) : null;
        const slot = comp.slot();
        comp.declare(cx, v.name, { kind: 'var', slot, t, row: cx.mode !== 'body' }, s);
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
      const path = comp.expr(s.path, cx).f;
      const slot = comp.slot();
      comp.declare(cx, s.name, { kind: 'file', slot }, s);
      return syncStmt((r) => {
        r.f[slot] = openFile(r, toStringValue(path(r)));
        return NEXT;
      });
    }
    case 'ExceptionDecl': {
      const code = comp.expr(s.code, cx).f;
      comp.exceptions.set(s.name.toLowerCase(), code);
      return NOP;
    }
    case 'Assign':
      return comp.assign(s, cx);
    case 'SelectStmt':
      return selectInto(comp.vsetVar(s.target, s, cx), compileSelect(comp, s.select, cx));
    case 'VertexSetDecl': {
      if (s.value.kind === 'Select') {
        const sel = compileSelect(comp, s.value, cx);
        return selectInto(comp.vsetVar(s.name, s, cx), sel);
      }
      const v = comp.expr(s.value, cx).f;
      const slot = comp.vsetVar(s.name, s, cx);
      return syncStmt((r) => {
        r.f[slot] = toVSet(v(r));
        return NEXT;
      });
    }
    case 'ExprStmt': {
      const f = comp.expr(s.expr, cx).f;
      return syncStmt((r) => {
        f(r);
        return NEXT;
      });
    }
    case 'If': {
      const branches = s.branches.map((b) => ({
        cond: comp.expr(b.cond, cx).f,
        body: comp.block(b.body, cx),
      }));
      const other = s.otherwise ? comp.block(s.otherwise, cx) : null;
      return comp.choose(branches, other);
    }
    case 'CaseStmt': {
      const subject = s.subject ? comp.expr(s.subject, cx).f : null;
      const branches = s.whens.map((b) => {
        const w = comp.expr(b.cond, cx).f;
        const cond: Fn = subject ? (r) => eq(subject(r), w(r)) : w;
        return { cond, body: comp.block(b.body, cx) };
      });
      const other = s.otherwise ? comp.block(s.otherwise, cx) : null;
      return comp.choose(branches, other);
    }
    case 'While':
      return comp.whileStmt(s, cx);
    case 'Foreach':
      return comp.foreach(s, cx);
    case 'Break':
      return syncStmt(() => BREAK);
    case 'Continue':
      return syncStmt(() => CONTINUE);
    case 'Return': {
      const v = s.value ? comp.expr(s.value, cx).f : null;
      return syncStmt((r) => {
        r.returned = v ? v(r) : undefined;
        return RETURN;
      });
    }
    case 'Print':
      return comp.print(s, cx);
    case 'Insert':
      return comp.insert(s, cx);
    case 'Delete':
      comp.writes = true;
      return compileDelete(comp, s, cx);
    case 'Update':
      comp.writes = true;
      return compileUpdate(comp, s, cx);
    case 'DeleteAlias': {
      comp.writes = true;
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
      const msg = s.message ? comp.expr(s.message, cx).f : null;
      const name = s.name;
      if (!comp.exceptions.has(name.toLowerCase()))
        comp.error(s, 'QUERY-UNKNOWN-VARIABLE', `unknown exception ${name}`);
      return syncStmt((r) => {
        const code = comp.exceptions.get(name.toLowerCase())?.(r);
        throw new QueryRuntimeError('QUERY-EXCEPTION', msg ? String(msg(r)) : name, {
          name,
          errorCode: code,
        });
      });
    }
    case 'Try': {
      const body = comp.block(s.body, cx);
      const handlers = s.handlers.map((h) => ({
        name: h.name.toLowerCase(),
        body: comp.block(h.body, cx),
      }));
      const other = s.otherwise ? comp.block(s.otherwise, cx) : null;
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
      const cond = comp.expr(s.cond, cx).f;
      const args = s.args.map((a) => comp.expr(a, cx));
      return syncStmt((r) => {
        if (cond(r) && r.ctx.log) r.ctx.log(args.map((a) => fileText(r, a.f(r), a.t)).join(','));
        return NEXT;
      });
    }
    case 'TableSelect':
      comp.error(s, 'QUERY-UNSUPPORTED', 'the SQL-like SELECT ... INTO table is not supported yet');
      return NOP;
    case 'Error':
      comp.error(s, 'QUERY-SYNTAX', `cannot read: ${s.text.slice(0, 60)}`);
      return NOP;
  }
}

/** `S = SELECT ...`: the SELECT's vertex set stored in the variable's frame slot. */
function selectInto(slot: number, sel: ReturnType<typeof compileSelect>) {
  return bothStmt(
    (r) => {
      r.f[slot] = sel.sync(r);
      return NEXT;
    },
    async (r) => {
      r.f[slot] = await sel.async(r);
      return NEXT;
    },
  );
}
