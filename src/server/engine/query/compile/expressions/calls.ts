// Expression layer: function calls (the built-ins of the core's function table, user-defined
// functions: the engine's known ones in udf/ and the service's --udf modules, tuple
// constructors; the special forms are in special-calls.ts) and subquery calls (recursion
// included), hoisted before their statement.
import { builtinFunction, type Expr } from '../../../../../core/gsql/index.js';
import type { Fn, CE, Cx } from '../context/compile-types.js';
import type { CompileContext } from '../context/compile-context.js';
import { QueryRuntimeError } from '../../errors.js';
import { BUILTINS } from '../../functions.js';
import type { CompiledQueryLike, Run } from '../../run.js';
import { udf, unavailableUdf } from '../../udf/index.js';
import { converter, keyOf } from '../../runtime-values.js';
import { elementsOf } from '../../accum.js';
import { ANY, type T } from '../../types.js';
import type { Builtin, Implementation } from '../../functions-types.js';
import { compileExpr, compileConstant, nullableParam } from './expr.js';
import { checkArity } from './methods.js';
import {
  compileEvaluate,
  compileReset,
  compileSelectVertex,
  compileTrimForm,
} from './special-calls.js';
import { typeOf } from './typing.js';

/** A tuple type's constructor: its field values, converted to the fields' types. */
export function tupleMaker(tuple: T & { k: 'tuple' }): (values: readonly unknown[]) => unknown {
  const convs = tuple.fields.map((f) => converter(f.type));
  const names = tuple.fields.map((f) => f.name);
  return (values) => {
    const o: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) {
      const c = convs[i];
      const v = values[i];
      o[names[i] as string] = c ? c(v) : v;
    }
    return o;
  };
}

/**
 * Names compileCall gives a meaning of its own before looking up the built-ins (special forms,
 * or refused in ACCUM): generated code calls a built-in of another name directly.
 */
export const SPECIAL_CALLS: ReadonlySet<string> = new Set([
  'loadaccum',
  'reset_collection_accum',
  'coalesce',
  'selectvertex',
  'evaluate',
  'trim',
  'to_vertex',
  'to_vertex_set',
]);

/**
 * A built-in's body for arguments of these types, and its result type: a built-in documented to
 * return FLOAT (log10, sqrt, ...) answers the 32-bit value, so a DOUBLE that sums it adds what the
 * real service adds.
 */
export function builtinBody(builtin: Builtin, types: readonly T[]): { fn: Implementation; t: T } {
  const t = builtin.type(types);
  const raw = builtin.forTypes?.(types) ?? builtin.fn;
  const fn: Implementation =
    t.k === 'float'
      ? (a, r) => {
          const v = raw(a, r);
          return typeof v === 'number' ? Math.fround(v) : v;
        }
      : raw;
  return { fn, t };
}

export function compileCall(comp: CompileContext, e: Expr & { kind: 'Call' }, cx: Cx): CE {
  const tuple = comp.tuples.get(e.name);
  if (tuple) {
    if (!checkArity(comp, e, tuple.fields.length, tuple.fields.length))
      return compileConstant(comp, null, tuple);
    const fs = e.args.map((a) => compileExpr(comp, a, cx).f);
    const make = tupleMaker(tuple);
    return {
      f: (r) => {
        const values = new Array<unknown>(fs.length);
        for (let i = 0; i < fs.length; i++) values[i] = (fs[i] as Fn)(r);
        return make(values);
      },
      t: tuple,
    };
  }
  const lname = e.name.toLowerCase();
  if (lname === 'loadaccum') {
    comp.error(
      e,
      'QUERY-UNSUPPORTED',
      'LOADACCUM is only allowed as a global accumulator assignment: @@acc = { LOADACCUM(...) }',
    );
    return compileConstant(comp, null, ANY);
  }
  if (lname === 'reset_collection_accum') return compileReset(comp, e);
  if (lname === 'coalesce' && e.args.length > 0) return compileCoalesce(comp, e, cx);
  if (lname === 'selectvertex') return compileSelectVertex(comp, e, cx);
  if (lname === 'evaluate') return compileEvaluate(comp, e, cx);
  if (lname === 'trim' && (e.trimSide || e.trimRemoval)) return compileTrimForm(comp, e, cx);
  const unavailable = unavailableUdf(e.name);
  if (unavailable) {
    comp.error(e, 'QUERY-UNSUPPORTED', unavailable);
    return compileConstant(comp, null, ANY);
  }
  const builtin = BUILTINS.get(lname) ?? comp.env.udf?.(e.name) ?? udf(e.name);
  if ((lname === 'to_vertex' || lname === 'to_vertex_set') && cx.mode === 'accum') {
    // The vertex-methods page: since 4.1 neither may be used in ACCUM or POST-ACCUM (the
    // POST-ACCUM case is not told apart from WHERE here, where they stay allowed).
    comp.error(
      e,
      'QUERY-UNSUPPORTED',
      `Using a vertex function '${lname}' in ACCUM/POST-ACCUM has been deprecated: convert the ids before the SELECT`,
    );
    return compileConstant(comp, null, ANY);
  }
  if (builtin) {
    const args = e.args.map((a) => compileExpr(comp, a, cx));
    if (!checkArity(comp, e, builtin.min, builtin.max)) return compileConstant(comp, null, ANY);
    const fs = args.map((a) => a.f);
    // count(DISTINCT s), sum(DISTINCT s), ...: the aggregate sees each distinct element once.
    if (e.distinct && builtinFunction(lname)?.category === 'aggregation' && fs[0]) {
      const set = fs[0];
      fs[0] = (r) => distinctElements(set(r));
    } else if (e.distinct)
      comp.error(e, 'QUERY-SYNTAX', `DISTINCT applies to aggregate functions, not ${e.name}`);
    const { fn, t } = builtinBody(
      builtin,
      args.map((a) => a.t),
    );
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
  return compileSubqueryCall(comp, e, cx);
}

function distinctElements(v: unknown): unknown[] {
  const seen = new Set<unknown>();
  const out: unknown[] = [];
  for (const x of elementsOf(v)) {
    const k = keyOf(x);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(x);
  }
  return out;
}

/** The message of a call nobody provides: where the name might have come from. */
function unknownFunction(comp: CompileContext, name: string): string {
  const declaredIn = comp.env.udfDeclaredIn?.(name);
  const cpp = declaredIn
    ? ` (${declaredIn} declares it in C++, which the embedded service cannot compile)`
    : '';
  return (
    `unknown function or query ${name}${cpp}: it is no GSQL built-in, query or user-defined ` +
    `function of this service; give a JavaScript version with gwb serve --udf FILE`
  );
}

/**
 * A subquery call: in the query body it is evaluated (asynchronously) before its statement; in
 * ACCUM / POST-ACCUM it runs to completion where it is called. A query may call itself (the run
 * depth is bounded) and queries not installed yet (found installed at run time).
 */
function compileSubqueryCall(comp: CompileContext, e: Expr & { kind: 'Call' }, cx: Cx): CE {
  const self = comp.self?.name === e.name ? comp.self : null;
  const sub = self ? undefined : comp.env.queries?.(e.name);
  const declared = self ?? (sub ? undefined : comp.env.declaredQueries?.(e.name));
  if (!self && !sub && !declared && comp.env.queries) {
    comp.error(e, 'QUERY-UNKNOWN-FUNCTION', unknownFunction(comp, e.name));
    return compileConstant(comp, null, ANY);
  }
  const returns = sub ? sub.returns : declared?.returns ? typeOf(comp, declared.returns) : null;
  const fs = e.args.map((a) => compileExpr(comp, a, cx).f);
  const name = e.name;
  const find = (r: Run): CompiledQueryLike => {
    const q = self?.query ?? r.ctx.queries?.(name) ?? sub;
    if (!q)
      throw new QueryRuntimeError(
        'QUERY-UNKNOWN-QUERY',
        `query ${name} ${declared ? 'is not installed' : 'does not exist'}`,
      );
    return q;
  };
  if (!cx.hoists)
    return {
      f: (r) =>
        find(r).callSync(
          fs.map((x) => x(r)),
          r,
        ),
      t: returns ?? ANY,
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
  return { f: (r) => r.f[tmp], t: returns ?? ANY };
}

/**
 * COALESCE: the first argument that is not NULL (a parameter given no value, or a null value),
 * converted to the first argument's type as the reference documents (COALESCE(int, 999.5) is 999).
 */
function compileCoalesce(comp: CompileContext, e: Expr & { kind: 'Call' }, cx: Cx): CE {
  const args = e.args.map((a) => ({
    ...compileExpr(comp, a, cx),
    param: nullableParam(comp, a, cx),
  }));
  const first = (args[0] as CE).t;
  const conv = converter(first);
  return {
    f: (r) => {
      for (const a of args) {
        if (a.param >= 0 && r.nullParams.has(a.param)) continue;
        const v = a.f(r);
        if (v === null || v === undefined) continue;
        return conv ? conv(v) : v;
      }
      return null;
    },
    t: first,
  };
}
