// A path request resolved against the graph once, before any search: the edge walks in scope,
// the compiled vertex and edge filters, and the source and target vertices as keys. Every
// error a request can have (unknown graph or types, bad conditions, missing vertices, bad
// maxLength) is raised here, so the searches themselves cannot fail half-way except on limits.
import { canonicalId } from '../data/ids.js';
import { EngineError } from '../errors.js';
import type { Graph } from '../graph/graph.js';
import { edgeWalk, type EdgeWalk } from '../graph/traverse.js';
import type { VertexTable } from '../graph/vertex-table.js';
import { coerce } from '../values.js';
import { PathError } from './errors.js';
import { compileCondition, type ConditionField, type ConditionPredicate } from './predicate.js';

export interface VertexRef {
  readonly type: string;
  readonly id: string | number;
}

export interface PathFilter {
  readonly type: string;
  readonly condition?: string;
}

export interface PathRequest {
  /** The graph of the endpoint URL; limits types to those of that graph. Absent: all types. */
  readonly graph?: string;
  readonly sources: readonly VertexRef[];
  readonly targets: readonly VertexRef[];
  readonly vertexFilters?: readonly PathFilter[];
  readonly edgeFilters?: readonly PathFilter[];
  /** Longest path in edges: shortest paths default to 6; allPaths requires it. */
  readonly maxLength?: number;
  /** Shortest paths only: every shortest path instead of one. */
  readonly allShortestPaths?: boolean;
}

/** The real service's names for a filter array that was not given. */
export type FilterKind = 'vertex_filters' | 'edge_filters';

/** Vertex keys pack (type index, slot) into one number; slots stay below 2^26 (edge-table.ts). */
const slotSpace = 2 ** 26;
export const vertexKey = (type: number, slot: number): number => type * slotSpace + slot;
export const keyType = (key: number): number => Math.floor(key / slotSpace);
export const keySlot = (key: number): number => key % slotSpace;

export interface ResolvedRequest {
  readonly graph: Graph;
  /** Edge walks in scope: forward names, and reverse names walking backwards. */
  readonly walks: readonly EdgeWalk[];
  /** walks[i] walked against its direction (for the search from the targets). */
  readonly backWalks: readonly EdgeWalk[];
  /** Per walk: undefined when every edge passes. */
  readonly edgeTests: readonly (((edge: number) => boolean) | undefined)[];
  /** Per vertex type index: undefined when every vertex of the type passes. */
  readonly vertexTests: readonly (((slot: number) => boolean) | undefined)[];
  /** Distinct sources and targets that pass the vertex filters, in request order. */
  readonly sources: readonly number[];
  readonly targets: readonly number[];
  readonly maxLength: number;
  readonly missingFilters: readonly FilterKind[];
}

function scopeOf(graph: Graph, name: string | undefined): [Set<string>, string[]] {
  const catalog = graph.catalog;
  if (name === undefined) {
    const edges = catalog.edgeTypes.flatMap((e) =>
      e.reverseEdge ? [e.name, e.reverseEdge] : [e.name],
    );
    return [new Set(catalog.vertexTypes.map((v) => v.name)), edges];
  }
  const def = catalog.graphs.find((g) => g.name === name);
  if (!def) throw new PathError('PATH-UNKNOWN-GRAPH', `graph "${name}" does not exist`);
  const edges = def.edgeTypes.flatMap((e) => {
    const reverse = graph.edgeTable(e)?.def.reverseEdge;
    return reverse ? [e, reverse] : [e];
  });
  return [new Set(def.vertexTypes), edges];
}

/** Vertex attributes as condition fields; the id joins them when it is an attribute too. */
function vertexFields(
  table: VertexTable,
): [ConditionField[], (slot: number, i: number) => unknown] {
  const def = table.def;
  const fields: ConditionField[] = [...def.attributes];
  const idIndex = def.primaryIdAsAttribute && !def.primaryKeySyntax ? fields.length : -1;
  if (idIndex >= 0) fields.push(def.primaryId);
  const get = (slot: number, i: number): unknown =>
    i === idIndex ? coerce(def.primaryId.type, table.ids[slot]) : table.columns[i]?.[slot];
  return [fields, get];
}

/** Any of the filters holds. A filter without a condition passes every element of its type. */
function anyOf<T>(tests: ((x: T) => boolean)[]): (x: T) => boolean {
  if (tests.length === 1 && tests[0]) return tests[0];
  return (x) => tests.some((test) => test(x));
}

const always = (): boolean => true;
const never = (): boolean => false;

function predicateOf(condition: string | undefined, compile: (text: string) => ConditionPredicate) {
  return condition === undefined || condition.trim() === '' ? undefined : compile(condition);
}

/**
 * Filters restrict only the types they name: a vertex (edge) of a type that some filter names
 * must satisfy one of that type's filters; types no filter names pass. The real service's
 * /allpaths example filters only `Video` and returns `VidUser` and `AttributeTag` vertices.
 */
function vertexTests(graph: Graph, scope: Set<string>, filters: readonly PathFilter[]) {
  const byType = new Map<number, ((slot: number) => boolean)[]>();
  for (const filter of filters) {
    const table = scope.has(filter.type) ? graph.vertexTable(filter.type) : undefined;
    if (!table) {
      throw new PathError(
        'PATH-UNKNOWN-TYPE',
        `vertexFilters: unknown vertex type "${filter.type}"`,
      );
    }
    const [fields, get] = vertexFields(table);
    const predicate = predicateOf(filter.condition, (text) =>
      compileCondition(text, fields, table.def.name),
    );
    const test = predicate ? (slot: number) => predicate((i) => get(slot, i)) : always;
    byType.set(table.typeIndex, [...(byType.get(table.typeIndex) ?? []), test]);
  }
  return graph.vertexByIndex.map((table, type) => {
    // A vertex of a type outside the graph (reached over a `*` edge pair) is never on a path.
    if (!table || !scope.has(table.def.name)) return never;
    const tests = byType.get(type);
    return tests ? anyOf(tests) : undefined;
  });
}

function edgeTests(walks: readonly EdgeWalk[], filters: readonly PathFilter[]) {
  const byName = new Map<string, ((edge: number) => boolean)[]>();
  for (const filter of filters) {
    const walk = walks.find((w) => w.name === filter.type);
    if (!walk)
      throw new PathError('PATH-UNKNOWN-TYPE', `edgeFilters: unknown edge type "${filter.type}"`);
    const { columns, def } = walk.table;
    const predicate = predicateOf(filter.condition, (text) =>
      compileCondition(text, def.attributes, walk.name),
    );
    const test = predicate ? (edge: number) => predicate((i) => columns[i]?.[edge]) : always;
    byName.set(walk.name, [...(byName.get(walk.name) ?? []), test]);
  }
  return walks.map((walk) => {
    const tests = byName.get(walk.name);
    return tests ? anyOf(tests) : undefined;
  });
}

/** Keys of the named vertices; the names of those that do not exist go into `missing`. */
function vertexKeys(
  graph: Graph,
  scope: Set<string>,
  refs: readonly VertexRef[],
  role: string,
  missing: string[],
): number[] {
  if (refs.length === 0) throw new PathError('PATH-BAD-REQUEST', `${role}: no vertex given`);
  const keys: number[] = [];
  for (const ref of refs) {
    const table = scope.has(ref.type) ? graph.vertexTable(ref.type) : undefined;
    if (!table)
      throw new PathError('PATH-UNKNOWN-TYPE', `${role}: unknown vertex type "${ref.type}"`);
    let slot = -1;
    try {
      slot = table.find(canonicalId(table.def, ref.id));
    } catch (error) {
      // An id that does not fit the id type names no vertex.
      if (!(error instanceof EngineError)) throw error;
    }
    if (slot < 0) missing.push(`${ref.type} "${String(ref.id)}"`);
    else keys.push(vertexKey(table.typeIndex, slot));
  }
  return [...new Set(keys)];
}

function reversedWalk(walk: EdgeWalk): EdgeWalk {
  // An undirected edge is walked both ways from either end already.
  return walk.table.def.directed ? { ...walk, reversed: !walk.reversed } : walk;
}

/** What a request resolves to before its filters and vertices: the graph's scope and walks. */
interface ScopeParts {
  readonly vertexScope: Set<string>;
  readonly walks: readonly EdgeWalk[];
  readonly backWalks: readonly EdgeWalk[];
  /** The tests of a request without filters. */
  readonly openVertexTests: readonly (((slot: number) => boolean) | undefined)[];
  readonly openEdgeTests: readonly (((edge: number) => boolean) | undefined)[];
}

/**
 * The scope parts of each graph name, made once per catalog object rather than per request (a
 * schema change installs a new catalog). A clear-store makes new edge tables under the same
 * catalog, so cached walks are used only while they still hold the graph's tables.
 */
const scopeCache = new WeakMap<Graph, { catalog: unknown; byName: Map<string, ScopeParts> }>();
const allTypes = '\u0000*';

function scopeParts(graph: Graph, name: string | undefined): ScopeParts {
  let cache = scopeCache.get(graph);
  if (cache?.catalog !== graph.catalog) {
    cache = { catalog: graph.catalog, byName: new Map() };
    scopeCache.set(graph, cache);
  }
  const cached = cache.byName.get(name ?? allTypes);
  if (cached?.walks.every((w) => graph.edgeTable(w.table.def.name) === w.table)) return cached;
  const [vertexScope, edgeNames] = scopeOf(graph, name);
  const walks = edgeNames.flatMap((edge) => edgeWalk(graph, edge) ?? []);
  const parts: ScopeParts = {
    vertexScope,
    walks,
    backWalks: walks.map(reversedWalk),
    openVertexTests: vertexTests(graph, vertexScope, []),
    openEdgeTests: edgeTests(walks, []),
  };
  cache.byName.set(name ?? allTypes, parts);
  return parts;
}

/** Resolves and checks a request; `defaultMaxLength` undefined means maxLength is required. */
export function resolveRequest(
  graph: Graph,
  request: PathRequest,
  defaultMaxLength: number | undefined,
): ResolvedRequest {
  const maxLength = request.maxLength ?? defaultMaxLength;
  if (maxLength === undefined) throw new PathError('PATH-BAD-REQUEST', 'maxLength is required');
  if (!Number.isSafeInteger(maxLength) || maxLength < 0) {
    throw new PathError(
      'PATH-BAD-REQUEST',
      `maxLength must be a non-negative integer, not ${String(maxLength)}`,
    );
  }
  const parts = scopeParts(graph, request.graph);
  const { vertexScope, walks } = parts;
  const vertexChecks = request.vertexFilters?.length
    ? vertexTests(graph, vertexScope, request.vertexFilters)
    : parts.openVertexTests;
  const edgeChecks = request.edgeFilters?.length
    ? edgeTests(walks, request.edgeFilters)
    : parts.openEdgeTests;
  const passes = (key: number) => vertexChecks[keyType(key)]?.(keySlot(key)) ?? true;
  const missing: string[] = [];
  const sources = vertexKeys(graph, vertexScope, request.sources, 'sources', missing);
  const targets = vertexKeys(graph, vertexScope, request.targets, 'targets', missing);
  if (missing.length > 0) {
    const names = missing.join(', ');
    throw new PathError('PATH-VERTEX-NOT-FOUND', `vertex ${names} does not exist`);
  }
  const missingFilters: FilterKind[] = [];
  if (!request.vertexFilters) missingFilters.push('vertex_filters');
  if (!request.edgeFilters) missingFilters.push('edge_filters');
  return {
    graph,
    walks,
    backWalks: parts.backWalks,
    edgeTests: edgeChecks,
    vertexTests: vertexChecks,
    sources: sources.filter(passes),
    targets: targets.filter(passes),
    maxLength,
    missingFilters,
  };
}
