// Loading-job management on the GSQL server (spec document 2): list, read, update and drop jobs,
// run them on data sources, and watch, abort, pause and resume the runs by job id.
import { z } from 'zod';
import { defineOp } from './define.js';
import { jsonInt, messageOnly, name, qBool, qList } from './shapes.js';

const graphOnly = z.object({ graph: name });
/** `<graph>.<job>.<source type>.<scope>.<number>` */
const jobId = z.string().min(1);
const jobIdPath = z.object({ jobId: name });
const jobNamePath = z.object({ jobName: name });

const message = { result: messageOnly, unwrap: 'message' } as const;
const execute = { privilege: 'EXECUTE_LOADINGJOB', readOnly: false, ...message } as const;

export const getLoadingJobs = defineOp('getLoadingJobs', {
  area: 'loading',
  summary: 'Names of the loading jobs of a graph.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/loading-jobs',
  query: graphOnly,
  result: z.looseObject({ jobNames: z.array(z.string()), error: z.boolean(), message: z.string() }),
  unwrap: 'whole',
  privilege: 'READ_LOADINGJOB',
  readOnly: true,
  inferred: [
    'answer field `jobNames` beside error and message (server docs; pyTigerGraph getLoadingJobs)',
  ],
});

export const updateLoadingJob = defineOp('updateLoadingJob', {
  area: 'loading',
  summary: 'Replaces an existing loading job with a new CREATE LOADING JOB statement.',
  method: 'PUT',
  service: 'gsql',
  path: '/gsql/v1/loading-jobs',
  query: graphOnly,
  body: z.string().min(1),
  bodyKind: 'text',
  ...message,
  privilege: 'WRITE_LOADINGJOB',
  readOnly: false,
  inferred: [
    'query `graph` and a text body holding the GSQL loading-job statement (server docs "upload a loading job"; pyTigerGraph updateLoadingJob)',
  ],
});

const loadingStatement = z.looseObject({
  Type: z.string(),
  UsingClauses: z.record(z.string(), z.string()).optional(),
  Mappings: z.array(z.unknown()).optional(),
  TargetName: z.string().optional(),
  DataSource: z.unknown().optional(),
});

export const getLoadingJob = defineOp('getLoadingJob', {
  area: 'loading',
  summary: 'A loading job: its GSQL text, or its structure with `json=true`.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/loading-jobs/{jobName}',
  pathParams: jobNamePath,
  query: z.object({ graph: name, json: qBool.optional() }),
  result: z.union([
    z.looseObject({ jobName: z.string(), jobContent: z.string() }),
    z.looseObject({
      JobName: z.string(),
      GraphName: z.string(),
      Filters: z.array(z.unknown()).optional(),
      Headers: z.record(z.string(), z.array(z.string())).optional(),
      FileNames: z.record(z.string(), z.string()).optional(),
      LoadingStatements: z.array(loadingStatement),
    }),
  ]),
  privilege: 'READ_LOADINGJOB',
  readOnly: true,
});

const kafkaConfig = z.looseObject({
  topic: z.string().optional(),
  partition_list: z
    .array(z.object({ start_offset: z.number().int(), partition: z.number().int() }))
    .optional(),
});

const runSpec = z.looseObject({
  name,
  streaming: z.boolean().optional(),
  dataSources: z
    .array(
      z.looseObject({
        filename: z.string().min(1),
        name: z.string().min(1),
        path: z.string().optional(),
        config: kafkaConfig.optional(),
      }),
    )
    .min(1),
  'sys.data_root': z.string().optional(),
  verbose: z.boolean().optional(),
  dryrun: z.boolean().optional(),
  interval: z.number().int().optional(),
  maxNumError: z.number().int().optional(),
  maxPercentError: z.number().optional(),
});

export const runLoadingJobs = defineOp('runLoadingJobs', {
  area: 'loading',
  summary: 'Runs loading jobs of a graph on their data sources; answers with the job ids.',
  method: 'POST',
  service: 'gsql',
  path: '/gsql/v1/loading-jobs/run',
  query: graphOnly,
  body: z.array(runSpec).min(1),
  result: z.looseObject({ jobIds: z.array(z.string()), error: z.boolean(), message: z.string() }),
  unwrap: 'whole',
  privilege: 'EXECUTE_LOADINGJOB',
  readOnly: false,
});

export const dropLoadingJob = defineOp('dropLoadingJob', {
  area: 'loading',
  summary: 'Drops a loading job.',
  method: 'DELETE',
  service: 'gsql',
  path: '/gsql/v1/loading-jobs/{jobName}',
  pathParams: jobNamePath,
  query: graphOnly,
  ...message,
  privilege: 'WRITE_LOADINGJOB',
  readOnly: false,
  inferred: ['query `graph` (server docs "drop a loading job")'],
});

export const abortLoadingJobs = defineOp('abortLoadingJobs', {
  area: 'loading',
  summary: 'Aborts running loading jobs by id, or pauses them with `isPause`.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/loading-jobs/abort',
  query: z.object({ graph: name, jobIds: qList(jobId), isPause: qBool.optional() }),
  ...execute,
});

export const abortLoadingJob = defineOp('abortLoadingJob', {
  area: 'loading',
  summary: 'Aborts one running loading job.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/loading-jobs/abort/{jobId}',
  pathParams: jobIdPath,
  query: graphOnly,
  ...execute,
});

export const resumeLoadingJob = defineOp('resumeLoadingJob', {
  area: 'loading',
  summary: 'Resumes a paused loading job.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/loading-jobs/resume/{jobId}',
  pathParams: jobIdPath,
  ...execute,
});

const objectLevel = z.looseObject({
  typeName: z.string(),
  validObject: jsonInt,
  noIdFound: jsonInt.optional(),
  invalidAttribute: jsonInt.optional(),
});

const jobStatus = z.looseObject({
  overall: z.looseObject({
    id: z.string(),
    averageSpeed: z.number().optional(),
    currentSpeed: z.number().optional(),
    duration: jsonInt.optional(),
    startTime: jsonInt.optional(),
    endTime: jsonInt.optional(),
    progress: z.number().optional(),
    size: jsonInt.optional(),
    statistics: z
      .looseObject({
        fileLevel: z.looseObject({ validLine: jsonInt.optional() }).optional(),
        objectLevel: z.looseObject({ vertex: z.array(objectLevel).optional() }).optional(),
      })
      .optional(),
  }),
  workers: z.array(z.looseObject({ tasks: z.array(z.looseObject({ filename: z.string() })) })),
});

export const getLoadingJobsStatus = defineOp('getLoadingJobsStatus', {
  area: 'loading',
  summary: 'Status of several loading-job runs.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/loading-jobs/status',
  query: z.object({ jobIds: qList(jobId), graph: name.optional() }),
  result: z.array(jobStatus),
  privilege: 'EXECUTE_LOADINGJOB',
  readOnly: true,
  inferred: [
    'query parameter `jobIds` (server docs "get loading job status"; pyTigerGraph sends `jobId` repeated with `graph`)',
  ],
});

export const getLoadingJobStatus = defineOp('getLoadingJobStatus', {
  area: 'loading',
  summary: 'Status of one loading-job run.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/loading-jobs/status/{jobId}',
  pathParams: jobIdPath,
  query: z.object({ graph: name.optional() }),
  result: z.array(jobStatus),
  privilege: 'EXECUTE_LOADINGJOB',
  readOnly: true,
  inferred: ['query `graph` (pyTigerGraph getLoadingJobStatus)'],
});
