// Statement layer: accumulator declarations and assignments to variables, accumulators and
// attributes.
import {
  type AccumDecl,
  type Expr,
  formatType,
  type QueryStmt,
} from '../../../../../core/gsql/index.js';
import { ArrayAcc, ListAcc, makeAcc, type Acc } from '../../accum.js';
import { snapshotValue, toVarValue } from '../context/runtime-helpers.js';
import { type Fn, NEXT, type CS, syncStmt, type Cx, NOP } from '../context/compile-types.js';
import type { CompileContext } from '../context/compile-context.js';
import { checkLoopVertex } from '../context/symbols.js';
import { VAcc, type Run } from '../../run.js';
import { converter, EdgeRef, iadd, num } from '../../runtime-values.js';
import { edgeAttrType, vertexAttrType } from '../context/graph-lookups.js';
import { compileExpr, slotOf } from '../expressions/expr.js';
import { accObject } from '../expressions/methods.js';
import { compileBinary } from '../expressions/operators.js';
import { accSpec } from '../expressions/typing.js';
import { compileLoadAccum, isLoadAccum } from './load-accum.js';
import { EAcc, edgeAccums } from '../../edge-accum.js';
import type { AccSpec } from '../../types.js';

export function compileAccumDecl(comp: CompileContext, s: AccumDecl, cx: Cx): CS {
  if (cx.mode !== 'body') {
    comp.error(s, 'QUERY-UNSUPPORTED', 'accumulators are declared in the query body');
    return NOP;
  }
  // The accumulators page: global accumulators may be declared anywhere, vertex- and
  // edge-attached ones anywhere but in a FOREACH or WHILE loop (a loop body would attach a new
  // accumulator to every vertex on each pass).
  const attached = s.vars.find((v) => v.scope !== 'global');
  if (attached && cx.loop === true) {
    comp.error(
      attached,
      'QUERY-BAD-DECLARATION',
      `${attached.scope === 'edge' ? 'edge' : 'vertex'}-attached accumulator @${attached.name} ` +
        'declared in a FOREACH or WHILE loop: declare it before the loop',
    );
    return NOP;
  }
  const accumType = s.type.kind === 'NamedType' ? comp.accumTypedef(s.type.name) : s.type;
  if (!accumType) {
    comp.error(s.type, 'QUERY-UNKNOWN-TYPE', `unknown accumulator type ${formatType(s.type)}`);
    return NOP;
  }
  const spec = accSpec(comp, accumType);
  const inits: ((r: Run) => void)[] = [];
  for (const v of s.vars) {
    const init = v.init ? compileExpr(comp, v.init, cx).f : null;
    // An open size `[]` allocates nothing until reallocate() gives it one.
    const dims = v.dims.map((d) => (d === null ? () => 0 : compileExpr(comp, d, cx).f));
    if (v.scope === 'global') {
      if (comp.gaccs.has(v.name))
        comp.error(v, 'QUERY-DUPLICATE', `@@${v.name} is already declared`);
      const info = { index: comp.gaccList.length, spec };
      comp.gaccs.set(v.name, info);
      comp.gaccList.push(info);
      const i = info.index;
      inits.push((r) => {
        const acc = makeAcc(spec, r.caps, init ? init(r) : undefined);
        if (acc instanceof ArrayAcc) acc.reallocate(dims.map((d) => num(d(r))));
        r.g[i] = acc;
      });
    } else if (v.scope === 'edge') {
      if (comp.vaccs.has(v.name) || comp.eaccs.has(v.name))
        comp.error(v, 'QUERY-DUPLICATE', `@${v.name} is already declared`);
      const i = comp.eaccs.size;
      comp.eaccs.set(v.name, { index: i, spec });
      inits.push((r) => {
        edgeAccums(r)[i] = new EAcc(spec, init ? init(r) : undefined, r);
      });
    } else {
      if (comp.vaccs.has(v.name) || comp.eaccs.has(v.name))
        comp.error(v, 'QUERY-DUPLICATE', `@${v.name} is already declared`);
      const info = { index: comp.vaccList.length, spec, name: v.name };
      comp.vaccs.set(v.name, info);
      comp.vaccList.push(info);
      const i = info.index;
      // The size this declaration's table entries reached in the last run (pair-table.ts).
      const hint = { entries: 0, indexed: 0 };
      inits.push((r) => {
        const sizes = dims.map((d) => num(d(r)));
        r.va[i] = new VAcc(spec, init ? init(r) : undefined, r, sizes, hint);
      });
    }
  }
  // Capacities of this accumulator's heaps, nested ones included (a heap in a GroupByAccum).
  const nested = nestedSpecs(spec);
  const caps = comp.heapCaps.filter((h) => nested.has(h.spec));
  return syncStmt((r) => {
    for (const c of caps) r.caps.set(c.spec, num(c.cap(r)));
    for (const i of inits) i(r);
    return NEXT;
  });
}

/** An accumulator spec and every spec nested in it (map values, group members, array cells). */
function nestedSpecs(spec: AccSpec, into = new Set<AccSpec>()): Set<AccSpec> {
  into.add(spec);
  if (spec.val) nestedSpecs(spec.val, into);
  if (spec.arrayEl) nestedSpecs(spec.arrayEl, into);
  for (const g of spec.groupAccs ?? []) nestedSpecs(g.spec, into);
  if (spec.el.k === 'accum') nestedSpecs(spec.el.a, into);
  return into;
}

export function compileAssign(comp: CompileContext, s: QueryStmt & { kind: 'Assign' }, cx: Cx): CS {
  const tg = s.target;
  const op = s.op;
  const deferred = cx.mode !== 'body';
  switch (tg.kind) {
    case 'Name': {
      let sym = cx.scope.lookup(tg.name);
      const v = compileExpr(comp, s.value, cx);
      if (!sym) {
        if (op === '=' && cx.mode === 'body') {
          const slot = comp.slot();
          sym = { kind: 'var', slot, t: v.t, row: false };
          comp.root.map.set(tg.name, sym);
        } else {
          comp.error(tg, 'QUERY-UNKNOWN-VARIABLE', `unknown variable ${tg.name}`);
          return NOP;
        }
      }
      if (sym.kind !== 'var') {
        comp.error(tg, 'QUERY-BAD-TARGET', `${tg.name} cannot be assigned`);
        return NOP;
      }
      if (sym.loopVar !== undefined) {
        comp.error(
          tg,
          'QUERY-BAD-TARGET',
          `${tg.name} is a FOREACH loop variable: it cannot be assigned`,
        );
        return NOP;
      }
      if (comp.paramSlots.has(sym.slot)) {
        // The data-types page: a query parameter is immutable.
        comp.error(
          tg,
          'QUERY-BAD-TARGET',
          `${tg.name} is a query parameter: it cannot be assigned`,
        );
        return NOP;
      }
      const slot = sym.slot;
      const t = sym.t;
      const value =
        op === '+=' ? compileBinary(comp, '+', { f: (r) => r.f[slot], t }, v, s.value).f : v.f;
      const conv = converter(t);
      if (deferred && !sym.row)
        return syncStmt((r) => {
          r.deferVar(slot, toVarValue(t, conv, value(r)));
          return NEXT;
        });
      return syncStmt((r) => {
        r.f[slot] = toVarValue(t, conv, value(r));
        return NEXT;
      });
    }
    case 'GlobalAccum': {
      if (op === '=' && isLoadAccum(s.value)) return compileLoadAccum(comp, tg.name, s.value, cx);
      const info = comp.gaccs.get(tg.name);
      const v = compileExpr(comp, s.value, cx).f;
      if (!info) {
        comp.error(tg, 'QUERY-UNKNOWN-ACCUM', `unknown accumulator @@${tg.name}`);
        return NOP;
      }
      const i = info.index;
      if (deferred)
        return syncStmt((r) => {
          const p = r.pendingFor(i);
          if (op === '=') p.assign(snapshotValue(v(r)));
          else p.add(snapshotValue(v(r)));
          return NEXT;
        });
      return syncStmt((r) => {
        const acc = r.g[i] as Acc;
        if (op === '=') acc.assign(v(r));
        else acc.add(v(r));
        return NEXT;
      });
    }
    case 'VertexAccum': {
      if (comp.eaccs.has(tg.name)) return compileEdgeAccumAssign(comp, s, tg, cx);
      const info = comp.vaccs.get(tg.name);
      const value = compileExpr(comp, s.value, cx);
      const v = value.f;
      const valueType = value.t;
      if (!info || !tg.target) {
        comp.error(tg, 'QUERY-UNKNOWN-ACCUM', `unknown vertex accumulator @${tg.name}`);
        return NOP;
      }
      checkLoopVertex(comp, tg.target, cx);
      const direct = slotOf(comp, tg.target, cx);
      const target: Fn = direct >= 0 ? (r) => r.f[direct] : compileExpr(comp, tg.target, cx).f;
      const i = info.index;
      // Inputs of an accumulator the clause never reads apply at once (select/at-once.ts).
      if (cx.mode === 'accum' && !(cx.atOnce?.has(i) ?? false)) {
        if (direct >= 0 && op === '+=' && valueType.k !== 'accum' && valueType.k !== 'any')
          return syncStmt((r) => {
            (r.va[i] as VAcc).addDeferred(r.f[direct] as number, v(r));
            return NEXT;
          });
        if (op === '=')
          return syncStmt((r) => {
            (r.va[i] as VAcc).assignDeferred(target(r) as number, snapshotValue(v(r)));
            return NEXT;
          });
        return syncStmt((r) => {
          (r.va[i] as VAcc).addDeferred(target(r) as number, snapshotValue(v(r)));
          return NEXT;
        });
      }
      if (op === '=')
        return syncStmt((r) => {
          (r.va[i] as VAcc).assign(target(r) as number, v(r));
          return NEXT;
        });
      return syncStmt((r) => {
        (r.va[i] as VAcc).add(target(r) as number, v(r));
        return NEXT;
      });
    }
    case 'Attr': {
      const target = compileExpr(comp, tg.target, cx);
      const v = compileExpr(comp, s.value, cx).f;
      const name = tg.name;
      const tf = target.f;
      if (target.t.k === 'tuple') {
        return syncStmt((r) => {
          const o = tf(r) as Record<string, unknown>;
          if (o) o[name] = op === '=' ? v(r) : iadd(o[name], v(r));
          return NEXT;
        });
      }
      if (target.t.k === 'vertex' && !vertexAttrType(comp, target.t.vt, name))
        comp.error(tg, 'QUERY-UNKNOWN-ATTRIBUTE', `no vertex type has an attribute ${name}`);
      if (target.t.k === 'edge' && !edgeAttrType(comp, name))
        comp.error(tg, 'QUERY-UNKNOWN-ATTRIBUTE', `no edge type has an attribute ${name}`);
      return syncStmt((r) => {
        const x = tf(r);
        if (x instanceof EdgeRef) r.writes.setEdgeAttr(x, name, op, v(r));
        else if (typeof x === 'number') r.writes.setVertexAttr(x, name, op, v(r));
        return NEXT;
      });
    }
    case 'Index': {
      const idx: Expr[] = [];
      let base: Expr = tg;
      while (base.kind === 'Index') {
        idx.unshift(base.index);
        base = base.target;
      }
      const acc = accObject(comp, base, cx);
      const v = compileExpr(comp, s.value, cx).f;
      const fs = idx.map((x) => compileExpr(comp, x, cx).f);
      if (acc && acc.spec.name === 'ArrayAccum') {
        const get = acc.get;
        return syncStmt((r) => {
          const cell = (get(r) as ArrayAcc).cell(fs.map((x) => num(x(r))));
          if (op === '=') cell.assign(v(r));
          else cell.add(v(r));
          return NEXT;
        });
      }
      const target = compileExpr(comp, base, cx).f;
      return syncStmt((r) => {
        const list = target(r);
        const arr = list instanceof ListAcc ? list.list : Array.isArray(list) ? list : null;
        if (arr) arr[num((fs[0] as Fn)(r))] = v(r);
        return NEXT;
      });
    }
    case 'Arrow':
    case 'Between':
    case 'Binary':
    case 'BoolLit':
    case 'Call':
    case 'CaseExpr':
    case 'ColumnRef':
    case 'DatetimeLit':
    case 'FloatLit':
    case 'In':
    case 'Interval':
    case 'IntLit':
    case 'IsNull':
    case 'IsTest':
    case 'JsonObject':
    case 'Like':
    case 'ListLit':
    case 'MethodCall':
    case 'NullLit':
    case 'StringLit':
    case 'TupleLit':
    case 'TypeStar':
    case 'Unary':
    case 'VertexSetLit':
    case 'Wildcard':
      comp.error(tg, 'QUERY-BAD-TARGET', 'this cannot be assigned');
      return NOP;
  }
}

/**
 * `e.@a += v` / `e.@a = v` of an edge-attached accumulator: deferred to the end of an ACCUM
 * clause; the reference allows them in ACCUM (and reads in WHERE), not in POST-ACCUM.
 */
function compileEdgeAccumAssign(
  comp: CompileContext,
  s: QueryStmt & { kind: 'Assign' },
  tg: Expr & { kind: 'VertexAccum' },
  cx: Cx,
): CS {
  const info = comp.eaccs.get(tg.name);
  if (!info || !tg.target) {
    comp.error(tg, 'QUERY-BAD-TARGET', `@${tg.name} is an edge accumulator: write e.@${tg.name}`);
    return NOP;
  }
  if (cx.mode === 'post') {
    comp.error(tg, 'QUERY-UNSUPPORTED', 'edge accumulators cannot be used in POST-ACCUM');
    return NOP;
  }
  const target = compileExpr(comp, tg.target, cx).f;
  const v = compileExpr(comp, s.value, cx).f;
  const i = info.index;
  const assign = s.op === '=';
  if (cx.mode === 'accum')
    return syncStmt((r) => {
      (edgeAccums(r)[i] as EAcc).defer(target(r), assign, snapshotValue(v(r)));
      return NEXT;
    });
  return syncStmt((r) => {
    const ea = edgeAccums(r)[i] as EAcc;
    if (assign) ea.assign(target(r), v(r));
    else ea.add(target(r), v(r));
    return NEXT;
  });
}
