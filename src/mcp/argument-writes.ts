// The writes a query makes with the arguments given: a library template writes only when asked
// (`IF result_attribute != "" THEN s.setAttr(...)`, `FILE f (file_path)` with `file_path = ""`),
// so in a read-only session it runs when it is not asked. The one write analysis
// (src/core/gsql/writes.ts) finds every write; this drops the ones that cannot happen because a
// condition on the parameters is false for these arguments (given, else the parameter's
// default). Only what is certain is dropped: a condition that reads anything but parameters and
// literals, or a parameter with neither an argument nor a default, keeps its writes.
import {
  queryWrites,
  type CondBranch,
  type CreateQuery,
  type Expr,
  type Node,
  type QueryWrite,
  walk,
} from '../core/gsql/index.js';
import type { WriteFinding } from './write-check.js';

/** A value the check cannot know (an expression it does not evaluate, a missing argument). */
const unknown = Symbol('unknown');
type Value = string | number | boolean | typeof unknown;

/** An argument as JSON gives it, when it is a plain scalar. */
function argumentValue(value: unknown): Value {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? value
    : unknown;
}

/** Each parameter's value for this run: the argument, else its default, else unknown. */
function parameterValues(query: CreateQuery, args: Record<string, unknown>): Map<string, Value> {
  return new Map(
    query.params.map((p) => [
      p.name,
      p.name in args
        ? argumentValue(args[p.name])
        : p.defaultValue === null
          ? unknown
          : evaluate(p.defaultValue, new Map()),
    ]),
  );
}

function compare(op: string, a: Value, b: Value): Value {
  if (a === unknown || b === unknown || typeof a !== typeof b) return unknown;
  switch (op) {
    case '==':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    default:
      return unknown;
  }
}

/** The value of a condition made of parameters and literals; unknown for anything else. */
function evaluate(expr: Expr, params: ReadonlyMap<string, Value>): Value {
  switch (expr.kind) {
    case 'StringLit':
    case 'FloatLit':
    case 'BoolLit':
      return expr.value;
    case 'IntLit':
      return Number(expr.value);
    case 'Name':
      return params.get(expr.name) ?? unknown;
    case 'Unary': {
      const v = evaluate(expr.operand, params);
      if (expr.op === 'NOT') return typeof v === 'boolean' ? !v : unknown;
      if (expr.op === '-') return typeof v === 'number' ? -v : unknown;
      return unknown;
    }
    case 'Binary': {
      const a = evaluate(expr.left, params);
      const b = evaluate(expr.right, params);
      if (expr.op === 'AND') {
        if (a === false || b === false) return false;
        return a === true && b === true ? true : unknown;
      }
      if (expr.op === 'OR') {
        if (a === true || b === true) return true;
        return a === false && b === false ? false : unknown;
      }
      return compare(expr.op, a, b);
    }
    // Anything that reads the graph, accumulators, functions or collections: not known here.
    case 'DatetimeLit':
    case 'NullLit':
    case 'GlobalAccum':
    case 'VertexAccum':
    case 'Attr':
    case 'MethodCall':
    case 'Call':
    case 'Index':
    case 'In':
    case 'IsNull':
    case 'IsTest':
    case 'Between':
    case 'Like':
    case 'ListLit':
    case 'TupleLit':
    case 'Arrow':
    case 'CaseExpr':
    case 'VertexSetLit':
    case 'TypeStar':
    case 'Wildcard':
    case 'JsonObject':
    case 'ColumnRef':
    case 'Interval':
      return unknown;
  }
}

/** The source ranges (offsets) that cannot run with these values: branches whose turn never comes. */
function deadRanges(query: CreateQuery, params: ReadonlyMap<string, Value>): [number, number][] {
  const dead: [number, number][] = [];
  const mark = (node: Node) => dead.push([node.range.start.offset, node.range.end.offset]);
  const markBody = (branch: CondBranch) => branch.body.forEach(mark);
  walk(query, {
    enter(node) {
      if (node.kind === 'If') {
        let taken = false;
        for (const branch of node.branches) {
          if (taken) {
            markBody(branch);
            continue;
          }
          const cond = evaluate(branch.cond, params);
          if (cond === false) markBody(branch);
          if (cond === true) taken = true;
        }
        if (taken) node.otherwise?.forEach(mark);
      } else if (node.kind === 'FileDecl' && evaluate(node.path, params) === '') {
        // FILE f ("") opens nothing; its println calls write nowhere.
        mark(node);
      }
    },
  });
  return dead;
}

/** The writes of `query` that can happen with `args` (all of them when nothing is certain). */
export function writesWithArguments(
  query: CreateQuery,
  args: Record<string, unknown>,
): WriteFinding[] {
  const dead = deadRanges(query, parameterValues(query, args));
  const live = (w: QueryWrite) =>
    !dead.some(([from, to]) => w.range.start.offset >= from && w.range.end.offset <= to);
  return queryWrites(query)
    .filter(live)
    .map((w) => ({
      kind: w.kind,
      what: w.what,
      line: w.range.start.line,
      column: w.range.start.column,
    }));
}
