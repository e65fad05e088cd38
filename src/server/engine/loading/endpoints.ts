// The vertex types of an edge's ends in a loading job. An edge type with one FROM (TO) type needs
// nothing; with a wildcard or several pairs, the type follows the id in the VALUES list or the
// DELETE clause: a type name (`$0 Person`, checked once) or a column holding one (`$0 $1`,
// checked per line against the edge's pairs and the graph).
import type { Expr, Range } from '../../../core/gsql/index.js';
import type { CatalogData, EdgeTypeDef, GraphDef, VertexTypeDef } from '../catalog/types.js';
import { jobError } from './errors.js';
import { at, compileToken, type ExprContext, type Row } from './expr.js';
import { text } from './functions.js';

export type End = 'from' | 'to';

/** One end: its vertex type per line (undefined: a type the edge does not allow there). */
export type EndResolver = (row: Row) => VertexTypeDef | undefined;

/** The vertex types allowed at `end` of `def` within `graph`. */
function allowed(def: EdgeTypeDef, graph: GraphDef, end: End): Set<string> {
  const names = def.pairs.map((p) => p[end]);
  return new Set(names.includes('*') ? graph.vertexTypes : names);
}

/**
 * The type of one end when it is the same on every line: written as a name, or the only type the
 * edge's pairs allow there. Undefined when it comes from a column or is not allowed.
 */
export function fixedEnd(
  def: EdgeTypeDef,
  end: End,
  given: Expr | null,
  graph: GraphDef,
): string | undefined {
  const types = allowed(def, graph, end);
  if (given === null) return types.size === 1 ? [...types][0] : undefined;
  return given.kind === 'Name' && types.has(given.name) ? given.name : undefined;
}

/** Compiles the type of one end: given, or the one the edge's pairs leave. */
export function compileEnd(
  def: EdgeTypeDef,
  end: End,
  given: Expr | null,
  graph: GraphDef,
  catalog: CatalogData,
  ctx: ExprContext,
  where: { readonly range: Range },
): EndResolver {
  const types = allowed(def, graph, end);
  const side = end === 'from' ? 'source' : 'target';
  const lookup = (name: string) =>
    types.has(name) ? catalog.vertexTypes.find((v) => v.name === name) : undefined;
  if (given === null) {
    const only = types.size === 1 ? lookup([...types][0] ?? '') : undefined;
    if (!only) {
      jobError(
        'LOADING-AMBIGUOUS-ENDPOINT',
        { job: ctx.place.job, range: where.range },
        `edge ${def.name} allows several ${side} vertex types; write the type after the id ` +
          `($0 Type, or $0 $1 with the type in a column)`,
      );
    }
    return () => only;
  }
  if (given.kind === 'Name') {
    const found = lookup(given.name);
    if (!found) {
      jobError(
        'LOADING-UNKNOWN-TYPE',
        at(ctx, given),
        `vertex type ${given.name} is not a ${side} type of edge ${def.name}`,
      );
    }
    return () => found;
  }
  const value = compileToken(given, ctx);
  return (row) => {
    const v = value(row);
    return v === undefined ? undefined : lookup(text(v));
  };
}
