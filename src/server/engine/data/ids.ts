// Vertex ids in their canonical text form: the primary id coerced to its declared type (so INT
// ids "007" and "7" are one vertex), composite keys joined in key order.
import type { VertexTypeDef } from '../catalog/types.js';
import { EngineError } from '../errors.js';
import { coerce, outputValue, ValueError } from '../values.js';

export function canonicalId(def: VertexTypeDef, raw: unknown): string {
  if (def.compositeKey.length > 1) return compositeId(def, raw);
  try {
    const value = coerce(def.primaryId.type, raw);
    return String(outputValue(def.primaryId.type, value));
  } catch (error) {
    if (error instanceof ValueError) {
      throw new EngineError('ENGINE-BAD-VALUE', `vertex type ${def.name}: id ${error.message}`);
    }
    throw error;
  }
}

/** Composite keys: an object by name, an array in key order, or the joined text form. */
function compositeId(def: VertexTypeDef, raw: unknown): string {
  const keys = def.compositeKey;
  let parts: unknown[];
  if (Array.isArray(raw)) parts = raw;
  else if (typeof raw === 'object' && raw !== null)
    parts = keys.map((k) => (raw as Record<string, unknown>)[k]);
  else parts = String(raw).split(',');
  if (parts.length !== keys.length || parts.some((p) => p === undefined)) {
    throw new EngineError(
      'ENGINE-BAD-VALUE',
      `vertex type ${def.name}: the id needs the key attributes ${keys.join(', ')}`,
    );
  }
  return parts
    .map((part, i) => {
      const attr = def.attributes.find((a) => a.name === keys[i]);
      return attr ? String(outputValue(attr.type, coerce(attr.type, part))) : String(part);
    })
    .join(',');
}
