// Data endpoints: upsert, vertices and edges (read, count, delete), built-ins and clear-store.
// Writes are planned against the graph inside the engine's write queue, so a request's checks
// and its mutations see the same state.
import { runBuiltin } from '../engine/data/builtins.js';
import { countEdges, listEdges, planDeleteEdges, type EdgeSelector } from '../engine/data/edges.js';
import { JsonSyntaxError } from '../engine/data/json-stream.js';
import { streamUpsert } from '../engine/data/upsert-stream.js';
import {
  countVertices,
  getVertex,
  listVertices,
  planDeleteVertex,
  planDeleteVertices,
} from '../engine/data/vertices.js';
import type { CatalogData } from '../engine/catalog/types.js';
import type { Engine } from '../engine/engine.js';
import type { Graph } from '../engine/graph/graph.js';
import type { ApplyReport } from '../engine/mutations.js';
import { GraphScope } from '../engine/scope.js';
import type { HandlerMap } from '../http/context.js';
import { InvalidJsonError } from '../http/errors.js';
import { withEngineErrors } from './engine-errors.js';

/**
 * A graph's scope, made once per catalog rather than once per request (a point lookup would
 * otherwise build two sets of type names each time): a schema change installs a new catalog
 * object, which starts a new cache.
 */
const scopes = new WeakMap<Graph, { catalog: CatalogData; byName: Map<string, GraphScope> }>();

function scope(engine: Engine, name: string): GraphScope {
  const graph = engine.graph;
  let cached = scopes.get(graph);
  if (cached?.catalog !== graph.catalog) {
    cached = { catalog: graph.catalog, byName: new Map() };
    scopes.set(graph, cached);
  }
  let found = cached.byName.get(name);
  if (!found) cached.byName.set(name, (found = new GraphScope(graph, name)));
  return found;
}

function upsertAnswer(
  report: ApplyReport,
  options: { newVertexOnly: boolean; mustExist: boolean },
) {
  const answer: Record<string, unknown> = {
    accepted_vertices: report.acceptedVertices,
    accepted_edges: report.acceptedEdges,
  };
  if (options.newVertexOnly) {
    answer.skipped_vertices = report.skippedVertices;
    answer.vertices_already_exist = report.existingVertices;
  }
  if (options.mustExist) {
    answer.skipped_edges = report.skippedEdges;
    answer.edge_vertices_not_exist = report.missingVertices;
  }
  return [answer];
}

function deletedVertices(report: ApplyReport, type: string) {
  return { v_type: type, deleted_vertices: report.deletedVertices.get(type) ?? 0 };
}

function deletedEdges(report: ApplyReport) {
  return [...report.deletedEdges].map(([e_type, deleted_edges]) => ({ e_type, deleted_edges }));
}

type EdgePath = { readonly graph_name: string } & Readonly<Record<string, string>>;

interface EdgeListQuery {
  readonly select?: readonly string[];
  readonly filter?: readonly string[];
  readonly sort?: readonly string[];
  readonly limit?: number;
  readonly count_only?: boolean;
  readonly not_wildcard?: boolean;
}

function edgeSelector(p: EdgePath, notWildcard?: boolean): EdgeSelector {
  return {
    sourceType: p.source_vertex_type ?? '',
    sourceId: p.source_vertex_id ?? '',
    edgeType: p.edge_type,
    targetType: p.target_vertex_type,
    targetId: p.target_vertex_id,
    discriminator: p.discriminator,
    notWildcard,
  };
}

async function edgeList(engine: Engine, params: EdgePath, q: EdgeListQuery, exact = false) {
  const s = scope(engine, params.graph_name);
  const selector = edgeSelector(params, exact || q.not_wildcard);
  const query = { select: q.select, filter: q.filter, sort: q.sort, limit: q.limit };
  if (q.count_only) return { results: [{ count: countEdges(s, selector, query) }] };
  return Promise.resolve({ results: listEdges(s, selector, query) });
}

async function edgeDelete(engine: Engine, params: EdgePath, filter: readonly string[] | undefined) {
  const graph = params.graph_name;
  const selector = edgeSelector(params, true);
  const { report } = await engine.write((g) => ({
    mutations: planDeleteEdges(new GraphScope(g, graph), selector, { filter }),
  }));
  return { results: deletedEdges(report) };
}

export const dataHandlers: HandlerMap = withEngineErrors({
  upsertGraph: async (ctx) => {
    const graph = ctx.params.graph_name;
    const q = ctx.query;
    const options = {
      newVertexOnly: q.new_vertex_only === true,
      updateVertexOnly: q.update_vertex_only === true,
      vertexMustExist: q.vertex_must_exist === true,
      sourceVertexMustExist: q.source_vertex_must_exist === true,
      targetVertexMustExist: q.target_vertex_must_exist === true,
    };
    // The body streams in: read as it arrives, staged batch by batch, committed whole.
    let report: ApplyReport;
    try {
      report = await streamUpsert(ctx.engine, graph, ctx.body, options);
    } catch (error) {
      if (error instanceof JsonSyntaxError)
        throw new InvalidJsonError(`upsertGraph: the JSON payload is invalid: ${error.message}`);
      throw error;
    }
    const mustExist =
      options.vertexMustExist || options.sourceVertexMustExist || options.targetVertexMustExist;
    return { results: upsertAnswer(report, { newVertexOnly: options.newVertexOnly, mustExist }) };
  },

  listVertices: async (ctx) => {
    const q = ctx.query;
    const s = scope(ctx.engine, ctx.params.graph_name);
    const query = { select: q.select, filter: q.filter, sort: q.sort, limit: q.limit };
    if (q.count_only)
      return { results: [{ count: countVertices(s, ctx.params.vertex_type, query) }] };
    return { results: listVertices(s, ctx.params.vertex_type, query) };
  },

  getVertex: async (ctx) => {
    const s = scope(ctx.engine, ctx.params.graph_name);
    return {
      results: [getVertex(s, ctx.params.vertex_type, ctx.params.vertex_id, ctx.query.select)],
    };
  },

  deleteVertices: async (ctx) => {
    const { graph_name: graph, vertex_type: type } = ctx.params;
    const q = ctx.query;
    const { report } = await ctx.engine.write((g) => ({
      mutations: planDeleteVertices(
        new GraphScope(g, graph),
        type,
        { filter: q.filter, sort: q.sort, limit: q.limit },
        q.permanent === true,
      ),
    }));
    return { results: deletedVertices(report, type) };
  },

  deleteVerticesByType: async (ctx) => {
    const { graph_name: graph, vertex_type: type } = ctx.params;
    const { report } = await ctx.engine.write((g) => ({
      mutations: planDeleteVertices(
        new GraphScope(g, graph),
        type,
        {},
        ctx.query.permanent === true,
      ),
    }));
    return { results: deletedVertices(report, type) };
  },

  deleteVertex: async (ctx) => {
    const { graph_name: graph, vertex_type: type, vertex_id: id } = ctx.params;
    const { report } = await ctx.engine.write((g) => ({
      mutations: planDeleteVertex(new GraphScope(g, graph), type, id),
    }));
    return { results: deletedVertices(report, type) };
  },

  listEdges: (ctx) => edgeList(ctx.engine, ctx.params, ctx.query),
  listEdgesByType: (ctx) => edgeList(ctx.engine, ctx.params, ctx.query),
  listEdgesByTargetType: (ctx) => edgeList(ctx.engine, ctx.params, ctx.query),
  getEdge: (ctx) => edgeList(ctx.engine, ctx.params, ctx.query, true),
  getEdgeByDiscriminator: (ctx) => edgeList(ctx.engine, ctx.params, ctx.query, true),
  deleteEdge: (ctx) => edgeDelete(ctx.engine, ctx.params, ctx.query.filter),
  deleteEdgeByDiscriminator: (ctx) => edgeDelete(ctx.engine, ctx.params, ctx.query.filter),
  deleteEdgesByType: (ctx) => edgeDelete(ctx.engine, ctx.params, ctx.query.filter),
  deleteEdgesByTargetType: (ctx) => edgeDelete(ctx.engine, ctx.params, ctx.query.filter),

  runBuiltin: async (ctx) => ({
    results: runBuiltin(scope(ctx.engine, ctx.params.graph_name), ctx.body),
  }),

  clearStore: async (ctx) => {
    await ctx.engine.write(() => ({ mutations: [{ k: 'clear' }] }));
    return { whole: { error: false, message: 'Successfully cleared graph store.' } };
  },
});
