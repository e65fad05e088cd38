// The query runtime's monitoring endpoints: the delay queue (/showdelayedlistall), detached-mode
// status and result (/query_status, /query_result) and per-endpoint statistics
// (/statistics/{graph}). Running-query listing and abort live with the query handlers.
import { DetachedQueries } from '../engine/queries/detached.js';
import { queryService } from '../engine/queries/service.js';
import { endpointStatistics } from '../engine/queries/statistics.js';
import { GraphScope } from '../engine/scope.js';
import type { HandlerMap, Reply } from '../http/context.js';
import { BadRequestError, HttpError, ServerErrorCodes } from '../http/errors.js';
import { withEngineErrors } from './engine-errors.js';

/** Stable codes of the detached-mode answers (the real service's codes are not documented). */
export const DetachedCodes = {
  unknownRequestId: 'GWB-UNKNOWN-REQUESTID',
  stillRunning: 'GWB-QUERY-RUNNING',
} as const;

/** query_result for a detached query that has not finished yet: the spec's message. */
export class ResultNotReadyError extends HttpError {
  constructor(requestid: string) {
    super(
      409,
      DetachedCodes.stillRunning,
      `Unable to retrieve result for query ${requestid}: the query is still running`,
    );
    this.name = 'ResultNotReadyError';
  }
}

/** Stored failures of detached runs, reported with the code a direct run would have had. */
function failureCode(status: string, code: string): string {
  if (status === 'timeout') return ServerErrorCodes.timeout;
  if (status === 'aborted') return ServerErrorCodes.aborted;
  return code;
}

/** The default graph of query_status: the first created graph (spec). */
function defaultGraph(graphs: readonly { name: string }[]): string {
  const first = graphs[0];
  if (!first)
    throw new BadRequestError('queryStatus: query.graph_name: no graph exists on this server');
  return first.name;
}

export const queryRuntimeHandlers: HandlerMap = withEngineErrors({
  showDelayedListAll: async (ctx) => ({ results: queryService(ctx.engine).workload.delayed() }),

  queryStatus: async (ctx) => {
    const graph = ctx.query.graph_name ?? defaultGraph(ctx.engine.catalog.graphs);
    new GraphScope(ctx.engine.graph, graph); // an unknown graph answers 404
    const ids = ctx.query.requestid ?? [];
    if (ids.length === 0) {
      throw new BadRequestError(
        'queryStatus: query.requestid: expected a request id (repeat it or separate ids by commas), or all',
      );
    }
    const detached = queryService(ctx.engine).detached;
    const all = ids.includes('all');
    const entries = all
      ? detached.list(graph)
      : ids.flatMap((id) => {
          const entry = detached.get(id);
          return entry && entry.graph === graph ? [entry] : [];
        });
    const unknown = all ? [] : ids.filter((id) => !entries.some((e) => e.requestid === id));
    const reply: Reply = {
      results: entries.map((e) => DetachedQueries.status(e)),
      ...(unknown.length > 0 ? { fields: { unknown_requestid: unknown } } : {}),
    };
    return reply;
  },

  queryResult: async (ctx) => {
    const id = ctx.query.requestid;
    const entry = queryService(ctx.engine).detached.get(id);
    if (!entry) {
      return {
        status: 404,
        error: true,
        code: DetachedCodes.unknownRequestId,
        message: `Unable to retrieve result for query ${id}: unknown request id (not a detached query, or its result has expired)`,
        fields: { unknown_requestid: [id] },
      };
    }
    if (entry.status === 'running') throw new ResultNotReadyError(id);
    if (entry.status === 'success') return { results: entry.results ?? [] };
    return {
      error: true,
      code: failureCode(entry.status, entry.failure?.code ?? ServerErrorCodes.internal),
      message: entry.failure?.message ?? `query ${id} failed`,
    };
  },

  getStatistics: async (ctx) => {
    const graph = ctx.params.graph_name;
    new GraphScope(ctx.engine.graph, graph);
    const report = endpointStatistics(ctx.engine).report(
      graph,
      ctx.query.seconds,
      ctx.query.segments ?? 10,
    );
    return { whole: report };
  },
});
