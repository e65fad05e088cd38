// Builds the raw query object an operation's query schema parses, from URLSearchParams: repeated
// names become arrays only where the schema takes arrays (qList, qCsv); query arguments of
// queries (record schemas) keep every name, repeated ones as arrays.
import type { z } from 'zod';
import { BadRequestError } from './errors.js';
import { acceptsArray, objectShape } from './zod-introspect.js';

/** Object shapes of query schemas (null: not an object), read once per schema. */
const shapes = new WeakMap<z.ZodType, Record<string, z.ZodType> | null>();

export function rawQuery(
  operation: string,
  schema: z.ZodType,
  search: URLSearchParams,
  skip: ReadonlySet<string> = new Set(),
): Record<string, unknown> {
  let shape = shapes.get(schema);
  if (shape === undefined) shapes.set(schema, (shape = objectShape(schema) ?? null));
  const out: Record<string, unknown> = {};
  for (const key of new Set(search.keys())) {
    if (skip.has(key)) continue;
    const values = search.getAll(key);
    if (shape === null) {
      out[key] = values.length === 1 ? values[0] : values;
      continue;
    }
    const param = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (param === undefined) continue; // unknown parameters are ignored, as REST++ does
    if (values.length === 1) out[key] = values[0];
    else if (acceptsArray(param)) out[key] = values;
    else {
      throw new BadRequestError(
        `${operation}: query.${key}: given ${values.length} times, expected once`,
      );
    }
  }
  return out;
}
