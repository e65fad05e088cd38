// Expression helpers of the openCypher translation: a structural rewrite of GSQL expressions
// (an exhaustive switch over their kinds), aggregate detection and conjunctions.
import type { Expr } from '../ast/expr.js';
import { CYPHER_AGGREGATES } from './facts.js';

/** A copy of `e` with every sub-expression passed through `f` first (null: keep going). */
export function mapExpr(e: Expr, f: (x: Expr) => Expr | null): Expr {
  const done = f(e);
  if (done) return done;
  const m = (x: Expr): Expr => mapExpr(x, f);
  const mn = (x: Expr | null): Expr | null => (x === null ? null : m(x));
  switch (e.kind) {
    case 'IntLit':
    case 'FloatLit':
    case 'StringLit':
    case 'DatetimeLit':
    case 'BoolLit':
    case 'NullLit':
    case 'Name':
    case 'GlobalAccum':
    case 'TypeStar':
    case 'Wildcard':
    case 'ColumnRef':
      return e;
    case 'VertexAccum':
      return { ...e, target: mn(e.target) };
    case 'Attr':
      return { ...e, target: m(e.target) };
    case 'MethodCall':
      return { ...e, target: m(e.target), args: e.args.map(m) };
    case 'Call':
      return { ...e, args: e.args.map(m) };
    case 'Index':
      return { ...e, target: m(e.target), index: m(e.index) };
    case 'Unary':
      return { ...e, operand: m(e.operand) };
    case 'Binary':
      return { ...e, left: m(e.left), right: m(e.right) };
    case 'In':
      return { ...e, value: m(e.value), set: m(e.set) };
    case 'IsNull':
    case 'IsTest':
      return { ...e, value: m(e.value) };
    case 'Between':
      return { ...e, value: m(e.value), low: m(e.low), high: m(e.high) };
    case 'Like':
      return { ...e, value: m(e.value), pattern: m(e.pattern), escape: mn(e.escape) };
    case 'ListLit':
    case 'TupleLit':
    case 'VertexSetLit':
      return { ...e, items: e.items.map(m) };
    case 'Arrow':
      return { ...e, keys: e.keys.map(m), values: e.values.map(m) };
    case 'CaseExpr':
      return {
        ...e,
        subject: mn(e.subject),
        whens: e.whens.map((w) => ({ ...w, when: m(w.when), then: m(w.then) })),
        otherwise: mn(e.otherwise),
      };
    case 'JsonObject':
      return { ...e, entries: e.entries.map((x) => ({ ...x, value: m(x.value) })) };
    case 'Interval':
      return { ...e, amount: m(e.amount) };
  }
}

/** A call of an aggregating function (count, sum, collect...). */
export const isAggregate = (e: Expr): boolean =>
  e.kind === 'Call' && CYPHER_AGGREGATES.has(e.name.toLowerCase());

/** Is there an aggregate anywhere in `e`? */
export function containsAggregate(e: Expr): boolean {
  let found = false;
  mapExpr(e, (x) => {
    if (isAggregate(x)) found = true;
    return null;
  });
  return found;
}

/** The conjunction of conditions; null for none. */
export function and(parts: readonly Expr[]): Expr | null {
  return parts.reduce<Expr | null>(
    (acc, x) =>
      acc === null
        ? x
        : {
            kind: 'Binary',
            op: 'AND',
            left: acc,
            right: x,
            range: { start: acc.range.start, end: x.range.end },
          },
    null,
  );
}
