// Path finding (spec document 1): unweighted shortest paths and all paths up to a length,
// with vertex and edge filters whose conditions the server parses (never evaluates as code).
import { z } from 'zod';
import { defineOp } from './define.js';
import { edgeRecord, name, vertexRecord, vertexRef } from './shapes.js';

const filter = z.object({ type: z.string().min(1), condition: z.string().optional() });

const endpoints = {
  source: vertexRef.optional(),
  sources: z.array(vertexRef).min(1).optional(),
  target: vertexRef.optional(),
  targets: z.array(vertexRef).min(1).optional(),
  vertexFilters: z.array(filter).optional(),
  edgeFilters: z.array(filter).optional(),
};

type Ends = { source?: unknown; sources?: unknown; target?: unknown; targets?: unknown };
const oneOfEach = (b: Ends) =>
  (b.source === undefined) !== (b.sources === undefined) &&
  (b.target === undefined) !== (b.targets === undefined);
const endsMessage = 'give exactly one of source/sources and exactly one of target/targets';

export const pathResult = z.array(
  z.looseObject({ vertices: z.array(vertexRecord), edges: z.array(edgeRecord) }),
);

export const shortestPath = defineOp('shortestPath', {
  area: 'path',
  summary: 'Unweighted shortest path(s) between vertex sets, with filters, up to maxLength (6).',
  method: 'POST',
  service: 'restpp',
  path: '/restpp/shortestpath/{graph_name}',
  pathParams: z.object({ graph_name: name }),
  body: z
    .object({
      ...endpoints,
      maxLength: z.number().int().positive().optional(),
      allShortestPaths: z.boolean().optional(),
    })
    .refine(oneOfEach, { message: endsMessage }),
  result: pathResult,
  privilege: 'READ_DATA',
  readOnly: true,
  inferred: ['body field allShortestPaths'],
});

export const allPaths = defineOp('allPaths', {
  area: 'path',
  summary: 'Every path (loops included) between vertex sets up to maxLength, with filters.',
  method: 'POST',
  service: 'restpp',
  path: '/restpp/allpaths/{graph_name}',
  pathParams: z.object({ graph_name: name }),
  body: z
    .object({ ...endpoints, maxLength: z.number().int().positive() })
    .refine(oneOfEach, { message: endsMessage }),
  result: pathResult,
  privilege: 'READ_DATA',
  readOnly: true,
});
