// Template (library) query endpoints: the definition and parameter table of a template
// (`GET /gsql/v1/library/{functionName}`, by exact name or, with isRegularExpression, by pattern)
// and a run on a graph (`POST /gsql/v1/library/{libraryName}?graph=`), answering the query's
// output envelope with the `generatedQueryName`; with GSQL-ASYNC: true the run is detached, as for
// installed queries (the request id answers at once; /query_status and /query_result follow it). 3.x forms: /gsql/library?functionName= and
// /gsqlserver/gsql/library?functionName= (pyTigerGraph, whose bodies flatten a vertex parameter
// as `v` and `v.type`).
import { catalogue } from '../../core/ops/index.js';
import {
  requireTemplate,
  searchTemplates,
  templateRunner,
  type Template,
} from '../engine/library/index.js';
import { GraphScope } from '../engine/scope.js';
import type { HandlerMap, Reply, RequestContext } from '../http/context.js';
import { withEngineErrors } from './engine-errors.js';
import { resultsWithinLimit } from './response-limit.js';
import { detachedMessage, queryStringArgs, runClient } from './queries.js';

function templateInfo(t: Template) {
  const params: Record<string, Record<string, unknown>> = {};
  for (const { name, ...rest } of t.params) params[name] = rest;
  return { query: t.text, name: t.name, params };
}

function truthy(flag: boolean | string | undefined): boolean {
  return flag === true || (typeof flag === 'string' && /^(true|1|)$/i.test(flag));
}

interface InfoContext {
  params: { functionName: string };
  query: { isRegularExpression?: boolean | string | undefined };
}

async function info(ctx: InfoContext): Promise<Reply> {
  const { functionName } = ctx.params;
  const found = truthy(ctx.query.isRegularExpression)
    ? searchTemplates(functionName)
    : [requireTemplate(functionName)];
  return { results: found.map(templateInfo) };
}

type RunContext = Pick<
  RequestContext,
  'engine' | 'requestId' | 'timeoutMs' | 'signal' | 'clientGone' | 'server' | 'headers'
> & {
  params: { libraryName: string };
  query: { graph: string };
  body: Readonly<Record<string, unknown>>;
};

/** GSQL-ASYNC: true asks for detached mode. */
function isDetached(ctx: Pick<RequestContext, 'headers'>): boolean {
  const header = ctx.headers['gsql-async'];
  const value = Array.isArray(header) ? header[0] : header;
  return value?.trim().toLowerCase() === 'true';
}

async function run(ctx: RunContext): Promise<Reply> {
  const graph = ctx.query.graph;
  new GraphScope(ctx.engine.graph, graph); // an unknown graph answers 404
  const name = ctx.params.libraryName;
  const request = {
    graph,
    requestId: ctx.requestId,
    url: catalogue.runTemplateQuery.path.replace('{libraryName}', name),
    timeoutMs: ctx.timeoutMs,
    allowedFileDirs: ctx.server.allowFiles,
  };
  const runner = templateRunner(ctx.engine);
  if (isDetached(ctx)) {
    // The client does not wait: its disconnect must not abort the run, so no signal is passed.
    const { entry, generatedQueryName } = runner.runDetached(
      name,
      queryStringArgs(ctx.body),
      request,
    );
    return {
      message: detachedMessage,
      fields: { request_id: entry.requestid, generatedQueryName },
    };
  }
  const answer = await runner.run(name, queryStringArgs(ctx.body), {
    ...request,
    client: runClient(ctx),
  });
  // The spec's REST-4000 answer when the output exceeds the response limit, as for queries.
  const checked = resultsWithinLimit(ctx.headers, answer.output.results);
  if ('refused' in checked) return checked.refused;
  return {
    results: {
      error: false,
      message: '',
      results: answer.output.results,
      generatedQueryName: answer.generatedQueryName,
    },
  };
}

export const libraryHandlers: HandlerMap = withEngineErrors({
  getTemplateInfo: info,
  getTemplateInfoGsqlserver: info,
  runTemplateQuery: run,
  runTemplateQueryGsqlserver: run,
});
