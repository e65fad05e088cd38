// Compiles the token expressions of a LOAD statement's VALUES lists into closures over one input
// line: $n, $"name", literals, $sys.file_name, token functions, SPLIT, LIST/SET/MAP, `k -> v` and
// tuple constructors. Every name is resolved here, once.
import type { Expr } from '../../../core/gsql/index.js';
import type { TupleDef } from '../catalog/types.js';
import { jobError, type JobPlace } from './errors.js';
import { attributeFunctions, conditionFunctions, text, type TokenFunction } from './functions.js';
import { tokenUdfs } from './token-udfs.js';

/** One input line as the closures see it. */
export interface Row {
  /** `$n`; undefined when the line has no such token. */
  token(index: number): unknown;
  /** `$"name"` (a header column, or a JSON key path); undefined when absent. */
  named(name: string): unknown;
  readonly fileName: string;
}

export type Evaluator = (row: Row) => unknown;

/** What compiling collects about a statement: the columns it reads, for line checks. */
export interface ExprContext {
  readonly place: JobPlace;
  readonly tuples: readonly TupleDef[];
  maxColumn: number;
  readonly names: Set<string>;
}

export const at = (ctx: ExprContext, expr: Expr): JobPlace => ({
  job: ctx.place.job,
  range: expr.range,
});

export function checkArity(
  ctx: ExprContext,
  expr: Expr,
  name: string,
  f: TokenFunction,
  n: number,
) {
  if (n < f.minArgs || n > f.maxArgs) {
    const want = f.minArgs === f.maxArgs ? `${f.minArgs}` : `${f.minArgs} or more`;
    jobError('LOADING-BAD-ARGUMENTS', at(ctx, expr), `${name} takes ${want} argument(s), not ${n}`);
  }
}

/** Leaves shared by VALUES and WHERE: columns, literals and $sys.file_name. */
export function compileLeaf(expr: Expr, ctx: ExprContext): Evaluator | undefined {
  switch (expr.kind) {
    case 'ColumnRef': {
      const column = expr.column;
      if (typeof column === 'number') {
        ctx.maxColumn = Math.max(ctx.maxColumn, column);
        return (row) => row.token(column);
      }
      // A JSON path `$"key":"sub"` is looked up key by key (JSON lines).
      const name = [column, ...expr.path].join(':');
      ctx.names.add(name);
      return (row) => row.named(name);
    }
    case 'StringLit':
    case 'DatetimeLit':
    case 'IntLit':
    case 'FloatLit':
    case 'BoolLit': {
      const value = expr.value;
      return () => value;
    }
    case 'Attr':
      if (
        expr.target.kind === 'ColumnRef' &&
        expr.target.column === 'sys' &&
        expr.name === 'file_name'
      ) {
        return (row) => row.fileName;
      }
      return undefined;
    case 'Arrow':
    case 'Between':
    case 'Binary':
    case 'Call':
    case 'CaseExpr':
    case 'GlobalAccum':
    case 'In':
    case 'Index':
    case 'Interval':
    case 'IsNull':
    case 'IsTest':
    case 'JsonObject':
    case 'Like':
    case 'ListLit':
    case 'MethodCall':
    case 'Name':
    case 'NullLit':
    case 'TupleLit':
    case 'TypeStar':
    case 'Unary':
    case 'VertexAccum':
    case 'VertexSetLit':
    case 'Wildcard':
      return undefined;
  }
}

function compileArgs(args: readonly Expr[], ctx: ExprContext): Evaluator[] {
  return args.map((a) => compileToken(a, ctx));
}

/** SPLIT(col, sep) → a list; SPLIT(col, kvSep, elemSep) → a map. */
function compileSplit(expr: Expr & { kind: 'Call' }, ctx: ExprContext): Evaluator {
  if (expr.args.length < 2 || expr.args.length > 3) {
    jobError('LOADING-BAD-ARGUMENTS', at(ctx, expr), 'SPLIT takes 2 or 3 arguments');
  }
  const [value, first, second] = compileArgs(expr.args, ctx);
  if (!value || !first) return () => undefined;
  if (!second) {
    return (row) => {
      const v = value(row);
      if (v === undefined) return undefined;
      const s = text(v);
      return s === '' ? [] : s.split(text(first(row)));
    };
  }
  return (row) => {
    const v = value(row);
    if (v === undefined) return undefined;
    const kv = text(first(row));
    const map = new Map<string, string>();
    const s = text(v);
    if (s === '') return map;
    for (const item of s.split(text(second(row)))) {
      const cut = item.indexOf(kv);
      if (cut < 0) map.set(item, '');
      else map.set(item.slice(0, cut), item.slice(cut + kv.length));
    }
    return map;
  };
}

function compileArrow(expr: Expr & { kind: 'Arrow' }, ctx: ExprContext): Evaluator {
  if (expr.keys.length !== 1 || expr.values.length !== 1) {
    jobError('LOADING-UNSUPPORTED', at(ctx, expr), 'a map entry is written (key -> value)');
  }
  const [key] = compileArgs(expr.keys, ctx);
  const [value] = compileArgs(expr.values, ctx);
  return (row) => {
    const k = key?.(row);
    const v = value?.(row);
    return k === undefined || v === undefined ? undefined : new Map([[k, v]]);
  };
}

function compileCall(expr: Expr & { kind: 'Call' }, ctx: ExprContext): Evaluator {
  const lower = expr.name.toLowerCase();
  if (lower === 'split') return compileSplit(expr, ctx);
  if (lower === 'list' || lower === 'set') {
    const items = compileArgs(expr.args, ctx);
    return (row) => items.map((item) => item(row)).filter((v) => v !== undefined);
  }
  if (lower === 'map') {
    const entries = expr.args.map((a) => {
      if (a.kind !== 'Arrow') {
        return jobError('LOADING-BAD-ARGUMENTS', at(ctx, a), 'MAP() takes (key -> value) pairs');
      }
      return compileArrow(a, ctx);
    });
    return (row) => {
      const map = new Map<unknown, unknown>();
      for (const entry of entries) {
        const m = entry(row) as Map<unknown, unknown> | undefined;
        if (m) for (const [k, v] of m) map.set(k, v);
      }
      return map;
    };
  }
  const tuple = ctx.tuples.find((t) => t.name === expr.name);
  if (tuple) {
    if (expr.args.length !== tuple.fields.length) {
      jobError(
        'LOADING-VALUE-COUNT',
        at(ctx, expr),
        `tuple ${tuple.name} has ${tuple.fields.length} fields, ${expr.args.length} values given`,
      );
    }
    const fields = compileArgs(expr.args, ctx);
    return (row) => {
      const out: Record<string, unknown> = {};
      tuple.fields.forEach((field, i) => (out[field.name] = fields[i]?.(row)));
      return out;
    };
  }
  const f = attributeFunctions.get(lower) ?? tokenUdfs.get(expr.name);
  if (!f) {
    const hint = conditionFunctions.has(lower) ? ' (it is a WHERE-clause function)' : '';
    return jobError(
      'LOADING-UNKNOWN-FUNCTION',
      at(ctx, expr),
      `unknown token function ${expr.name}${hint}`,
    );
  }
  checkArity(ctx, expr, expr.name, f, expr.args.length);
  const args = compileArgs(expr.args, ctx);
  return (row) => {
    const values = args.map((a) => a(row));
    return values.includes(undefined) ? undefined : f.fn(values);
  };
}

/** A token expression of a VALUES list (not `_`, not REDUCE: the caller handles those). */
export function compileToken(expr: Expr, ctx: ExprContext): Evaluator {
  const leaf = compileLeaf(expr, ctx);
  if (leaf) return leaf;
  switch (expr.kind) {
    case 'Call':
      return compileCall(expr, ctx);
    case 'Arrow':
      return compileArrow(expr, ctx);
    case 'Attr':
    case 'Between':
    case 'Binary':
    case 'BoolLit':
    case 'CaseExpr':
    case 'ColumnRef':
    case 'DatetimeLit':
    case 'FloatLit':
    case 'GlobalAccum':
    case 'In':
    case 'Index':
    case 'Interval':
    case 'IntLit':
    case 'IsNull':
    case 'IsTest':
    case 'JsonObject':
    case 'Like':
    case 'ListLit':
    case 'MethodCall':
    case 'Name':
    case 'NullLit':
    case 'StringLit':
    case 'TupleLit':
    case 'TypeStar':
    case 'Unary':
    case 'VertexAccum':
    case 'VertexSetLit':
    case 'Wildcard':
      return jobError(
        'LOADING-UNSUPPORTED',
        at(ctx, expr),
        `this expression (${expr.kind}) is not allowed in a VALUES list`,
      );
  }
}
