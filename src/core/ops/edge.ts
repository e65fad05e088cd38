// Edges (spec document 1): read and delete edges of a source vertex, narrowed by edge type,
// target type, target id and discriminator; the shorter DELETE paths are the batch forms.
import { z } from 'zod';
import { defineOp, type HttpMethod } from './define.js';
import { edgeRecord, jsonInt, name, qBool, qCsv, qInt, vertexId } from './shapes.js';

const base = '/restpp/graph/{graph_name}/edges/{source_vertex_type}/{source_vertex_id}';
const sourcePath = z.object({
  graph_name: name,
  source_vertex_type: name,
  source_vertex_id: vertexId,
});
const byType = sourcePath.extend({ edge_type: name });
const byTargetType = byType.extend({ target_vertex_type: name });
const byTarget = byTargetType.extend({ target_vertex_id: vertexId });
/** Multi-attribute discriminators: values comma-separated in discriminator order. */
const byDiscriminator = byTarget.extend({ discriminator: z.string().min(1) });

const listQuery = z.object({
  count_only: qBool.optional(),
  not_wildcard: qBool.optional(),
  select: qCsv.optional(),
  filter: qCsv.optional(),
  limit: qInt.optional(),
  sort: qCsv.optional(),
  timeout: qInt.optional(),
});
const getQuery = z.object({ select: qCsv.optional(), timeout: qInt.optional() });
const deleteQuery = z.object({ filter: qCsv.optional(), timeout: qInt.optional() });

const edgeList = z.union([z.array(edgeRecord), z.array(z.looseObject({ count: jsonInt }))]);
const deleted = z.array(z.looseObject({ e_type: z.string(), deleted_edges: jsonInt }));
const inferredNames = ['query parameter names select, filter, limit, sort, count_only, timeout'];

function edgeOp<N extends string, P extends typeof sourcePath, Q extends z.ZodType>(
  opName: N,
  method: HttpMethod,
  suffix: string,
  pathParams: P,
  query: Q,
  summary: string,
) {
  const read = method === 'GET';
  return defineOp(opName, {
    area: 'edge',
    summary,
    method,
    service: 'restpp',
    path: base + suffix,
    pathParams,
    query,
    result: read ? edgeList : deleted,
    privilege: read ? 'READ_DATA' : 'DELETE_DATA',
    readOnly: read,
    inferred: inferredNames,
  });
}

export const listEdges = edgeOp(
  'listEdges',
  'GET',
  '',
  sourcePath,
  listQuery,
  'Lists every edge of a vertex.',
);
export const listEdgesByType = edgeOp(
  'listEdgesByType',
  'GET',
  '/{edge_type}',
  byType,
  listQuery,
  'Lists the edges of one type from a vertex (`_` for any type).',
);
export const listEdgesByTargetType = edgeOp(
  'listEdgesByTargetType',
  'GET',
  '/{edge_type}/{target_vertex_type}',
  byTargetType,
  listQuery,
  'Lists the edges of one type from a vertex to vertices of one type.',
);
export const getEdge = edgeOp(
  'getEdge',
  'GET',
  '/{edge_type}/{target_vertex_type}/{target_vertex_id}',
  byTarget,
  getQuery,
  'Reads the edge(s) of a type between two vertices (all of them for a discriminated type).',
);
export const getEdgeByDiscriminator = edgeOp(
  'getEdgeByDiscriminator',
  'GET',
  '/{edge_type}/{target_vertex_type}/{target_vertex_id}/{discriminator}',
  byDiscriminator,
  getQuery,
  'Reads one edge by its discriminator values.',
);
export const deleteEdgesByType = edgeOp(
  'deleteEdgesByType',
  'DELETE',
  '/{edge_type}',
  byType,
  deleteQuery,
  'Batch delete: every edge of a type from a vertex.',
);
export const deleteEdgesByTargetType = edgeOp(
  'deleteEdgesByTargetType',
  'DELETE',
  '/{edge_type}/{target_vertex_type}',
  byTargetType,
  deleteQuery,
  'Batch delete: every edge of a type from a vertex to vertices of one type.',
);
export const deleteEdge = edgeOp(
  'deleteEdge',
  'DELETE',
  '/{edge_type}/{target_vertex_type}/{target_vertex_id}',
  byTarget,
  deleteQuery,
  'Deletes the edge(s) of a type between two vertices.',
);
export const deleteEdgeByDiscriminator = edgeOp(
  'deleteEdgeByDiscriminator',
  'DELETE',
  '/{edge_type}/{target_vertex_type}/{target_vertex_id}/{discriminator}',
  byDiscriminator,
  deleteQuery,
  'Deletes one edge by its discriminator values.',
);
