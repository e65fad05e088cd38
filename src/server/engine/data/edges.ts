// Reading and deleting the edges of a source vertex, narrowed by edge type (`_` for any), target
// type, target id and discriminator, with the REST select/filter/sort/limit parameters.
import type { EdgeTable } from '../graph/edge-table.js';
import { forEachStep } from '../graph/traverse.js';
import { EngineError } from '../errors.js';
import type { DeleteEdge, Mutation } from '../mutations.js';
import { edgeRecord, type EdgeRecord } from '../records.js';
import type { GraphScope } from '../scope.js';
import { coerce } from '../values.js';
import { canonicalId } from './ids.js';
import { compileFilter, compileSort, selectSet } from './rest-filter.js';

export interface EdgeSelector {
  readonly sourceType: string;
  readonly sourceId: string;
  readonly edgeType?: string;
  readonly targetType?: string;
  readonly targetId?: string;
  /** Discriminator values, comma-separated in discriminator order. */
  readonly discriminator?: string;
  /** `_` names an edge type literally instead of any type. */
  readonly notWildcard?: boolean;
}

export interface EdgeQuery {
  readonly select?: readonly string[];
  readonly filter?: readonly string[];
  readonly sort?: readonly string[];
  readonly limit?: number;
}

interface Found {
  readonly table: EdgeTable;
  readonly slot: number;
  readonly name: string;
  readonly flip: boolean;
}

function edgeTypesOf(scope: GraphScope, selector: EdgeSelector): string[] {
  const type = selector.edgeType;
  if (type === undefined || (type === '_' && !selector.notWildcard)) {
    const forward = scope.edgeTypes;
    const reverse = forward.flatMap((n) => scope.graph.edgeTable(n)?.def.reverseEdge ?? []);
    return [...forward, ...reverse];
  }
  return [type];
}

function discriminatorMatch(table: EdgeTable, text: string | undefined) {
  if (text === undefined) return () => true;
  const attrs = table.def.attributes;
  const names = table.def.discriminator;
  if (names.length === 0) {
    throw new EngineError('ENGINE-BAD-REQUEST', `edge type ${table.def.name} has no discriminator`);
  }
  const parts = text.split(',');
  if (parts.length !== names.length) {
    throw new EngineError(
      'ENGINE-BAD-REQUEST',
      `edge type ${table.def.name}: the discriminator has ${names.length} value(s): ${names.join(', ')}`,
    );
  }
  const wanted = names.map((name, i) => {
    const attr = attrs.find((a) => a.name === name);
    return attr ? coerce(attr.type, parts[i]) : parts[i];
  });
  return (slot: number) => table.discriminatorOf(slot).every((v, i) => v === wanted[i]);
}

/** The live edges a selector names, in adjacency order. */
function findEdges(scope: GraphScope, selector: EdgeSelector): Found[] {
  const source = scope.vertexTable(selector.sourceType);
  const slot = source.find(canonicalId(source.def, selector.sourceId));
  if (slot < 0) {
    throw new EngineError(
      'ENGINE-NOT-FOUND',
      `vertex ${selector.sourceType} "${selector.sourceId}" does not exist`,
    );
  }
  const target =
    selector.targetType === undefined ? undefined : scope.vertexTable(selector.targetType);
  const targetSlot =
    target && selector.targetId !== undefined
      ? target.find(canonicalId(target.def, selector.targetId))
      : undefined;
  if (targetSlot === -1) return [];
  const found: Found[] = [];
  for (const name of edgeTypesOf(scope, selector)) {
    const walk = scope.walk(name);
    const matches = discriminatorMatch(walk.table, selector.discriminator);
    forEachStep(walk, source.typeIndex, slot, (edge, farType, farSlot) => {
      if (target && farType !== target.typeIndex) return;
      if (targetSlot !== undefined && farSlot !== targetSlot) return;
      if (!matches(edge)) return;
      const stored = walk.table.srcType[edge] === source.typeIndex && walk.table.src[edge] === slot;
      found.push({ table: walk.table, slot: edge, name, flip: walk.reversed || !stored });
    });
  }
  return found;
}

function narrowed(scope: GraphScope, selector: EdgeSelector, query: EdgeQuery): Found[] {
  let found = findEdges(scope, selector);
  if (query.filter?.length) {
    found = found.filter((f) => {
      const predicate = compileFilter(
        `edge type ${f.name}`,
        f.table.def.attributes,
        query.filter ?? [],
      );
      return predicate((i) => f.table.columns[i]?.[f.slot]);
    });
  }
  if (query.sort?.length && found.length > 0) {
    const first = found[0] as Found;
    const comparator = compileSort(
      `edge type ${first.name}`,
      first.table.def.attributes,
      query.sort,
    );
    if (comparator) {
      found.sort((a, b) =>
        comparator(
          (i) => a.table.columns[i]?.[a.slot],
          (i) => b.table.columns[i]?.[b.slot],
        ),
      );
    }
  }
  if (query.limit !== undefined) {
    if (query.limit < 0)
      throw new EngineError(
        'ENGINE-BAD-REQUEST',
        `limit must not be negative (got ${query.limit})`,
      );
    found = found.slice(0, query.limit);
  }
  return found;
}

export function listEdges(
  scope: GraphScope,
  selector: EdgeSelector,
  query: EdgeQuery = {},
): EdgeRecord[] {
  return narrowed(scope, selector, query).map((f) =>
    edgeRecord(scope.graph, f.table, f.slot, {
      flip: f.flip,
      name: f.name,
      select: selectSet(`edge type ${f.name}`, f.table.def.attributes, query.select),
    }),
  );
}

export function countEdges(
  scope: GraphScope,
  selector: EdgeSelector,
  query: EdgeQuery = {},
): number {
  return narrowed(scope, selector, { ...query, sort: undefined }).length;
}

/** Delete mutations for the selected edges (reverse edges delete their forward edge). */
export function planDeleteEdges(
  scope: GraphScope,
  selector: EdgeSelector,
  query: EdgeQuery = {},
): Mutation[] {
  return narrowed(scope, selector, query).map((f): DeleteEdge => {
    const { table, slot } = f;
    const from = scope.graph.vertexByIndex[table.srcType[slot] ?? 0];
    const to = scope.graph.vertexByIndex[table.dstType[slot] ?? 0];
    const base = {
      k: 'de' as const,
      t: table.def.name,
      ft: from?.def.name ?? '',
      f: from?.ids[table.src[slot] ?? 0] ?? '',
      tt: to?.def.name ?? '',
      to: to?.ids[table.dst[slot] ?? 0] ?? '',
    };
    return table.discriminated ? { ...base, disc: table.discriminatorOf(slot) } : base;
  });
}
