// Data sources on the GSQL server (spec document 2): object-storage and Kafka sources, global or
// local to a graph, granted to graphs; plus sampling a source's file and listing S3 buckets.
import { z } from 'zod';
import { defineOp } from './define.js';
import { messageOnly, name } from './shapes.js';

const scope = z.object({ graph: name.optional() });
const grantBody = z.object({ graphs: z.array(name).min(1), datasource: name });

/** `config` as the service takes it: `type` plus provider keys such as `access.key`. */
const sourceBody = z.object({
  name,
  config: z.looseObject({
    type: z.string().min(1),
    'access.key': z.string().optional(),
    'secret.key': z.string().optional(),
  }),
});

const dataSource = z.looseObject({
  name: z.string(),
  belongTo: z.string().optional(),
  type: z.string(),
  content: z.record(z.string(), z.unknown()),
  isLocal: z.boolean().optional(),
});

const write = {
  area: 'datasource',
  service: 'gsql',
  privilege: 'WRITE_DATASOURCE',
  readOnly: false,
  result: messageOnly,
  unwrap: 'message',
} as const;

export const getDataSources = defineOp('getDataSources', {
  area: 'datasource',
  summary: 'Every data source; secret keys come back empty.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/data-sources',
  result: z.array(dataSource),
  privilege: 'READ_LOADINGJOB',
  readOnly: true,
});

export const getDataSource = defineOp('getDataSource', {
  area: 'datasource',
  summary: 'One data source; secret keys come back empty.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/data-sources/{dsName}',
  pathParams: z.object({ dsName: name }),
  query: scope,
  result: dataSource,
  privilege: 'READ_LOADINGJOB',
  readOnly: true,
  inferred: ['the endpoint (server docs "get a data source"); query `graph` for a local one'],
});

export const createDataSource = defineOp('createDataSource', {
  ...write,
  summary: 'Creates a data source on a graph, or a global one without `graph`.',
  method: 'POST',
  path: '/gsql/v1/data-sources',
  query: scope,
  body: sourceBody,
});

export const updateDataSource = defineOp('updateDataSource', {
  ...write,
  summary: 'Replaces the configuration of a data source.',
  method: 'PUT',
  path: '/gsql/v1/data-sources',
  query: scope,
  body: sourceBody,
});

export const dropDataSource = defineOp('dropDataSource', {
  ...write,
  summary: 'Drops one data source.',
  method: 'DELETE',
  path: '/gsql/v1/data-sources/{dsName}',
  pathParams: z.object({ dsName: name }),
  query: scope,
  inferred: ['query `graph` (server docs "drop one data source")'],
});

export const dropAllDataSources = defineOp('dropAllDataSources', {
  ...write,
  summary: 'Drops every data source of a graph, or every global one without `graph`.',
  method: 'DELETE',
  path: '/gsql/v1/data-sources/dropAll',
  query: scope,
  inferred: ['query `graph` (server docs "drop all data source")'],
});

export const grantDataSource = defineOp('grantDataSource', {
  ...write,
  summary: 'Grants a global data source to graphs.',
  method: 'POST',
  path: '/gsql/v1/data-sources/grant',
  body: grantBody,
});

export const revokeDataSource = defineOp('revokeDataSource', {
  ...write,
  summary: 'Revokes a global data source from graphs.',
  method: 'POST',
  path: '/gsql/v1/data-sources/revoke',
  body: grantBody,
});

export const sampleData = defineOp('sampleData', {
  privilege: 'READ_LOADINGJOB',
  area: 'datasource',
  summary: 'The first rows of a file of a data source, parsed as the loading job would.',
  method: 'POST',
  service: 'gsql',
  path: '/gsql/v1/sample-data',
  body: z.looseObject({
    graphName: name,
    // Empty (or `type` "local"): a local file inside the folders the service may read.
    dataSource: z.string(),
    type: z.string().optional(),
    path: z.string().min(1),
    dataFormat: z.string().optional(),
    parsing: z.looseObject({ fileFormat: z.string().optional(), eol: z.string().optional() }),
    filling: z.string().optional(),
    size: z.number().int().positive().optional(),
  }),
  result: z.looseObject({
    data: z.array(z.unknown()),
    header: z.array(z.unknown()),
    json: z.boolean(),
  }),
  readOnly: true,
});

export const listBuckets = defineOp('listBuckets', {
  privilege: 'READ_LOADINGJOB',
  area: 'datasource',
  summary: 'Bucket names reachable through an S3 data source.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/list-buckets/{s3Name}',
  pathParams: z.object({ s3Name: name }),
  result: z.array(z.string()),
  readOnly: true,
});
