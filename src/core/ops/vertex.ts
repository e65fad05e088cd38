// Vertices and upsert (spec document 1 and the real service's upsert page): list, read and
// delete vertices; upsert vertices and edges in the nested JSON format with op codes.
import { z } from 'zod';
import { defineOp } from './define.js';
import { jsonInt, name, qBool, qCsv, qInt, vertexId, vertexRecord } from './shapes.js';

const typePath = z.object({ graph_name: name, vertex_type: name });
const idPath = typePath.extend({ vertex_id: vertexId });
const timeout = qInt.optional();

/** `{"attr": {"value": v, "op": "add"}}` or a bare value. */
const attributeUpdate = z.union([
  z.looseObject({
    value: z.unknown(),
    op: z
      .enum(['ignore_if_exists', '~', 'add', '+', 'and', '&', 'or', '|', 'max', '>', 'min', '<'])
      .optional(),
  }),
  z.unknown(),
]);
const attributeMap = z.record(z.string(), attributeUpdate);

export const upsertBody = z.object({
  vertices: z.record(z.string(), z.record(z.string(), attributeMap)).optional(),
  edges: z
    .record(
      z.string(),
      z.record(
        z.string(),
        z.record(z.string(), z.record(z.string(), z.record(z.string(), z.unknown()))),
      ),
    )
    .optional(),
});

export const upsertGraph = defineOp('upsertGraph', {
  area: 'vertex',
  summary: 'Upserts vertices and edges in the nested JSON format (op codes per attribute).',
  method: 'POST',
  service: 'restpp',
  path: '/restpp/graph/{graph_name}',
  pathParams: z.object({ graph_name: name }),
  query: z.object({
    ack: z.enum(['all', 'none']).optional(),
    new_vertex_only: qBool.optional(),
    update_vertex_only: qBool.optional(),
    vertex_must_exist: qBool.optional(),
    source_vertex_must_exist: qBool.optional(),
    target_vertex_must_exist: qBool.optional(),
    atomic_post: qBool.optional(),
  }),
  body: upsertBody,
  result: z.array(
    z.looseObject({
      accepted_vertices: jsonInt,
      accepted_edges: jsonInt,
      skipped_vertices: jsonInt.optional(),
      skipped_edges: jsonInt.optional(),
    }),
  ),
  privilege: 'CREATE_DATA',
  readOnly: false,
  headers: ['gsql-atomic-level'],
  inferred: ['the whole operation: the spec shows the upsert endpoint separately'],
});

export const listVertices = defineOp('listVertices', {
  area: 'vertex',
  summary: 'Lists vertices of a type, with select, filter, sort, limit or a count only.',
  method: 'GET',
  service: 'restpp',
  path: '/restpp/graph/{graph_name}/vertices/{vertex_type}',
  pathParams: typePath,
  query: z.object({
    count_only: qBool.optional(),
    select: qCsv.optional(),
    filter: qCsv.optional(),
    limit: qInt.optional(),
    sort: qCsv.optional(),
    timeout,
  }),
  result: z.union([z.array(vertexRecord), z.array(z.looseObject({ count: jsonInt }))]),
  privilege: 'READ_DATA',
  readOnly: true,
  inferred: ['query parameter names count_only, select, filter, limit, sort, timeout'],
});

export const getVertex = defineOp('getVertex', {
  area: 'vertex',
  summary: 'Reads one vertex by type and id.',
  method: 'GET',
  service: 'restpp',
  path: '/restpp/graph/{graph_name}/vertices/{vertex_type}/{vertex_id}',
  pathParams: idPath,
  query: z.object({ select: qCsv.optional(), timeout }),
  result: z.array(vertexRecord),
  privilege: 'READ_DATA',
  readOnly: true,
  inferred: ['the whole operation'],
});

const deletedCount = z.looseObject({ v_type: z.string(), deleted_vertices: jsonInt });

export const deleteVertices = defineOp('deleteVertices', {
  area: 'vertex',
  summary: 'Deletes vertices of a type, optionally filtered, sorted and limited.',
  method: 'DELETE',
  service: 'restpp',
  path: '/restpp/graph/{graph_name}/vertices/{vertex_type}',
  pathParams: typePath,
  query: z.object({
    permanent: qBool.optional(),
    filter: qCsv.optional(),
    limit: qInt.optional(),
    sort: qCsv.optional(),
    timeout,
  }),
  result: deletedCount,
  privilege: 'DELETE_DATA',
  readOnly: false,
  inferred: ['the whole operation'],
});

export const deleteVerticesByType = defineOp('deleteVerticesByType', {
  area: 'vertex',
  summary: 'Deletes every vertex of a type.',
  method: 'DELETE',
  service: 'restpp',
  path: '/restpp/graph/{graph_name}/delete_by_type/vertices/{vertex_type}',
  pathParams: typePath,
  query: z.object({ permanent: qBool.optional(), ack: z.enum(['all', 'none']).optional() }),
  result: deletedCount,
  privilege: 'DELETE_DATA',
  readOnly: false,
  inferred: ['the whole operation'],
});

export const deleteVertex = defineOp('deleteVertex', {
  area: 'vertex',
  summary: 'Deletes one vertex by type and id.',
  method: 'DELETE',
  service: 'restpp',
  path: '/restpp/graph/{graph_name}/vertices/{vertex_type}/{vertex_id}',
  pathParams: idPath,
  query: z.object({ timeout }),
  result: deletedCount,
  privilege: 'DELETE_DATA',
  readOnly: false,
  inferred: ['the whole operation'],
});
