// Graph built-ins (spec document 1): vertex and edge counts and attribute statistics.
import { z } from 'zod';
import { defineOp } from './define.js';
import { jsonInt, name, qBool } from './shapes.js';

const statFunction = z.enum([
  'stat_vertex_attr',
  'stat_edge_attr',
  'stat_vertex_number',
  'stat_edge_number',
]);

export const runBuiltin = defineOp('runBuiltin', {
  privilege: 'READ_DATA',
  area: 'builtins',
  summary: 'Vertex and edge counts and attribute statistics (function stat_*), by type or `*`.',
  method: 'POST',
  service: 'restpp',
  path: '/restpp/builtins/{graph_name}',
  pathParams: z.object({ graph_name: name }),
  query: z.object({ realtime: qBool.optional() }),
  body: z.object({
    function: statFunction,
    type: z.string().min(1),
    from_type: z.string().optional(),
    to_type: z.string().optional(),
  }),
  result: z.array(
    z.union([
      z.looseObject({ v_type: z.string(), count: jsonInt }),
      z.looseObject({ e_type: z.string(), count: jsonInt }),
      z.looseObject({ vertexName: z.string(), attributeStat: z.array(z.unknown()) }),
      z.looseObject({ e_type: z.string(), attributes: z.record(z.string(), z.unknown()) }),
    ]),
  ),
  readOnly: true,
  inferred: ['stat_edge_number result: [{e_type, count}]', 'query parameter realtime'],
});
