// Select layer: sources and target filters of SELECT patterns: the seed set of a step, vertices
// reachable within min..max hops, and the per-run filter on a step's target types and vertex set.
import type { VertexStep } from '../../../../../core/gsql/index.js';
import { elementsOf } from '../../accum.js';
import type { Cx } from '../context/compile-types.js';
import type { CompileContext } from '../context/compile-context.js';
import type { Run } from '../../run.js';
import { VSet, vid, vslotOf, vtypeOf } from '../../runtime-values.js';
import { type Walk, walkEdges } from '../context/edge-walk.js';
import { dedupeIds, IdsBuilder, vertexIds, type VertexIds } from '../../vertex-ids.js';
import { allOf, checkVertexType } from '../context/graph-lookups.js';

/** The vertices of a container value (a SetAccum, a ListAccum...), each once. */
function distinctVertices(v: unknown): VertexIds {
  return dedupeIds(vertexIds(elementsOf(v).filter((x): x is number => typeof x === 'number')));
}

/**
 * Vertices reachable from `from` by min..max hops along `walks`, each with the number of
 * shortest paths reaching it: the reference's shortest-path semantics for a repeated edge (only
 * the shortest matching paths count, and each of them is a match).
 */
export function reachable(
  walks: readonly Walk[],
  from: number,
  min: number,
  max: number,
): [number, number][] {
  const dist = new Map<number, number>([[from, 0]]);
  const paths = new Map<number, number>([[from, 1]]);
  const res: [number, number][] = [];
  if (min <= 0) res.push([from, 1]);
  let frontier = [from];
  for (let d = 1; d <= max && frontier.length > 0; d++) {
    const next: number[] = [];
    for (const v of frontier) {
      const through = paths.get(v) ?? 1;
      for (const w of walks)
        walkEdges(w, vtypeOf(v), vslotOf(v), (_e, ft, fs) => {
          const id = vid(ft, fs);
          const seen = dist.get(id);
          if (seen === undefined) {
            dist.set(id, d);
            paths.set(id, through);
            next.push(id);
          } else if (seen === d) paths.set(id, (paths.get(id) ?? 0) + through);
        });
    }
    if (d >= min) for (const id of next) res.push([id, paths.get(id) ?? 1]);
    frontier = next;
  }
  return res;
}

export function literalType(c: CompileContext, step: VertexStep): string | null {
  return step.types.length === 1 && c.isVertexType(step.types[0] as string)
    ? (step.types[0] as string)
    : null;
}

export function sourceOf(
  c: CompileContext,
  step: VertexStep,
  cx: Cx,
): { ids: (r: Run) => VertexIds; filter: ((r: Run, id: number) => boolean) | null } {
  const parts: ((r: Run) => VertexIds)[] = [];
  /** The parts that are vertex type names. */
  const typeNames = new Set<string>();
  // An omitted source type (`:s -(E>)- T:t`, `-(E>)- T:t`) is any vertex (SELECT page).
  if (step.types.length === 0) return { ids: (r) => allOf(c, r, c.vertexTypeNames), filter: null };
  for (const name of step.types) {
    if (name === '_' || name.toUpperCase() === 'ANY') {
      parts.push((r) => allOf(c, r, c.vertexTypeNames));
      continue;
    }
    if (name.startsWith('@@')) {
      const info = c.gaccs.get(name.slice(2));
      if (!info) {
        c.error(step, 'QUERY-UNKNOWN-ACCUM', `unknown accumulator ${name}`);
        continue;
      }
      const i = info.index;
      // A global accumulator of strings names vertex types (SELECT page, step vertex set).
      if (info.spec.el.k === 'string')
        parts.push((r) =>
          allOf(
            c,
            r,
            elementsOf(r.g[i]).map((x) => checkVertexType(c, x)),
          ),
        );
      else parts.push((r) => distinctVertices(r.g[i]));
      continue;
    }
    const sym = cx.scope.lookup(name);
    if (sym && (sym.kind === 'var' || sym.kind === 'alias')) {
      const slot = sym.slot;
      const t = sym.t;
      if (
        t.k === 'string' ||
        ((t.k === 'set' || t.k === 'list' || t.k === 'bag') && t.el.k === 'string')
      )
        parts.push((r) =>
          allOf(
            c,
            r,
            elementsOf(r.f[slot]).map((x) => checkVertexType(c, x)),
          ),
        );
      else
        parts.push((r) => {
          const v = r.f[slot];
          if (v instanceof VSet) return v.ids;
          if (typeof v === 'number') return Float64Array.of(v);
          return distinctVertices(v);
        });
      continue;
    }
    if (c.isVertexType(name)) {
      const names = [name];
      parts.push((r) => allOf(c, r, names));
      typeNames.add(name);
      continue;
    }
    c.error(step, 'QUERY-UNKNOWN-VARIABLE', `unknown vertex set or type ${name}`);
  }
  if (parts.length === 1) return { ids: parts[0] as (r: Run) => VertexIds, filter: null };
  // Only vertex types (`(Comment|Post):m`): their vertices are distinct, so no set is needed.
  if (typeNames.size === parts.length) {
    const names = [...typeNames];
    return { ids: (r) => allOf(c, r, names), filter: null };
  }
  return {
    ids: (r) => {
      const all = new IdsBuilder();
      for (const p of parts) all.pushAll(p(r));
      return dedupeIds(all.done());
    },
    filter: null,
  };
}

export type TargetFilter = { types: Uint8Array | null; has: ((id: number) => boolean) | null };

/** Whether targetFilter's `has` can be set for this step (it names a vertex set variable). */
export function targetHasSets(c: CompileContext, step: VertexStep, cx: Cx): boolean {
  let sets = false;
  for (const name of step.types) {
    if (name === '_' || name.toUpperCase() === 'ANY') return false;
    const sym = cx.scope.lookup(name);
    if (!sym || (sym.kind !== 'var' && sym.kind !== 'alias')) continue;
    const t = sym.t;
    const names =
      t.k === 'string' ||
      ((t.k === 'set' || t.k === 'list' || t.k === 'bag') && t.el.k === 'string');
    if (!names) sets = true;
  }
  return sets;
}

export function targetFilter(
  c: CompileContext,
  step: VertexStep,
  cx: Cx,
): (r: Run) => TargetFilter {
  const none: TargetFilter = { types: null, has: null };
  if (step.types.length === 0) return () => none;
  const typeParts: ((r: Run) => string[])[] = [];
  const setParts: ((r: Run) => VSet)[] = [];
  let any = false;
  for (const name of step.types) {
    if (name === '_' || name.toUpperCase() === 'ANY') {
      any = true;
      continue;
    }
    const acc = name.startsWith('@@') ? c.gaccs.get(name.slice(2)) : undefined;
    if (acc && acc.spec.el.k === 'string') {
      // A global accumulator of vertex type names (SELECT page, step vertex set).
      const i = acc.index;
      typeParts.push((r) => elementsOf(r.g[i]).map((x) => checkVertexType(c, x)));
      continue;
    }
    const sym = cx.scope.lookup(name);
    if (sym && (sym.kind === 'var' || sym.kind === 'alias')) {
      const slot = sym.slot;
      const t = sym.t;
      if (
        t.k === 'string' ||
        ((t.k === 'set' || t.k === 'list' || t.k === 'bag') && t.el.k === 'string')
      )
        typeParts.push((r) => elementsOf(r.f[slot]).map((x) => checkVertexType(c, x)));
      else
        setParts.push((r) => {
          const v = r.f[slot];
          return v instanceof VSet ? v : new VSet(dedupeIds(vertexIds(elementsOf(v) as number[])));
        });
      continue;
    }
    if (c.isVertexType(name)) {
      const names = [name];
      typeParts.push(() => names);
      continue;
    }
    c.error(step, 'QUERY-UNKNOWN-VARIABLE', `unknown vertex set or type ${name}`);
  }
  if (any) return () => none;
  return (r) => {
    let types: Uint8Array | null = null;
    if (typeParts.length > 0) {
      types = new Uint8Array(r.graph.vertexByIndex.length);
      for (const p of typeParts)
        for (const n of p(r)) {
          const t = r.graph.vertices.get(n);
          if (t) types[t.typeIndex] = 1;
        }
    }
    if (setParts.length === 0) return { types, has: null };
    let set: VSet;
    if (setParts.length === 1) set = (setParts[0] as (r: Run) => VSet)(r);
    else {
      const ids = new IdsBuilder();
      for (const p of setParts) ids.pushAll(p(r).ids);
      set = new VSet(dedupeIds(ids.done()));
    }
    if (!types) return { types: null, has: (id) => set.has(id) };
    // A step naming both types and vertex sets: either admits a vertex.
    const tset = types;
    return { types: null, has: (id) => tset[vtypeOf(id)] === 1 || set.has(id) };
  };
}
