// DELETE statements of a loading job, per input line: `DELETE VERTEX T (PRIMARY_ID id)` deletes
// one vertex; `DELETE EDGE E (FROM id [, TO id] [, DISCRIMINATOR (...)])` the edges of type E
// between the ends (any target when TO is left out); `DELETE EDGE * (FROM id T)` every edge of
// the source vertex. Edge deletes are planned inside the write, from the graph as it is then.
import type { Expr, LoadDelete } from '../../../core/gsql/index.js';
import type { CatalogData, EdgeTypeDef, GraphDef } from '../catalog/types.js';
import { planDeleteEdges, type EdgeSelector } from '../data/edges.js';
import { EngineError } from '../errors.js';
import { GraphScope } from '../scope.js';
import { compileCondition } from './condition.js';
import { compileEnd, type End, type EndResolver } from './endpoints.js';
import { jobError } from './errors.js';
import { compileToken, type ExprContext, type Row } from './expr.js';
import { text } from './functions.js';
import { idEvaluator, readId, type ObjectTarget } from './targets.js';

/** The vertex type of a `DELETE EDGE *` end: the type written after the id. */
function anyEdgeEnd(
  given: Expr | null,
  graph: GraphDef,
  catalog: CatalogData,
  ctx: ExprContext,
  stmt: LoadDelete,
): EndResolver {
  const lookup = (name: string) =>
    graph.vertexTypes.includes(name) ? catalog.vertexTypes.find((v) => v.name === name) : undefined;
  if (given === null) {
    return jobError(
      'LOADING-AMBIGUOUS-ENDPOINT',
      { job: ctx.place.job, range: stmt.range },
      'DELETE EDGE * needs the vertex type after the id: (FROM $0 Type)',
    );
  }
  if (given.kind === 'Name') {
    const found = lookup(given.name);
    if (!found) {
      jobError(
        'LOADING-UNKNOWN-TYPE',
        { job: ctx.place.job, range: given.range },
        `vertex type ${given.name} is not in graph ${graph.name}`,
      );
    }
    return () => found;
  }
  const value = compileToken(given, ctx);
  return (row) => lookup(text(value(row)));
}

function edgeDef(stmt: LoadDelete, graph: GraphDef, catalog: CatalogData, ctx: ExprContext) {
  if (stmt.name === '*') return undefined;
  const def = graph.edgeTypes.includes(stmt.name)
    ? catalog.edgeTypes.find((e) => e.name === stmt.name)
    : undefined;
  if (!def) {
    jobError(
      'LOADING-UNKNOWN-TYPE',
      { job: ctx.place.job, range: stmt.range },
      `edge type ${stmt.name} is not in graph ${graph.name}`,
    );
  }
  return def;
}

function deleteEdge(
  stmt: LoadDelete,
  graph: GraphDef,
  catalog: CatalogData,
  ctx: ExprContext,
): ObjectTarget['map'] {
  const def: EdgeTypeDef | undefined = edgeDef(stmt, graph, catalog, ctx);
  const end = (side: End, given: Expr | null) =>
    def
      ? compileEnd(def, side, given, graph, catalog, ctx, stmt.id)
      : anyEdgeEnd(given, graph, catalog, ctx, stmt);
  const fromEnd = end('from', stmt.fromType);
  const toEnd = stmt.to === null ? undefined : end('to', stmt.toType);
  const from = idEvaluator(stmt.id, ctx);
  const to = stmt.to === null ? undefined : idEvaluator(stmt.to, ctx);
  const disc = stmt.discriminator.map((d) => compileToken(d, ctx));
  if (disc.length > 0 && def?.discriminator.length !== disc.length) {
    jobError(
      'LOADING-VALUE-COUNT',
      { job: ctx.place.job, range: stmt.range },
      `edge ${stmt.name} has ${def?.discriminator.length ?? 0} discriminator attribute(s), ${disc.length} given`,
    );
  }
  const graphName = graph.name;
  return (row) => {
    const fromDef = fromEnd(row);
    if (!fromDef) return 'invalidPrimaryId';
    const f = readId(fromDef, from, row);
    if (f === 'noIdFound') return 'noIdFound';
    if (f === 'invalid') return 'invalidPrimaryId';
    let selector: EdgeSelector = { sourceType: fromDef.name, sourceId: f.id, notWildcard: true };
    if (def) selector = { ...selector, edgeType: def.name };
    if (toEnd && to) {
      const toDef = toEnd(row);
      if (!toDef) return 'invalidSecondaryId';
      const t = readId(toDef, to, row);
      if (t === 'noIdFound') return 'noIdFound';
      if (t === 'invalid') return 'invalidSecondaryId';
      selector = { ...selector, targetType: toDef.name, targetId: t.id };
    }
    if (disc.length > 0)
      selector = { ...selector, discriminator: disc.map((d) => text(d(row))).join(',') };
    return (g) => {
      try {
        return planDeleteEdges(new GraphScope(g, graphName), selector);
      } catch (error) {
        // A vertex that does not exist has no edges to delete.
        if (error instanceof EngineError) return [];
        throw error;
      }
    };
  };
}

/** Compiles a DELETE statement into a destination of the statement's source. */
export function compileDelete(
  stmt: LoadDelete,
  graph: GraphDef,
  catalog: CatalogData,
  ctx: ExprContext,
): ObjectTarget {
  const where = stmt.where ? compileCondition(stmt.where, ctx) : undefined;
  const condition = where ? { where: (row: Row) => where(row) === true } : {};
  if (stmt.what === 'EDGE') {
    const map = deleteEdge(stmt, graph, catalog, ctx);
    return { kind: 'deleteEdge', typeName: stmt.name, map, ...condition };
  }
  const def = graph.vertexTypes.includes(stmt.name)
    ? catalog.vertexTypes.find((v) => v.name === stmt.name)
    : undefined;
  if (!def) {
    return jobError(
      'LOADING-UNKNOWN-TYPE',
      { job: ctx.place.job, range: stmt.range },
      `vertex type ${stmt.name} is not in graph ${graph.name}`,
    );
  }
  const id = idEvaluator(stmt.id, ctx);
  const map = (row: Row) => {
    const read = readId(def, id, row);
    if (read === 'noIdFound') return 'noIdFound' as const;
    if (read === 'invalid') return 'invalidPrimaryId' as const;
    return { k: 'dv' as const, t: def.name, id: read.id };
  };
  return { kind: 'deleteVertex', typeName: def.name, map, ...condition };
}
