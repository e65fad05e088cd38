// The uniform argument names of the tools, each typed from the operation's own zod schema where
// one exists (select, filter, sort, vertex references, path filters), so the catalogue stays the
// one definition.
import { z } from 'zod';
import { catalogue } from '../../core/ops/index.js';
import { jsonSafeField } from '../json-safe.js';

const listQuery = catalogue.listVertices.query.shape;
/** An operation's body schema, which the catalogue types as possibly absent. */
export function bodyOf<T extends z.ZodType>(body: T | undefined, op: string): T {
  if (body === undefined) throw new Error(`operation ${op} has no body schema`);
  return body;
}

const pathBody = bodyOf(catalogue.shortestPath.body, 'shortestPath').shape;

/** Type names are GSQL identifiers; anything else could change the meaning of a URL path. */
export const typeName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a type name is a GSQL identifier');

export const vertexTypeArg = typeName.describe('Vertex type name, e.g. "Person"');
// "." and ".." would be folded away by URL normalisation and address another endpoint.
export const vertexIdArg = z
  .union([
    z
      .string()
      .min(1)
      .refine((id) => id !== '.' && id !== '..', 'a vertex id of "." or ".." cannot be addressed'),
    z.number(),
  ])
  .describe('Primary id of the vertex, e.g. "alice"');
export const limitArg = z
  .number()
  .int()
  .positive()
  .optional()
  .describe('Most rows to return; capped by the server setting (default 100)');
export const selectArg = jsonSafeField(listQuery, 'select').describe(
  'Attributes to return, e.g. ["name","age"] or "name,age"; default all',
);
export const filterArg = jsonSafeField(listQuery, 'filter').describe(
  'Conditions joined by AND, e.g. ["age>30","name=\\"bob\\""]; operators = != > >= < <=',
);
export const sortArg = jsonSafeField(listQuery, 'sort').describe(
  'Attributes to sort by, "-" for descending, e.g. ["-age"]',
);
export const vertexRefArg = jsonSafeField(pathBody, 'source').describe(
  'A vertex as {"type": "Person", "id": "alice"}',
);
export const vertexRefsArg = jsonSafeField(pathBody, 'sources').describe(
  'Several vertices as [{"type": "Person", "id": "alice"}, ...]',
);
export const vertexFiltersArg = jsonSafeField(pathBody, 'vertexFilters').describe(
  'Only pass through vertices that match: [{"type": "Person", "condition": "age > 20"}]',
);
export const edgeFiltersArg = jsonSafeField(pathBody, 'edgeFilters').describe(
  'Only follow edges that match: [{"type": "knows", "condition": "since > 2020"}]',
);
export const paramsArg = z
  .record(z.string(), z.unknown())
  .optional()
  .describe(
    'Query parameters by name in the JSON form: scalars as values, sets as arrays, a vertex ' +
      'as {"id": "alice", "type": "Person"}, e.g. {"p": {"id": "alice", "type": "Person"}, "k": 2}',
  );
