// Compiles WHERE conditions of a LOAD statement into closures over one input line: comparisons
// (numeric when either side is a number, else as text), arithmetic, AND/OR/NOT, IN, BETWEEN and
// the WHERE-clause token functions, IS [NOT] NUMERIC and IS [NOT] EMPTY. Tokens are text;
// to_int/to_float make numbers.
import type { Expr } from '../../../core/gsql/index.js';
import { jobError } from './errors.js';
import { at, checkArity, compileLeaf, type Evaluator, type ExprContext } from './expr.js';
import { conditionFunctions, text } from './functions.js';

/** The reference's IS NUMERIC pattern; spaces around the token are skipped. */
const numericPattern = /^[+-]?[0-9]+(\.[0-9])?[0-9]*([eE][+-]?[0-9]+)?$/;

function isNumeric(v: unknown): boolean {
  return typeof v === 'number' || typeof v === 'bigint' || numericPattern.test(text(v).trim());
}

const isNumber = (v: unknown): v is number | bigint =>
  typeof v === 'number' || typeof v === 'bigint';

function numeric(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  const s = text(v).trim();
  return s === '' ? NaN : Number(s);
}

/** Compares numbers numerically when either side is a number, else as text. */
function compare(a: unknown, b: unknown): number {
  if (isNumber(a) || isNumber(b)) {
    const x = numeric(a);
    const y = numeric(b);
    return Number.isNaN(x) || Number.isNaN(y) ? NaN : x - y;
  }
  const x = text(a);
  const y = text(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function compileBinary(expr: Expr & { kind: 'Binary' }, ctx: ExprContext): Evaluator {
  const l = compileCondition(expr.left, ctx);
  const r = compileCondition(expr.right, ctx);
  switch (expr.op) {
    case 'AND':
      return (row) => l(row) === true && r(row) === true;
    case 'OR':
      return (row) => l(row) === true || r(row) === true;
    case '==':
      return (row) => compare(l(row), r(row)) === 0;
    case '!=':
      return (row) => {
        const c = compare(l(row), r(row));
        return !Number.isNaN(c) && c !== 0;
      };
    case '<':
      return (row) => compare(l(row), r(row)) < 0;
    case '<=':
      return (row) => compare(l(row), r(row)) <= 0;
    case '>':
      return (row) => compare(l(row), r(row)) > 0;
    case '>=':
      return (row) => compare(l(row), r(row)) >= 0;
    case '+':
      return (row) => numeric(l(row)) + numeric(r(row));
    case '-':
      return (row) => numeric(l(row)) - numeric(r(row));
    case '*':
      return (row) => numeric(l(row)) * numeric(r(row));
    case '/':
      return (row) => numeric(l(row)) / numeric(r(row));
    case '%':
      return (row) => numeric(l(row)) % numeric(r(row));
    case '&':
    case '<<':
    case '>>':
    case '|':
    case 'INTERSECT':
    case 'MINUS':
    case 'UNION':
      return jobError('LOADING-UNSUPPORTED', at(ctx, expr), `operator ${expr.op} in WHERE`);
  }
}

/** A WHERE condition (or a part of one); the whole condition is true only when `=== true`. */
export function compileCondition(expr: Expr, ctx: ExprContext): Evaluator {
  const leaf = compileLeaf(expr, ctx);
  if (leaf) return (row) => leaf(row) ?? '';
  switch (expr.kind) {
    case 'Binary':
      return compileBinary(expr, ctx);
    case 'Unary': {
      const operand = compileCondition(expr.operand, ctx);
      if (expr.op === 'NOT') return (row) => operand(row) !== true;
      if (expr.op === '-') return (row) => -numeric(operand(row));
      break;
    }
    case 'In': {
      const value = compileCondition(expr.value, ctx);
      const items =
        expr.set.kind === 'TupleLit' || expr.set.kind === 'ListLit' ? expr.set.items : [expr.set];
      const set = items.map((item) => compileCondition(item, ctx));
      return (row) => {
        const v = value(row);
        return set.some((item) => compare(v, item(row)) === 0) !== expr.negated;
      };
    }
    case 'IsTest': {
      const value = compileCondition(expr.value, ctx);
      const test = expr.test === 'NUMERIC' ? isNumeric : (v: unknown) => text(v) === '';
      return (row) => test(value(row)) !== expr.negated;
    }
    case 'Between': {
      const value = compileCondition(expr.value, ctx);
      const low = compileCondition(expr.low, ctx);
      const high = compileCondition(expr.high, ctx);
      return (row) => {
        const v = value(row);
        const inside = compare(v, low(row)) >= 0 && compare(v, high(row)) <= 0;
        return inside !== expr.negated;
      };
    }
    case 'Call': {
      const f = conditionFunctions.get(expr.name.toLowerCase());
      if (!f) {
        return jobError(
          'LOADING-UNKNOWN-FUNCTION',
          at(ctx, expr),
          `unknown WHERE-clause function ${expr.name}`,
        );
      }
      checkArity(ctx, expr, expr.name, f, expr.args.length);
      const args = expr.args.map((a) => compileCondition(a, ctx));
      return (row) => f.fn(args.map((a) => a(row)));
    }
    case 'Arrow':
    case 'Attr':
    case 'BoolLit':
    case 'CaseExpr':
    case 'ColumnRef':
    case 'DatetimeLit':
    case 'FloatLit':
    case 'GlobalAccum':
    case 'Index':
    case 'Interval':
    case 'IntLit':
    case 'IsNull':
    case 'JsonObject':
    case 'Like':
    case 'ListLit':
    case 'MethodCall':
    case 'Name':
    case 'NullLit':
    case 'StringLit':
    case 'TupleLit':
    case 'TypeStar':
    case 'VertexAccum':
    case 'VertexSetLit':
    case 'Wildcard':
      break;
  }
  return jobError('LOADING-UNSUPPORTED', at(ctx, expr), `${expr.kind} is not allowed in WHERE`);
}
