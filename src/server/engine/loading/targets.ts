// Compiles one destination clause (TO VERTEX / TO EDGE ... VALUES (...) [WHERE ...]) against the
// schema into a closure that writes one input line's object into the batch being built (its id
// into a key list, straight from the input bytes when it can, its attributes into columns), or
// answers the statistics counter that rejects the object. Values follow declaration order: a
// vertex's id then its attributes (PRIMARY KEY types: all attributes, the key among them); an
// edge's source id, target id, then its attributes. `_` leaves an attribute alone; REDUCE(f(x))
// picks the upsert op code. Edges of a discriminated type stay one mutation each.
import type { Expr, LoadTarget } from '../../../core/gsql/index.js';
import type { CatalogData, EdgeTypeDef, GraphDef, VertexTypeDef } from '../catalog/types.js';
import { pairAllows, pairsText } from '../catalog/pairs.js';
import { canonicalId } from '../data/ids.js';
import { EngineError } from '../errors.js';
import type { Graph } from '../graph/graph.js';
import type { Mutation, UpsertEdges } from '../mutations.js';
import { ValueError } from '../values.js';
import type { BatchBuilder } from '../batch.js';
import { jobError } from './errors.js';
import { evaluatePlans, planAttr, updates, type AttrPlan } from './attrs.js';
import { compileCondition } from './condition.js';
import { compileEnd, fixedEnd } from './endpoints.js';
import { compileToken, type Evaluator, type ExprContext, type Row } from './expr.js';
import { text } from './functions.js';
import { Canon, canonOf, IdSlot } from './id-slot.js';
import { compileTempTarget } from './temp.js';

export type RejectReason =
  'noIdFound' | 'invalidAttribute' | 'invalidPrimaryId' | 'invalidSecondaryId';

/** Mutations computed inside the write, from the graph as it is then (edge deletes). */
export type Planner = (graph: Graph) => Mutation[];

export type TargetOutcome = Mutation | Planner | RejectReason;

/** A destination that deletes one vertex or edge(s) per line. */
export interface ObjectTarget {
  readonly kind: 'deleteVertex' | 'deleteEdge';
  readonly typeName: string;
  /** The WHERE clause; absent when there is none. */
  readonly where?: (row: Row) => boolean;
  readonly map: (row: Row) => TargetOutcome;
}

/** Writes one line's object into the batch; a reason when the object is rejected. */
export type Emit = (row: Row, out: BatchBuilder) => RejectReason | undefined;

/**
 * An edge destination of the simplest shape (simple-edges.ts reads its lines in one loop): the
 * two ids are plain `$n` columns whose text is the canonical id when it passes `Canon`'s check,
 * both end types are fixed, and there are no attributes, discriminator or WHERE clause.
 */
export interface SimpleEdge {
  readonly edgeType: string;
  readonly fromType: string;
  readonly toType: string;
  readonly must: UpsertEdges['must'];
  readonly fromColumn: number;
  readonly toColumn: number;
  readonly fromCanon: Canon;
  readonly toCanon: Canon;
}

/** A destination that makes one vertex or edge per line. */
export interface UpsertTarget {
  readonly kind: 'vertex' | 'edge';
  readonly typeName: string;
  readonly where?: (row: Row) => boolean;
  readonly emit: Emit;
  /** Edge destinations of the simplest shape (see SimpleEdge). */
  readonly simple?: SimpleEdge;
  /** Whether the object's outcome may depend on objects written before it (see batch.ts). */
  readonly orderSensitive: boolean;
  /** Vertex targets: whether a reducer other than overwrite is used. */
  readonly reduces: boolean;
}

/** A TEMP_TABLE destination: the rows one line adds to the table (flatten makes several). */
export interface TempTarget {
  readonly kind: 'temp';
  readonly typeName: string;
  readonly where?: (row: Row) => boolean;
  readonly rows: (row: Row) => readonly Row[];
}

export type CompiledTarget = UpsertTarget | ObjectTarget | TempTarget;

/** Per-statement USING flags that change the mutations. */
export interface TargetFlags {
  readonly newVertexOnly: boolean;
  readonly vertexMustExist: boolean;
}

type IdResult = { readonly id: string } | 'noIdFound' | 'invalid';

export function readId(def: VertexTypeDef, value: Evaluator, row: Row): IdResult {
  try {
    const raw = value(row);
    if (raw === undefined) return 'noIdFound';
    const parts = Array.isArray(raw) ? (raw as unknown[]) : [raw];
    if (parts.some((p) => p === undefined || text(p) === '')) return 'noIdFound';
    return { id: canonicalId(def, Array.isArray(raw) ? parts.map(text) : raw) };
  } catch (error) {
    if (error instanceof EngineError || error instanceof ValueError) return 'invalid';
    throw error;
  }
}

/** An id reader for an id expression: bytes as they are when it is a plain column. */
export function idSlot(expr: Expr, ctx: ExprContext): IdSlot {
  const value = idEvaluator(expr, ctx);
  const column =
    expr.kind === 'ColumnRef'
      ? typeof expr.column === 'number'
        ? expr.column
        : expr.path.length === 0
          ? expr.column
          : undefined
      : undefined;
  return new IdSlot(value, column);
}

export function idEvaluator(expr: Expr, ctx: ExprContext): Evaluator {
  if (expr.kind === 'Wildcard') {
    jobError(
      'LOADING-SKIPPED-KEY',
      { job: ctx.place.job, range: expr.range },
      'an id cannot be `_`',
    );
  }
  if (expr.kind === 'TupleLit') {
    const parts = expr.items.map((item) => compileToken(item, ctx));
    return (row) => parts.map((p) => p(row));
  }
  return compileToken(expr, ctx);
}

function countError(ctx: ExprContext, target: LoadTarget, want: number, detail: string): never {
  return jobError(
    'LOADING-VALUE-COUNT',
    { job: ctx.place.job, range: target.range },
    `${target.what.toLowerCase()} ${target.name} takes ${want} values (${detail}), ${target.values.length} given`,
  );
}

function compileVertex(
  target: LoadTarget,
  def: VertexTypeDef,
  ctx: ExprContext,
  catalog: CatalogData,
  flags: TargetFlags,
): { emit: Emit; reduces: boolean } {
  const attrs = def.attributes;
  const keyed = def.primaryKeySyntax;
  const want = keyed ? attrs.length : attrs.length + 1;
  if (target.values.length !== want) {
    countError(ctx, target, want, keyed ? 'its attributes' : 'the id, then its attributes');
  }
  const offset = keyed ? 0 : 1;
  const plans = attrs
    .map((attr, i) => planAttr(target.values[i + offset] as Expr, i, attr, ctx))
    .filter((p): p is AttrPlan => p !== null);
  const keyNames = def.compositeKey.length > 0 ? def.compositeKey : [def.primaryId.name];
  const keyExprs = keyed
    ? keyNames.map((name) => target.values[attrs.findIndex((a) => a.name === name)])
    : [target.values[0]];
  let id: IdSlot;
  if (keyExprs.length === 1 && keyExprs[0]) id = idSlot(keyExprs[0], ctx);
  else {
    const keys = keyExprs.map((e) => (e ? idEvaluator(e, ctx) : () => undefined));
    id = new IdSlot((row) => keys.map((k) => k(row)), undefined);
  }
  const only = flags.newVertexOnly ? ('new' as const) : undefined;
  const values: unknown[] = plans.map(() => undefined);
  const tuples = tupleLookup(catalog);
  const emit: Emit = (row, out) => {
    const read = id.read(def, row);
    if (read === 'noIdFound') return 'noIdFound';
    if (read === 'invalid') return 'invalidPrimaryId';
    if (!evaluatePlans(plans, row, tuples, values)) return 'invalidAttribute';
    const group = out.vertices(def.name, only);
    id.write(group.keys);
    for (let i = 0; i < plans.length; i++) {
      const v = values[i];
      if (v !== undefined) {
        const plan = plans[i] as AttrPlan;
        group.set(plan.pos, plan.op, v);
      }
    }
    group.end();
    out.ended();
    return undefined;
  };
  return { emit, reduces: plans.some((p) => p.op !== '=') };
}

function compileEdge(
  target: LoadTarget,
  def: EdgeTypeDef,
  graph: GraphDef,
  ctx: ExprContext,
  catalog: CatalogData,
  flags: TargetFlags,
): { emit: Emit; simple: SimpleEdge | undefined } {
  const attrs = def.attributes;
  const want = attrs.length + 2;
  if (target.values.length !== want)
    countError(ctx, target, want, 'source id, target id, attributes');
  const fromEnd = compileEnd(def, 'from', target.fromType, graph, catalog, ctx, target);
  const toEnd = compileEnd(def, 'to', target.toType, graph, catalog, ctx, target);
  const checkPair = target.fromType !== null || target.toType !== null;
  // Both ends named (`$0 Company, $1 City`): a combination that is none of the edge's pairs
  // would refuse every line, so the job is refused instead.
  const fixedFrom = fixedEnd(def, 'from', target.fromType, graph);
  const fixedTo = fixedEnd(def, 'to', target.toType, graph);
  if (fixedFrom !== undefined && fixedTo !== undefined && !pairAllows(def, fixedFrom, fixedTo)) {
    jobError(
      'LOADING-EDGE-PAIR',
      { job: ctx.place.job, range: target.range },
      `edge ${def.name} does not go from ${fixedFrom} to ${fixedTo} (its pairs: ${pairsText(def)})`,
    );
  }
  const from = idSlot(target.values[0] as Expr, ctx);
  const to = idSlot(target.values[1] as Expr, ctx);
  const plans: AttrPlan[] = [];
  attrs.forEach((attr, i) => {
    const expr = target.values[i + 2] as Expr;
    const plan = planAttr(expr, i, attr, ctx);
    if (plan) plans.push(plan);
    else if (def.discriminator.includes(attr.name)) {
      jobError(
        'LOADING-SKIPPED-KEY',
        { job: ctx.place.job, range: expr.range },
        `discriminator attribute ${attr.name} cannot be \`_\``,
      );
    }
  });
  const discPos = def.discriminator.map((name) => attrs.findIndex((a) => a.name === name));
  const must = flags.vertexMustExist ? ('both' as const) : undefined;
  const values: unknown[] = plans.map(() => undefined);
  const tuples = tupleLookup(catalog);
  const simple = simpleEdge(def, target, fixedFrom, fixedTo, plans, catalog, must);
  const emit: Emit = (row, out) => {
    const fromDef = fromEnd(row);
    if (!fromDef) return 'invalidPrimaryId';
    const toDef = toEnd(row);
    if (!toDef || (checkPair && !pairAllows(def, fromDef.name, toDef.name))) {
      return 'invalidSecondaryId';
    }
    const f = from.read(fromDef, row);
    const t = to.read(toDef, row);
    if (f === 'noIdFound' || t === 'noIdFound') return 'noIdFound';
    if (f === 'invalid') return 'invalidPrimaryId';
    if (t === 'invalid') return 'invalidSecondaryId';
    if (discPos.length > 0) {
      // A discriminated edge: one mutation of its own, as the discriminator picks the edge.
      const u = updates(plans, row, catalog);
      if (!u) return 'invalidAttribute';
      const disc: unknown[] = [];
      for (const pos of discPos) {
        const given = u.find(([p]) => p === pos);
        if (!given) return 'invalidAttribute';
        disc.push(given[2]);
      }
      const ends = { ft: fromDef.name, f: from.id(), tt: toDef.name, to: to.id() };
      const base = { k: 'e' as const, t: def.name, ...ends, u, disc };
      out.add(must ? { ...base, must } : base);
      return undefined;
    }
    if (!evaluatePlans(plans, row, tuples, values)) return 'invalidAttribute';
    const group = out.edges(def.name, fromDef.name, toDef.name, must);
    from.write(group.keys);
    to.write(group.keys);
    for (let i = 0; i < plans.length; i++) {
      const v = values[i];
      if (v !== undefined) {
        const plan = plans[i] as AttrPlan;
        group.set(plan.pos, plan.op, v);
      }
    }
    group.end();
    out.ended();
    return undefined;
  };
  return { emit, simple };
}

/** The SimpleEdge of an edge destination, when it has that shape. */
function simpleEdge(
  def: EdgeTypeDef,
  target: LoadTarget,
  fromType: string | undefined,
  toType: string | undefined,
  plans: readonly AttrPlan[],
  catalog: CatalogData,
  must: UpsertEdges['must'],
): SimpleEdge | undefined {
  const column = (expr: Expr | undefined) =>
    expr?.kind === 'ColumnRef' && typeof expr.column === 'number' ? expr.column : undefined;
  const fromColumn = column(target.values[0]);
  const toColumn = column(target.values[1]);
  const fromDef = catalog.vertexTypes.find((v) => v.name === fromType);
  const toDef = catalog.vertexTypes.find((v) => v.name === toType);
  if (fromColumn === undefined || toColumn === undefined || !fromDef || !toDef) return undefined;
  if (plans.length > 0 || def.discriminator.length > 0 || target.where) return undefined;
  const fromCanon = canonOf(fromDef);
  const toCanon = canonOf(toDef);
  if (fromCanon === Canon.Other || toCanon === Canon.Other) return undefined;
  return {
    edgeType: def.name,
    fromType: fromDef.name,
    toType: toDef.name,
    must,
    fromColumn,
    toColumn,
    fromCanon,
    toCanon,
  };
}

const tupleLookup = (catalog: CatalogData) => (name: string) =>
  catalog.tuples.find((t) => t.name === name)?.fields;

/** Compiles one destination clause of a LOAD statement. */
export function compileTarget(
  target: LoadTarget,
  graph: GraphDef,
  catalog: CatalogData,
  ctx: ExprContext,
  flags: TargetFlags,
): CompiledTarget {
  const place = { job: ctx.place.job, range: target.range };
  const where = target.where ? compileCondition(target.where, ctx) : undefined;
  const condition = where ? (row: Row) => where(row) === true : undefined;
  if (target.what === 'TEMP_TABLE') {
    const rows = compileTempTarget(target, ctx);
    return {
      kind: 'temp',
      typeName: target.name,
      rows,
      ...(condition ? { where: condition } : {}),
    };
  }
  if (target.what === 'VERTEX') {
    const def = graph.vertexTypes.includes(target.name)
      ? catalog.vertexTypes.find((v) => v.name === target.name)
      : undefined;
    if (!def)
      jobError(
        'LOADING-UNKNOWN-TYPE',
        place,
        `vertex type ${target.name} is not in graph ${graph.name}`,
      );
    const { emit, reduces } = compileVertex(target, def, ctx, catalog, flags);
    return {
      kind: 'vertex',
      typeName: def.name,
      emit,
      orderSensitive: flags.newVertexOnly,
      reduces,
      ...(condition ? { where: condition } : {}),
    };
  }
  const def = graph.edgeTypes.includes(target.name)
    ? catalog.edgeTypes.find((e) => e.name === target.name)
    : undefined;
  if (!def)
    jobError(
      'LOADING-UNKNOWN-TYPE',
      place,
      `edge type ${target.name} is not in graph ${graph.name}`,
    );
  const { emit, simple } = compileEdge(target, def, graph, ctx, catalog, flags);
  return {
    kind: 'edge',
    typeName: def.name,
    emit,
    ...(simple ? { simple } : {}),
    orderSensitive: flags.vertexMustExist,
    reduces: false,
    ...(condition ? { where: condition } : {}),
  };
}
