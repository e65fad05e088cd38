// Expression layer: method calls on accumulators, on vertices (degrees, neighbors,
// attributes) and on plain values.
import type { Expr } from '../../../../../core/gsql/index.js';
import type { HeapAcc, MapAcc, PercentileAcc } from '../../accum.js';
import { elementsOf, GroupByAcc, makeAcc, type Acc, AccBase } from '../../accum.js';
import { bitwiseCall, bitwiseMethodType, VertexScalarCell } from '../../accum-bitwise.js';
import { edgeAttr, contains, fileText, sizeOf, accCall } from '../context/runtime-helpers.js';
import type { Fn, CE, Cx } from '../context/compile-types.js';
import type { CompileContext } from '../context/compile-context.js';
import { QueryRuntimeError } from '../../errors.js';
import type { VAcc } from '../../run.js';
import { edgeAccums, type EAcc } from '../../edge-accum.js';
import { type FileObject, type Run } from '../../run.js';
import type { EdgeRef } from '../../runtime-values.js';
import { defaultValue, eq, num, vtypeOf } from '../../runtime-values.js';
import { degreeFn } from '../context/edge-walk.js';
import {
  accumValueType,
  ANY,
  BOOL,
  DOUBLE,
  INT,
  isScalarAccum,
  STRING,
  typeName,
  VOID,
  type AccSpec,
  type T,
} from '../../types.js';
import { dynamicAttrReader, vertexAttrType, vertexTypeName } from '../context/graph-lookups.js';
import { accContains, accMapGet, accSize } from '../context/vertex-container-reads.js';
import { compileNeighborhood, isNeighborhoodMethod } from './neighborhood.js';
import { JSON_GETTERS, jsonContainsKey, jsonGet, jsonSize } from '../../functions-json.js';
import { compileExpr, compileConstant, slotOf } from './expr.js';

/** The accumulator object behind `@@a` or `v.@a` (for mutators and container methods). */
export function accObject(
  comp: CompileContext,
  e: Expr,
  cx: Cx,
): { get: (r: Run) => Acc; spec: AccSpec } | null {
  if (e.kind === 'GlobalAccum' && !e.prime) {
    const info = comp.gaccs.get(e.name);
    if (!info) return null;
    const i = info.index;
    return { get: (r) => r.g[i] as Acc, spec: info.spec };
  }
  if (e.kind === 'VertexAccum' && !e.prime && e.target && comp.eaccs.has(e.name)) {
    const info = comp.eaccs.get(e.name);
    if (!info) return null;
    const i = info.index;
    const tf = compileExpr(comp, e.target, cx).f;
    return { get: (r) => (edgeAccums(r)[i] as EAcc).acc(tf(r)), spec: info.spec };
  }
  if (e.kind === 'VertexAccum' && !e.prime && e.target) {
    const info = comp.vaccs.get(e.name);
    if (!info) return null;
    const i = info.index;
    const tf = compileExpr(comp, e.target, cx).f;
    // A scalar vertex accumulator lives in flat columns: its methods see a write-back view.
    if (isScalarAccum(info.spec))
      return {
        get: (r) => new VertexScalarCell(r.va[i] as VAcc, tf(r) as number),
        spec: info.spec,
      };
    return { get: (r) => (r.va[i] as VAcc).acc(tf(r) as number), spec: info.spec };
  }
  return null;
}

/**
 * `v.@a.size()`, `.contains(x)` and a MapAccum's `.get(k)` of a vertex's container accumulator:
 * read where the value is held (vertex-container-reads.ts), without making the vertex an
 * accumulator object as accObject would; null for other calls.
 */
function vertexContainerRead(
  comp: CompileContext,
  e: Expr & { kind: 'MethodCall' },
  cx: Cx,
): CE | null {
  const tg = e.target;
  if (tg.kind !== 'VertexAccum' || !tg.target || tg.prime || comp.eaccs.has(tg.name)) return null;
  const info = comp.vaccs.get(tg.name);
  if (!info || isScalarAccum(info.spec)) return null;
  const lname = e.name.toLowerCase();
  const i = info.index;
  const tf = compileExpr(comp, tg.target, cx).f;
  if (lname === 'size' && e.args.length === 0)
    return { f: (r) => accSize(r.va[i] as VAcc, tf(r) as number), t: INT };
  const arg = e.args[0];
  if (arg === undefined || e.args.length !== 1) return null;
  if (lname === 'contains') {
    const x = compileExpr(comp, arg, cx).f;
    return { f: (r) => accContains(r.va[i] as VAcc, tf(r) as number, x(r)), t: BOOL };
  }
  if (lname === 'get' && info.spec.name === 'MapAccum') {
    const k = compileExpr(comp, arg, cx).f;
    const val = info.spec.val;
    return {
      f: (r) => accMapGet(r.va[i] as VAcc, tf(r) as number, k(r)),
      t: val ? accumValueType(val) : ANY,
    };
  }
  return null;
}

export function checkArity(
  comp: CompileContext,
  e: { name: string; args: readonly Expr[]; range: Expr['range'] },
  min: number,
  max: number,
): boolean {
  if (e.args.length < min || e.args.length > max) {
    comp.error(
      e,
      'QUERY-ARITY',
      `${e.name} takes ${min === max ? min : `${min} to ${max}`} arguments, not ${e.args.length}`,
    );
    return false;
  }
  return true;
}

export function compileMethod(comp: CompileContext, e: Expr & { kind: 'MethodCall' }, cx: Cx): CE {
  // v.neighbors(...).filter(cond) and the like: the condition sees each edge walked.
  if (
    e.name.toLowerCase() === 'filter' &&
    e.target.kind === 'MethodCall' &&
    isNeighborhoodMethod(e.target.name.toLowerCase())
  ) {
    if (!checkArity(comp, e, 1, 1)) return compileConstant(comp, [], ANY);
    return compileNeighborhood(comp, e.target, e.args[0] ?? null, cx);
  }
  const read = vertexContainerRead(comp, e, cx);
  if (read) return read;
  const acc = accObject(comp, e.target, cx);
  if (acc) return compileAccMethod(comp, acc.get, acc.spec, e, cx);
  const target = compileExpr(comp, e.target, cx);
  const tf = target.f;
  const t = target.t;
  const lname = e.name.toLowerCase();
  const args = e.args.map((a) => compileExpr(comp, a, cx));
  const af = args.map((a) => a.f);
  if (t.k === 'accum') return compileAccMethod(comp, (r) => tf(r) as Acc, t.a, e, cx);
  if (t.k === 'vertex') return compileVertexMethod(comp, tf, e, args, cx);
  if (t.k === 'json') return compileJsonMethod(comp, tf, e, af);
  if (t.k === 'file') {
    if (lname !== 'println') {
      comp.error(e, 'QUERY-UNKNOWN-FUNCTION', `FILE has no method ${e.name}`);
      return compileConstant(comp, null, VOID);
    }
    const ts = args.map((a) => a.t);
    return {
      f: (r) => {
        const file = tf(r) as FileObject | null;
        if (file) file.lines.push(af.map((x, i) => fileText(r, x(r), ts[i] ?? ANY)).join(','));
        return undefined;
      },
      t: VOID,
    };
  }
  if (t.k === 'edge') {
    if (lname === 'getattr' && af[0]) {
      const nf = af[0];
      return { f: (r) => edgeAttr(tf(r) as EdgeRef, String(nf(r))), t: ANY };
    }
    if (lname === 'setattr' && af[0] && af[1]) {
      const nf = af[0];
      const vf = af[1];
      return {
        f: (r) => {
          r.writes.setEdgeAttr(tf(r) as EdgeRef, String(nf(r)), '=', vf(r));
          return undefined;
        },
        t: VOID,
      };
    }
    if (lname === 'isdirected') return { f: (r) => (tf(r) as EdgeRef).table.def.directed, t: BOOL };
  }
  switch (lname) {
    case 'size':
      return { f: (r) => sizeOf(tf(r)), t: INT };
    case 'contains':
      if (!checkArity(comp, e, 1, 1)) return compileConstant(comp, false, BOOL);
      return { f: (r) => contains(tf(r), (af[0] as Fn)(r)), t: BOOL };
    case 'containskey':
      if (!checkArity(comp, e, 1, 1)) return compileConstant(comp, false, BOOL);
      return {
        f: (r) => {
          const m = tf(r);
          const k = (af[0] as Fn)(r);
          return m instanceof Map ? [...m.keys()].some((x) => eq(x, k)) : contains(m, k);
        },
        t: BOOL,
      };
    case 'get': {
      if (!checkArity(comp, e, 1, 1)) return compileConstant(comp, null, ANY);
      const listFallback = t.k === 'list' ? defaultValue(t.el) : null;
      return {
        f: (r) => {
          const m = tf(r);
          const k = (af[0] as Fn)(r);
          if (m instanceof Map) {
            for (const [x, v] of m as Map<unknown, unknown>) if (eq(x, k)) return v;
            return null;
          }
          const items = elementsOf(m);
          const i = num(k);
          return i >= 0 && i < items.length ? items[i] : listFallback;
        },
        t: t.k === 'map' ? t.val : t.k === 'list' ? t.el : ANY,
      };
    }
    default:
      break;
  }
  if (t.k === 'any') {
    // Decided at run time: accumulator objects and vertices.
    return {
      f: (r) => {
        const v = tf(r);
        if (v instanceof AccBase)
          return accCall(
            v,
            lname,
            af.map((x) => x(r)),
          );
        throw new QueryRuntimeError('QUERY-BAD-VALUE', `no method ${e.name} on this value`);
      },
      t: ANY,
    };
  }
  comp.error(e, 'QUERY-UNKNOWN-FUNCTION', `${typeName(t)} has no method ${e.name}`);
  return compileConstant(comp, null, ANY);
}

/** Methods of JSONOBJECT / JSONARRAY values (functions-json.ts). */
function compileJsonMethod(
  comp: CompileContext,
  tf: Fn,
  e: Expr & { kind: 'MethodCall' },
  af: readonly Fn[],
): CE {
  const lname = e.name.toLowerCase();
  const getter = JSON_GETTERS.get(lname);
  const a0 = af[0] as Fn;
  if (getter) {
    if (!checkArity(comp, e, 1, 1)) return compileConstant(comp, null, getter.t);
    return { f: (r) => jsonGet(e.name, getter, tf(r), a0(r)), t: getter.t };
  }
  if (lname === 'containskey') {
    if (!checkArity(comp, e, 1, 1)) return compileConstant(comp, false, BOOL);
    return { f: (r) => jsonContainsKey(tf(r), a0(r)), t: BOOL };
  }
  if (lname === 'size') {
    if (!checkArity(comp, e, 0, 0)) return compileConstant(comp, 0, INT);
    return { f: (r) => jsonSize(tf(r)), t: INT };
  }
  comp.error(e, 'QUERY-UNKNOWN-FUNCTION', `JSON values have no method ${e.name}`);
  return compileConstant(comp, null, ANY);
}

export function compileAccMethod(
  comp: CompileContext,
  getRaw: (r: Run) => Acc,
  spec: AccSpec,
  e: Expr & { kind: 'MethodCall' },
  cx: Cx,
): CE {
  // Elements of nested accumulators are plain arrays: view them as accumulators.
  const get = (r: Run): Acc => {
    const v = getRaw(r) as unknown;
    return v instanceof AccBase ? v : makeAcc(spec, r.caps, v);
  };
  const lname = e.name.toLowerCase();
  const af = e.args.map((a) => compileExpr(comp, a, cx).f);
  const a0 = af[0] ?? (() => undefined);
  const a1 = af[1] ?? (() => undefined);
  if (spec.name === 'BitwiseAndAccum' || spec.name === 'BitwiseOrAccum') {
    const t = bitwiseMethodType(lname);
    if (!t) {
      comp.error(e, 'QUERY-UNKNOWN-FUNCTION', `${spec.name} has no method ${e.name}`);
      return compileConstant(comp, null, ANY);
    }
    return {
      f: (r) =>
        bitwiseCall(
          get(r),
          lname,
          af.map((x) => x(r)),
        ),
      t,
    };
  }
  if (spec.name === 'PercentileContAccum' && lname === 'getpercent')
    return { f: (r) => (get(r) as PercentileAcc).percent, t: DOUBLE };
  if (spec.name === 'PercentileContAccum' && lname === 'setpercent')
    return {
      f: (r) => {
        (get(r) as PercentileAcc).setPercent(a0(r));
        return undefined;
      },
      t: VOID,
    };
  switch (lname) {
    case 'size':
      return { f: (r) => get(r).size(), t: INT };
    case 'contains':
      return { f: (r) => contains(get(r), a0(r)), t: BOOL };
    case 'containskey':
      return {
        f: (r) => {
          const acc = get(r);
          if (acc instanceof GroupByAcc) return acc.has(af.map((x) => x(r)));
          return contains(acc, a0(r));
        },
        t: BOOL,
      };
    case 'get': {
      if (spec.name === 'MapAccum')
        return {
          f: (r) => (get(r) as MapAcc).get(a0(r)),
          t: spec.val ? accumValueType(spec.val) : ANY,
        };
      if (spec.name === 'GroupByAccum') {
        const tuple: T = {
          k: 'tuple',
          name: 'group',
          fields: (spec.groupAccs ?? []).map((g) => ({
            name: g.name,
            type: accumValueType(g.spec),
          })),
        };
        return { f: (r) => (get(r) as GroupByAcc).get(af.map((x) => x(r))), t: tuple };
      }
      // Out of bounds (negative included): the element type's default, as documented.
      const fallback = defaultValue(spec.el);
      return {
        f: (r) => {
          const items = get(r).items();
          const i = num(a0(r));
          return i >= 0 && i < items.length ? items[i] : fallback;
        },
        t: spec.el,
      };
    }
    case 'top':
      return { f: (r) => (get(r) as HeapAcc).top(), t: spec.el };
    case 'pop':
      return { f: (r) => (get(r) as HeapAcc).pop(), t: spec.el };
    case 'values':
      if (spec.name === 'MapAccum')
        return {
          f: (r) => [...(get(r) as MapAcc).map.values()].map((x) => x.acc.value()),
          t: { k: 'list', el: spec.val ? accumValueType(spec.val) : ANY },
        };
      return { f: (r) => get(r).items(), t: { k: 'list', el: spec.el } };
    case 'keys':
    case 'keyset':
      return { f: (r) => get(r).items(), t: { k: 'set', el: spec.key ?? spec.el } };
    default:
      return {
        f: (r) =>
          accCall(
            get(r),
            lname,
            [a0(r), a1(r)].slice(0, af.length),
            af.map((x) => x(r)),
          ),
        t:
          lname === 'clear' || lname === 'resize' || lname === 'remove' || lname === 'reallocate'
            ? VOID
            : lname === 'update'
              ? BOOL
              : ANY,
      };
  }
}

export function compileVertexMethod(
  comp: CompileContext,
  tf: Fn,
  e: Expr & { kind: 'MethodCall' },
  args: CE[],
  cx: Cx,
): CE {
  const lname = e.name.toLowerCase();
  const af = args.map((a) => a.f);
  switch (lname) {
    case 'outdegree': {
      const names = af[0] ?? null;
      const deg = degreeFn(comp, names);
      const direct = slotOf(comp, e.target, cx);
      if (direct >= 0) return { f: (r) => deg(r, r.f[direct] as number), t: INT };
      return { f: (r) => deg(r, tf(r) as number), t: INT };
    }
    case 'neighbors':
    case 'neighborattribute':
    case 'edgeattribute':
      return compileNeighborhood(comp, e, null, cx);
    case 'getattr': {
      if (!checkArity(comp, e, 1, 2)) return compileConstant(comp, null, ANY);
      const nameArg = e.args[0];
      const nf = af[0] as Fn;
      const cols = new Map<string, (r: Run, id: number) => unknown>();
      const st =
        nameArg?.kind === 'StringLit' ? vertexAttrType(comp, null, nameArg.value) : undefined;
      return {
        f: (r) => {
          const n = String(nf(r));
          let read = cols.get(n);
          if (!read) cols.set(n, (read = dynamicAttrReader(comp, n)));
          return read(r, tf(r) as number);
        },
        t: st ?? ANY,
      };
    }
    case 'setattr': {
      if (!checkArity(comp, e, 2, 2)) return compileConstant(comp, null, VOID);
      const nf = af[0] as Fn;
      const vf = af[1] as Fn;
      return {
        f: (r) => {
          r.writes.setVertexAttr(tf(r) as number, String(nf(r)), '=', vf(r));
          return undefined;
        },
        t: VOID,
      };
    }
    case 'type':
      return {
        f: (r) => vertexTypeName(r, vtypeOf(tf(r) as number)),
        t: STRING,
      };
    default:
      comp.error(e, 'QUERY-UNKNOWN-FUNCTION', `vertices have no method ${e.name}`);
      return compileConstant(comp, null, ANY);
  }
}
