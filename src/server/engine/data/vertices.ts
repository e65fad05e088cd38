// Reading and deleting vertices of a type with the REST parameters: select, filter, sort, limit,
// count_only; deletes are planned as mutations so they go through the durable write path.
import type { AttributeDef } from '../catalog/types.js';
import type { Mutation } from '../mutations.js';
import { vertexRecord, type VertexRecord } from '../records.js';
import type { GraphScope } from '../scope.js';
import { EngineError } from '../errors.js';
import { coerce } from '../values.js';
import { canonicalId } from './ids.js';
import { compileFilter, compileSort, selectSet } from './rest-filter.js';

export interface VertexQuery {
  readonly select?: readonly string[];
  readonly filter?: readonly string[];
  readonly sort?: readonly string[];
  readonly limit?: number;
}

/** Live slots of `type` that pass the filter, sorted and limited. */
export function matchingSlots(scope: GraphScope, type: string, query: VertexQuery): number[] {
  const table = scope.vertexTable(type);
  const owner = `vertex type ${type}`;
  const def = table.def;
  // With primary_id_as_attribute the id is shown as an attribute (records.ts), so it can be
  // filtered and sorted on too: it is attribute 0 of the rows here, the stored ones follow.
  const idShown =
    def.primaryIdAsAttribute &&
    !def.primaryKeySyntax &&
    !def.attributes.some((a) => a.name === def.primaryId.name);
  const attrs: readonly AttributeDef[] = idShown
    ? [{ name: def.primaryId.name, type: def.primaryId.type }, ...def.attributes]
    : def.attributes;
  const idValue = (slot: number): unknown => {
    const id = table.ids[slot] ?? '';
    try {
      return coerce(def.primaryId.type, id);
    } catch {
      return id;
    }
  };
  const predicate = query.filter?.length ? compileFilter(owner, attrs, query.filter) : undefined;
  const comparator = compileSort(owner, attrs, query.sort);
  if (query.limit !== undefined && query.limit < 0) {
    throw new EngineError('ENGINE-BAD-REQUEST', `limit must not be negative (got ${query.limit})`);
  }
  const slots: number[] = [];
  const getter = idShown
    ? (slot: number) => (i: number) => (i === 0 ? idValue(slot) : table.columns[i - 1]?.[slot])
    : (slot: number) => (i: number) => table.columns[i]?.[slot];
  for (const slot of table.liveSlots()) {
    if (predicate && !predicate(getter(slot))) continue;
    slots.push(slot);
    if (!comparator && query.limit !== undefined && slots.length >= query.limit) break;
  }
  if (comparator) slots.sort((a, b) => comparator(getter(a), getter(b)));
  return query.limit === undefined ? slots : slots.slice(0, query.limit);
}

export function listVertices(scope: GraphScope, type: string, query: VertexQuery): VertexRecord[] {
  const table = scope.vertexTable(type);
  const select = selectSet(`vertex type ${type}`, table.def.attributes, query.select, [
    table.def.primaryId.name,
  ]);
  return matchingSlots(scope, type, query).map((slot) => vertexRecord(table, slot, select));
}

export function countVertices(scope: GraphScope, type: string, query: VertexQuery): number {
  return matchingSlots(scope, type, { ...query, sort: undefined }).length;
}

/** One vertex by id; EngineError ENGINE-NOT-FOUND when absent. */
export function getVertex(
  scope: GraphScope,
  type: string,
  rawId: string,
  select?: readonly string[],
): VertexRecord {
  const table = scope.vertexTable(type);
  const slot = table.find(canonicalId(table.def, rawId));
  if (slot < 0)
    throw new EngineError('ENGINE-NOT-FOUND', `vertex ${type} "${rawId}" does not exist`);
  const selected = selectSet(`vertex type ${type}`, table.def.attributes, select, [
    table.def.primaryId.name,
  ]);
  return vertexRecord(table, slot, selected);
}

export function planDeleteVertices(
  scope: GraphScope,
  type: string,
  query: VertexQuery,
  permanent = false,
): Mutation[] {
  const table = scope.vertexTable(type);
  return matchingSlots(scope, type, query).map((slot) => ({
    k: 'dv',
    t: type,
    id: table.ids[slot] ?? '',
    permanent,
  }));
}

export function planDeleteVertex(scope: GraphScope, type: string, rawId: string): Mutation[] {
  const table = scope.vertexTable(type);
  const id = canonicalId(table.def, rawId);
  if (table.find(id) < 0)
    throw new EngineError('ENGINE-NOT-FOUND', `vertex ${type} "${rawId}" does not exist`);
  return [{ k: 'dv', t: type, id }];
}
