// Attribute values of a destination clause: `_` leaves an attribute alone, REDUCE(f(x)) picks
// the upsert op code, a single value for a LIST/SET attribute is appended (cumulative loading),
// maps accumulate entries; values are coerced to the attribute's type, and one that does not fit
// rejects the whole object.
import type { Expr } from '../../../core/gsql/index.js';
import type { AttributeDef, CatalogData } from '../catalog/types.js';
import type { AttrUpdate, OpCode } from '../mutations.js';
import { coerce, ValueError, type TupleLookup } from '../values.js';
import { jobError } from './errors.js';
import { compileToken, type Evaluator, type ExprContext, type Row } from './expr.js';

const reducers: Record<string, OpCode> = {
  overwrite: '=',
  ignore_if_exists: '~',
  add: '+',
  and: '&',
  or: '|',
  max: '>',
  min: '<',
};

export interface AttrPlan {
  readonly pos: number;
  readonly attr: AttributeDef;
  readonly value: Evaluator;
  readonly op: OpCode;
  /** A single value for a LIST/SET attribute: appended as a one-element collection. */
  readonly wrap: boolean;
}

const isCollection = (a: AttributeDef) => a.type.kind === 'list' || a.type.kind === 'set';

export function planAttr(
  expr: Expr,
  pos: number,
  attr: AttributeDef,
  ctx: ExprContext,
): AttrPlan | null {
  if (expr.kind === 'Wildcard' && expr.symbol === '_') return null;
  let op: OpCode | undefined;
  let inner = expr;
  if (expr.kind === 'Call' && expr.name.toLowerCase() === 'reduce') {
    const call = expr.args[0];
    const reducer = call?.kind === 'Call' ? reducers[call.name.toLowerCase()] : undefined;
    if (
      !call ||
      call.kind !== 'Call' ||
      !reducer ||
      expr.args.length !== 1 ||
      call.args.length !== 1
    ) {
      return jobError(
        'LOADING-UNKNOWN-FUNCTION',
        { job: ctx.place.job, range: expr.range },
        `REDUCE takes one reducer call: ${Object.keys(reducers).join(', ')}`,
      );
    }
    op = reducer;
    inner = call.args[0] as Expr;
  }
  const collectionCall =
    inner.kind === 'Call' && ['split', 'list', 'set'].includes(inner.name.toLowerCase());
  const wrap = isCollection(attr) && !collectionCall;
  const map = attr.type.kind === 'map';
  // Collections and maps accumulate by default (the reference's cumulative loading).
  const defaultOp: OpCode = wrap || map || (isCollection(attr) && collectionCall) ? '+' : '=';
  return { pos, attr, value: compileToken(inner, ctx), op: op ?? defaultOp, wrap };
}

/** Evaluates the attribute plans; a value that does not fit rejects the object. */
export function updates(
  plans: readonly AttrPlan[],
  row: Row,
  catalog: CatalogData,
): AttrUpdate[] | null {
  const out: AttrUpdate[] = [];
  const lookup = (name: string) => catalog.tuples.find((t) => t.name === name)?.fields;
  for (const plan of plans) {
    try {
      let v = plan.value(row);
      if (v === undefined) continue;
      // An empty token is a missing value for every type but STRING (never missing).
      if (v === '' && !(plan.attr.type.kind === 'primitive' && plan.attr.type.name === 'STRING')) {
        continue;
      }
      if (plan.wrap && !Array.isArray(v)) v = [v];
      out.push([plan.pos, plan.op, coerce(plan.attr.type, v, lookup)]);
    } catch (error) {
      if (error instanceof ValueError) return null;
      throw error;
    }
  }
  return out;
}

/**
 * Evaluates the attribute plans into `into` (one value per plan; undefined: left alone) without
 * making an array per line; false when a value does not fit (the object is rejected).
 */
export function evaluatePlans(
  plans: readonly AttrPlan[],
  row: Row,
  tuples: TupleLookup,
  into: unknown[],
): boolean {
  try {
    for (let i = 0; i < plans.length; i++) {
      const plan = plans[i] as AttrPlan;
      let v = plan.value(row);
      // An empty token is a missing value for every type but STRING (never missing).
      if (
        v === undefined ||
        (v === '' && !(plan.attr.type.kind === 'primitive' && plan.attr.type.name === 'STRING'))
      ) {
        into[i] = undefined;
        continue;
      }
      if (plan.wrap && !Array.isArray(v)) v = [v];
      into[i] = coerce(plan.attr.type, v, tuples);
    }
  } catch (error) {
    if (error instanceof ValueError) return false;
    throw error;
  }
  return true;
}
