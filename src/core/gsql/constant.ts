// The constant an expression writes down, when it is one: a number, string or boolean literal, or
// a negated number (`-5`, `-2.5`). Defaults of attributes and parameters, and the arguments of
// RUN QUERY, must be such constants; the engine and the handlers ask here rather than each
// listing every other expression kind.
import type { Expr } from './ast/index.js';

/** The value of a constant expression. */
export type ConstantValue = number | bigint | string | boolean;

/** The value `expr` writes down, or undefined when it is not a constant (NULL is not one). */
export function constantValue(expr: Expr): ConstantValue | undefined {
  switch (expr.kind) {
    case 'IntLit':
    case 'FloatLit':
    case 'StringLit':
    case 'BoolLit':
      return expr.value;
    case 'Unary': {
      if (expr.op !== '-') return undefined;
      const v = constantValue(expr.operand);
      return typeof v === 'number' || typeof v === 'bigint' ? -v : undefined;
    }
    case 'Arrow':
    case 'Attr':
    case 'Between':
    case 'Binary':
    case 'Call':
    case 'CaseExpr':
    case 'ColumnRef':
    case 'DatetimeLit':
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
    case 'VertexAccum':
    case 'VertexSetLit':
    case 'Wildcard':
      return undefined;
  }
}

/** The number `expr` writes down (a number literal, optionally negated), or undefined. */
export function constantNumber(expr: Expr): number | bigint | undefined {
  const v = constantValue(expr);
  return typeof v === 'number' || typeof v === 'bigint' ? v : undefined;
}

/**
 * A constant as its text: numbers as written (`1.50`, `-3`), a string's contents, `true` or
 * `false`; undefined when `expr` is not a constant.
 */
export function constantText(expr: Expr): string | undefined {
  if (expr.kind === 'IntLit' || expr.kind === 'FloatLit') return expr.text;
  if (expr.kind === 'Unary' && expr.op === '-') {
    const inner =
      constantNumber(expr.operand) === undefined ? undefined : constantText(expr.operand);
    return inner === undefined ? undefined : `-${inner}`;
  }
  const v = constantValue(expr);
  return v === undefined ? undefined : String(v);
}
