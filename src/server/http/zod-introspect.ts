// Reads the catalogue's zod schemas as data: whether a parameter is required, takes repeated
// values, has a default, and which REST++ type name (BOOL, INT, UINT, STRING...) describes it.
// Used to build query objects from URLSearchParams and the /endpoints parameter tables.
import { z } from 'zod';

/** The REST++ listing's max_count for repeatable parameters (the real service prints 2^31-1). */
export const unboundedCount = 2147483647;

/** Peels optional, default, nullable and readonly wrappers. */
export function unwrapSchema(schema: z.ZodType): z.ZodType {
  let current: z.ZodType = schema;
  for (;;) {
    if (
      current instanceof z.ZodOptional ||
      current instanceof z.ZodNullable ||
      current instanceof z.ZodDefault ||
      current instanceof z.ZodReadonly
    ) {
      current = current.unwrap() as z.ZodType;
    } else return current;
  }
}

/** The schemas a value may take: union members and the input side of pipes, flattened. */
function alternatives(schema: z.ZodType): z.ZodType[] {
  const inner = unwrapSchema(schema);
  if (inner instanceof z.ZodUnion) {
    return (inner.options as readonly z.ZodType[]).flatMap((o) => alternatives(o));
  }
  if (inner instanceof z.ZodPipe) return alternatives(inner.in as z.ZodType);
  return [inner];
}

/** True when the parameter accepts an array (a repeated query parameter). */
export function acceptsArray(schema: z.ZodType): boolean {
  return alternatives(schema).some((s) => s instanceof z.ZodArray);
}

export function isRequired(schema: z.ZodType): boolean {
  return !schema.safeParse(undefined).success;
}

/** The declared default, if any. */
export function defaultOf(schema: z.ZodType): unknown {
  let current: z.ZodType = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodNullable) {
    current = current.unwrap() as z.ZodType;
  }
  return current instanceof z.ZodDefault ? current.def.defaultValue : undefined;
}

/** Whether an integer schema (after pipes) is bounded below by 0 or more. */
function nonNegative(schema: z.ZodType): boolean {
  let current = unwrapSchema(schema);
  while (current instanceof z.ZodPipe) current = unwrapSchema(current.out as z.ZodType);
  return current instanceof z.ZodNumber && current.minValue !== null && current.minValue >= 0;
}

/** The REST++ type name of a parameter: BOOL, INT, UINT, DOUBLE or STRING. */
export function restppTypeName(schema: z.ZodType): string {
  const options = alternatives(schema).flatMap((s) =>
    s instanceof z.ZodArray ? alternatives(s.element as z.ZodType) : [s],
  );
  if (options.some((s) => s instanceof z.ZodBoolean)) return 'BOOL';
  if (options.some((s) => s instanceof z.ZodNumber)) {
    const ints = options.every((s) => !(s instanceof z.ZodNumber) || s.isInt);
    if (!ints) return 'DOUBLE';
    return nonNegative(schema) ? 'UINT' : 'INT';
  }
  return 'STRING';
}

/** The object shape of a schema, when it is a plain object (query args are records). */
export function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const inner = unwrapSchema(schema);
  return inner instanceof z.ZodObject ? inner.shape : undefined;
}
