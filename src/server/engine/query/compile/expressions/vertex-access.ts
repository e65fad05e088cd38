// Vertex-set and attribute compilation: vertex types, seed sets of a SELECT, attribute
// readers for vertices and edges, attribute access and indexing expressions.
import type { Expr } from '../../../core/gsql/index.js';
import type { ArrayAcc } from './accum.js';
import { elementsOf } from './accum.js';
import { edgeAttr, dedupe } from './compile-helpers.js';
import type { CE, Cx } from './compile-types.js';
import type { Compiler } from './compile.js';
import { QueryRuntimeError } from './errors.js';
import type { Run } from './run.js';
import { EdgeRef, num, VSet, vid, vslotOf, vtypeOf } from './runtime-values.js';
import { accumValueType, ANY, STRING, VSET, type T } from './types.js';

/** Run-time type index of a vertex type name (cached per run). */
export function typeIndexOf(comp: Compiler, r: Run, name: string): number {
  return r.graph.vertices.get(name)?.typeIndex ?? -1;
}

/** Every live vertex of the named types, in type then slot order. */
export function allOf(comp: Compiler, r: Run, types: readonly string[]): number[] {
  const ids: number[] = [];
  for (const name of types) {
    const table = r.graph.vertices.get(name);
    if (!table) throw new QueryRuntimeError('QUERY-UNKNOWN-TYPE', `unknown vertex type ${name}`);
    const t = table.typeIndex;
    const alive = table.alive;
    const n = table.slotCount;
    for (let s = 0; s < n; s++) if (alive[s] === 1) ids.push(vid(t, s));
  }
  return ids;
}

/** A type name given at run time (a STRING parameter), checked against the graph. */
export function checkVertexType(comp: Compiler, name: unknown): string {
  const s = String(name);
  if (!comp.isVertexType(s))
    throw new QueryRuntimeError(
      'QUERY-UNKNOWN-TYPE',
      `"${s}" is not a vertex type of graph ${comp.env.graphName}`,
    );
  return s;
}

/** Seed items `{T.*, S, v, @@set, ANY, type_param}` as one vertex set. */
export function seeds(comp: Compiler, items: readonly Expr[], cx: Cx): CE {
  const parts: ((r: Run, out: number[]) => void)[] = [];
  for (const item of items) {
    if (item.kind === 'Wildcard') {
      const all = comp.vertexTypeNames;
      parts.push((r, o) => o.push(...comp.allOf(r, all)));
    } else if (item.kind === 'TypeStar') {
      const sym = cx.scope.lookup(item.typeName);
      if (sym && sym.kind === 'var') {
        const s = sym.slot;
        parts.push((r, o) =>
          o.push(
            ...comp.allOf(
              r,
              elementsOf(r.f[s]).map((x) => comp.checkVertexType(x)),
            ),
          ),
        );
      } else if (comp.isVertexType(item.typeName)) {
        const names = [item.typeName];
        parts.push((r, o) => o.push(...comp.allOf(r, names)));
      } else comp.error(item, 'QUERY-UNKNOWN-TYPE', `unknown vertex type ${item.typeName}`);
    } else {
      const v = comp.expr(item, cx);
      const f = v.f;
      const t = v.t;
      if (
        t.k === 'string' ||
        ((t.k === 'set' || t.k === 'list' || t.k === 'bag') && t.el.k === 'string')
      )
        parts.push((r, o) =>
          o.push(
            ...comp.allOf(
              r,
              elementsOf(f(r)).map((x) => comp.checkVertexType(x)),
            ),
          ),
        );
      else
        parts.push((r, o) => {
          const x = f(r);
          if (typeof x === 'number') o.push(x);
          else for (const y of elementsOf(x)) if (typeof y === 'number') o.push(y);
        });
    }
  }
  return {
    f: (r) => {
      const ids: number[] = [];
      for (const p of parts) p(r, ids);
      return new VSet(dedupe(ids));
    },
    t: VSET,
  };
}

/** Column index of an attribute per vertex type index (cached per run), -1 when absent. */
export function vertexColumns(comp: Compiler, name: string): (r: Run) => Int32Array {
  const k = comp.cacheSlot();
  return (r) => {
    let cols = r.cache[k] as Int32Array | undefined;
    if (!cols) {
      cols = new Int32Array(r.graph.vertexByIndex.length).fill(-1);
      r.graph.vertexByIndex.forEach((table, i) => {
        if (table) cols![i] = table.def.attributes.findIndex((a) => a.name === name);
      });
      r.cache[k] = cols;
    }
    return cols;
  };
}

/** The static type of a vertex attribute, looked up in the given or all vertex types. */
export function vertexAttrType(comp: Compiler, vt: string | null, name: string): T | undefined {
  const types = vt ? [vt] : comp.vertexTypeNames;
  for (const tn of types) {
    const def = comp.env.catalog.vertexTypes.find((v) => v.name === tn);
    const a = def?.attributes.find((x) => x.name === name);
    if (a) return comp.attrT(a.type);
    if (def && def.primaryId.name === name) return comp.attrT(def.primaryId.type);
  }
  return undefined;
}

export function edgeAttrType(comp: Compiler, name: string): T | undefined {
  for (const def of comp.env.catalog.edgeTypes) {
    const a = def.attributes.find((x) => x.name === name);
    if (a) return comp.attrT(a.type);
  }
  return undefined;
}

export function vertexAttrReader(comp: Compiler, name: string): (r: Run, id: number) => unknown {
  const cols = comp.vertexColumns(name);
  return (r, id) => {
    const t = vtypeOf(id);
    const c = cols(r)[t] ?? -1;
    const table = r.graph.vertexByIndex[t];
    if (c < 0) {
      if (table && table.def.primaryId.name === name) return table.ids[vslotOf(id)];
      throw new QueryRuntimeError(
        'QUERY-UNKNOWN-ATTRIBUTE',
        `vertex type ${table?.def.name ?? '?'} has no attribute ${name}`,
      );
    }
    return table?.columns[c]?.[vslotOf(id)];
  };
}

export function attr(comp: Compiler, e: Expr & { kind: 'Attr' }, cx: Cx): CE {
  const target = comp.expr(e.target, cx);
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
        f: (r) => r.graph.vertexByIndex[vtypeOf(tf(r) as number)]?.def.name ?? '',
        t: STRING,
      };
    const at = comp.vertexAttrType(t.k === 'vertex' ? t.vt : null, name);
    if (!at) {
      comp.error(e, 'QUERY-UNKNOWN-ATTRIBUTE', `no vertex type has an attribute ${name}`);
      return comp.constant(null, ANY);
    }
    const read = comp.vertexAttrReader(name);
    return { f: (r) => read(r, tf(r) as number), t: at };
  }
  if (t.k === 'edge') {
    if (name === 'type') return { f: (r) => (tf(r) as EdgeRef).name, t: STRING };
    const at = comp.edgeAttrType(name);
    if (!at) {
      comp.error(e, 'QUERY-UNKNOWN-ATTRIBUTE', `no edge type has an attribute ${name}`);
      return comp.constant(null, ANY);
    }
    return { f: (r) => edgeAttr(tf(r) as EdgeRef, name), t: at };
  }
  // Unknown static type: decide at run time.
  const read = comp.vertexAttrReader(name);
  return {
    f: (r) => {
      const v = tf(r);
      if (typeof v === 'number') return read(r, v);
      if (v instanceof EdgeRef) return edgeAttr(v, name);
      return (v as Record<string, unknown> | null)?.[name];
    },
    t: comp.vertexAttrType(null, name) ?? comp.edgeAttrType(name) ?? ANY,
  };
}

export function index(comp: Compiler, e: Expr & { kind: 'Index' }, cx: Cx): CE {
  // Collect `a[i][j]` chains for ArrayAccum.
  const idx: Expr[] = [];
  let base: Expr = e;
  while (base.kind === 'Index') {
    idx.unshift(base.index);
    base = base.target;
  }
  const target = comp.expr(base, cx);
  const fs = idx.map((x) => comp.expr(x, cx).f);
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

export function dynamicAttrReader(comp: Compiler, name: string): (r: Run, id: number) => unknown {
  return (r, id) => {
    const table = r.graph.vertexByIndex[vtypeOf(id)];
    if (!table) return null;
    const c = table.def.attributes.findIndex((a) => a.name === name);
    if (c < 0) {
      if (table.def.primaryId.name === name) return table.ids[vslotOf(id)];
      throw new QueryRuntimeError(
        'QUERY-UNKNOWN-ATTRIBUTE',
        `vertex type ${table.def.name} has no attribute ${name}`,
      );
    }
    return table.columns[c]?.[vslotOf(id)];
  };
}
