// User-defined objects on the GSQL server (spec document 2): tuples, accumulator typedefs, the
// expression-function and token-bank source files, and token-bank functions.
import { z } from 'zod';
import { defineOp } from './define.js';
import { messageOnly, name, qBool, qCsv } from './shapes.js';

const tuplePath = z.object({ tupleName: name });
const tuple = z.looseObject({
  name: z.string(),
  fields: z.array(
    z.looseObject({ fieldName: z.string(), length: z.number().int(), fieldType: z.string() }),
  ),
});
/** The docs also write the tuple endpoints /gsql/udt/tuples; that alias is served as this form. */
const tuplesAlias = '/gsql/udt/tuples';
const accumPath = z.object({ accumName: name });
const message = { result: messageOnly, unwrap: 'message', readOnly: false } as const;

export const getTuple = defineOp('getTuple', {
  privilege: 'READ_SCHEMA',
  area: 'udt',
  summary: 'A user-defined tuple with its fields.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/udt/tuples/{tupleName}',
  pathParams: tuplePath,
  result: z.array(tuple),
  readOnly: true,
});

export const listTuples = defineOp('listTuples', {
  privilege: 'READ_SCHEMA',
  area: 'udt',
  summary: 'Every user-defined tuple with its fields.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/udt/tuples',
  legacyPath: tuplesAlias,
  result: z.array(tuple),
  readOnly: true,
  inferred: ['the endpoint (server docs "list all tuples")'],
});

// The spec also writes this path /gsql/udt/tuples: it is served as the legacy form.
export const createTuplesGsql = defineOp('createTuplesGsql', {
  privilege: 'WRITE_SCHEMA',
  area: 'udt',
  summary: 'Creates tuples from GSQL TYPEDEF TUPLE statements.',
  method: 'POST',
  service: 'gsql',
  path: '/gsql/v1/udt/tuples',
  legacyPath: tuplesAlias,
  query: z.object({ gsql: qBool }),
  body: z.object({ gsql: z.string().min(1) }),
  ...message,
  variant: { query: 'gsql' },
});

export const createTuples = defineOp('createTuples', {
  privilege: 'WRITE_SCHEMA',
  area: 'udt',
  summary: 'Creates tuples from their JSON description.',
  method: 'POST',
  service: 'gsql',
  path: '/gsql/v1/udt/tuples',
  legacyPath: tuplesAlias,
  body: z.object({
    tuples: z
      .array(
        z.object({
          Name: name,
          TupleElements: z
            .array(z.object({ name: z.string().min(1), AttributeType: z.string().min(1) }))
            .min(1),
        }),
      )
      .min(1),
  }),
  ...message,
});

export const dropTuple = defineOp('dropTuple', {
  privilege: 'WRITE_SCHEMA',
  area: 'udt',
  summary: 'Drops one tuple.',
  method: 'DELETE',
  service: 'gsql',
  path: '/gsql/v1/udt/tuples/{tupleName}',
  pathParams: tuplePath,
  ...message,
});

export const dropTuples = defineOp('dropTuples', {
  privilege: 'WRITE_SCHEMA',
  area: 'udt',
  summary: 'Drops several tuples (comma-separated names).',
  method: 'DELETE',
  service: 'gsql',
  path: '/gsql/v1/udt/tuples',
  legacyPath: tuplesAlias,
  query: z.object({ tupleName: qCsv }),
  ...message,
  inferred: ['the endpoint and its query parameter (server docs "delete multiple tuples")'],
});

const accumTexts = z.array(z.record(z.string(), z.string()));

export const listAccums = defineOp('listAccums', {
  privilege: 'READ_QUERY',
  area: 'udt',
  summary: 'Every user-defined accumulator typedef: its name to its GSQL text.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/udt/accum',
  result: accumTexts,
  readOnly: true,
  inferred: ['the endpoint and result (server docs "list all accumulators")'],
});

export const createAccum = defineOp('createAccum', {
  privilege: 'CREATE_QUERY',
  area: 'udt',
  summary: 'Creates an accumulator typedef from its GSQL TYPEDEF text.',
  method: 'POST',
  service: 'gsql',
  path: '/gsql/v1/udt/accum',
  body: z.object({ AccumString: z.string().min(1) }),
  ...message,
  inferred: ['the endpoint and body (server docs "create accumulators")'],
});

export const getAccum = defineOp('getAccum', {
  privilege: 'READ_QUERY',
  area: 'udt',
  summary: 'A user-defined accumulator typedef: its name to its GSQL text.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/udt/accum/{accumName}',
  pathParams: accumPath,
  result: accumTexts,
  readOnly: true,
  inferred: ['result [{<name>: "<typedef text>"}] (server docs "list one accumulator")'],
});

export const dropAccums = defineOp('dropAccums', {
  privilege: 'DROP_QUERY',
  area: 'udt',
  summary: 'Drops several accumulator typedefs (comma-separated).',
  method: 'DELETE',
  service: 'gsql',
  path: '/gsql/v1/udt/accum',
  query: z.object({ accumName: qCsv }),
  ...message,
  inferred: ['no body: query parameter `accumName` (server docs "delete multiple accumulators")'],
});

export const dropAccum = defineOp('dropAccum', {
  privilege: 'DROP_QUERY',
  area: 'udt',
  summary: 'Drops one accumulator typedef.',
  method: 'DELETE',
  service: 'gsql',
  path: '/gsql/v1/udt/accum/{accumName}',
  pathParams: accumPath,
  ...message,
  inferred: ['answer: a message (server docs "delete one accumulator")'],
});

/** The file names the service takes: each function file also under its fixed `tg_` prefix. */
const udfFileName = z.enum([
  'ExprFunctions',
  'ExprUtil',
  'tg_ExprFunctions',
  'tg_ExprUtil',
  'TokenBank',
]);
const udfFileInferred = 'the fixed prefix is `tg_`; result {<file name>: <content>}';

export const getUdtFile = defineOp('getUdtFile', {
  privilege: 'READ_FILE',
  area: 'udt',
  summary: 'Downloads an expression-function or token-bank source file: file name to content.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/udt/files/{fileName}',
  pathParams: z.object({ fileName: udfFileName }),
  result: z.record(z.string(), z.string()),
  readOnly: true,
  inferred: [`${udfFileInferred} (server docs "download expr files")`],
});

export const listUdtFiles = defineOp('listUdtFiles', {
  privilege: 'READ_FILE',
  area: 'udt',
  summary: 'Downloads every user-defined function file: file name to content.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/udt/files',
  result: z.record(z.string(), z.string()),
  readOnly: true,
  inferred: ['the endpoint (server docs "download all files")'],
});

export const putUdtFile = defineOp('putUdtFile', {
  privilege: 'WRITE_FILE',
  area: 'udt',
  summary: 'Uploads one user-defined function file (its text as the body).',
  method: 'PUT',
  service: 'gsql',
  path: '/gsql/v1/udt/files/{fileName}',
  pathParams: z.object({ fileName: udfFileName }),
  body: z.string(),
  bodyKind: 'text',
  ...message,
  inferred: ['the endpoint and text body (server docs "upload one file")'],
});

export const putUdtFiles = defineOp('putUdtFiles', {
  privilege: 'WRITE_FILE',
  area: 'udt',
  summary: 'Uploads several user-defined function files.',
  method: 'PUT',
  service: 'gsql',
  path: '/gsql/v1/udt/files',
  body: z.object({
    files: z.array(z.object({ Name: udfFileName, Content: z.string() })).min(1),
  }),
  ...message,
  inferred: ['the endpoint and body (server docs "upload file")'],
});

const tokenFunction = z.looseObject({
  name: z.string(),
  code: z.string(),
  returnType: z.string(),
});

export const listTokenFunctions = defineOp('listTokenFunctions', {
  privilege: 'READ_FILE',
  area: 'udt',
  summary: 'Every token-bank function: its code and return type.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/udt/token-functions',
  result: z.array(tokenFunction),
  readOnly: true,
  inferred: ['the endpoint (server docs "get all token bank functions")'],
});

export const getTokenFunction = defineOp('getTokenFunction', {
  privilege: 'READ_FILE',
  area: 'udt',
  summary: 'A token-bank function: its code and return type.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/udt/token-functions/{functionName}',
  pathParams: z.object({ functionName: name }),
  result: tokenFunction,
  readOnly: true,
  inferred: ['result {code, name, returnType} (server docs "get token bank functions")'],
});
