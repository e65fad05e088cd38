// Expression layer: function calls (the built-ins of the core's function table, user-defined
// functions: the engine's known ones in udf/ and the service's --udf modules, tuple
// constructors, reset_collection_accum) and subquery calls (recursion included), hoisted before
// their statement.
import { builtinFunction, parseExpression, type Expr } from '../../../../../core/gsql/index.js';
import type { Fn, CE, Cx } from '../context/compile-types.js';
import type { CompileContext } from '../context/compile-context.js';
import { QueryRuntimeError } from '../../errors.js';
import { BUILTINS } from '../../functions.js';
import type { CompiledQueryLike, Run } from '../../run.js';
import { udf, unavailableUdf } from '../../udf/index.js';
import { converter, keyOf, VSet } from '../../runtime-values.js';
import { elementsOf } from '../../accum.js';
import { ANY, BOOL, DOUBLE, FLOAT, INT, STRING, VOID, VSET, type T } from '../../types.js';
import { allowedFileLines } from '../../load-accum.js';
import { findVertex } from '../context/runtime-helpers.js';
import { compileExpr, compileConstant } from './expr.js';
import { checkArity } from './methods.js';
import { typeOf } from './typing.js';

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
  if (lname === 'loadaccum') {
    comp.error(
      e,
      'QUERY-UNSUPPORTED',
      'LOADACCUM is only allowed as a global accumulator assignment: @@acc = { LOADACCUM(...) }',
    );
    return compileConstant(comp, null, ANY);
  }
  if (lname === 'reset_collection_accum') return compileReset(comp, e);
  if (lname === 'selectvertex') return compileSelectVertex(comp, e, cx);
  if (lname === 'evaluate') return compileEvaluate(comp, e, cx);
  const unavailable = unavailableUdf(e.name);
  if (unavailable) {
    comp.error(e, 'QUERY-UNSUPPORTED', unavailable);
    return compileConstant(comp, null, ANY);
  }
  const builtin = BUILTINS.get(lname) ?? comp.env.udf?.(e.name) ?? udf(e.name);
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

/**
 * reset_collection_accum(@acc / @@acc) empties a collection accumulator (every vertex's, for a
 * vertex accumulator). The reference: it only works in DISTRIBUTED queries; elsewhere the reset
 * does not take place.
 */
function compileReset(comp: CompileContext, e: Expr & { kind: 'Call' }): CE {
  const target = e.args[0];
  if (e.args.length !== 1 || (target?.kind !== 'GlobalAccum' && target?.kind !== 'VertexAccum')) {
    comp.error(
      e,
      'QUERY-BAD-TARGET',
      'reset_collection_accum takes one accumulator: @acc or @@acc',
    );
    return compileConstant(comp, null, VOID);
  }
  const global = target.kind === 'GlobalAccum';
  const info = global ? comp.gaccs.get(target.name) : comp.vaccs.get(target.name);
  if (!info) {
    comp.error(
      target,
      'QUERY-UNKNOWN-ACCUM',
      `unknown accumulator ${global ? '@@' : '@'}${target.name}`,
    );
    return compileConstant(comp, null, VOID);
  }
  if (target.kind === 'VertexAccum' && target.target !== null) {
    comp.error(target, 'QUERY-BAD-TARGET', 'reset_collection_accum takes @acc without a vertex');
    return compileConstant(comp, null, VOID);
  }
  if (!comp.self?.distributed) return compileConstant(comp, null, VOID);
  const index = info.index;
  return {
    f: (r) => {
      if (global) r.g[index]?.clear();
      else r.va[index]?.clearAll();
      return null;
    },
    t: VOID,
  };
}

/**
 * selectVertex(path, $idColumn, $typeColumn | TypeName, separator, header): the vertices a
 * file lists, as a vertex set (a seed: `S = {selectVertex(...)}`). Columns are `$n` or, with a
 * header, `$"name"`; every listed vertex must exist.
 */
function compileSelectVertex(comp: CompileContext, e: Expr & { kind: 'Call' }, cx: Cx): CE {
  const [path, idCol, typeArg, sep, header] = e.args;
  if (e.args.length !== 5 || !path || !sep || !header || idCol?.kind !== 'ColumnRef') {
    comp.error(
      e,
      'QUERY-ARITY',
      'selectVertex takes (file path, $id column, $type column or type, separator, header)',
    );
    return compileConstant(comp, VSet.empty, VSET);
  }
  let typeOfRow: (cells: readonly string[], names: readonly string[] | null) => string;
  if (typeArg?.kind === 'ColumnRef') {
    const col = typeArg.column;
    typeOfRow = (cells, names) => cells[columnAt(col, names)] ?? '';
  } else if (typeArg?.kind === 'Name' && comp.isVertexType(typeArg.name)) {
    const fixed = typeArg.name;
    typeOfRow = () => fixed;
  } else {
    comp.error(typeArg ?? e, 'QUERY-UNKNOWN-TYPE', 'selectVertex: give a $column or a vertex type');
    return compileConstant(comp, VSet.empty, VSET);
  }
  const idColumn = idCol.column;
  const pathF = compileExpr(comp, path, cx).f;
  const sepF = compileExpr(comp, sep, cx).f;
  const headerF = compileExpr(comp, header, cx).f;
  return {
    f: (r) => {
      const separator = String(sepF(r));
      let names: string[] | null = null;
      const seen = new Set<number>();
      const ids: number[] = [];
      for (const line of allowedFileLines(String(pathF(r)), r)) {
        if (line === '') continue;
        const cells = line.split(separator);
        if (headerF(r) && names === null) {
          names = cells;
          continue;
        }
        const v = findVertex(r, typeOfRow(cells, names), cells[columnAt(idColumn, names)] ?? '');
        if (!seen.has(v)) ids.push(v);
        seen.add(v);
      }
      return new VSet(ids);
    },
    t: VSET,
  };
}

const evaluateTypes: Readonly<Record<string, T>> = {
  int: INT,
  float: FLOAT,
  double: DOUBLE,
  bool: BOOL,
  string: STRING,
};

/**
 * evaluate(expressionText [, "int"|"float"|"double"|"bool"|"string"]): the text compiled at run
 * time in the scope of the call (its aliases, accumulators and parameters) and evaluated; the
 * type defaults to bool. Each distinct text is compiled once per query. A text that does not
 * compile, or whose value is not of the type, is a run-time error.
 */
function compileEvaluate(comp: CompileContext, e: Expr & { kind: 'Call' }, cx: Cx): CE {
  const [text, typeArg] = e.args;
  if (!text || e.args.length > 2 || (typeArg && typeArg.kind !== 'StringLit')) {
    comp.error(
      e,
      'QUERY-ARITY',
      'evaluate takes (expression text [, "int|float|double|bool|string"])',
    );
    return compileConstant(comp, null, ANY);
  }
  const typeName = typeArg?.kind === 'StringLit' ? typeArg.value.toLowerCase() : 'bool';
  const t = evaluateTypes[typeName];
  if (!t) {
    comp.error(typeArg ?? e, 'QUERY-UNKNOWN-TYPE', `evaluate: unknown result type "${typeName}"`);
    return compileConstant(comp, null, ANY);
  }
  const textF = compileExpr(comp, text, cx).f;
  const convert = converter(t);
  const cache = new Map<string, Fn>();
  // Compiled where it is called: no subquery hoisting, the same scope and clause mode.
  const at: Cx = { ...cx, hoists: null };
  const compileText = (source: string): Fn => {
    const parsed = parseExpression(source);
    const bad = parsed.diagnostics.find((d) => d.severity === 'error');
    if (!parsed.ast || bad)
      throw new QueryRuntimeError(
        'QUERY-BAD-VALUE',
        `evaluate("${source}"): ${bad?.message ?? 'not an expression'}`,
      );
    const before = comp.problems.length;
    const ce = compileExpr(comp, parsed.ast, at);
    const problems = comp.problems.splice(before);
    if (problems[0])
      throw new QueryRuntimeError(
        'QUERY-BAD-VALUE',
        `evaluate("${source}"): ${problems[0].message}`,
      );
    const numeric = t.k === 'int' || t.k === 'float' || t.k === 'double';
    const fits =
      ce.t.k === 'any' ||
      ce.t.k === t.k ||
      (numeric &&
        (ce.t.k === 'int' || ce.t.k === 'uint' || ce.t.k === 'float' || ce.t.k === 'double'));
    if (!fits)
      throw new QueryRuntimeError(
        'QUERY-BAD-VALUE',
        `evaluate("${source}"): the value is ${ce.t.k}, not ${typeName}`,
      );
    return ce.f;
  };
  return {
    f: (r) => {
      const source = String(textF(r));
      let f = cache.get(source);
      if (!f) cache.set(source, (f = compileText(source)));
      const v = f(r);
      return convert ? convert(v) : v;
    },
    t,
  };
}

function columnAt(column: number | string, names: readonly string[] | null): number {
  if (typeof column === 'number') return column;
  const i = names?.indexOf(column) ?? -1;
  if (i < 0)
    throw new QueryRuntimeError(
      'QUERY-BAD-VALUE',
      `selectVertex: no column named "${column}" (a named column needs header true)`,
    );
  return i;
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
