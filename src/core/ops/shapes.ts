// Zod building blocks shared by the operation catalogue: parameter codecs that accept both typed
// values (from the client) and query-string text (on the server), and the spec's record shapes.
import { z } from 'zod';

/** An integer that may exceed 2^53: JSON is parsed losslessly, so big values arrive as bigint. */
export const jsonInt = z.union([z.number().int(), z.bigint()]);

/** A boolean query parameter: true/false, or their text forms. */
export const qBool = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
]);

/** An integer query parameter: a number, or its decimal text. */
export const qInt = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/, 'expected an integer')
    .transform((v) => Number(v)),
]);

/** A repeatable query parameter (the spec's `name` repeated once per element). */
export function qList<T extends z.ZodType>(item: T) {
  return z
    .union([item, z.array(item)])
    .transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[]);
}

/** A comma-separated list parameter (`select=a,b`), as text or as an array. */
export const qCsv = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',').filter((s) => s.length > 0)));

/** True when a query parameter travels as one comma-separated value rather than repeated. */
export function isCsvParam(schema: z.ZodType | undefined): boolean {
  let current: unknown = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodDefault) {
    current = current.unwrap();
  }
  return current === qCsv;
}

/** The spec's names: graph, vertex type, query name... non-empty, no slash. */
export const name = z
  .string()
  .min(1)
  .regex(/^[^/]+$/, 'a name has no slash');

/** A vertex id as it appears in URLs and records (ids are strings on the wire). */
export const vertexId = z.union([z.string(), z.number(), z.bigint()]).transform((v) => String(v));

export const attributes = z.record(z.string(), z.unknown());

export const vertexRecord = z.looseObject({
  v_id: z.string(),
  v_type: z.string(),
  attributes: attributes.optional(),
});

export const edgeRecord = z.looseObject({
  e_type: z.string(),
  from_id: z.string(),
  from_type: z.string(),
  to_id: z.string(),
  to_type: z.string(),
  directed: z.boolean().optional(),
  attributes: attributes.optional(),
});

/** `{type, id}` as the path-finding and query bodies take it; composite keys as object or array. */
export const vertexRef = z.object({
  type: z.string().optional(),
  id: z.union([z.string(), z.number(), z.bigint(), z.array(z.unknown()), attributes]),
});

/** Results whose shape the spec leaves open: kept as JSON. */
export const anyJson = z.unknown();

/** Plain GSQL-server answers whose useful content is the message. */
export const messageOnly = z.string();

export const runningQuery = z.looseObject({
  requestid: z.string(),
  startTime: z.string(),
  expirationTime: z.string().optional(),
  url: z.string(),
  elapsedTime: jsonInt.optional(),
});

export const delayedQuery = z.looseObject({
  requestidPartial: z.string(),
  startTime: z.string(),
  url: z.string(),
  elapsedTime: jsonInt,
});

export const queryStatusEntry = z.looseObject({
  requestid: z.string(),
  startTime: z.string(),
  expirationTime: z.string().optional(),
  url: z.string(),
  elapsedTime: jsonInt,
  status: z.string(),
});

export const serviceDescriptor = z.looseObject({
  ServiceName: z.string(),
  Partition: z.number().int().optional(),
  Replica: z.number().int().optional(),
});

export const endpointParameter = z.looseObject({
  default: z.unknown().optional(),
  max_count: z.number().int().optional(),
  min_count: z.number().int().optional(),
  type: z.string().optional(),
});

export const endpointListing = z.record(
  z.string(),
  z.looseObject({ parameters: z.record(z.string(), endpointParameter).optional() }),
);

/** Attribute object of the schema endpoints (`AttributeName`, `AttributeType`{`Name`}, ...). */
export const schemaAttribute = z.looseObject({
  AttributeName: z.string(),
  AttributeType: z.looseObject({ Name: z.string() }),
  IsPrimaryKey: z.boolean().optional(),
  IsPartOfCompositeKey: z.boolean().optional(),
  PrimaryIdAsAttribute: z.boolean().optional(),
  HasIndex: z.boolean().optional(),
  IsDiscriminator: z.boolean().optional(),
  DefaultValue: z.unknown().optional(),
});

export const vertexSchema = z.looseObject({
  Name: z.string(),
  PrimaryId: schemaAttribute.optional(),
  Attributes: z.array(schemaAttribute),
  Config: z.record(z.string(), z.unknown()).optional(),
});

/** One FROM/TO pair of an edge type that joins several (the schema's `EdgePairs`). */
export const edgePair = z.object({ From: z.string(), To: z.string() });

export const edgeSchema = z.looseObject({
  Name: z.string(),
  /** The source type, or `*` when the pairs name several. */
  FromVertexTypeName: z.string(),
  /** The target type, or `*` when the pairs name several. */
  ToVertexTypeName: z.string(),
  /** Present when the edge type has several FROM/TO pairs. */
  EdgePairs: z.array(edgePair).optional(),
  IsDirected: z.boolean(),
  Attributes: z.array(schemaAttribute),
  Config: z.record(z.string(), z.unknown()).optional(),
});

export const graphSchema = z.looseObject({
  GraphName: z.string(),
  VertexTypes: z.array(vertexSchema),
  EdgeTypes: z.array(edgeSchema),
});

export type VertexRecord = z.infer<typeof vertexRecord>;
export type EdgeRecord = z.infer<typeof edgeRecord>;
export type VertexSchema = z.infer<typeof vertexSchema>;
export type EdgeSchema = z.infer<typeof edgeSchema>;
export type GraphSchema = z.infer<typeof graphSchema>;
