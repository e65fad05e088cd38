// Schema administration on the GSQL server (spec document 2): vertex and edge types, indexes and
// graphs, at global level or, with `graph`, on a local graph. Changes answer with a message.
import { z } from 'zod';
import { defineOp } from './define.js';
import { edgeSchema, graphSchema, messageOnly, name, qBool, qCsv, vertexSchema } from './shapes.js';

const scope = z.object({ graph: name.optional() });
const vertexPath = z.object({ vertexName: name });
const edgePath = z.object({ edgeName: name });
const indexPath = z.object({ indexName: name });

/** An attribute to add: the schema's attribute object, with an optional default. */
const newAttribute = z.looseObject({
  AttributeName: z.string().min(1),
  AttributeType: z.looseObject({ Name: z.string().min(1) }),
  DefaultValue: z.unknown().optional(),
});
const alterBody = z.object({
  dropAttributes: z.array(z.string().min(1)).optional(),
  addAttributes: z.array(newAttribute).optional(),
});
const gsqlStatements = z.object({ gsql: z.array(z.string().min(1)).min(1) });
const names = z.array(name).min(1);

const read = { service: 'gsql', privilege: 'READ_SCHEMA', readOnly: true } as const;
const write = {
  service: 'gsql',
  privilege: 'WRITE_SCHEMA',
  readOnly: false,
  result: messageOnly,
  unwrap: 'message',
} as const;

export const getVertexTypes = defineOp('getVertexTypes', {
  ...read,
  area: 'schema',
  summary: 'Vertex types of a graph, or the global ones without `graph`.',
  method: 'GET',
  path: '/gsql/v1/schema/vertices',
  query: scope,
  result: z.array(vertexSchema),
});

export const getVertexType = defineOp('getVertexType', {
  ...read,
  area: 'schema',
  summary: 'One vertex type of a graph, or a global one without `graph`.',
  method: 'GET',
  path: '/gsql/v1/schema/vertices/{vertexName}',
  pathParams: vertexPath,
  query: scope,
  result: vertexSchema,
});

export const createVertexTypesGsql = defineOp('createVertexTypesGsql', {
  ...write,
  area: 'schema',
  summary: 'Creates global vertex types from GSQL CREATE VERTEX statements.',
  method: 'POST',
  path: '/gsql/v1/schema/vertices',
  query: z.object({ gsql: qBool }),
  body: gsqlStatements,
  variant: { query: 'gsql' },
});

export const addVertexTypesToGraph = defineOp('addVertexTypesToGraph', {
  ...write,
  area: 'schema',
  summary: 'Adds existing global vertex types to a local graph.',
  method: 'POST',
  path: '/gsql/v1/schema/vertices',
  query: z.object({ graph: name }),
  body: z.object({ addVertices: names }),
  variant: { body: 'addVertices' },
});

export const createVertexTypes = defineOp('createVertexTypes', {
  ...write,
  area: 'schema',
  summary: 'Creates global vertex types from their JSON schema objects.',
  method: 'POST',
  path: '/gsql/v1/schema/vertices',
  body: z.object({ createVertices: z.array(vertexSchema).min(1) }),
});

export const dropVertexTypes = defineOp('dropVertexTypes', {
  ...write,
  area: 'schema',
  summary: 'Drops vertex types (comma-separated, or `all`) of a graph or of the global level.',
  method: 'DELETE',
  path: '/gsql/v1/schema/vertices',
  query: z.object({ vertex: qCsv, graph: name.optional() }),
  inferred: [
    'query parameter name `vertex` (server docs "drop vertices"; pyTigerGraph dropVertices)',
  ],
});

export const dropVertexType = defineOp('dropVertexType', {
  ...write,
  area: 'schema',
  summary: 'Drops one vertex type of a graph, or a global one without `graph`.',
  method: 'DELETE',
  path: '/gsql/v1/schema/vertices/{vertexName}',
  pathParams: vertexPath,
  query: scope,
});

export const alterVertexType = defineOp('alterVertexType', {
  ...write,
  area: 'schema',
  summary: 'Adds and drops attributes of a vertex type.',
  method: 'PUT',
  path: '/gsql/v1/schema/vertices/{vertexName}',
  pathParams: vertexPath,
  query: scope,
  body: alterBody,
});

const indexEntry = z.looseObject({ index: z.string(), attribute: z.string() });
const indexInferred =
  'query parameters `vertex` and `index` (server docs "drop an index", "drop indexes")';

export const getIndexes = defineOp('getIndexes', {
  ...read,
  area: 'schema',
  summary: 'Indexes of a graph, or of the global vertex types without `graph`.',
  method: 'GET',
  path: '/gsql/v1/schema/indexes',
  query: scope,
  result: z.array(z.record(z.string(), z.array(indexEntry))),
  inferred: [
    'query `graph`; result [{<vertex type>: [{index, attribute}]}] (server docs "show all indexes")',
  ],
});

export const getIndex = defineOp('getIndex', {
  ...read,
  area: 'schema',
  summary: 'One index by name.',
  method: 'GET',
  path: '/gsql/v1/schema/indexes/{indexName}',
  pathParams: indexPath,
  query: scope,
  result: indexEntry,
  inferred: ['query parameter `graph`; result {index, attribute} (server docs "show an index")'],
});

export const createIndexes = defineOp('createIndexes', {
  ...write,
  area: 'schema',
  summary: 'Adds indexes on attributes of a vertex type (default graph without `graph`).',
  method: 'POST',
  path: '/gsql/v1/schema/indexes',
  query: scope,
  body: z.object({
    vertex: name,
    addIndexAttributes: z
      .array(z.object({ indexName: name, attributeName: z.string().min(1) }))
      .min(1),
  }),
});

export const dropIndex = defineOp('dropIndex', {
  ...write,
  area: 'schema',
  summary: 'Drops one index of a vertex type.',
  method: 'DELETE',
  path: '/gsql/v1/schema/indexes/{indexName}',
  pathParams: indexPath,
  query: z.object({ vertex: name, graph: name.optional() }),
  inferred: [indexInferred],
});

export const dropIndexes = defineOp('dropIndexes', {
  ...write,
  area: 'schema',
  summary: 'Drops indexes (comma-separated) of a vertex type.',
  method: 'DELETE',
  path: '/gsql/v1/schema/indexes',
  query: z.object({ vertex: name, index: qCsv, graph: name.optional() }),
  inferred: [indexInferred],
});

export const getEdgeTypes = defineOp('getEdgeTypes', {
  ...read,
  area: 'schema',
  summary: 'Edge types of a graph, or the global ones without `graph`.',
  method: 'GET',
  path: '/gsql/v1/schema/edges',
  query: scope,
  result: z.array(edgeSchema),
});

export const getEdgeType = defineOp('getEdgeType', {
  ...read,
  area: 'schema',
  summary: 'One edge type of a graph, or a global one without `graph`.',
  method: 'GET',
  path: '/gsql/v1/schema/edges/{edgeName}',
  pathParams: edgePath,
  query: scope,
  result: edgeSchema,
});

export const createEdgeTypesGsql = defineOp('createEdgeTypesGsql', {
  ...write,
  area: 'schema',
  summary: 'Creates global edge types from GSQL CREATE EDGE statements.',
  method: 'POST',
  path: '/gsql/v1/schema/edges',
  query: z.object({ gsql: qBool }),
  body: gsqlStatements,
  variant: { query: 'gsql' },
});

export const addEdgeTypesToGraph = defineOp('addEdgeTypesToGraph', {
  ...write,
  area: 'schema',
  summary: 'Adds global edge types to a local graph; fails when an end vertex type is missing.',
  method: 'POST',
  path: '/gsql/v1/schema/edges',
  query: z.object({ graph: name }),
  body: z.object({ addEdges: names }),
  variant: { body: 'addEdges' },
});

export const createEdgeTypes = defineOp('createEdgeTypes', {
  ...write,
  area: 'schema',
  summary: 'Creates global edge types from their JSON schema objects.',
  method: 'POST',
  path: '/gsql/v1/schema/edges',
  body: z.object({ createEdges: z.array(edgeSchema).min(1) }),
});

export const dropEdgeTypes = defineOp('dropEdgeTypes', {
  ...write,
  area: 'schema',
  summary: 'Drops edge types (comma-separated, or `all`) of a graph or of the global level.',
  method: 'DELETE',
  path: '/gsql/v1/schema/edges',
  query: z.object({ edge: qCsv, graph: name.optional() }),
  inferred: ['query parameter name `edge` (server docs "drop edges from graph")'],
});

export const dropEdgeType = defineOp('dropEdgeType', {
  ...write,
  area: 'schema',
  summary: 'Drops one edge type of a graph, or a global one without `graph`.',
  method: 'DELETE',
  path: '/gsql/v1/schema/edges/{edgeName}',
  pathParams: edgePath,
  query: scope,
});

export const alterEdgeType = defineOp('alterEdgeType', {
  ...write,
  area: 'schema',
  summary: 'Adds and drops attributes of an edge type.',
  method: 'PUT',
  path: '/gsql/v1/schema/edges/{edgeName}',
  pathParams: edgePath,
  query: scope,
  body: alterBody,
});

const graphSummary = z.looseObject({
  graphName: z.string(),
  vertices: z.array(z.string()),
  edges: z.array(z.string()),
});

export const getGraphs = defineOp('getGraphs', {
  ...read,
  area: 'schema',
  summary: 'Every graph with the names of its vertex and edge types.',
  method: 'GET',
  path: '/gsql/v1/schema/graphs',
  result: z.looseObject({
    graphs: z.array(graphSummary),
    error: z.boolean(),
    message: z.string(),
  }),
  unwrap: 'whole',
});

export const getGraph = defineOp('getGraph', {
  ...read,
  area: 'schema',
  summary: 'One graph in detail: its vertex and edge type schema objects.',
  method: 'GET',
  path: '/gsql/v1/schema/graphs/{graph}',
  pathParams: z.object({ graph: name }),
  result: graphSchema,
});

// The JSON form may also send `gsql=false`, so the GSQL form is told apart by its body field.
export const createGraphGsql = defineOp('createGraphGsql', {
  ...write,
  area: 'schema',
  summary: 'Creates one graph from a GSQL CREATE GRAPH statement.',
  method: 'POST',
  path: '/gsql/v1/schema/graphs',
  query: z.object({ gsql: qBool.optional(), graphName: name.optional() }),
  body: z.object({ gsql: z.string().min(1) }),
  variant: { body: 'gsql' },
  inferred: [
    'query `gsql=true` and `graphName`, body {gsql: "<CREATE GRAPH ...>"} (server docs; pyTigerGraph createGraph)',
  ],
});

export const createGraph = defineOp('createGraph', {
  ...write,
  area: 'schema',
  summary: 'Creates one graph from the names of existing global vertex and edge types.',
  method: 'POST',
  path: '/gsql/v1/schema/graphs',
  query: z.object({ graphName: name, gsql: qBool.optional() }),
  body: z.object({
    VertexTypes: z.array(z.string().min(1)),
    EdgeTypes: z.array(z.string().min(1)).optional(),
  }),
  inferred: [
    'query `graphName` (and `gsql=false`), body {VertexTypes, EdgeTypes} (server docs "create one graph using JSON format")',
  ],
});

export const dropGraph = defineOp('dropGraph', {
  ...write,
  area: 'schema',
  summary: 'Drops one graph; `cascade` also drops its queries and loading jobs.',
  method: 'DELETE',
  path: '/gsql/v1/schema/graphs/{graphName}',
  pathParams: z.object({ graphName: name }),
  query: z.object({ cascade: qBool.optional() }),
  privilege: 'DROP_GRAPH',
  inferred: ['query parameter `cascade` (server docs "drop one graph")'],
});

export const dropGraphs = defineOp('dropGraphs', {
  ...write,
  area: 'schema',
  summary: 'Drops the named graphs (comma-separated, or `all`).',
  method: 'DELETE',
  path: '/gsql/v1/schema/graphs',
  query: z.object({ graphNames: qCsv }),
  privilege: 'DROP_GRAPH',
  inferred: ['query parameter `graphNames` (server docs "drop graphs with given names")'],
});
