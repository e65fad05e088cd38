// Schema-change jobs on the GSQL server (spec document 2): create them from GSQL or JSON, read,
// run and drop them, or apply a change at once without a job (POST /gsql/v1/schema/change).
import { z } from 'zod';
import { defineOp } from './define.js';
import { edgeSchema, messageOnly, name, qBool, qCsv, vertexSchema } from './shapes.js';

const jobPath = z.object({ jobName: name });
const typeNames = z.array(z.string().min(1));

const newAttribute = z.looseObject({
  AttributeName: z.string().min(1),
  AttributeType: z.looseObject({ Name: z.string().min(1) }),
  DefaultValue: z.unknown().optional(),
});
const indexAttribute = z.object({ indexName: name, attributeName: z.string().min(1) });

/** The local change: types to add (schema objects), to drop (names) and to alter. */
const changeFields = {
  addVertexTypes: z.array(vertexSchema).optional(),
  dropVertexTypes: typeNames.optional(),
  alterVertexTypes: z
    .array(
      z.looseObject({
        name,
        addAttributes: z.array(newAttribute).optional(),
        dropAttributes: typeNames.optional(),
        addIndexAttributes: z.array(indexAttribute).optional(),
        dropIndexAttributes: z.array(z.unknown()).optional(),
      }),
    )
    .optional(),
  addEdgeTypes: z.array(edgeSchema.extend({ IsLocal: z.boolean().optional() })).optional(),
  dropEdgeTypes: typeNames.optional(),
  alterEdgeTypes: z
    .array(
      z.looseObject({
        name,
        addAttributes: z.array(newAttribute).optional(),
        dropAttributes: typeNames.optional(),
      }),
    )
    .optional(),
};
const schemaChange = z.looseObject(changeFields);

/** One graph's part of a global change: global types joining (add) or leaving (drop) it. */
const graphChange = z.object({
  graphName: name,
  addVertexTypes: typeNames.optional(),
  dropVertexTypes: typeNames.optional(),
  addEdgeTypes: typeNames.optional(),
  dropEdgeTypes: typeNames.optional(),
});

const write = {
  area: 'jobs',
  service: 'gsql',
  privilege: 'WRITE_SCHEMA',
  readOnly: false,
  result: messageOnly,
  unwrap: 'message',
} as const;

export const dropSchemaJobs = defineOp('dropSchemaJobs', {
  ...write,
  summary: 'Drops schema-change jobs (comma-separated) of a graph, or global ones without `graph`.',
  method: 'DELETE',
  path: '/gsql/v1/schema/jobs',
  query: z.object({ jobName: qCsv, graph: name.optional() }),
  inferred: [
    'query parameters `jobName` and `graph` (server docs "drop local/global schema change jobs")',
  ],
});

export const createSchemaJobGsql = defineOp('createSchemaJobGsql', {
  ...write,
  summary: 'Creates a schema-change job from a CREATE [GLOBAL] SCHEMA_CHANGE JOB statement.',
  method: 'POST',
  path: '/gsql/v1/schema/jobs/{jobName}',
  pathParams: jobPath,
  query: z.object({ gsql: qBool, graph: name.optional(), type: z.literal('global').optional() }),
  body: z.object({ gsql: z.string().min(1) }),
  variant: { query: 'gsql' },
});

export const createGlobalSchemaJob = defineOp('createGlobalSchemaJob', {
  ...write,
  summary: 'Creates a global schema-change job that adds and drops types on graphs, by JSON.',
  method: 'POST',
  path: '/gsql/v1/schema/jobs/{jobName}',
  pathParams: jobPath,
  body: z.object({ graphs: z.array(graphChange).min(1) }),
  variant: { body: 'graphs' },
});

// The local JSON create and the run below differ only by having a body: the run is the variant
// without one.
export const createLocalSchemaJob = defineOp('createLocalSchemaJob', {
  ...write,
  summary: 'Creates a local schema-change job on a graph, by JSON.',
  method: 'POST',
  path: '/gsql/v1/schema/jobs/{jobName}',
  pathParams: jobPath,
  query: z.object({ graph: name }),
  body: schemaChange,
});

export const runSchemaJob = defineOp('runSchemaJob', {
  ...write,
  summary: 'Runs an existing schema-change job of a graph, or a global one without `graph`.',
  method: 'POST',
  path: '/gsql/v1/schema/jobs/{jobName}',
  pathParams: jobPath,
  query: z.object({ graph: name.optional(), force: qBool.optional() }),
  variant: { noBody: true },
  inferred: [
    'query `graph` (server docs "run an existing schema change job")',
    'query `force` aborts conflicting loading jobs (pyTigerGraph runSchemaChangeJob, which sends PUT)',
  ],
});

const jobDetail = z.looseObject({
  name: z.string(),
  graph: z.string().optional(),
  addVertexTypes: z.array(vertexSchema),
  dropVertexTypes: typeNames,
  alterVertexTypes: z.array(z.unknown()),
  addEdgeTypes: z.array(edgeSchema),
  dropEdgeTypes: typeNames,
  alterEdgeTypes: z.array(z.unknown()),
  addTags: z.array(z.unknown()).optional(),
  dropTags: z.array(z.unknown()).optional(),
});

export const getSchemaJob = defineOp('getSchemaJob', {
  area: 'jobs',
  summary: 'One schema-change job as JSON, keyed by its name.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/schema/jobs/{jobName}',
  pathParams: jobPath,
  query: z.object({ graph: name.optional(), json: qBool }),
  result: z.record(z.string(), jobDetail),
  privilege: 'READ_SCHEMA',
  readOnly: true,
});

export const getSchemaJobs = defineOp('getSchemaJobs', {
  area: 'jobs',
  summary: 'Schema-change jobs of a graph (or global ones): job name to its GSQL text.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/schema/jobs',
  query: z.object({ graph: name.optional(), json: qBool.optional() }),
  result: z.array(z.record(z.string(), z.string())),
  privilege: 'READ_SCHEMA',
  readOnly: true,
  inferred: ['the JSON flag is `json` (server docs "get schema change jobs")'],
});

export const runSchemaChange = defineOp('runSchemaChange', {
  ...write,
  summary: 'Applies a schema change at once, without a named job (global without `graph`).',
  method: 'POST',
  path: '/gsql/v1/schema/change',
  query: z.object({ graph: name.optional(), force: qBool.optional() }),
  // A field this change does not know is refused rather than ignored (a typo changes nothing
  // silently otherwise); `graphs` is the global form, as a global job's JSON.
  body: z.strictObject({ ...changeFields, graphs: z.array(graphChange).min(1).optional() }),
  inferred: ['query `force` (pyTigerGraph runSchemaChange)'],
});
