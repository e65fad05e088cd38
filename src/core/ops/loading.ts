// Data loading through REST++ (spec document 1): POST /ddl with a raw CSV or JSON payload for one
// filename variable of a loading job; the answer is the spec's line and object statistics.
import { z } from 'zod';
import { defineOp } from './define.js';
import { jsonInt, name, qBool, qInt } from './shapes.js';

const objectStats = z.looseObject({
  typeName: z.string(),
  validObject: jsonInt,
  noIdFound: jsonInt.optional(),
  invalidAttribute: jsonInt.optional(),
  invalidPrimaryId: jsonInt.optional(),
  invalidSecondaryId: jsonInt.optional(),
  incorrectFixedBinaryLength: jsonInt.optional(),
});

export const loadingStatistics = z.looseObject({
  validLine: jsonInt,
  rejectLine: jsonInt,
  failedConditionLine: jsonInt,
  notEnoughToken: jsonInt,
  invalidJson: jsonInt,
  oversizeToken: jsonInt,
  vertex: z.array(objectStats),
  edge: z.array(objectStats),
  deleteVertex: z.array(objectStats),
  deleteEdge: z.array(objectStats),
});

/** The `concise` form: only the numbers of vertices and edges added or deleted. */
export const conciseLoadingStatistics = z.looseObject({
  vertex: jsonInt,
  edge: jsonInt,
  deleteVertex: jsonInt,
  deleteEdge: jsonInt,
});

export const loadData = defineOp('loadData', {
  area: 'loading',
  summary: 'Runs one filename variable of a loading job on the request body (CSV or JSON).',
  method: 'POST',
  service: 'restpp',
  path: '/restpp/ddl/{graph_name}',
  pathParams: z.object({ graph_name: name }),
  query: z.object({
    tag: name,
    filename: z.string().min(1),
    sep: z.string().min(1).max(2).optional(),
    eol: z.string().min(1).max(4).optional(),
    header: qBool.optional(),
    ack: z.enum(['all', 'none']).optional(),
    timeout: qInt.optional(),
    concise: qBool.optional(),
  }),
  body: z.union([z.string(), z.instanceof(Uint8Array)]),
  bodyKind: 'raw',
  result: z.array(
    z.looseObject({
      sourceFileName: z.string(),
      statistics: z.union([loadingStatistics, conciseLoadingStatistics]),
    }),
  ),
  privilege: 'EXECUTE_LOADINGJOB',
  readOnly: false,
  inferred: ['query parameter names header, ack, timeout, concise'],
});
