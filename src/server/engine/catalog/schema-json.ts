// The catalog in the real service's schema JSON (GET /gsql/v1/schema and the /schema/vertices,
// /schema/edges, /schema/graphs endpoints): Name, PrimaryId, Attributes, Config, IsDirected...
import { outputValue } from '../values.js';
import type {
  AttributeDef,
  AttrType,
  CatalogData,
  EdgeTypeDef,
  GraphDef,
  VertexTypeDef,
} from './types.js';

/** `AttributeType`: Name, plus element, key and value types of collections. */
export function attributeTypeJson(type: AttrType): Record<string, unknown> {
  switch (type.kind) {
    case 'primitive':
      return { Name: type.name };
    case 'list':
    case 'set':
      return { Name: type.kind.toUpperCase(), ValueTypeName: attributeTypeJson(type.element).Name };
    case 'map':
      return {
        Name: 'MAP',
        KeyTypeName: attributeTypeJson(type.key).Name,
        ValueTypeName: attributeTypeJson(type.value).Name,
      };
    case 'tuple':
      return { Name: 'UDT', TupleName: type.name };
  }
}

/** A default value as the schema JSON shows it: text. */
function defaultText(attr: AttributeDef): string {
  const value = outputValue(attr.type, attr.defaultValue);
  return typeof value === 'string'
    ? value
    : JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

function attributeJson(attr: AttributeDef, def?: VertexTypeDef): Record<string, unknown> {
  const inKey = def?.compositeKey.includes(attr.name) ?? false;
  return {
    AttributeType: attributeTypeJson(attr.type),
    IsPartOfCompositeKey: inKey && (def?.compositeKey.length ?? 0) > 1,
    PrimaryIdAsAttribute: false,
    AttributeName: attr.name,
    HasIndex: attr.indexName !== undefined,
    IsPrimaryKey: def !== undefined && def.primaryKeySyntax && def.primaryId.name === attr.name,
    ...(attr.defaultValue !== undefined ? { DefaultValue: defaultText(attr) } : {}),
  };
}

export function vertexTypeJson(def: VertexTypeDef): Record<string, unknown> {
  return {
    Config: { STATS: def.stats, PRIMARY_ID_AS_ATTRIBUTE: def.primaryIdAsAttribute },
    IsLocal: def.localTo !== undefined,
    Attributes: def.attributes.map((a) => attributeJson(a, def)),
    PrimaryId: {
      AttributeType: attributeTypeJson(def.primaryId.type),
      IsPartOfCompositeKey: def.compositeKey.length > 1,
      PrimaryIdAsAttribute: def.primaryIdAsAttribute,
      AttributeName: def.primaryId.name,
      HasIndex: false,
      IsPrimaryKey: def.primaryKeySyntax,
      IsUsingNewSyntax: def.primaryKeySyntax,
    },
    ...(def.compositeKey.length > 1 ? { CompositeKeys: [...def.compositeKey] } : {}),
    Name: def.name,
  };
}

/**
 * One end of an edge type in FromVertexTypeName / ToVertexTypeName: the vertex type when every
 * pair agrees on it, else `*` (several types, or a wildcard end), as real clients (pyTigerGraph's
 * getEdgeSourceVertexType) read it: a name means that one type, `*` means "see EdgePairs".
 */
function endName(def: EdgeTypeDef, end: 'from' | 'to'): string {
  const names = new Set(def.pairs.map((p) => p[end]));
  const [only] = names;
  return names.size === 1 && only !== undefined ? only : '*';
}

/**
 * An edge type's JSON. An edge type with several FROM/TO pairs also lists them all in
 * `EdgePairs` ({From, To} each), the form the real service uses since 3.0.
 */
export function edgeTypeJson(def: EdgeTypeDef): Record<string, unknown> {
  const discriminated = def.discriminator.length > 0;
  return {
    IsDirected: def.directed,
    ToVertexTypeName: endName(def, 'to'),
    Config: def.reverseEdge ? { REVERSE_EDGE: def.reverseEdge } : {},
    IsLocal: def.localTo !== undefined,
    ...(discriminated ? { DiscriminatorCount: def.discriminator.length } : {}),
    Attributes: def.attributes.map((a) => ({
      ...attributeJson(a),
      ...(def.discriminator.includes(a.name) ? { IsDiscriminator: true } : {}),
    })),
    FromVertexTypeName: endName(def, 'from'),
    ...(def.pairs.length > 1
      ? { EdgePairs: def.pairs.map((p) => ({ From: p.from, To: p.to })) }
      : {}),
    ...(discriminated ? { CompositeDiscriminator: [...def.discriminator] } : {}),
    Name: def.name,
  };
}

export function graphJson(catalog: CatalogData, graph: GraphDef): Record<string, unknown> {
  return {
    GraphName: graph.name,
    VertexTypes: catalog.vertexTypes
      .filter((v) => graph.vertexTypes.includes(v.name))
      .map(vertexTypeJson),
    EdgeTypes: catalog.edgeTypes.filter((e) => graph.edgeTypes.includes(e.name)).map(edgeTypeJson),
  };
}
