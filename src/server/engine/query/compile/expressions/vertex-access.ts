// Expression layer: vertex-set seeds (`{T.*, S, @@set}`), attribute access (`x.attr` on vertices,
// edges and tuples) and indexing (`a[i][j]`, ArrayAccum cells). Attribute types and column readers
// come from the context's graph lookups.
import type { Expr } from '../../../../../core/gsql/index.js';
import type { ArrayAcc } from '../../accum.js';
import { elementsOf } from '../../accum.js';
import { edgeAttr } from '../context/runtime-helpers.js';
import type { CE, Cx } from '../context/compile-types.js';
import type { CompileContext } from '../context/compile-context.js';
import type { Run } from '../../run.js';
import { EdgeRef, num, VSet, vtypeOf } from '../../runtime-values.js';
import { accumValueType, ANY, STRING, VSET } from '../../types.js';
import { dedupeIds, IdsBuilder, type VertexIds } from '../../vertex-ids.js';
import {
  allOf,
  checkVertexType,
  edgeAttrType,
  vertexAttrReader,
  vertexAttrType,
  vertexTypeName,
} from '../context/graph-lookups.js';
import { compileExpr, compileConstant } from './expr.js';

/** Seed items `{T.*, S, v, @@set, ANY, type_param}` as one vertex set. */
export function compileSeeds(comp: CompileContext, items: readonly Expr[], cx: Cx): CE {
  const parts: ((r: Run, out: IdsBuilder) => void)[] = [];
  // A seed of one vertex type: the type's list of live vertices (allOf shares it while the type
  // is unchanged), with no copy and no dedupe.
  let whole: ((r: Run) => VertexIds) | null = null;
  for (const item of items) {
    if (item.kind === 'Wildcard') {
      const all = comp.vertexTypeNames;
      parts.push((r, o) => o.pushAll(allOf(comp, r, all)));
    } else if (item.kind === 'TypeStar') {
      const sym = cx.scope.lookup(item.typeName);
      if (sym && sym.kind === 'var') {
        const s = sym.slot;
        parts.push((r, o) =>
          o.pushAll(
            allOf(
              comp,
              r,
              elementsOf(r.f[s]).map((x) => checkVertexType(comp, x)),
            ),
          ),
        );
      } else if (comp.isVertexType(item.typeName)) {
        const names = [item.typeName];
        parts.push((r, o) => o.pushAll(allOf(comp, r, names)));
        if (items.length === 1) whole = (r) => allOf(comp, r, names);
      } else comp.error(item, 'QUERY-UNKNOWN-TYPE', `unknown vertex type ${item.typeName}`);
    } else {
      const v = compileExpr(comp, item, cx);
      const f = v.f;
      const t = v.t;
      if (
        t.k === 'string' ||
        ((t.k === 'set' || t.k === 'list' || t.k === 'bag') && t.el.k === 'string')
      ) {
        parts.push((r, o) =>
          o.pushAll(
            allOf(
              comp,
              r,
              elementsOf(f(r)).map((x) => checkVertexType(comp, x)),
            ),
          ),
        );
        // One type name (a STRING parameter, as the library's algorithms take): its list.
        if (items.length === 1 && t.k === 'string')
          whole = (r) => allOf(comp, r, [checkVertexType(comp, f(r))]);
      } else
        parts.push((r, o) => {
          const x = f(r);
          if (typeof x === 'number') o.push(x);
          else if (x instanceof VSet) o.pushAll(x.ids);
          else for (const y of elementsOf(x)) if (typeof y === 'number') o.push(y);
        });
    }
  }
  const one = whole;
  return {
    f: (r) => {
      if (one) return new VSet(one(r));
      const ids = new IdsBuilder();
      for (const p of parts) p(r, ids);
      return new VSet(dedupeIds(ids.done()));
    },
    t: VSET,
  };
}

export function compileAttr(comp: CompileContext, e: Expr & { kind: 'Attr' }, cx: Cx): CE {
  const target = compileExpr(comp, e.target, cx);
  const tf = target.f;
  const name = e.name;
  const t = target.t;
  if (t.k === 'tuple') {
    const field = t.fields.find((f) => f.name === name);
    if (!field) comp.error(e, 'QUERY-UNKNOWN-ATTRIBUTE', `tuple ${t.name} has no field ${name}`);
    return { f: (r) => (tf(r) as Record<string, unknown> | null)?.[name], t: field?.type ?? ANY };
  }
  if (t.k === 'vertex' || t.k === 'vset') {
    if (name === 'type')
      return {
        f: (r) => vertexTypeName(r, vtypeOf(tf(r) as number)),
        t: STRING,
      };
    const at = vertexAttrType(comp, t.k === 'vertex' ? t.vt : null, name);
    if (!at) {
      comp.error(e, 'QUERY-UNKNOWN-ATTRIBUTE', `no vertex type has an attribute ${name}`);
      return compileConstant(comp, null, ANY);
    }
    const read = vertexAttrReader(comp, name);
    return { f: (r) => read(r, tf(r) as number), t: at };
  }
  if (t.k === 'edge') {
    if (name === 'type') return { f: (r) => (tf(r) as EdgeRef).name, t: STRING };
    const at = edgeAttrType(comp, name);
    if (!at) {
      comp.error(e, 'QUERY-UNKNOWN-ATTRIBUTE', `no edge type has an attribute ${name}`);
      return compileConstant(comp, null, ANY);
    }
    return { f: (r) => edgeAttr(tf(r) as EdgeRef, name), t: at };
  }
  // Unknown static type: decide at run time.
  const read = vertexAttrReader(comp, name);
  return {
    f: (r) => {
      const v = tf(r);
      if (typeof v === 'number') return read(r, v);
      if (v instanceof EdgeRef) return edgeAttr(v, name);
      return (v as Record<string, unknown> | null)?.[name];
    },
    t: vertexAttrType(comp, null, name) ?? edgeAttrType(comp, name) ?? ANY,
  };
}

export function compileIndex(comp: CompileContext, e: Expr & { kind: 'Index' }, cx: Cx): CE {
  // Collect `a[i][j]` chains for ArrayAccum.
  const idx: Expr[] = [];
  let base: Expr = e;
  while (base.kind === 'Index') {
    idx.unshift(base.index);
    base = base.target;
  }
  const target = compileExpr(comp, base, cx);
  const fs = idx.map((x) => compileExpr(comp, x, cx).f);
  const tf = target.f;
  if (target.t.k === 'accum' && target.t.a.name === 'ArrayAccum') {
    const el = target.t.a.arrayEl;
    return {
      f: (r) => (tf(r) as ArrayAcc).cell(fs.map((x) => num(x(r)))).value(),
      t: el ? accumValueType(el) : ANY,
    };
  }
  const elT = target.t.k === 'list' ? target.t.el : target.t.k === 'accum' ? target.t.a.el : ANY;
  return {
    f: (r) => {
      let v: unknown = tf(r);
      for (const x of fs) v = elementsOf(v)[num(x(r))];
      return v;
    },
    t: elT,
  };
}
