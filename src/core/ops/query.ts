// Queries (spec document 1): install and its status, metadata, running installed queries (GET
// with query-string parameters, POST with a JSON body), interpreted queries, the running and
// delayed lists, abort, detached-mode status and result, and template (library) queries.
import { z } from 'zod';
import { defineOp } from './define.js';
import {
  anyJson,
  delayedQuery,
  name,
  qCsv,
  qList,
  queryStatusEntry,
  runningQuery,
} from './shapes.js';

const graphPath = z.object({ graph_name: name });
/** Query arguments: any names, values already in the spec's query-string or JSON forms. */
export const queryArgs = z.record(z.string(), z.unknown());
const queryHeaders = [
  'GSQL-TIMEOUT',
  'RESPONSE-LIMIT',
  'GSQL-REPLICA',
  'GSQL-THREAD-LIMIT',
  'GSQL-QueryLocalMemLimitMB',
  'GSQL-ASYNC',
] as const;

const installState = z.enum(['NEW', 'RUNNING', 'SUCCESS', 'FAILURE']);

const installAnswer = z.looseObject({
  location: z.string().optional(),
  requestId: z.string().optional(),
  state: installState.optional(),
  message: z.string(),
  error: z.boolean(),
});

export const installQueries = defineOp('installQueries', {
  area: 'query',
  summary: 'Starts installing queries (names, or `*`/`all`); answers with the status location.',
  method: 'POST',
  service: 'gsql',
  path: '/gsql/v1/queries/install',
  legacyPath: '/gsql/queries/install',
  query: z.object({ graph: name, queries: qList(z.string().min(1)) }),
  result: installAnswer,
  unwrap: 'whole',
  privilege: 'INSTALL_QUERY',
  readOnly: false,
});

export const installQueriesGsqlserver = defineOp('installQueriesGsqlserver', {
  ...installQueries,
  summary: 'Starts installing queries: the second 3.x form of installQueries (an alias).',
  path: '/gsqlserver/gsql/queries/install',
  legacyPath: '/gsqlserver/gsql/queries/install',
  legacyOnly: true,
});

export const installStatus = defineOp('installStatus', {
  privilege: 'INSTALL_QUERY',
  area: 'query',
  summary: 'State of an installation request (NEW, RUNNING, SUCCESS, FAILURE) and of each query.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/queries/install/{request_id}',
  legacyPath: '/gsql/queries/install/{request_id}',
  pathParams: z.object({ request_id: z.string().min(1) }),
  result: z.looseObject({
    state: installState,
    graph: z.string().optional(),
    queries: z
      .array(z.looseObject({ name: z.string(), state: z.string(), message: z.string().optional() }))
      .optional(),
    message: z.string(),
    error: z.boolean(),
  }),
  unwrap: 'whole',
  readOnly: true,
  inferred: [
    'a query that failed to install has state FAILED, with its compile error in `message`',
  ],
});

export const getQueryMetadata = defineOp('getQueryMetadata', {
  privilege: 'READ_QUERY',
  area: 'query',
  summary: "A query's parameters (`input`, in order) and the shape of its PRINT output.",
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/queries/info',
  legacyPath: '/gsqlserver/gsql/queryinfo',
  query: z.object({ graph: name, query: name }),
  result: z.looseObject({
    queryname: z.string(),
    input: z.array(z.record(z.string(), z.string())),
    output: z.array(z.record(z.string(), z.unknown())),
    error: z.boolean(),
    message: z.string(),
  }),
  unwrap: 'whole',
  readOnly: true,
  inferred: ['current path /gsql/v1/queries/info'],
});

const runResult = z.array(z.record(z.string(), z.unknown()));

export const runInstalledQuery = defineOp('runInstalledQuery', {
  area: 'query',
  summary: 'Runs an installed query with parameters in the query string.',
  method: 'GET',
  service: 'restpp',
  path: '/restpp/query/{graph_name}/{query_name}',
  pathParams: graphPath.extend({ query_name: name }),
  query: queryArgs,
  result: runResult,
  privilege: 'EXECUTE_QUERY',
  readOnly: true,
  headers: queryHeaders,
  inferred: ['readOnly: whether the query writes is known only from its text'],
});

export const runInstalledQueryPost = defineOp('runInstalledQueryPost', {
  ...runInstalledQuery,
  summary: 'Runs an installed query with parameters as a JSON body.',
  method: 'POST',
  query: z.object({}),
  body: queryArgs,
});

export const interpretQuery = defineOp('interpretQuery', {
  privilege: 'READ_DATA',
  area: 'query',
  summary: 'Runs the GSQL text of an anonymous query; parameters in the query string.',
  method: 'POST',
  service: 'gsql',
  path: '/gsql/v1/queries/interpret',
  legacyPath: '/gsqlserver/interpreted_query',
  query: queryArgs,
  body: z.string().min(1),
  bodyKind: 'text',
  result: runResult,
  readOnly: false,
  headers: queryHeaders,
});

export const showProcessList = defineOp('showProcessList', {
  area: 'query',
  summary: 'Running queries of a graph on the receiving node.',
  method: 'GET',
  service: 'restpp',
  path: '/restpp/showprocesslist/{graph_name}',
  pathParams: graphPath,
  result: z.array(runningQuery),
  privilege: 'READ_DATA',
  readOnly: true,
});

export const showProcessListAll = defineOp('showProcessListAll', {
  area: 'query',
  summary: 'Running queries of all graphs on the receiving node.',
  method: 'GET',
  service: 'restpp',
  path: '/restpp/showprocesslistall',
  result: z.array(runningQuery),
  privilege: 'READ_DATA',
  readOnly: true,
});

export const showDelayedListAll = defineOp('showDelayedListAll', {
  privilege: 'READ_DATA',
  area: 'query',
  summary: 'Queries waiting in the delay queue beyond the concurrency limit.',
  method: 'GET',
  service: 'restpp',
  path: '/restpp/showdelayedlistall',
  result: z.array(delayedQuery),
  readOnly: true,
});

export const abortQuery = defineOp('abortQuery', {
  area: 'query',
  summary: 'Aborts running queries by request id (`all` for every one) or by URL pattern.',
  method: 'GET',
  service: 'restpp',
  path: '/restpp/abortquery/{graph_name}',
  pathParams: graphPath,
  query: z.object({ requestid: qList(z.string().min(1)).optional(), url: z.string().optional() }),
  result: z.array(
    z.looseObject({
      aborted_queries: z.array(z.looseObject({ requestid: z.string(), url: z.string() })),
    }),
  ),
  privilege: 'DELETE_DATA',
  readOnly: false,
  inferred: ['requestid=all aborts every query; `url` names the endpoint pattern'],
});

export const queryStatus = defineOp('queryStatus', {
  area: 'query',
  summary: 'Status of detached-mode queries (`requestid=all` for every one).',
  method: 'GET',
  service: 'restpp',
  path: '/restpp/query_status',
  query: z.object({ requestid: qCsv.optional(), graph_name: name.optional() }),
  result: z.looseObject({
    results: z.array(queryStatusEntry),
    unknown_requestid: z.array(z.string()).optional(),
    message: z.string(),
    error: z.boolean(),
  }),
  unwrap: 'whole',
  readOnly: true,
  inferred: ['requestid=all', 'unknown ids in a top-level `unknown_requestid` field'],
});

export const queryResult = defineOp('queryResult', {
  area: 'query',
  summary: 'Result of a finished detached-mode query.',
  method: 'GET',
  service: 'restpp',
  path: '/restpp/query_result',
  query: z.object({ requestid: z.string().min(1) }),
  result: runResult,
  readOnly: true,
});

export const getTemplateInfo = defineOp('getTemplateInfo', {
  privilege: 'READ_QUERY',
  area: 'query',
  summary: 'Definition and parameters of a template (library) query.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/library/{functionName}',
  legacyPath: '/gsql/library?functionName={functionName}',
  pathParams: z.object({ functionName: z.string().min(1) }),
  query: z.object({ isRegularExpression: z.union([z.boolean(), z.string()]).optional() }),
  result: z.array(
    z.looseObject({
      query: z.string(),
      name: z.string(),
      params: z.record(z.string(), z.record(z.string(), z.unknown())),
    }),
  ),
  readOnly: true,
  inferred: ['query parameter isRegularExpression'],
});

export const runTemplateQuery = defineOp('runTemplateQuery', {
  privilege: 'EXECUTE_QUERY',
  area: 'query',
  summary: 'Runs a template (library) query on a graph with a JSON body of its parameters.',
  method: 'POST',
  service: 'gsql',
  path: '/gsql/v1/library/{libraryName}',
  legacyPath: '/gsql/library?functionName={libraryName}',
  pathParams: z.object({ libraryName: z.string().min(1) }),
  query: z.object({ graph: name }),
  body: queryArgs,
  result: z.looseObject({ generatedQueryName: z.string().optional() }).and(anyJson),
  readOnly: false,
  headers: queryHeaders,
});

// pyTigerGraph's featurizer (runAlgorithm on 3.9+) reaches template queries at the GSQL server's
// /gsqlserver/gsql/library, with the parameters as a JSON body (vertex parameters flattened as
// `v_start` and `v_start.type`): the second 3.x form of the two operations above (aliases).
export const getTemplateInfoGsqlserver = defineOp('getTemplateInfoGsqlserver', {
  privilege: 'READ_QUERY',
  ...getTemplateInfo,
  summary: 'Definition of a template query: the /gsqlserver 3.x form of getTemplateInfo.',
  path: '/gsqlserver/gsql/library?functionName={functionName}',
  legacyPath: '/gsqlserver/gsql/library?functionName={functionName}',
  legacyOnly: true,
});

export const runTemplateQueryGsqlserver = defineOp('runTemplateQueryGsqlserver', {
  privilege: 'EXECUTE_QUERY',
  ...runTemplateQuery,
  summary: 'Runs a template query: the /gsqlserver 3.x form of runTemplateQuery (pyTigerGraph).',
  path: '/gsqlserver/gsql/library?functionName={libraryName}',
  legacyPath: '/gsqlserver/gsql/library?functionName={libraryName}',
  legacyOnly: true,
  inferred: ['path and body form from pyTigerGraph featurizer.runAlgorithm (template queries)'],
});
