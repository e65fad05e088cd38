// Schema reading of spec document 1 and the data-wide clear: GET /gsql/v1/schema returns a
// vertex, edge or whole-graph schema object; clear-store deletes every graph's data.
import { z } from 'zod';
import { defineOp } from './define.js';
import { edgeSchema, graphSchema, name, vertexSchema } from './shapes.js';

export const getSchema = defineOp('getSchema', {
  area: 'schema',
  summary: 'Schema of a graph, or of one vertex or edge type of it (`type`).',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/schema',
  legacyPath: '/gsqlserver/gsql/schema',
  query: z.object({ graph: name, type: name.optional() }),
  result: z.union([graphSchema, vertexSchema, edgeSchema]),
  privilege: 'READ_SCHEMA',
  readOnly: true,
});

export const clearStore = defineOp('clearStore', {
  area: 'schema',
  summary: 'Deletes all data of all graphs; schema, queries and jobs remain. Not reversible.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/clear-store',
  legacyPath: '/gsqlserver/gsql/clear-store',
  result: z.unknown(),
  unwrap: 'whole',
  privilege: 'CLEAR_GRAPHSTORE',
  readOnly: false,
  since: '3.9.2',
});
