// Query endpoints: interpreted queries, installation and its status, installed queries by GET
// (query-string parameters, `name.type` for untyped vertices) and POST (JSON body), in detached
// mode with GSQL-ASYNC: true, query metadata, and the running-query list with abort.
import { rolesOn } from '../auth/access-state.js';
import { findQuery } from '../engine/catalog/jobs.js';
import type { Engine } from '../engine/engine.js';
import { EngineError } from '../engine/errors.js';
import { installStatus, startInstall } from '../engine/queries/install.js';
import { queryMetadata } from '../engine/queries/metadata.js';
import { runDetachedQuery, runQuery, storedQueryAst } from '../engine/queries/snapshot.js';
import {
  installedQueryUrl,
  interpretUrl,
  parseQueryText,
  queryService,
} from '../engine/queries/service.js';
import type { QueryOutput } from '../engine/query/index.js';
import type { RunClient } from '../engine/queries/service.js';
import { GraphScope } from '../engine/scope.js';
import type { HandlerMap, Reply, RequestContext } from '../http/context.js';
import { withEngineErrors } from './engine-errors.js';
import { resultsWithinLimit } from './response-limit.js';

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
type RunSource = Pick<
  RequestContext,
  'requestId' | 'timeoutMs' | 'signal' | 'clientGone' | 'server' | 'headers' | 'user' | 'access'
>;

/**
 * Query results (with the run's warnings as the message, as the real service reports them), or
 * the spec's REST-4000 answer when they exceed the response limit.
 */
function limited(ctx: RunSource, output: QueryOutput): Reply {
  const warned = output.warnings ? { message: output.warnings.join('\n') } : {};
  const checked = resultsWithinLimit(ctx.headers, output.results);
  if ('refused' in checked) return checked.refused;
  return { results: output.results, resultsJson: checked.json, ...warned };
}

/** The real service's answer to a detached-mode submission; the id is in `request_id`. */
export const detachedMessage =
  'The query is successfully submitted. Please check query status using the request id.';

/** GSQL-ASYNC: true asks for detached mode. */
function isDetached(ctx: RunSource): boolean {
  const header = ctx.headers['gsql-async'];
  const value = Array.isArray(header) ? header[0] : header;
  return value?.trim().toLowerCase() === 'true';
}

/** The request's client as a run sees it (RunClient): polled, its signal made only if needed. */
export function runClient(ctx: Pick<RequestContext, 'signal' | 'clientGone'>): RunClient {
  return { gone: () => ctx.clientGone(), signal: () => ctx.signal };
}

function runRequest(ctx: RunSource, graph: string, args: Record<string, unknown>, url: string) {
  return {
    graph,
    args,
    requestId: ctx.requestId,
    url,
    timeoutMs: ctx.timeoutMs,
    client: runClient(ctx),
    allowedFileDirs: ctx.server.allowFiles,
    // Context functions (current_roles) answer only with REST++ authentication on.
    ...(ctx.access.restppAuth && ctx.user
      ? { roles: rolesOn(ctx.access.store.state, ctx.user.name, graph) }
      : {}),
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
  if (isDetached(ctx)) {
    const { client: _ignored, ...request } = runRequest(
      ctx,
      graph,
      args,
      installedQueryUrl(graph, name),
    );
    // The client does not wait: its disconnect must not abort the run, so no client is passed.
    const entry = runDetachedQuery(engine, compiled, storedQueryAst(engine, graph, name), request);
    return {
      message: detachedMessage,
      fields: { request_id: entry.requestid },
    };
  }
  const output = await runQuery(
    engine,
    compiled,
    storedQueryAst(engine, graph, name),
    runRequest(ctx, graph, args, installedQueryUrl(graph, name)),
  );
  return limited(ctx, output);
}

/** The answer to an installation request: accepted as NEW, with its status location. */
async function installAnswer(
  engine: Engine,
  graph: string,
  queries: readonly string[],
): Promise<Reply> {
  const status = startInstall(engine, graph, queries);
  return {
    whole: {
      error: false,
      message: `Installation request ${status.requestId} accepted (state ${status.state}); its status is at the location.`,
      location: `/gsql/queries/install/${status.requestId}`,
      requestId: status.requestId,
      state: status.state,
      results: { requestId: status.requestId, state: status.state },
    },
  };
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
    const output = await runQuery(
      ctx.engine,
      compiled,
      () => ast,
      runRequest(ctx, graph, queryStringArgs(ctx.query), interpretUrl),
    );
    return limited(ctx, output);
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

  installQueries: (ctx) => installAnswer(ctx.engine, ctx.query.graph, ctx.query.queries),

  installQueriesGsqlserver: (ctx) => installAnswer(ctx.engine, ctx.query.graph, ctx.query.queries),

  installStatus: async (ctx) => {
    const status = installStatus(ctx.engine, ctx.params.request_id);
    if (!status)
      throw new EngineError(
        'ENGINE-NOT-FOUND',
        `installStatus: installation request ${ctx.params.request_id} is unknown`,
      );
    return {
      whole: {
        error: false,
        message: status.message,
        state: status.state,
        graph: status.graph,
        requestId: status.requestId,
        queries: status.queries.map(({ name, state, error }) => ({
          name,
          state,
          ...(error !== undefined ? { message: error } : {}),
        })),
        results: {},
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
