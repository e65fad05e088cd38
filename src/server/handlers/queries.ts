// Query endpoints: interpreted queries, installation and its status, installed queries by GET
// (query-string parameters, `name.type` for untyped vertices) and POST (JSON body), query
// metadata, and the running-query list with abort.
import { findQuery } from '../engine/catalog/jobs.js';
import type { Engine } from '../engine/engine.js';
import { EngineError } from '../engine/errors.js';
import { installQueries, installStatus } from '../engine/queries/install.js';
import { queryMetadata } from '../engine/queries/metadata.js';
import {
  installedQueryUrl,
  interpretUrl,
  parseQueryText,
  queryService,
} from '../engine/queries/service.js';
import { GraphScope } from '../engine/scope.js';
import { stringifyResult } from '../engine/query/index.js';
import type { HandlerMap, Reply, RequestContext } from '../http/context.js';
import { withEngineErrors } from './engine-errors.js';

/** Query-string arguments: `v.type` turns `v` (or each of its values) into `{id, type}`. */
export function queryStringArgs(raw: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) if (!key.endsWith('.type')) args[key] = value;
  for (const [key, value] of Object.entries(raw)) {
    if (!key.endsWith('.type')) continue;
    const name = key.slice(0, -'.type'.length);
    const type: unknown = Array.isArray(value) ? (value as unknown[])[0] : value;
    const ids: unknown = args[name];
    args[name] = Array.isArray(ids)
      ? (ids as unknown[]).map((id) => ({ id, type }))
      : { id: ids, type };
  }
  return args;
}

/** What a run needs from the request: its id, deadline, disconnect signal and file folders. */
type RunSource = Pick<RequestContext, 'requestId' | 'timeoutMs' | 'signal' | 'server' | 'headers'>;

/** Query results, or the spec's REST-4000 answer when they exceed the RESPONSE-LIMIT header. */
function limited(ctx: RunSource, results: unknown[]): Reply {
  const header = ctx.headers['response-limit'];
  const limit = Number(Array.isArray(header) ? header[0] : header);
  if (header === undefined || !Number.isFinite(limit) || limit <= 0) return { results };
  const size = Buffer.byteLength(stringifyResult(results));
  if (size <= limit) return { results };
  return {
    results: [],
    error: true,
    code: 'REST-4000',
    message: `The size of the response (${size} bytes) exceeds the limit (${limit} bytes) set by RESPONSE-LIMIT.`,
  };
}

function runRequest(ctx: RunSource, graph: string, args: Record<string, unknown>, url: string) {
  return {
    graph,
    args,
    requestId: ctx.requestId,
    url,
    timeoutMs: ctx.timeoutMs,
    signal: ctx.signal,
    allowedFileDirs: ctx.server.allowFiles,
  };
}

async function runInstalled(
  ctx: RunSource,
  engine: Engine,
  graph: string,
  name: string,
  args: Record<string, unknown>,
) {
  new GraphScope(engine.graph, graph); // an unknown graph answers 404
  const service = queryService(engine);
  const compiled = service.requireInstalled(graph, name);
  const output = await service.run(
    compiled,
    runRequest(ctx, graph, args, installedQueryUrl(graph, name)),
  );
  return limited(ctx, output.results);
}

export const queryHandlers: HandlerMap = withEngineErrors({
  interpretQuery: async (ctx) => {
    const ast = parseQueryText(ctx.body);
    const graph = ast.graph ?? '';
    if (!ctx.engine.catalog.graphs.some((g) => g.name === graph)) {
      throw new EngineError(
        'ENGINE-UNKNOWN-GRAPH',
        `graph "${graph}" does not exist (give FOR GRAPH in the query)`,
      );
    }
    const service = queryService(ctx.engine);
    const compiled = service.interpretedQuery(graph, ctx.body);
    const output = await service.run(
      compiled,
      runRequest(ctx, graph, queryStringArgs(ctx.query), interpretUrl),
    );
    return limited(ctx, output.results);
  },

  runInstalledQuery: (ctx) =>
    runInstalled(
      ctx,
      ctx.engine,
      ctx.params.graph_name,
      ctx.params.query_name,
      queryStringArgs(ctx.query),
    ),

  runInstalledQueryPost: (ctx) =>
    runInstalled(ctx, ctx.engine, ctx.params.graph_name, ctx.params.query_name, { ...ctx.body }),

  installQueries: async (ctx) => {
    const status = await installQueries(ctx.engine, ctx.query.graph, ctx.query.queries);
    return {
      whole: {
        error: false,
        message: `Installation request ${status.requestId} finished: ${status.queries.map((q) => `${q.name} ${q.state}`).join(', ')}.`,
        location: `/gsql/queries/install/${status.requestId}`,
        requestId: status.requestId,
      },
    };
  },

  installStatus: async (ctx) => {
    const status = installStatus(ctx.engine, ctx.params.request_id);
    if (!status)
      throw new EngineError(
        'ENGINE-NOT-FOUND',
        `installation request ${ctx.params.request_id} is unknown`,
      );
    return {
      whole: {
        error: false,
        message: '',
        state: status.state,
        graph: status.graph,
        queries: status.queries.map(({ name, state }) => ({ name, state })),
      },
    };
  },

  getQueryMetadata: async (ctx) => {
    const def = findQuery(ctx.engine.catalog, ctx.query.graph, ctx.query.query);
    if (!def)
      throw new EngineError(
        'ENGINE-NOT-FOUND',
        `query ${ctx.query.query} does not exist in graph ${ctx.query.graph}`,
      );
    const ast = parseQueryText(def.text);
    if (ast.kind !== 'CreateQuery')
      throw new EngineError('ENGINE-BAD-REQUEST', `query ${def.name} cannot be read`);
    return { whole: { ...queryMetadata(ast), error: false, message: '' } };
  },

  showProcessList: async (ctx) => {
    new GraphScope(ctx.engine.graph, ctx.params.graph_name);
    return { results: queryService(ctx.engine).running.list(ctx.params.graph_name) };
  },

  showProcessListAll: async (ctx) => ({ results: queryService(ctx.engine).running.list() }),

  abortQuery: async (ctx) => {
    new GraphScope(ctx.engine.graph, ctx.params.graph_name);
    const aborted = queryService(ctx.engine).running.abort(
      ctx.params.graph_name,
      ctx.query.requestid ?? [],
      ctx.query.url,
    );
    return { results: [{ aborted_queries: aborted }] };
  },
});
