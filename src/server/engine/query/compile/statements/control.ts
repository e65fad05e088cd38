// Statement layer: control flow (IF/CASE branch selection, WHILE and FOREACH loops); loop bodies
// compile through statement.ts with the `upper` compiler handed down from the query layer.
import type { QueryStmt } from '../../../../../core/gsql/index.js';
import { BagAcc, elementsOf, GroupByAcc, MapAcc, SetAcc } from '../../accum.js';
import { rangeOf } from '../context/runtime-helpers.js';
import {
  type Fn,
  NEXT,
  BREAK,
  RETURN,
  type SyncStmt,
  type CS,
  syncStmt,
  bothStmt,
  runCS,
  Scope,
  type Cx,
} from '../context/compile-types.js';
import type { CompileContext } from '../context/compile-context.js';
import type { Run } from '../../run.js';
import { num } from '../../runtime-values.js';
import { accumValueType, ANY, INT, VERTEX, type AccSpec, type T } from '../../types.js';
import { compileExpr } from '../expressions/expr.js';
import { compileBlock, type CompileUpper } from './statement.js';

/** The row type of a GroupByAccum: its group keys, then its accumulators' values, by name. */
function groupRowType(a: AccSpec): T & { k: 'tuple' } {
  return {
    k: 'tuple',
    name: 'GroupByAccum',
    fields: [
      ...(a.groupKeys ?? []),
      ...(a.groupAccs ?? []).map((g) => ({ name: g.name, type: accumValueType(g.spec) })),
    ],
  };
}

export function choose(
  comp: CompileContext,
  branches: { cond: Fn; body: CS }[],
  other: CS | null,
): CS {
  const sync: SyncStmt = (r) => {
    for (const b of branches) if (b.cond(r)) return b.body.sync(r);
    return other ? other.sync(r) : NEXT;
  };
  if (branches.every((b) => !b.body.async) && (!other || !other.async)) return syncStmt(sync);
  return bothStmt(sync, async (r) => {
    for (const b of branches) if (b.cond(r)) return runCS(b.body, r);
    return other ? runCS(other, r) : NEXT;
  });
}

export function compileWhile(
  comp: CompileContext,
  s: QueryStmt & { kind: 'While' },
  cx: Cx,
  upper: CompileUpper,
): CS {
  const cond = compileExpr(comp, s.cond, cx).f;
  const limit = s.limit ? compileExpr(comp, s.limit, cx).f : null;
  const body = compileBlock(comp, s.body, { ...cx, loop: true }, upper);
  const sync: SyncStmt = (r) => {
    const max = limit ? num(limit(r)) : Infinity;
    for (let i = 0; i < max && cond(r); i++) {
      const c = body.sync(r);
      if (c === BREAK) break;
      if (c === RETURN) return c;
      if ((i & 255) === 255) r.check();
    }
    return NEXT;
  };
  if (cx.mode !== 'body' && !body.async) return syncStmt(sync);
  return bothStmt(sync, async (r) => {
    const max = limit ? num(limit(r)) : Infinity;
    for (let i = 0; i < max && cond(r); i++) {
      const c = body.async ? await body.async(r) : body.sync(r);
      if (c === BREAK) break;
      if (c === RETURN) return c;
      if (r.overBudget()) await r.pause();
    }
    return NEXT;
  });
}

export function compileForeach(
  comp: CompileContext,
  s: QueryStmt & { kind: 'Foreach' },
  cx: Cx,
  upper: CompileUpper,
): CS {
  const scope = new Scope(cx.scope);
  const inner: Cx = { ...cx, scope, loop: true };
  const row = cx.mode !== 'body';
  let items: (r: Run) => Iterable<unknown>;
  let elT: T = ANY;
  let entries = false;
  let groupRow: (T & { k: 'tuple' }) | null = null;
  if (s.source.kind === 'RangeSpec') {
    const a = compileExpr(comp, s.source.start, cx).f;
    const b = compileExpr(comp, s.source.end, cx).f;
    const st = s.source.step ? compileExpr(comp, s.source.step, cx).f : null;
    elT = INT;
    items = (r) => rangeOf(num(a(r)), num(b(r)), st ? num(st(r)) : 1);
  } else {
    const src = compileExpr(comp, s.source, cx);
    const f = src.f;
    const t = src.t;
    if (t.k === 'accum' && (t.a.name === 'MapAccum' || t.a.name === 'GroupByAccum')) entries = true;
    if (t.k === 'map') entries = true;
    elT = t.k === 'vset' ? VERTEX : t.k === 'accum' ? t.a.el : 'el' in t ? t.el : ANY;
    // One loop variable over a GroupByAccum is a row: its keys and accumulators by field name
    // (`FOREACH m IN @@groups DO ... m.year ... m.messageCount`), as LDBC bi-1 reads them.
    const rowT =
      t.k === 'accum' && t.a.name === 'GroupByAccum' && s.vars.length === 1
        ? groupRowType(t.a)
        : null;
    groupRow = rowT;
    if (rowT) elT = rowT;
    items = (r) => {
      const v = f(r);
      if (v instanceof MapAcc) return [...v.map.values()].map((e) => [e.k, e.acc.value()]);
      if (v instanceof GroupByAcc && rowT)
        return [...v.map.values()].map((e) => {
          const values = [...e.keys, ...e.accs.map((x) => x.value())];
          return Object.fromEntries(rowT.fields.map((field, i) => [field.name, values[i]]));
        });
      if (v instanceof GroupByAcc)
        return [...v.map.values()].map((e) => [...e.keys, ...e.accs.map((x) => x.value())]);
      if (v instanceof Map) return [...v.entries()];
      // A SetAccum's or BagAccum's items are a copy already.
      if (v instanceof SetAcc || v instanceof BagAcc) return v.items();
      return elementsOf(v).slice();
    };
  }
  const slots = s.vars.map(() => comp.slot());
  const mapT = s.source.kind !== 'RangeSpec' ? compileExpr(comp, s.source, cx).t : ANY;
  // The control-flow page's FOREACH limitations: a DML-sub loop never updates its variable; a
  // query-body loop may update only the values of a ListAccum or MapAccum it iterates; over a
  // set of vertices it may not touch their vertex-attached accumulators; and it does not iterate
  // a set or bag of constants (`FOREACH i IN (1, 2, 3)`, which a DML-sub FOREACH supports).
  const accName = mapT.k === 'accum' ? mapT.a.name : '';
  const loopVar = (i: number): 'fixed' | 'vertices' | undefined => {
    if (cx.mode === 'body' && elT.k === 'vertex' && accName !== 'ListAccum' && mapT.k !== 'list')
      return 'vertices';
    if (cx.mode !== 'body') return 'fixed';
    if (accName === 'ListAccum' || (accName === 'MapAccum' && i === 1)) return undefined;
    return 'fixed';
  };
  if (cx.mode === 'body' && s.source.kind === 'TupleLit')
    comp.error(
      s.source,
      'QUERY-UNSUPPORTED',
      'a query-body FOREACH does not iterate a set or bag of constants: use a ListAccum, or RANGE',
    );
  s.vars.forEach((name, i) => {
    let t = elT;
    if (groupRow) t = groupRow;
    else if (entries && mapT.k === 'accum' && mapT.a.name === 'MapAccum')
      t = i === 0 ? (mapT.a.key ?? ANY) : mapT.a.val ? accumValueType(mapT.a.val) : ANY;
    else if (entries && mapT.k === 'accum' && mapT.a.name === 'GroupByAccum') {
      const keys = mapT.a.groupKeys ?? [];
      const accs = mapT.a.groupAccs ?? [];
      t =
        i < keys.length
          ? (keys[i]?.type ?? ANY)
          : accs[i - keys.length]
            ? accumValueType((accs[i - keys.length] as { spec: AccSpec }).spec)
            : ANY;
    } else if (entries && mapT.k === 'map') t = i === 0 ? mapT.key : mapT.val;
    else if (s.vars.length > 1 && elT.k === 'tuple') t = elT.fields[i]?.type ?? ANY;
    scope.map.set(name, { kind: 'var', slot: slots[i] as number, t, row, loopVar: loopVar(i) });
  });
  const body = compileBlock(comp, s.body, inner, upper, false);
  const multi = s.vars.length > 1;
  const bind = (r: Run, x: unknown): void => {
    if (!multi) {
      r.f[slots[0] as number] = x;
      return;
    }
    const parts = Array.isArray(x) ? x : x && typeof x === 'object' ? Object.values(x) : [x];
    slots.forEach((slot, i) => {
      r.f[slot] = parts[i];
    });
  };
  const sync: SyncStmt = (r) => {
    for (const x of items(r)) {
      bind(r, x);
      const c = body.sync(r);
      if (c === BREAK) break;
      if (c === RETURN) return c;
    }
    return NEXT;
  };
  if (!body.async && cx.mode !== 'body') return syncStmt(sync);
  return bothStmt(sync, async (r) => {
    for (const x of items(r)) {
      bind(r, x);
      const c = body.async ? await body.async(r) : body.sync(r);
      if (c === BREAK) break;
      if (c === RETURN) return c;
      if (r.overBudget()) await r.pause();
    }
    return NEXT;
  });
}
