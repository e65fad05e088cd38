// Query layer: PRINT, with the output context of a run (keys, vertex sets with their
// accumulators, files).
import type { Expr, Print, PrintProjection } from '../../../../../core/gsql/index.js';
import { toVSet, fileText } from '../context/runtime-helpers.js';
import { NEXT, type CS, syncStmt, Scope, type Cx, exprKey } from '../context/compile-types.js';
import type { CompileContext } from '../context/compile-context.js';
import {
  out,
  vertexAttributes,
  vertexOut,
  type OutCtx,
  type PrintedVertexAccum,
} from '../../output.js';
import type { FileObject, Run } from '../../run.js';
import { VSet } from '../../runtime-values.js';
import { accumValueType, VERTEX, type AccSpec, type T, type TupleField } from '../../types.js';
import { compileExpr } from '../expressions/expr.js';

export function outCtx(comp: CompileContext, r: Run, k: number): OutCtx {
  let c = r.cache[k] as OutCtx | undefined;
  if (!c) {
    const vertexAccums: PrintedVertexAccum[] = [];
    for (const info of comp.vaccList) {
      const i = info.index;
      vertexAccums.push({
        name: info.name,
        type: printedAccumType(info.spec),
        read: (id) => r.va[i]?.get(id),
      });
    }
    r.cache[k] = c = { graph: r.graph, vertexAccums };
  }
  return c;
}

/** Bitwise accumulators print as binary digits: their values keep the accumulator's type. */
function printedAccumType(spec: AccSpec): T {
  return spec.name === 'BitwiseAndAccum' || spec.name === 'BitwiseOrAccum'
    ? { k: 'accum', a: spec }
    : accumValueType(spec);
}

function printedType(comp: CompileContext, e: Expr, t: T): T {
  if (e.kind === 'GlobalAccum' && !e.prime) {
    const info = comp.gaccs.get(e.name);
    return info ? printedAccumType(info.spec) : t;
  }
  if (e.kind === 'VertexAccum' && !e.prime) {
    const info = comp.vaccs.get(e.name);
    return info ? printedAccumType(info.spec) : t;
  }
  return t;
}

/**
 * `S.attr` or `S.@acc` of a vertex set variable S, in a PRINT ... TO_CSV: one value per vertex
 * (output page: "printing a vertex set's vertex-attached accumulator or a vertex set's variable,
 * the result is a list of values, one for each vertex, separated by newlines"). The set's name.
 */
function perVertexMember(e: Expr, cx: Cx): string | null {
  if (e.kind !== 'Attr' && e.kind !== 'VertexAccum') return null;
  const target = e.target;
  if (target?.kind !== 'Name') return null;
  const sym = cx.scope.lookup(target.name);
  return sym?.kind === 'var' && sym.t.k === 'vset' ? target.name : null;
}

/**
 * A table printed with a projection `T[T.v AS v, T.c AS c]`, which only the openCypher
 * translation writes (src/core/gsql/cypher: `RETURN v, sum(x) AS c` prints as the vertex set
 * VS_XXX, the ecosys openCypher tutorial's c3): one vertex per row, the vertex of the first
 * projected column, with the projected columns as its attributes.
 */
function tableAsVertexSet(
  comp: CompileContext,
  key: string,
  projection: readonly PrintProjection[],
  fields: readonly TupleField[],
  rows: (r: Run) => unknown,
): { key: string; vset: boolean; value: (r: Run, o: OutCtx) => unknown; csv: () => string } {
  const cols = projection.map((p) => {
    const name = p.expr.kind === 'Attr' ? p.expr.name : '';
    const field = fields.find((f) => f.name === name);
    if (!field) comp.error(p, 'QUERY-BAD-CLAUSE', `the table has no column ${name}`);
    return { name, key: p.alias ?? name, t: field?.type ?? VERTEX };
  });
  const vertexCol = cols[0]?.name ?? '';
  return {
    key,
    vset: false,
    value: (r, o) =>
      (rows(r) as Record<string, unknown>[]).map((row) => {
        const attrs: Record<string, unknown> = {};
        for (const c of cols) attrs[c.key] = out(o, row[c.name], c.t);
        return vertexOut(o, row[vertexCol] as number, attrs);
      }),
    csv: () => '',
  };
}

/**
 * PRINT. With WHERE, the vertex sets printed keep only the vertices the condition holds for
 * (the set's name stands for the vertex); a PRINT without vertex sets is skipped when it fails.
 */
export function compilePrint(comp: CompileContext, s: Print, cx: Cx): CS {
  const k = comp.cacheSlot();
  type Keep = ((r: Run, id: number) => boolean) | null;
  type Item = {
    key: string;
    vset: boolean;
    value: (r: Run, o: OutCtx, keep: Keep) => unknown;
    csv: (r: Run) => string;
  };
  const whereScope = new Scope(cx.scope);
  const whereSlot = comp.slot();
  const idsOf = (r: Run, v: unknown, keep: Keep): ArrayLike<number> => {
    const ids = toVSet(v).ids;
    return keep ? ids.filter((id) => keep(r, id)) : ids;
  };
  const items: Item[] = s.items.map((item): Item => {
    const key = item.alias ?? exprKey(item.expr);
    const setName = s.toCsv && !item.projection ? perVertexMember(item.expr, cx) : null;
    if (setName !== null) {
      const scope = new Scope(cx.scope);
      const slot = comp.slot();
      scope.map.set(setName, { kind: 'alias', slot, t: VERTEX });
      const set = compileExpr(comp, { kind: 'Name', name: setName, range: item.expr.range }, cx);
      const ce = compileExpr(comp, item.expr, { ...cx, scope });
      const t = printedType(comp, item.expr, ce.t);
      const each = <R>(r: Run, f: (id: number) => R): R[] =>
        Array.from(toVSet(set.f(r)).ids, (id) => {
          r.f[slot] = id;
          return f(id);
        });
      return {
        key,
        vset: false,
        value: (r, o) => each(r, () => out(o, ce.f(r), t)),
        csv: (r) => each(r, () => fileText(r, ce.f(r), t)).join('\n'),
      };
    }
    const compiled = compileExpr(comp, item.expr, cx);
    const base = { ...compiled, t: printedType(comp, item.expr, compiled.t) };
    const bf = base.f;
    const vset = base.t.k === 'vset';
    if (vset && item.expr.kind === 'Name')
      whereScope.map.set(item.expr.name, { kind: 'alias', slot: whereSlot, t: VERTEX });
    if (item.projection && base.t.k === 'list' && base.t.el.k === 'tuple')
      return tableAsVertexSet(comp, key, item.projection, base.t.el.fields, bf);
    if (item.projection) {
      const scope = new Scope(cx.scope);
      const slot = comp.slot();
      if (item.expr.kind === 'Name')
        scope.map.set(item.expr.name, { kind: 'alias', slot, t: VERTEX });
      // `S.*` (a TypeStar on the printed set's name) stands for every stored attribute.
      const setName = item.expr.kind === 'Name' ? item.expr.name : null;
      const isStar = (p: (typeof item.projection)[number]) =>
        p.expr.kind === 'TypeStar' && p.expr.typeName === setName;
      const star = item.projection.some(isStar);
      const projs = item.projection
        .filter((p) => !isStar(p))
        .map((p) => {
          const ce = compileExpr(comp, p.expr, { ...cx, scope });
          return {
            key: p.alias ?? exprKey(p.expr),
            ce: { ...ce, t: printedType(comp, p.expr, ce.t) },
          };
        });
      return {
        key,
        vset: true,
        value: (r, o, keep) =>
          Array.from(idsOf(r, bf(r), keep), (id) => {
            r.f[slot] = id;
            const attrs: Record<string, unknown> = star ? vertexAttributes(r.graph, id) : {};
            for (const p of projs) attrs[p.key] = out(o, p.ce.f(r), p.ce.t);
            return vertexOut(o, id, attrs);
          }),
        csv: (r) =>
          Array.from(toVSet(bf(r)).ids, (id) => {
            r.f[slot] = id;
            return projs.map((p) => fileText(r, p.ce.f(r), p.ce.t)).join(',');
          }).join('\n'),
      };
    }
    return {
      key,
      vset,
      value: (r, o, keep) =>
        vset && keep ? out(o, new VSet(idsOf(r, bf(r), keep)), base.t) : out(o, bf(r), base.t),
      csv: (r) => fileText(r, bf(r), base.t),
    };
  });
  const anyVset = items.some((it) => it.vset);
  const where = s.where ? compileExpr(comp, s.where, { ...cx, scope: whereScope }).f : null;
  const keep: Keep = where
    ? (r, id) => {
        r.f[whereSlot] = id;
        return Boolean(where(r));
      }
    : null;
  const csv = s.toCsv ? compileExpr(comp, s.toCsv, cx).f : null;
  return syncStmt((r) => {
    if (where && !anyVset && !where(r)) return NEXT;
    if (csv) {
      const file = csv(r) as FileObject | null;
      if (file) file.lines.push(items.map((it) => it.csv(r)).join(','));
      return NEXT;
    }
    const o = outCtx(comp, r, k);
    const res: Record<string, unknown> = {};
    for (const it of items) res[it.key] = it.value(r, o, it.vset ? keep : null);
    r.out.push(res);
    return NEXT;
  });
}
