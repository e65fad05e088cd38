// DDL statements of the GSQL AST as catalog definitions and changes: CREATE VERTEX/EDGE/GRAPH,
// TYPEDEF TUPLE and the changes of a schema-change job. Errors name the statement's line:column.
import type {
  AttrDef,
  CreateEdge,
  CreateVertex,
  EdgePair as AstEdgePair,
  Expr,
  Node,
  OptionNode,
  SchemaChange,
  TypedefTuple,
  TypeExpr,
} from '../../../core/gsql/index.js';
import { constantValue, type ConstantValue } from '../../../core/gsql/index.js';
import { coerce, ValueError } from '../values.js';
import {
  addEdgeType,
  addVertexType,
  alterAttributes,
  dropEdgeTypes,
  dropVertexTypes,
  extendGraph,
  requireGraph,
  wildcardTypes,
} from './catalog.js';
import { CatalogError } from './errors.js';
import { expandWildcards } from './pairs.js';
import type {
  AttributeDef,
  AttrType,
  CatalogData,
  EdgePair,
  EdgeTypeDef,
  TupleDef,
  VertexTypeDef,
} from './types.js';
import { isPrimitiveTypeName } from './types.js';

/** A CatalogError located at a node: `line:column: message`. */
export function located(node: Pick<Node, 'range'>, error: CatalogError): CatalogError {
  const { line, column } = node.range.start;
  return new CatalogError(error.code, `${line}:${column}: ${error.message}`);
}

function fail(node: Pick<Node, 'range'>, code: CatalogError['code'], message: string): never {
  throw located(node, new CatalogError(code, message));
}

export function attrTypeFromAst(catalog: CatalogData, type: TypeExpr): AttrType {
  switch (type.kind) {
    case 'PrimitiveType': {
      // INT8..INT64 and UINT8..UINT64 are sized aliases of INT and UINT.
      const name = type.name.replace(/^(U?INT)\d+$/, '$1');
      if (!isPrimitiveTypeName(name))
        fail(type, 'SCHEMA-INVALID', `${type.name} is not an attribute type`);
      return { kind: 'primitive', name };
    }
    case 'CollectionType':
      return {
        kind: type.collection === 'LIST' ? 'list' : 'set',
        element: attrTypeFromAst(catalog, type.element),
      };
    case 'MapType':
      return {
        kind: 'map',
        key: attrTypeFromAst(catalog, type.key),
        value: attrTypeFromAst(catalog, type.value),
      };
    case 'NamedType':
      if (!catalog.tuples.some((t) => t.name === type.name)) {
        fail(
          type,
          'SCHEMA-NOT-FOUND',
          `type "${type.name}" is not a primitive type or a defined tuple`,
        );
      }
      return { kind: 'tuple', name: type.name };
    case 'VertexTypeRef':
    case 'AccumType':
      return fail(type, 'SCHEMA-INVALID', 'vertices and accumulators are not attribute types');
    case 'TupleType':
      return fail(type, 'SCHEMA-INVALID', 'an anonymous TUPLE<...> is not an attribute type');
  }
}

/** A literal default (numbers, strings, booleans, negation). */
function literal(expr: Expr): ConstantValue {
  return constantValue(expr) ?? fail(expr, 'SCHEMA-INVALID', 'a default value must be a literal');
}

function attributeFromAst(catalog: CatalogData, attr: AttrDef): AttributeDef {
  const type = attrTypeFromAst(catalog, attr.type);
  if (attr.defaultValue === null) return { name: attr.name, type };
  try {
    return { name: attr.name, type, defaultValue: coerce(type, literal(attr.defaultValue)) };
  } catch (error) {
    if (error instanceof ValueError)
      fail(attr, 'SCHEMA-INVALID', `default of ${attr.name}: ${error.message}`);
    throw error;
  }
}

function option(options: readonly OptionNode[], name: string): string | undefined {
  const found = options.find((o) => o.name.toLowerCase() === name.toLowerCase());
  if (!found) return undefined;
  const value = found.value;
  if (value.kind === 'StringLit') return value.value;
  if (value.kind === 'BoolLit') return String(value.value);
  if (value.kind === 'Name') return value.name;
  return fail(found, 'SCHEMA-INVALID', `option ${found.name} takes a quoted value`);
}

export function vertexDefFromAst(
  catalog: CatalogData,
  node: CreateVertex,
  localTo?: string,
): VertexTypeDef {
  let primaryId: VertexTypeDef['primaryId'] | undefined;
  let compositeKey: string[] = [];
  const attributes: AttributeDef[] = [];
  let primaryKeySyntax = false;
  for (const element of node.elements) {
    if (element.kind === 'PrimaryId') {
      primaryId = { name: element.name, type: attrTypeFromAst(catalog, element.type) };
    } else if (element.kind === 'CompositeKey') {
      compositeKey = [...element.attributes];
      primaryKeySyntax = true;
    } else {
      const attr = attributeFromAst(catalog, element);
      attributes.push(attr);
      if (element.primaryKey) {
        primaryId = { name: attr.name, type: attr.type };
        compositeKey = [attr.name];
        primaryKeySyntax = true;
      }
    }
  }
  if (compositeKey.length > 1) {
    const first = attributes.find((a) => a.name === compositeKey[0]);
    primaryId = {
      name: compositeKey.join('_'),
      type: first?.type ?? { kind: 'primitive', name: 'STRING' },
    };
  }
  if (!primaryId)
    fail(node, 'SCHEMA-INVALID', `vertex type ${node.name} has no PRIMARY_ID or PRIMARY KEY`);
  const asAttribute = option(node.options, 'primary_id_as_attribute')?.toLowerCase() === 'true';
  const stats = option(node.options, 'stats')?.toUpperCase() ?? 'OUTDEGREE_BY_EDGETYPE';
  const def: VertexTypeDef = {
    name: node.name,
    primaryId,
    primaryIdAsAttribute: asAttribute || primaryKeySyntax,
    compositeKey,
    primaryKeySyntax,
    attributes,
    stats,
  };
  return localTo === undefined ? def : { ...def, localTo };
}

export function edgeDefFromAst(
  catalog: CatalogData,
  node: CreateEdge,
  localTo?: string,
): EdgeTypeDef {
  const attributes: AttributeDef[] = [];
  const discriminator: string[] = [];
  for (const element of node.elements) {
    if (element.kind === 'Discriminator') {
      for (const d of element.attributes) {
        discriminator.push(d.name);
        if (d.type !== null)
          attributes.push({ name: d.name, type: attrTypeFromAst(catalog, d.type) });
      }
    } else attributes.push(attributeFromAst(catalog, element));
  }
  const reverseEdge = option(node.options, 'reverse_edge');
  const def: EdgeTypeDef = {
    name: node.name,
    directed: node.directed,
    pairs: pairsFromAst(node.pairs),
    attributes,
    discriminator,
    ...(reverseEdge !== undefined ? { reverseEdge } : {}),
  };
  return localTo === undefined ? def : { ...def, localTo };
}

/**
 * The FROM/TO pairs the DDL's pairs stand for: `FROM A|B, TO C` is every combination of its
 * listed types (A→C, B→C), in the order written, each pair once.
 */
export function pairsFromAst(pairs: readonly AstEdgePair[]): EdgePair[] {
  const out: EdgePair[] = [];
  for (const pair of pairs) {
    for (const from of pair.from) {
      for (const to of pair.to) {
        if (!out.some((p) => p.from === from && p.to === to)) out.push({ from, to });
      }
    }
  }
  return out;
}

export function tupleFromAst(catalog: CatalogData, node: TypedefTuple): TupleDef {
  return {
    name: node.name,
    fields: node.fields.map((f) => ({ name: f.name, type: attrTypeFromAst(catalog, f.type) })),
  };
}

/** Wraps a catalog change so that its errors carry the statement's position. */
export function at<T>(node: Pick<Node, 'range'>, change: () => T): T {
  try {
    return change();
  } catch (error) {
    if (error instanceof CatalogError && !/^\d+:\d+: /.test(error.message))
      throw located(node, error);
    throw error;
  }
}

/** One change of a schema-change job; `graph` null for a global job. */
export function applySchemaChange(
  catalog: CatalogData,
  change: SchemaChange,
  graph: string | null,
): CatalogData {
  return at(change, () => {
    switch (change.kind) {
      case 'AddType': {
        const d = change.definition;
        const local = graph ?? undefined;
        const next =
          d.kind === 'CreateVertex'
            ? addVertexType(catalog, vertexDefFromAst(catalog, d, local))
            : addEdgeType(catalog, edgeDefFromAst(catalog, d, local));
        if (graph === null) return next;
        return d.kind === 'CreateVertex'
          ? extendGraph(next, graph, [d.name], [])
          : extendGraph(next, graph, [], [d.name]);
      }
      case 'AddTypesToGraph':
        return change.what === 'VERTEX'
          ? extendGraph(catalog, change.graph, [...change.names], [])
          : extendGraph(catalog, change.graph, [], [...change.names]);
      case 'DropTypes': {
        const names = [...change.names];
        // DROP ... FROM GRAPH g (or inside a local job): the types leave the graph; a global
        // DROP deletes them.
        const fromGraph = change.graph ?? graph;
        if (fromGraph !== null)
          return leaveGraph(catalog, fromGraph, change.what, names, graph !== null);
        return change.what === 'VERTEX'
          ? dropVertexTypes(catalog, names)
          : dropEdgeTypes(catalog, names);
      }
      case 'AlterEdgePairs':
        return alterEdgePairs(catalog, change.typeName, change.pairs, change.adding);
      case 'AlterAddAttributes':
        return alterAttributes(
          catalog,
          change.what === 'VERTEX' ? 'vertex' : 'edge',
          change.typeName,
          change.attributes.map((a) => attributeFromAst(catalog, a)),
          [],
        );
      case 'AlterDropAttributes':
        return alterAttributes(
          catalog,
          change.what === 'VERTEX' ? 'vertex' : 'edge',
          change.typeName,
          [],
          change.names,
        );
      case 'AlterAddIndex':
      case 'AlterDropIndex':
        return setIndex(
          catalog,
          change.typeName,
          change.kind === 'AlterAddIndex' ? change : undefined,
          change.index,
        );
    }
  });
}

/** Types leave a graph; in a local job (`dropLocal`) local types are then deleted too. */
function leaveGraph(
  catalog: CatalogData,
  graph: string,
  what: 'VERTEX' | 'EDGE',
  names: string[],
  dropLocal: boolean,
): CatalogData {
  requireGraph(catalog, graph);
  const left: CatalogData = {
    ...catalog,
    graphs: catalog.graphs.map((g) =>
      g.name !== graph
        ? g
        : what === 'VERTEX'
          ? { ...g, vertexTypes: g.vertexTypes.filter((v) => !names.includes(v)) }
          : { ...g, edgeTypes: g.edgeTypes.filter((e) => !names.includes(e)) },
    ),
  };
  const local = (what === 'VERTEX' ? catalog.vertexTypes : catalog.edgeTypes)
    .filter((t) => names.includes(t.name) && t.localTo === graph)
    .map((t) => t.name);
  if (!dropLocal || local.length === 0) return { ...left, version: catalog.version + 1 };
  return what === 'VERTEX' ? dropVertexTypes(left, local) : dropEdgeTypes(left, local);
}

/** ALTER EDGE e ADD|DROP PAIR: the FROM/TO pairs of an edge type. */
function alterEdgePairs(
  catalog: CatalogData,
  name: string,
  written: readonly AstEdgePair[],
  adding: boolean,
): CatalogData {
  const def = catalog.edgeTypes.find((e) => e.name === name);
  if (!def) throw new CatalogError('SCHEMA-NOT-FOUND', `edge type "${name}" does not exist`);
  const pairs = expandWildcards(pairsFromAst(written), wildcardTypes(catalog, def.localTo));
  const same = (a: { from: string; to: string }, b: { from: string; to: string }) =>
    a.from === b.from && a.to === b.to;
  let next: EdgeTypeDef['pairs'];
  if (adding) {
    for (const p of pairs) {
      for (const end of [p.from, p.to]) {
        if (end !== '*' && !catalog.vertexTypes.some((v) => v.name === end)) {
          throw new CatalogError(
            'SCHEMA-NOT-FOUND',
            `edge type ${name}: vertex type "${end}" does not exist`,
          );
        }
      }
    }
    for (const g of catalog.graphs.filter((x) => x.edgeTypes.includes(name))) {
      for (const end of pairs.flatMap((p) => [p.from, p.to])) {
        if (end !== '*' && !g.vertexTypes.includes(end)) {
          throw new CatalogError(
            'SCHEMA-INVALID',
            `edge type ${name} is in graph ${g.name}, which does not include vertex type "${end}"`,
          );
        }
      }
    }
    next = [...def.pairs, ...pairs.filter((p) => !def.pairs.some((q) => same(p, q)))];
  } else {
    next = def.pairs.filter((q) => !pairs.some((p) => same(p, q)));
    if (next.length === 0) {
      throw new CatalogError('SCHEMA-INVALID', `edge type ${name} would have no FROM/TO pair left`);
    }
  }
  return {
    ...catalog,
    version: catalog.version + 1,
    edgeTypes: catalog.edgeTypes.map((e) => (e.name === name ? { ...def, pairs: next } : e)),
  };
}

function setIndex(
  catalog: CatalogData,
  type: string,
  add: { attribute: string } | undefined,
  index: string,
): CatalogData {
  const def = catalog.vertexTypes.find((v) => v.name === type);
  if (!def) throw new CatalogError('SCHEMA-NOT-FOUND', `vertex type "${type}" does not exist`);
  if (add && !def.attributes.some((a) => a.name === add.attribute)) {
    throw new CatalogError(
      'SCHEMA-NOT-FOUND',
      `vertex type ${type}: attribute "${add.attribute}" does not exist`,
    );
  }
  if (!add && !def.attributes.some((a) => a.indexName === index)) {
    throw new CatalogError(
      'SCHEMA-NOT-FOUND',
      `index "${index}" does not exist on vertex type ${type}`,
    );
  }
  const attributes = def.attributes.map((a) => {
    if (add && a.name === add.attribute) return { ...a, indexName: index };
    if (!add && a.indexName === index)
      return {
        name: a.name,
        type: a.type,
        ...(a.defaultValue !== undefined ? { defaultValue: a.defaultValue } : {}),
      };
    return a;
  });
  return {
    ...catalog,
    version: catalog.version + 1,
    vertexTypes: catalog.vertexTypes.map((v) => (v.name === type ? { ...def, attributes } : v)),
  };
}
