// Statement layer: control flow (IF/CASE branch selection, WHILE and FOREACH loops); loop bodies
// compile through statement.ts with the `upper` compiler handed down from the query layer.
import type { QueryStmt } from '../../../../../core/gsql/index.js';
import { foreachItems, type GroupRow, itemParts } from '../context/foreach-items.js';
import { accItems } from '../context/vertex-container-reads.js';
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
import type { Run, VAcc } from '../../run.js';
import { num } from '../../runtime-values.js';
import {
  accumValueType,
  ANY,
  INT,
  isScalarAccum,
  VERTEX,
  type AccSpec,
  type T,
} from '../../types.js';
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

/** A FOREACH's loop variables: their types and loop rules (symbols.ts checkLoopVertex). */
export interface ForeachVars {
  /** One variable over a GroupByAccum: the row it sees (foreach-items.ts), else null. */
  readonly rowT: GroupRow | null;
  readonly vars: readonly { readonly t: T; readonly loopVar: 'fixed' | 'vertices' | undefined }[];
}

/**
 * The loop variables of a FOREACH over a value of static type `srcT` (null: a RANGE): one
 * definition for the closure tier and the generated SELECT code (select/jit-gen.ts).
 */
export function foreachVars(
  s: QueryStmt & { kind: 'Foreach' },
  cx: Cx,
  srcT: T | null,
): ForeachVars {
  const mapT = srcT ?? ANY;
  const t = mapT;
  const entries =
    (t.k === 'accum' && (t.a.name === 'MapAccum' || t.a.name === 'GroupByAccum')) || t.k === 'map';
  let elT: T =
    srcT === null
      ? INT
      : t.k === 'vset'
        ? VERTEX
        : t.k === 'accum'
          ? t.a.el
          : 'el' in t
            ? t.el
            : ANY;
  // One loop variable over a GroupByAccum is a row: its keys and accumulators by field name
  // (`FOREACH m IN @@groups DO ... m.year ... m.messageCount`), as LDBC bi-1 reads them.
  const rowT =
    t.k === 'accum' && t.a.name === 'GroupByAccum' && s.vars.length === 1
      ? groupRowType(t.a)
      : null;
  if (rowT) elT = rowT;
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
  const vars = s.vars.map((_name, i) => {
    let vt = elT;
    if (rowT) vt = rowT;
    else if (entries && mapT.k === 'accum' && mapT.a.name === 'MapAccum')
      vt = i === 0 ? (mapT.a.key ?? ANY) : mapT.a.val ? accumValueType(mapT.a.val) : ANY;
    else if (entries && mapT.k === 'accum' && mapT.a.name === 'GroupByAccum') {
      const keys = mapT.a.groupKeys ?? [];
      const accs = mapT.a.groupAccs ?? [];
      vt =
        i < keys.length
          ? (keys[i]?.type ?? ANY)
          : accs[i - keys.length]
            ? accumValueType((accs[i - keys.length] as { spec: AccSpec }).spec)
            : ANY;
    } else if (entries && mapT.k === 'map') vt = i === 0 ? mapT.key : mapT.val;
    else if (s.vars.length > 1 && elT.k === 'tuple') vt = elT.fields[i]?.type ?? ANY;
    return { t: vt, loopVar: loopVar(i) };
  });
  return { rowT, vars };
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
  let shape: ForeachVars;
  if (s.source.kind === 'RangeSpec') {
    const a = compileExpr(comp, s.source.start, cx).f;
    const b = compileExpr(comp, s.source.end, cx).f;
    const st = s.source.step ? compileExpr(comp, s.source.step, cx).f : null;
    shape = foreachVars(s, cx, null);
    items = (r) => rangeOf(num(a(r)), num(b(r)), st ? num(st(r)) : 1);
  } else {
    const src = compileExpr(comp, s.source, cx);
    const f = src.f;
    shape = foreachVars(s, cx, src.t);
    const rowT = shape.rowT;
    items = (r) => foreachItems(f(r), rowT);
    // Over `v.@a`, a vertex's container: its items where they are held, without making the
    // vertex an accumulator object (vertex-container-reads.ts).
    const source = s.source;
    const info = source.kind === 'VertexAccum' ? comp.vaccs.get(source.name) : undefined;
    if (
      source.kind === 'VertexAccum' &&
      source.target &&
      !source.prime &&
      info &&
      !comp.eaccs.has(source.name) &&
      !isScalarAccum(info.spec)
    ) {
      const i = info.index;
      const tf = compileExpr(comp, source.target, cx).f;
      items = (r) => accItems(r.va[i] as VAcc, tf(r) as number, rowT);
    }
  }
  const slots = s.vars.map(() => comp.slot());
  if (cx.mode === 'body' && s.source.kind === 'TupleLit')
    comp.error(
      s.source,
      'QUERY-UNSUPPORTED',
      'a query-body FOREACH does not iterate a set or bag of constants: use a ListAccum, or RANGE',
    );
  s.vars.forEach((name, i) => {
    const v = shape.vars[i] as ForeachVars['vars'][number];
    scope.map.set(name, { kind: 'var', slot: slots[i] as number, t: v.t, row, loopVar: v.loopVar });
  });
  const body = compileBlock(comp, s.body, inner, upper, false);
  const multi = s.vars.length > 1;
  const bind = (r: Run, x: unknown): void => {
    if (!multi) {
      r.f[slots[0] as number] = x;
      return;
    }
    const parts = itemParts(x);
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
