// Bridges the catalogue's zod schemas to MCP: tool schemas travel as JSON Schema, and results as
// JSON. The catalogue's schemas hold what JSON Schema cannot say (bigint for ids past 2^53,
// transforms that parse query-string text), so a schema is taken through JSON Schema and back:
// what is representable stays exact, the rest becomes "any JSON value". Results lose their bigints
// the same way (a safe integer becomes a number, a larger one its decimal text).
import { z } from 'zod';

type Io = 'input' | 'output';

/** The JSON-representable form of a catalogue schema, as a zod schema the SDK can list. */
export function jsonSafe(schema: z.ZodType, io: Io = 'output'): z.ZodType {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return z.fromJSONSchema(json);
}

/** `jsonSafe` for each field of an object schema (for tool input shapes). */
export function jsonSafeField<S extends z.ZodRawShape, K extends keyof S & string>(
  shape: S,
  key: K,
  io: Io = 'input',
): z.ZodType<z.input<S[K]>> {
  const field = shape[key] as z.ZodType | undefined;
  if (field === undefined) throw new Error(`no field ${key} in the operation's schema`);
  const safe = jsonSafe(field, io);
  // JSON Schema keeps optionality on the object, not the field: carry it over by hand.
  const typed = field.safeParse(undefined).success ? safe.optional() : safe;
  return typed as unknown as z.ZodType<z.input<S[K]>>;
}

/** A value made plain JSON: bigints become numbers when exact, decimal text otherwise. */
export function toJsonValue(value: unknown): unknown {
  if (typeof value === 'bigint') {
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(value)
      : value.toString();
  }
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[key] = toJsonValue(v);
    return out;
  }
  return value;
}
