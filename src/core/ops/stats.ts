// Persisted optimizer statistics on the GSQL server (spec document 2): vertex and edge
// cardinalities of a graph, and attribute histograms of edge types.
import { z } from 'zod';
import { defineOp } from './define.js';
import { jsonInt, messageOnly, name, qCsv, qInt } from './shapes.js';

const cardinality = z.looseObject({
  vertex_counts: z.array(z.looseObject({ type: z.string(), count: jsonInt })),
  edge_counts: z.array(
    z.looseObject({
      type: z.string(),
      count: jsonInt,
      from: z.string().optional(),
      to: z.string().optional(),
    }),
  ),
});

const bucket = z.looseObject({
  ndv: jsonInt.optional(),
  rowsTotal: jsonInt,
  rowsUpper: jsonInt,
  upperBound: z.union([z.string(), z.number()]),
});

/**
 * The histogram's subject: an attribute of an edge type between two vertex types (`edge`, `from`,
 * `to`), or, as the GSQL reference's statistics page also shows, of a vertex type (`vertex`).
 */
const histogramTarget = z.object({
  graph: name,
  vertex: name.optional(),
  edge: name.optional(),
  from: name.optional(),
  to: name.optional(),
  attribute: z.string().min(1),
});
const vertexHistograms = 'vertex histograms and `bucket` on POST (gsql-docs stats-api)';

const graphOnly = z.object({ graph: name });

export const getCardinality = defineOp('getCardinality', {
  privilege: 'READ_DATA',
  area: 'stats',
  summary: 'Persisted vertex and edge cardinalities of a graph.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/stats/cardinality',
  query: graphOnly,
  result: cardinality,
  readOnly: true,
});

export const refreshVertexCardinality = defineOp('refreshVertexCardinality', {
  privilege: 'WRITE_SCHEMA',
  area: 'stats',
  summary: 'Counts the given vertex types afresh and persists the counts.',
  method: 'POST',
  service: 'gsql',
  path: '/gsql/v1/stats/cardinality',
  query: z.object({ graph: name, vertex: qCsv }),
  result: messageOnly,
  unwrap: 'message',
  readOnly: false,
  variant: { query: 'vertex' },
});

export const refreshEdgeCardinality = defineOp('refreshEdgeCardinality', {
  privilege: 'WRITE_SCHEMA',
  area: 'stats',
  summary: 'Counts the given edge types afresh (optionally between `from` and `to`) and persists.',
  method: 'POST',
  service: 'gsql',
  path: '/gsql/v1/stats/cardinality',
  query: z.object({ graph: name, edge: qCsv, from: name.optional(), to: name.optional() }),
  result: messageOnly,
  unwrap: 'message',
  readOnly: false,
  variant: { query: 'edge' },
});

export const setCardinality = defineOp('setCardinality', {
  privilege: 'WRITE_SCHEMA',
  area: 'stats',
  summary: 'Persists user-supplied cardinalities for a graph.',
  method: 'POST',
  service: 'gsql',
  path: '/gsql/v1/stats/cardinality',
  query: graphOnly,
  body: cardinality,
  result: cardinality,
  readOnly: false,
});

export const deleteCardinality = defineOp('deleteCardinality', {
  privilege: 'WRITE_SCHEMA',
  area: 'stats',
  summary: 'Removes the persisted cardinalities of a graph.',
  method: 'DELETE',
  service: 'gsql',
  path: '/gsql/v1/stats/cardinality',
  query: graphOnly,
  result: messageOnly,
  unwrap: 'message',
  readOnly: false,
  inferred: ['query parameter `graph` (server docs "delete cardinality statistics")'],
});

// The service reads this GET's parameters from a JSON body, as its reference shows.
export const getHistogram = defineOp('getHistogram', {
  privilege: 'READ_DATA',
  area: 'stats',
  summary: 'Persisted histogram of an edge attribute, in `bucket` buckets.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/stats/histogram',
  body: histogramTarget.extend({ bucket: qInt.optional() }),
  result: z.array(z.looseObject({ histogram: z.array(bucket) })),
  readOnly: true,
  inferred: [vertexHistograms],
});

export const createHistogram = defineOp('createHistogram', {
  privilege: 'WRITE_SCHEMA',
  area: 'stats',
  summary: 'Computes a histogram of an edge attribute and persists it; keyed by bucket index.',
  method: 'POST',
  service: 'gsql',
  path: '/gsql/v1/stats/histogram',
  body: histogramTarget.extend({ bucket: qInt.optional() }),
  result: z.record(z.string(), bucket),
  unwrap: 'whole',
  readOnly: false,
  inferred: [vertexHistograms],
});

export const deleteHistogram = defineOp('deleteHistogram', {
  privilege: 'WRITE_SCHEMA',
  area: 'stats',
  summary: 'Removes the persisted histograms of an edge attribute.',
  method: 'DELETE',
  service: 'gsql',
  path: '/gsql/v1/stats/histogram',
  body: histogramTarget,
  result: z.string(),
  readOnly: false,
});
