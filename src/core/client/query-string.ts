// Query-string encoding of parameters, exactly as spec document 1 shows for running queries:
// scalars plain, sets repeated, vertices as `name=<id>` plus `name.type=<type>` when untyped.
import { ErrorCodes, GraphError } from '../errors.js';

type Scalar = string | number | bigint | boolean;

function isScalar(value: unknown): value is Scalar {
  const t = typeof value;
  return t === 'string' || t === 'number' || t === 'bigint' || t === 'boolean';
}

function isVertexRef(value: unknown): value is { id: unknown; type?: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'id' in value;
}

function scalarText(value: Scalar): string {
  return typeof value === 'string' ? value : String(value);
}

function fail(operation: string, name: string, why: string): never {
  throw new GraphError(`${operation}: parameter ${name} ${why}`, {
    code: ErrorCodes.encode,
    operation,
  });
}

function typeText(operation: string, name: string, type: unknown): string {
  if (typeof type === 'string' && type !== '') return type;
  return fail(operation, name, 'has a vertex type that is not a name');
}

function vertexIdText(operation: string, name: string, id: unknown): string {
  if (isScalar(id)) return scalarText(id);
  return fail(
    operation,
    name,
    'has a composite vertex id, which only the JSON (POST) form carries',
  );
}

/**
 * Appends one parameter to `out` in the spec's query-string form. Vertex objects carry `type`
 * only when the query leaves the vertex type open; the caller omits it otherwise.
 */
function appendParam(operation: string, out: URLSearchParams, name: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (isScalar(value)) {
    out.append(name, scalarText(value));
    return;
  }
  if (isVertexRef(value)) {
    out.append(name, vertexIdText(operation, name, value.id));
    if (value.type !== undefined) out.append(`${name}.type`, typeText(operation, name, value.type));
    return;
  }
  if (Array.isArray(value)) {
    appendList(operation, out, name, value);
    return;
  }
  fail(operation, name, 'is a MAP or tuple, which only the JSON (POST) form carries');
}

function appendList(operation: string, out: URLSearchParams, name: string, items: unknown[]) {
  const types = new Set<string>();
  for (const item of items) {
    if (isScalar(item)) out.append(name, scalarText(item));
    else if (isVertexRef(item)) {
      out.append(name, vertexIdText(operation, name, item.id));
      if (item.type !== undefined) types.add(typeText(operation, name, item.type));
    } else fail(operation, name, 'holds values the query string cannot carry');
  }
  if (types.size > 1) {
    fail(operation, name, 'mixes vertex types; the query string carries one `.type` per set');
  }
  const [type] = types;
  if (type !== undefined) out.append(`${name}.type`, type);
}

/** Encodes a parameter object into a query string (without the leading `?`). */
export function encodeQueryParams(operation: string, params: Record<string, unknown>): string {
  const out = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) appendParam(operation, out, name, value);
  return out.toString();
}

/** The JSON forms of MAP and tuple parameters: `{keylist, valuelist}` matched by position. */
export function mapParam(entries: Iterable<readonly [unknown, unknown]> | Record<string, unknown>) {
  const pairs = Symbol.iterator in entries ? [...entries] : Object.entries(entries);
  return { keylist: pairs.map(([k]) => k), valuelist: pairs.map(([, v]) => v) };
}

/** A user-defined tuple in the JSON form: field names and values in declaration order. */
export function tupleParam(fields: Record<string, unknown>) {
  return mapParam(fields);
}
