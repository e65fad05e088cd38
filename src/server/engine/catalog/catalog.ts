// Schema changes on the catalog: each function checks the change against the whole catalog and
// returns a new catalog (the old one is untouched), so a failed change changes nothing.
import { CatalogError } from './errors.js';
import { expandWildcards } from './pairs.js';
import { emptyCatalog } from './types.js';
import type {
  AttributeDef,
  AttrType,
  CatalogData,
  EdgeTypeDef,
  GraphDef,
  TupleDef,
  VertexTypeDef,
} from './types.js';

const identifier = /^[A-Za-z_][A-Za-z0-9_]*$/;

function checkName(kind: string, name: string): void {
  if (!identifier.test(name)) {
    throw new CatalogError('SCHEMA-INVALID', `${kind} name "${name}" is not a valid identifier`);
  }
}

function typeNameTaken(catalog: CatalogData, name: string): string | undefined {
  const lower = name.toLowerCase();
  if (catalog.vertexTypes.some((v) => v.name.toLowerCase() === lower)) return 'vertex type';
  if (
    catalog.edgeTypes.some(
      (e) => e.name.toLowerCase() === lower || e.reverseEdge?.toLowerCase() === lower,
    )
  ) {
    return 'edge type';
  }
  if (catalog.tuples.some((t) => t.name.toLowerCase() === lower)) return 'tuple';
  if (catalog.graphs.some((g) => g.name.toLowerCase() === lower)) return 'graph';
  return undefined;
}

function checkFree(catalog: CatalogData, kind: string, name: string): void {
  checkName(kind, name);
  const taken = typeNameTaken(catalog, name);
  if (taken)
    throw new CatalogError(
      'SCHEMA-EXISTS',
      `${kind} "${name}" cannot be created: a ${taken} of that name exists`,
    );
}

function checkAttributes(
  catalog: CatalogData,
  owner: string,
  attributes: readonly AttributeDef[],
  reserved: string[],
): void {
  const seen = new Set(reserved.map((r) => r.toLowerCase()));
  for (const attr of attributes) {
    checkName('attribute', attr.name);
    if (seen.has(attr.name.toLowerCase())) {
      throw new CatalogError(
        'SCHEMA-INVALID',
        `${owner}: attribute "${attr.name}" is declared twice`,
      );
    }
    seen.add(attr.name.toLowerCase());
    checkType(catalog, owner, attr.type);
  }
}

function checkType(catalog: CatalogData, owner: string, type: AttrType): void {
  if (type.kind === 'tuple' && !catalog.tuples.some((t) => t.name === type.name)) {
    throw new CatalogError(
      'SCHEMA-NOT-FOUND',
      `${owner}: tuple type "${type.name}" does not exist`,
    );
  }
  if (type.kind === 'list' || type.kind === 'set') checkType(catalog, owner, type.element);
  if (type.kind === 'map') {
    checkType(catalog, owner, type.key);
    checkType(catalog, owner, type.value);
  }
}

const bump = (catalog: CatalogData, change: Partial<CatalogData>): CatalogData => ({
  ...catalog,
  ...change,
  version: catalog.version + 1,
});

export function addVertexType(catalog: CatalogData, def: VertexTypeDef): CatalogData {
  checkFree(catalog, 'vertex type', def.name);
  // A PRIMARY_ID that is not an attribute leaves its name free: GSQL 101's Person declares
  // `PRIMARY_ID name STRING, name STRING` (the id and an attribute loaded from one column). With
  // primary_id_as_attribute the id is an attribute, so another of that name would clash.
  const reserved = def.primaryKeySyntax || !def.primaryIdAsAttribute ? [] : [def.primaryId.name];
  checkAttributes(catalog, `vertex type ${def.name}`, def.attributes, reserved);
  for (const key of def.compositeKey) {
    if (!def.attributes.some((a) => a.name === key)) {
      throw new CatalogError(
        'SCHEMA-INVALID',
        `vertex type ${def.name}: key attribute "${key}" is not declared`,
      );
    }
  }
  return bump(catalog, { vertexTypes: [...catalog.vertexTypes, def] });
}

/** The vertex types `*` stands for in an edge type: the graph's for a local one, else global. */
export function wildcardTypes(catalog: CatalogData, localTo: string | undefined): string[] {
  if (localTo !== undefined) return [...requireGraph(catalog, localTo).vertexTypes];
  return catalog.vertexTypes.filter((v) => v.localTo === undefined).map((v) => v.name);
}

export function addEdgeType(catalog: CatalogData, given: EdgeTypeDef): CatalogData {
  checkFree(catalog, 'edge type', given.name);
  const def = given.pairs.some((p) => p.from === '*' || p.to === '*')
    ? { ...given, pairs: expandWildcards(given.pairs, wildcardTypes(catalog, given.localTo)) }
    : given;
  if (def.reverseEdge !== undefined) checkFree(catalog, 'reverse edge type', def.reverseEdge);
  if (def.pairs.length === 0) {
    throw new CatalogError('SCHEMA-INVALID', `edge type ${def.name} has no FROM/TO vertex types`);
  }
  for (const pair of def.pairs) {
    for (const end of [pair.from, pair.to]) {
      if (end !== '*' && !catalog.vertexTypes.some((v) => v.name === end)) {
        throw new CatalogError(
          'SCHEMA-NOT-FOUND',
          `edge type ${def.name}: vertex type "${end}" does not exist`,
        );
      }
    }
  }
  checkAttributes(catalog, `edge type ${def.name}`, def.attributes, []);
  for (const key of def.discriminator) {
    if (!def.attributes.some((a) => a.name === key)) {
      throw new CatalogError(
        'SCHEMA-INVALID',
        `edge type ${def.name}: discriminator "${key}" is not an attribute`,
      );
    }
  }
  return bump(catalog, { edgeTypes: [...catalog.edgeTypes, def] });
}

export function addTuple(catalog: CatalogData, def: TupleDef): CatalogData {
  checkFree(catalog, 'tuple', def.name);
  return bump(catalog, { tuples: [...catalog.tuples, def] });
}

/** CREATE GRAPH g (types...) or (*) for every global type. */
export function createGraph(
  catalog: CatalogData,
  name: string,
  vertexTypes: string[],
  edgeTypes: string[],
): CatalogData {
  checkFree(catalog, 'graph', name);
  const graph = checkedGraph(catalog, name, vertexTypes, edgeTypes);
  return bump(catalog, { graphs: [...catalog.graphs, graph] });
}

/** Adds existing global types to a graph (ADD VERTEX/EDGE in a schema change, addVertices). */
export function extendGraph(
  catalog: CatalogData,
  name: string,
  vertexTypes: string[],
  edgeTypes: string[],
): CatalogData {
  const current = requireGraph(catalog, name);
  const graph = checkedGraph(
    catalog,
    name,
    [...new Set([...current.vertexTypes, ...vertexTypes])],
    [...new Set([...current.edgeTypes, ...edgeTypes])],
  );
  return bump(catalog, { graphs: catalog.graphs.map((g) => (g.name === name ? graph : g)) });
}

/** A graph over existing types whose edges have all their vertex types in the graph. */
function checkedGraph(
  catalog: CatalogData,
  name: string,
  vertexTypes: string[],
  edgeTypes: string[],
): GraphDef {
  for (const v of vertexTypes) {
    if (!catalog.vertexTypes.some((t) => t.name === v)) {
      throw new CatalogError(
        'SCHEMA-NOT-FOUND',
        `graph ${name}: vertex type "${v}" does not exist`,
      );
    }
  }
  for (const e of edgeTypes) {
    const def = catalog.edgeTypes.find((t) => t.name === e);
    if (!def)
      throw new CatalogError('SCHEMA-NOT-FOUND', `graph ${name}: edge type "${e}" does not exist`);
    for (const pair of def.pairs) {
      for (const end of [pair.from, pair.to]) {
        if (end !== '*' && !vertexTypes.includes(end)) {
          throw new CatalogError(
            'SCHEMA-INVALID',
            `graph ${name}: edge type ${def.name} needs vertex type "${end}", which the graph does not include`,
          );
        }
      }
    }
  }
  return { name, vertexTypes: [...vertexTypes], edgeTypes: [...edgeTypes] };
}

export function requireGraph(catalog: CatalogData, name: string): GraphDef {
  const graph = catalog.graphs.find((g) => g.name === name);
  if (!graph) throw new CatalogError('SCHEMA-NOT-FOUND', `graph "${name}" does not exist`);
  return graph;
}

export function dropGraph(catalog: CatalogData, name: string): CatalogData {
  requireGraph(catalog, name);
  return bump(catalog, { graphs: catalog.graphs.filter((g) => g.name !== name) });
}

export function dropVertexTypes(catalog: CatalogData, names: string[]): CatalogData {
  for (const name of names) {
    if (!catalog.vertexTypes.some((v) => v.name === name)) {
      throw new CatalogError('SCHEMA-NOT-FOUND', `vertex type "${name}" does not exist`);
    }
    const user = catalog.edgeTypes.find((e) =>
      e.pairs.some((p) => p.from === name || p.to === name),
    );
    if (user) {
      throw new CatalogError(
        'SCHEMA-IN-USE',
        `vertex type "${name}" is used by edge type ${user.name}; drop the edge type first`,
      );
    }
    const graph = catalog.graphs.find((g) => g.vertexTypes.includes(name));
    if (graph) {
      throw new CatalogError(
        'SCHEMA-IN-USE',
        `vertex type "${name}" is used by graph ${graph.name}`,
      );
    }
  }
  return bump(catalog, { vertexTypes: catalog.vertexTypes.filter((v) => !names.includes(v.name)) });
}

export function dropEdgeTypes(catalog: CatalogData, names: string[]): CatalogData {
  for (const name of names) {
    if (!catalog.edgeTypes.some((e) => e.name === name)) {
      throw new CatalogError('SCHEMA-NOT-FOUND', `edge type "${name}" does not exist`);
    }
    const graph = catalog.graphs.find((g) => g.edgeTypes.includes(name));
    if (graph)
      throw new CatalogError('SCHEMA-IN-USE', `edge type "${name}" is used by graph ${graph.name}`);
  }
  return bump(catalog, { edgeTypes: catalog.edgeTypes.filter((e) => !names.includes(e.name)) });
}

/** ALTER VERTEX/EDGE ... ADD/DROP ATTRIBUTE. */
export function alterAttributes(
  catalog: CatalogData,
  kind: 'vertex' | 'edge',
  name: string,
  add: readonly AttributeDef[],
  drop: readonly string[],
): CatalogData {
  const list = kind === 'vertex' ? catalog.vertexTypes : catalog.edgeTypes;
  const def = list.find((t) => t.name === name);
  if (!def) throw new CatalogError('SCHEMA-NOT-FOUND', `${kind} type "${name}" does not exist`);
  for (const d of drop) {
    if (!def.attributes.some((a) => a.name === d)) {
      throw new CatalogError(
        'SCHEMA-NOT-FOUND',
        `${kind} type ${name}: attribute "${d}" does not exist`,
      );
    }
  }
  const kept = def.attributes.filter((a) => !drop.includes(a.name));
  checkAttributes(catalog, `${kind} type ${name}`, [...kept, ...add], []);
  const attributes = [...kept, ...add];
  if (kind === 'vertex') {
    const v = def as VertexTypeDef;
    if (drop.some((d) => v.compositeKey.includes(d))) {
      throw new CatalogError(
        'SCHEMA-INVALID',
        `vertex type ${name}: a primary key attribute cannot be dropped`,
      );
    }
    return bump(catalog, {
      vertexTypes: catalog.vertexTypes.map((t) => (t.name === name ? { ...v, attributes } : t)),
    });
  }
  const e = def as EdgeTypeDef;
  if (drop.some((d) => e.discriminator.includes(d))) {
    throw new CatalogError(
      'SCHEMA-INVALID',
      `edge type ${name}: a discriminator attribute cannot be dropped`,
    );
  }
  return bump(catalog, {
    edgeTypes: catalog.edgeTypes.map((t) => (t.name === name ? { ...e, attributes } : t)),
  });
}

/** DROP ALL: every type, graph and tuple. */
export function dropAll(catalog: CatalogData): CatalogData {
  return { ...emptyCatalog, version: catalog.version + 1 };
}
