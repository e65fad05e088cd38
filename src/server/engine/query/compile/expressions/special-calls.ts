// Expression layer: the built-in calls whose arguments are not plain values, compiled by
// hand: reset_collection_accum(@acc) (an accumulator, not its value), selectVertex (column
// references and a bare vertex type) and evaluate (an expression text compiled at run time in
// the caller's scope), and trim's keyword form (trim(LEADING "x" FROM s)).
import { parseExpression, type Expr } from '../../../../../core/gsql/index.js';
import type { Fn, CE, Cx } from '../context/compile-types.js';
import type { CompileContext } from '../context/compile-context.js';
import { findVertex } from '../context/runtime-helpers.js';
import { QueryRuntimeError } from '../../errors.js';
import { allowedFileLines } from '../../load-accum.js';
import { toStringValue, trimSides } from '../../functions-strings.js';
import { converter, VSet } from '../../runtime-values.js';
import { ANY, BOOL, DOUBLE, FLOAT, INT, STRING, VOID, VSET, type T } from '../../types.js';
import { compileConstant, compileExpr } from './expr.js';

/**
 * reset_collection_accum(@acc / @@acc) empties a collection accumulator (every vertex's, for a
 * vertex accumulator). The reference: it only works in DISTRIBUTED queries; elsewhere the reset
 * does not take place.
 */
export function compileReset(comp: CompileContext, e: Expr & { kind: 'Call' }): CE {
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

/** `trim([LEADING | TRAILING | BOTH] [removal FROM] str)`, the string-functions page's form. */
export function compileTrimForm(comp: CompileContext, e: Expr & { kind: 'Call' }, cx: Cx): CE {
  const [arg] = e.args;
  if (e.args.length !== 1 || !arg) {
    comp.error(e, 'QUERY-ARITY', `trim takes one string, not ${e.args.length}`);
    return compileConstant(comp, '', STRING);
  }
  const str = compileExpr(comp, arg, cx).f;
  const removal = e.trimRemoval ? compileExpr(comp, e.trimRemoval, cx).f : null;
  const side = e.trimSide ?? 'BOTH';
  return {
    f: (r) =>
      trimSides(toStringValue(str(r)), side, removal ? toStringValue(removal(r)) : undefined),
    t: STRING,
  };
}

/**
 * selectVertex(path, $idColumn, $typeColumn | TypeName, separator, header): the vertices a
 * file lists, as a vertex set (a seed: `S = {selectVertex(...)}`). Columns are `$n` or, with a
 * header, `$"name"`; every listed vertex must exist.
 */
export function compileSelectVertex(comp: CompileContext, e: Expr & { kind: 'Call' }, cx: Cx): CE {
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
export function compileEvaluate(comp: CompileContext, e: Expr & { kind: 'Call' }, cx: Cx): CE {
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
