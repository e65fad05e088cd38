// System utilities and monitoring (spec document 1): echo, ping, endpoint listing, versions,
// metrics, service status, query statistics, rebuild and consistency checks.
import { z } from 'zod';
import { defineOp } from './define.js';
import {
  anyJson,
  endpointListing,
  jsonInt,
  name,
  qBool,
  qCsv,
  qInt,
  serviceDescriptor,
} from './shapes.js';

const graphPath = z.object({ graph_name: name });

export const echo = defineOp('echo', {
  area: 'system',
  summary: 'Diagnostic: answers "Hello GSQL" when the REST++ server is up.',
  method: 'GET',
  service: 'restpp',
  path: '/restpp/echo',
  query: z.object({ sleep: qInt.optional() }),
  result: z.string(),
  unwrap: 'message',
  readOnly: true,
  inferred: ['query.sleep'],
});

export const echoPost = defineOp('echoPost', { ...echo, method: 'POST' });

export const ping = defineOp('ping', {
  area: 'system',
  summary: 'Health check on the GSQL port, no authentication; answers "pong".',
  method: 'GET',
  service: 'public',
  path: '/api/ping',
  legacyPath: '/api/ping',
  result: z.string(),
  unwrap: 'message',
  readOnly: true,
});

export const listEndpoints = defineOp('listEndpoints', {
  area: 'system',
  summary: 'Lists built-in, dynamic (installed query) and static endpoints with their parameters.',
  method: 'GET',
  service: 'restpp',
  path: '/restpp/endpoints/{graph_name}',
  pathParams: graphPath,
  query: z.object({
    builtin: qBool.optional(),
    dynamic: qBool.optional(),
    static: qBool.optional(),
  }),
  result: endpointListing,
  unwrap: 'whole',
  readOnly: true,
  inferred: ['result: the listing is the whole body, keyed by "<METHOD> <path>"'],
});

export const getVersion = defineOp('getVersion', {
  area: 'system',
  summary: 'Component versions as the text the real service prints.',
  method: 'GET',
  service: 'restpp',
  path: '/restpp/version',
  result: z.string(),
  unwrap: 'message',
  readOnly: true,
});

export const getDataPoints = defineOp('getDataPoints', {
  area: 'system',
  summary: 'Deprecated TS3 metrics reader.',
  method: 'GET',
  service: 'informant',
  path: '/ts3/api/datapoints',
  legacyPath: '/ts3/api/datapoints',
  query: z.object({
    from: qInt.optional(),
    to: qInt.optional(),
    when: qInt.optional(),
    latest: qInt.optional(),
    what: z.string().optional(),
    who: z.string().optional(),
    where: z.string().optional(),
  }),
  result: z.array(
    z.looseObject({
      detail: z.number(),
      when: jsonInt,
      where: z.string(),
      who: z.string(),
      what: z.string(),
    }),
  ),
  unwrap: 'whole',
  readOnly: true,
});

export const getMetrics = defineOp('getMetrics', {
  area: 'system',
  summary: 'System metrics in OpenMetrics text (graphdb_* gauges).',
  method: 'GET',
  service: 'informant',
  path: '/informant/metrics',
  legacyPath: '/informant/metrics',
  result: z.string(),
  unwrap: 'text',
  readOnly: true,
});

export const postMetrics = defineOp('postMetrics', { ...getMetrics, method: 'POST' });

const timeRange = z.object({ StartTimestampNS: z.string(), EndTimestampNS: z.string() });

export const getMetricsByCategory = defineOp('getMetricsByCategory', {
  area: 'system',
  summary: 'JSON metrics by category: cpu-memory, diskspace, network or qps.',
  method: 'POST',
  service: 'informant',
  path: '/informant/metrics/get/{metrics_category}',
  legacyPath: '/informant/metrics/get/{metrics_category}',
  pathParams: z.object({ metrics_category: z.enum(['cpu-memory', 'diskspace', 'network', 'qps']) }),
  body: z
    .object({
      ServiceDescriptors: z.array(serviceDescriptor).optional(),
      ServiceDescriptor: serviceDescriptor.optional(),
      TimeRange: timeRange.optional(),
      HostID: z.string().optional(),
      CPUUsage: z.number().optional(),
      MemoryUsage: z.number().int().optional(),
      PathName: z.enum(['log', 'kafka', 'gstore', 'home']).optional(),
      // The real service's own example sends it as a string ("2").
      LatestNum: qInt.optional(),
      Endpoint: z.string().optional(),
    })
    .optional(),
  result: anyJson,
  unwrap: 'whole',
  readOnly: true,
  inferred: ['result shape'],
});

export const getServiceStatus = defineOp('getServiceStatus', {
  area: 'system',
  summary: 'Current status of the named services.',
  method: 'POST',
  service: 'informant',
  path: '/informant/current-service-status',
  legacyPath: '/informant/current-service-status',
  body: z.object({
    ServiceDescriptors: z.array(serviceDescriptor),
  }),
  result: z.looseObject({
    ServiceStatusEvents: z.array(
      z.looseObject({
        ServiceDescriptor: serviceDescriptor,
        ServiceStatus: z.string(),
        ProcessState: z.string(),
      }),
    ),
  }),
  unwrap: 'whole',
  readOnly: true,
});

export const getStatistics = defineOp('getStatistics', {
  privilege: 'READ_DATA',
  area: 'system',
  summary: 'Query performance per endpoint over the last `seconds` seconds.',
  method: 'GET',
  service: 'restpp',
  path: '/restpp/statistics/{graph_name}',
  pathParams: graphPath,
  query: z.object({
    seconds: qInt.pipe(z.number().int().min(1).max(60)),
    segments: qInt.pipe(z.number().int().min(1).max(100)).optional(),
  }),
  result: z.record(
    z.string(),
    z.looseObject({
      CompletedRequests: jsonInt,
      QPS: z.number(),
      TimeoutRequests: jsonInt,
      AverageLatency: z.number(),
      MaxLatency: z.number(),
      MinLatency: z.number(),
      LatencyPercentile: z.array(z.number()),
    }),
  ),
  unwrap: 'whole',
  readOnly: true,
  inferred: ['result: the statistics object is the whole body'],
});

const rebuildQuery = z.object({
  threadnum: qInt.optional(),
  vertextype: z.string().optional(),
  segid: qCsv.optional(),
  path: z.string().optional(),
  force: qBool.optional(),
});

export const rebuildNow = defineOp('rebuildNow', {
  area: 'system',
  summary: 'Folds pending writes into the compact graph now and writes the summary file.',
  method: 'GET',
  service: 'restpp',
  path: '/restpp/rebuildnow/{graph_name}',
  pathParams: graphPath,
  query: rebuildQuery,
  result: anyJson,
  privilege: 'READ_DATA',
  readOnly: false,
  inferred: ['query parameter names: threadnum, vertextype, segid, path, force'],
});

export const rebuildNowPost = defineOp('rebuildNowPost', { ...rebuildNow, method: 'POST' });

export const deletedVertexCheck = defineOp('deletedVertexCheck', {
  area: 'system',
  summary: 'Checks deleted-vertex consistency between engine components.',
  method: 'GET',
  service: 'restpp',
  path: '/restpp/deleted_vertex_check',
  query: z.object({
    threadnum: qInt.optional(),
    verbose: qInt.optional(),
    vertextype: qCsv.optional(),
    segid: qCsv.optional(),
    log: qInt.optional(),
  }),
  result: z.array(
    z.looseObject({ GPE: z.string(), PassCheck: z.boolean(), UnSyncList: z.array(z.unknown()) }),
  ),
  privilege: 'READ_DATA',
  readOnly: true,
  inferred: ['query parameter names: segid, log'],
});

export const dataConsistencyCheck = defineOp('dataConsistencyCheck', {
  area: 'system',
  summary: 'Checks replica and engine consistency.',
  method: 'GET',
  service: 'restpp',
  path: '/restpp/data_consistency_check',
  query: z.object({ threadnum: qInt.optional() }),
  result: z.looseObject({ GPESelfCheck: z.array(z.unknown()), GPEGSECheck: z.array(z.unknown()) }),
  privilege: 'DELETE_DATA',
  readOnly: true,
  since: '3.6.3',
  inferred: ['query parameter name threadnum, default 6'],
});
