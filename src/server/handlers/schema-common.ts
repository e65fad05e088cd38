// Shared pieces of the schema handlers: one schema change per request (applied whole or not at
// all, the version moving by one), the scope rule of spec document 2 (no `graph`: the global
// types; `graph`: the types that graph includes), name lookup, GSQL statements of a body, and
// dropping or altering types within a scope.
import type { Statement } from '../../core/gsql/index.js';
import { formatDiagnostic, parse } from '../../core/gsql/index.js';
import {
  alterAttributes,
  dropEdgeTypes,
  dropVertexTypes,
  requireGraph,
} from '../engine/catalog/catalog.js';
import { CatalogError } from '../engine/catalog/errors.js';
import type {
  AttributeDef,
  CatalogData,
  EdgeTypeDef,
  GraphDef,
  VertexTypeDef,
} from '../engine/catalog/types.js';
import type { Engine } from '../engine/engine.js';

export type TypeKind = 'vertex' | 'edge';
type TypeDef<K extends TypeKind> = K extends 'vertex' ? VertexTypeDef : EdgeTypeDef;

/**
 * Runs one schema change for a request: `change` throws to refuse (nothing changes then); the
 * catalog's version moves by one however many steps the change took.
 */
export async function changeCatalog(
  engine: Engine,
  change: (catalog: CatalogData) => CatalogData,
): Promise<CatalogData> {
  return engine.changeSchema((catalog) => ({
    ...change(catalog),
    version: catalog.version + 1,
  }));
}

export function typesOf<K extends TypeKind>(catalog: CatalogData, kind: K): readonly TypeDef<K>[] {
  return (kind === 'vertex' ? catalog.vertexTypes : catalog.edgeTypes) as readonly TypeDef<K>[];
}

function members(graph: GraphDef, kind: TypeKind): readonly string[] {
  return kind === 'vertex' ? graph.vertexTypes : graph.edgeTypes;
}

/** The types in scope: the global ones without `graph`, those of the graph with it. */
export function typesInScope<K extends TypeKind>(
  catalog: CatalogData,
  kind: K,
  graph: string | undefined,
): readonly TypeDef<K>[] {
  const all = typesOf(catalog, kind);
  if (graph === undefined) return all.filter((t) => t.localTo === undefined);
  const included = members(requireGraph(catalog, graph), kind);
  return all.filter((t) => included.includes(t.name));
}

const scopeText = (graph: string | undefined) =>
  graph === undefined ? 'at global level' : `in graph ${graph}`;

/** A type in scope by name (exact, else the one case-insensitive match); 404 when absent. */
export function findInScope<K extends TypeKind>(
  catalog: CatalogData,
  kind: K,
  name: string,
  graph: string | undefined,
): TypeDef<K> {
  const scope = typesInScope(catalog, kind, graph);
  const exact = scope.find((t) => t.name === name);
  if (exact) return exact;
  const folded = scope.filter((t) => t.name.toLowerCase() === name.toLowerCase());
  if (folded.length === 1 && folded[0]) return folded[0];
  const elsewhere = typesOf(catalog, kind).find((t) => t.name === name);
  const hint =
    elsewhere?.localTo !== undefined
      ? ` (it is a local type of graph ${elsewhere.localTo})`
      : elsewhere && graph !== undefined
        ? ` (it is a global type; add it to the graph first)`
        : '';
  throw new CatalogError(
    'SCHEMA-NOT-FOUND',
    `${kind} type "${name}" does not exist ${scopeText(graph)}${hint}`,
  );
}

/**
 * A type a change may modify: with `graph`, a local type of that graph (a local change cannot
 * touch a global type); without, a global type.
 */
export function changeableType<K extends TypeKind>(
  catalog: CatalogData,
  kind: K,
  name: string,
  graph: string | undefined,
): TypeDef<K> {
  const def = findInScope(catalog, kind, name, graph);
  if (graph !== undefined && def.localTo !== graph) {
    throw new CatalogError(
      'SCHEMA-INVALID',
      `${kind} type ${def.name} is a global type included in graph ${graph}; a local change ` +
        `cannot modify it (change it without \`graph\`, at global level)`,
    );
  }
  return def;
}

/** Names a drop request lists: `all` stands for every type the scope may drop. */
export function dropNames(
  catalog: CatalogData,
  kind: TypeKind,
  given: readonly string[],
  graph: string | undefined,
): string[] {
  if (given.length === 1 && given[0]?.toLowerCase() === 'all') {
    return typesInScope(catalog, kind, graph)
      .filter((t) => t.localTo === graph)
      .map((t) => t.name);
  }
  if (given.length === 0) throw new CatalogError('SCHEMA-INVALID', `no ${kind} types to drop`);
  return [...new Set(given.map((name) => changeableType(catalog, kind, name, graph).name))];
}

/** Drops types of a scope; the catalog refuses types still used by an edge type or a graph. */
export function dropTypes(
  catalog: CatalogData,
  kind: TypeKind,
  names: readonly string[],
  graph: string | undefined,
): CatalogData {
  let next = catalog;
  if (graph !== undefined) {
    // Local types leave their graph first, so that only other users keep them.
    next = {
      ...next,
      graphs: next.graphs.map((g) =>
        g.name !== graph
          ? g
          : kind === 'vertex'
            ? { ...g, vertexTypes: g.vertexTypes.filter((v) => !names.includes(v)) }
            : { ...g, edgeTypes: g.edgeTypes.filter((e) => !names.includes(e)) },
      ),
    };
  }
  return kind === 'vertex' ? dropVertexTypes(next, [...names]) : dropEdgeTypes(next, [...names]);
}

/** ADD and DROP attributes of a type of the scope. */
export function alterType(
  catalog: CatalogData,
  kind: TypeKind,
  name: string,
  graph: string | undefined,
  add: readonly AttributeDef[],
  drop: readonly string[],
): CatalogData {
  if (add.length === 0 && drop.length === 0) {
    throw new CatalogError(
      'SCHEMA-INVALID',
      'nothing to change: give addAttributes or dropAttributes',
    );
  }
  const def = changeableType(catalog, kind, name, graph);
  return alterAttributes(catalog, kind, def.name, add, drop);
}

/** `[a, b]`, the way the service lists names in its messages. */
export const bracketed = (names: readonly string[]) => `[${names.join(', ')}]`;

/**
 * Parses GSQL text that must hold statements of the given kinds; syntax errors become one
 * CatalogError naming each problem as `where line:column: message`.
 */
export function parseStatements<K extends Statement['kind']>(
  text: string,
  kinds: readonly K[],
  where: string,
): Extract<Statement, { kind: K }>[] {
  const { ast, diagnostics } = parse(text);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    throw new CatalogError(
      'SCHEMA-INVALID',
      errors.map((d) => `${where}: ${formatDiagnostic(d)}`).join('; '),
    );
  }
  const found = ast.statements;
  if (found.length === 0) throw new CatalogError('SCHEMA-INVALID', `${where}: no statement`);
  for (const statement of found) {
    if (!(kinds as readonly string[]).includes(statement.kind)) {
      throw new CatalogError(
        'SCHEMA-INVALID',
        `${where}: expected ${kinds.join(' or ')}, found ${statement.kind}`,
      );
    }
  }
  return found as Extract<Statement, { kind: K }>[];
}

/** Prefixes a CatalogError's message (which request item it came from). */
export function within<T>(where: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof CatalogError)
      throw new CatalogError(error.code, `${where}: ${error.message}`);
    throw error;
  }
}
