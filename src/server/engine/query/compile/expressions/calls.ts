// Expression layer: function calls (built-in functions, the algorithm library's UDFs in udf/,
// tuple constructors, type conversions) and subquery calls, hoisted before their statement.
import type { Expr } from '../../../../../core/gsql/index.js';
import { elementsOf } from '../../accum.js';
import { dedupe, findVertex } from '../context/runtime-helpers.js';
import type { Fn, CE, Cx } from '../context/compile-types.js';
import type { CompileContext } from '../context/compile-context.js';
import { QueryRuntimeError } from '../../errors.js';
import { BUILTINS } from '../../functions.js';
import type { CompiledQueryLike, Run } from '../../run.js';
import type { EdgeRef } from '../../runtime-values.js';
import { udf, unavailableUdf } from '../../udf/index.js';
import { converter, num, VSet, vtypeOf } from '../../runtime-values.js';
import { ANY, DOUBLE, STRING, VERTEX, VSET } from '../../types.js';
import { compileExpr, compileConstant } from './expr.js';
import { checkArity } from './methods.js';

export function compileCall(comp: CompileContext, e: Expr & { kind: 'Call' }, cx: Cx): CE {
  const tuple = comp.tuples.get(e.name);
  if (tuple) {
    if (!checkArity(comp, e, tuple.fields.length, tuple.fields.length))
      return compileConstant(comp, null, tuple);
    const fs = e.args.map((a) => compileExpr(comp, a, cx).f);
    const convs = tuple.fields.map((f) => converter(f.type));
    const names = tuple.fields.map((f) => f.name);
    return {
      f: (r) => {
        const o: Record<string, unknown> = {};
        for (let i = 0; i < names.length; i++) {
          const c = convs[i];
          const v = (fs[i] as Fn)(r);
          o[names[i] as string] = c ? c(v) : v;
        }
        return o;
      },
      t: tuple,
    };
  }
  const lname = e.name.toLowerCase();
  if (lname === 'to_vertex') {
    if (!checkArity(comp, e, 2, 2)) return compileConstant(comp, null, VERTEX);
    const [idf, tyf] = e.args.map((a) => compileExpr(comp, a, cx).f) as [Fn, Fn];
    return { f: (r) => findVertex(r, String(tyf(r)), String(idf(r))), t: VERTEX };
  }
  if (lname === 'to_vertex_set') {
    if (!checkArity(comp, e, 2, 2)) return compileConstant(comp, VSet.empty, VSET);
    const [idf, tyf] = e.args.map((a) => compileExpr(comp, a, cx).f) as [Fn, Fn];
    return {
      f: (r) =>
        new VSet(dedupe(elementsOf(idf(r)).map((x) => findVertex(r, String(tyf(r)), String(x))))),
      t: VSET,
    };
  }
  if (lname === 'type' && e.args.length === 1) {
    const a = compileExpr(comp, e.args[0] as Expr, cx);
    const af = a.f;
    if (a.t.k === 'edge') return { f: (r) => (af(r) as EdgeRef).name, t: STRING };
    return {
      f: (r) => r.graph.vertexByIndex[vtypeOf(af(r) as number)]?.def.name ?? '',
      t: STRING,
    };
  }
  if (lname === 'log' && e.args.length === 2) {
    const [bf, xf] = e.args.map((a) => compileExpr(comp, a, cx).f) as [Fn, Fn];
    return { f: (r) => Math.log(num(xf(r))) / Math.log(num(bf(r))), t: DOUBLE };
  }
  const unavailable = unavailableUdf(e.name);
  if (unavailable) {
    comp.error(e, 'QUERY-UNSUPPORTED', unavailable);
    return compileConstant(comp, null, ANY);
  }
  const builtin = BUILTINS.get(lname) ?? udf(e.name);
  if (builtin) {
    const args = e.args.map((a) => compileExpr(comp, a, cx));
    if (!checkArity(comp, e, builtin.min, builtin.max)) return compileConstant(comp, null, ANY);
    const fs = args.map((a) => a.f);
    const fn = builtin.fn;
    const t = builtin.type(args.map((a) => a.t));
    if (fs.length === 1) {
      const f0 = fs[0] as Fn;
      return { f: (r) => fn([f0(r)], r), t };
    }
    return {
      f: (r) =>
        fn(
          fs.map((x) => x(r)),
          r,
        ),
      t,
    };
  }
  // A subquery: in the query body it is evaluated (asynchronously) before its statement; in
  // ACCUM / POST-ACCUM it runs to completion where it is called.
  const sub = comp.env.queries?.(e.name);
  if (!sub && comp.env.queries) {
    comp.error(e, 'QUERY-UNKNOWN-FUNCTION', `unknown function or query ${e.name}`);
    return compileConstant(comp, null, ANY);
  }
  const fs = e.args.map((a) => compileExpr(comp, a, cx).f);
  const name = e.name;
  const find = (r: Run): CompiledQueryLike => {
    const q = r.ctx.queries?.(name) ?? sub;
    if (!q) throw new QueryRuntimeError('QUERY-UNKNOWN-QUERY', `query ${name} does not exist`);
    return q;
  };
  if (!cx.hoists)
    return {
      f: (r) =>
        find(r).callSync(
          fs.map((x) => x(r)),
          r,
        ),
      t: sub?.returns ?? ANY,
    };
  const tmp = comp.slot();
  cx.hoists.push({
    sync: (r) => {
      r.f[tmp] = find(r).callSync(
        fs.map((x) => x(r)),
        r,
      );
    },
    async: async (r) => {
      r.f[tmp] = await find(r).callAsSubquery(
        fs.map((x) => x(r)),
        r,
      );
    },
  });
  return { f: (r) => r.f[tmp], t: sub?.returns ?? ANY };
}
