// The built-in part of GET /endpoints, derived from the catalogue: every operation with a REST++
// form, keyed `"<METHOD> <legacy path>"` as the real service prints it, with a parameter table
// read from its query schema (type, min_count 1 when required, max_count 2^31-1 when repeatable).
import type { Operation } from '../../core/ops/define.js';
import { catalogue, operations } from '../../core/ops/index.js';
import type { EndpointEntry } from './context.js';
import {
  acceptsArray,
  defaultOf,
  isRequired,
  objectShape,
  restppTypeName,
  unboundedCount,
} from './zod-introspect.js';

/** Installed-query endpoints are dynamic (one per query), not built-in. */
const dynamicTemplates = new Set<Operation>([
  catalogue.runInstalledQuery,
  catalogue.runInstalledQueryPost,
]);

/** A default value as the listing prints it: scalars as text, anything else as JSON. */
function defaultText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return value.toString();
    case 'function':
    case 'object':
    case 'symbol':
    case 'undefined':
      return JSON.stringify(value) ?? '';
  }
}

export function parameterTable(op: Operation): EndpointEntry['parameters'] {
  const shape = objectShape(op.query) ?? {};
  const table: Record<string, EndpointEntry['parameters'][string]> = {};
  for (const [name, schema] of Object.entries(shape)) {
    const type = restppTypeName(schema);
    const required = isRequired(schema);
    const fallback = defaultOf(schema);
    const shown =
      fallback !== undefined
        ? defaultText(fallback)
        : type === 'BOOL' && !required
          ? 'false'
          : undefined;
    table[name] = {
      ...(shown === undefined ? {} : { default: shown }),
      max_count: acceptsArray(schema) ? unboundedCount : 1,
      min_count: required ? 1 : 0,
      type,
    };
  }
  return table;
}

/** The built-in REST++ endpoints with their parameter tables. */
export function builtinEndpoints(): Record<string, EndpointEntry> {
  const listing: Record<string, EndpointEntry> = {};
  for (const op of operations) {
    const service = op.legacyService ?? op.service;
    if (service !== 'restpp' || op.legacyPath === null || dynamicTemplates.has(op)) continue;
    const method = op.legacyMethod ?? op.method;
    listing[`${method} ${op.legacyPath}`] = { parameters: parameterTable(op) };
  }
  return listing;
}
