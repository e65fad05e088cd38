// The real service's schema JSON as catalog definitions: the vertex and edge type objects of the
// createVertices / createEdges bodies, of schema-change jobs and of GET answers (Name, PrimaryId,
// Attributes, Config, IsDirected, EdgePairs, CompositeDiscriminator...). The inverse of
// schema-json.ts: vertexDefFromJson(vertexTypeJson(def)) equals def. Errors name the field and
// the value, as `createVertices[1].PrimaryId.AttributeType.Name: "TEXT" is not an attribute type`.
import { coerce, ValueError } from '../values.js';
import { CatalogError } from './errors.js';
import type { AttributeDef, AttrType, EdgePair, EdgeTypeDef, VertexTypeDef } from './types.js';
import { isPrimitiveTypeName, primitiveTypeNames, type PrimitiveTypeName } from './types.js';

export interface FromJsonOptions {
  /** Where the object sits in the request, for messages (`createVertices[0]`). */
  readonly where?: string;
  /** The graph a local type belongs to (the JSON only says `IsLocal`). */
  readonly localTo?: string;
}

type Json = Readonly<Record<string, unknown>>;

const typeNames = [...primitiveTypeNames, 'LIST', 'SET', 'MAP', 'UDT'].join(', ');
const statsValues = ['OUTDEGREE_BY_EDGETYPE', 'NONE'];

function invalid(where: string, message: string): never {
  throw new CatalogError('SCHEMA-INVALID', where === '' ? message : `${where}: ${message}`);
}

const at = (where: string, key: string | number) =>
  typeof key === 'number' ? `${where}[${key}]` : where === '' ? key : `${where}.${key}`;

function show(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (value === undefined) return 'nothing';
  return JSON.stringify(value) ?? typeof value;
}

function object(value: unknown, where: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    invalid(where, `expected an object, got ${show(value)}`);
  }
  return value as Json;
}

function text(o: Json, key: string, where: string): string {
  const value = o[key];
  if (typeof value !== 'string' || value.trim() === '') {
    invalid(at(where, key), `expected a non-empty string, got ${show(value)}`);
  }
  return value.trim();
}

function optionalText(o: Json, key: string, where: string): string | undefined {
  return o[key] === undefined || o[key] === null ? undefined : text(o, key, where);
}

const identifier = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A name the GSQL text of a job will hold: an identifier (`*` where `star` allows it). */
function checkIdent(value: string, where: string, star = false): string {
  if (!identifier.test(value) && !(star && value === '*')) {
    invalid(where, `${show(value)} is not a valid name`);
  }
  return value;
}

function ident(o: Json, key: string, where: string, star = false): string {
  return checkIdent(text(o, key, where), at(where, key), star);
}

function optionalIdent(o: Json, key: string, where: string): string | undefined {
  const value = optionalText(o, key, where);
  return value === undefined ? undefined : checkIdent(value, at(where, key));
}

/** A boolean, also as the text "true"/"false" (Config values are often strings). */
function flag(o: Json, key: string, where: string): boolean | undefined {
  const value = o[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) {
    return value.trim().toLowerCase() === 'true';
  }
  return invalid(at(where, key), `expected true or false, got ${show(value)}`);
}

function list(o: Json, key: string, where: string): readonly unknown[] | undefined {
  const value = o[key];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) invalid(at(where, key), `expected an array, got ${show(value)}`);
  return value as unknown[];
}

function names(o: Json, key: string, where: string): string[] | undefined {
  return list(o, key, where)?.map((item, i) => {
    if (typeof item !== 'string')
      invalid(at(at(where, key), i), `expected a name, got ${show(item)}`);
    return checkIdent(item, at(at(where, key), i));
  });
}

/** A primitive type name; INT8..INT64 and UINT8..UINT64 are sized aliases of INT and UINT. */
function primitiveFrom(name: string): PrimitiveTypeName | undefined {
  const upper = name.toUpperCase().replace(/^(U?INT)(8|16|32|64)$/, '$1');
  return isPrimitiveTypeName(upper) ? upper : undefined;
}

/** An element, key or value type given by name: a primitive, or UDT with its tuple name. */
function elementType(name: string, tupleName: string | undefined, where: string): AttrType {
  const primitive = primitiveFrom(name);
  if (primitive) return { kind: 'primitive', name: primitive };
  if (/^(UDT|TUPLE)$/i.test(name)) {
    if (tupleName === undefined) invalid(where, `${name} needs the tuple's name (TupleName)`);
    return { kind: 'tuple', name: tupleName };
  }
  return invalid(where, `${show(name)} is not a primitive type or UDT`);
}

/** `LIST<STRING>`, `MAP<INT, DOUBLE>`: the type as GSQL text, as some clients send it. */
function typeFromText(textForm: string, where: string): AttrType | undefined {
  const m = /^\s*(LIST|SET|MAP)\s*<\s*(\w+)\s*(?:,\s*(\w+)\s*)?>\s*$/i.exec(textForm);
  if (!m) return undefined;
  const [, collection = '', first = '', second] = m;
  const kind = collection.toUpperCase();
  if (kind === 'MAP') {
    if (second === undefined) invalid(where, `${show(textForm)}: MAP needs a key and a value type`);
    return {
      kind: 'map',
      key: elementType(first, undefined, where),
      value: elementType(second, undefined, where),
    };
  }
  if (second !== undefined) invalid(where, `${show(textForm)}: ${kind} takes one element type`);
  return { kind: kind === 'LIST' ? 'list' : 'set', element: elementType(first, undefined, where) };
}

/** `AttributeType`: {Name, ValueTypeName, KeyTypeName, TupleName}. */
export function attrTypeFromJson(json: unknown, where = 'AttributeType'): AttrType {
  const o = object(json, where);
  const name = text(o, 'Name', where);
  const nameAt = at(where, 'Name');
  const tupleName = optionalIdent(o, 'TupleName', where);
  const primitive = primitiveFrom(name);
  if (primitive) return { kind: 'primitive', name: primitive };
  const upper = name.toUpperCase();
  if (upper === 'LIST' || upper === 'SET') {
    const valueName = text(o, 'ValueTypeName', where);
    const valueTuple = optionalIdent(o, 'ValueTypeTupleName', where) ?? tupleName;
    return {
      kind: upper === 'LIST' ? 'list' : 'set',
      element: elementType(valueName, valueTuple, at(where, 'ValueTypeName')),
    };
  }
  if (upper === 'MAP') {
    const keyName = text(o, 'KeyTypeName', where);
    const valueName = text(o, 'ValueTypeName', where);
    const valueTuple = optionalIdent(o, 'ValueTypeTupleName', where) ?? tupleName;
    return {
      kind: 'map',
      key: elementType(keyName, undefined, at(where, 'KeyTypeName')),
      value: elementType(valueName, valueTuple, at(where, 'ValueTypeName')),
    };
  }
  if (upper === 'UDT' || upper === 'TUPLE') {
    if (tupleName === undefined) invalid(at(where, 'TupleName'), `a ${name} type needs TupleName`);
    return { kind: 'tuple', name: tupleName };
  }
  const fromText = typeFromText(name, nameAt);
  if (fromText) return fromText;
  return invalid(nameAt, `${show(name)} is not an attribute type (one of ${typeNames})`);
}

/** A default value: JSON gives it as text (`"DefaultValue": "0"`) or as a value of the type. */
function defaultFromJson(type: AttrType, value: unknown, where: string): unknown {
  try {
    return coerce(type, value);
  } catch (error) {
    if (error instanceof ValueError) invalid(where, error.message);
    throw error;
  }
}

/** One attribute object: {AttributeName, AttributeType, DefaultValue}. */
export function attributeFromJson(json: unknown, where = 'attribute'): AttributeDef {
  const o = object(json, where);
  const name = ident(o, 'AttributeName', where);
  const type = attrTypeFromJson(o.AttributeType, at(where, 'AttributeType'));
  const raw = o.DefaultValue;
  if (raw === undefined || raw === null) return { name, type };
  return { name, type, defaultValue: defaultFromJson(type, raw, at(where, 'DefaultValue')) };
}

function typeName(o: Json, where: string): string {
  return ident(o, 'Name', where);
}

function stats(config: Json, where: string): string {
  const value = optionalText(config, 'STATS', where);
  if (value === undefined) return 'OUTDEGREE_BY_EDGETYPE';
  const upper = value.toUpperCase();
  if (!statsValues.includes(upper)) {
    invalid(at(where, 'STATS'), `${show(value)} is not one of ${statsValues.join(', ')}`);
  }
  return upper;
}

function attributesOf(o: Json, where: string): { defs: AttributeDef[]; raw: Json[] } {
  const items = list(o, 'Attributes', where) ?? [];
  const raw = items.map((item, i) => object(item, at(at(where, 'Attributes'), i)));
  const defs = raw.map((item, i) => attributeFromJson(item, at(at(where, 'Attributes'), i)));
  return { defs, raw };
}

const withLocal = <T extends object>(def: T, localTo: string | undefined): T =>
  localTo === undefined ? def : { ...def, localTo };

/** A vertex type object: PRIMARY_ID, single PRIMARY KEY or composite key (CompositeKeys). */
export function vertexDefFromJson(json: unknown, options: FromJsonOptions = {}): VertexTypeDef {
  const where = options.where ?? '';
  const o = object(json, where === '' ? 'vertex type' : where);
  const name = typeName(o, where);
  const config =
    o.Config === undefined || o.Config === null ? {} : object(o.Config, at(where, 'Config'));
  const configAt = at(where, 'Config');
  const { defs: attributes, raw } = attributesOf(o, where);
  const idAt = at(where, 'PrimaryId');
  const idJson =
    o.PrimaryId === undefined || o.PrimaryId === null ? undefined : object(o.PrimaryId, idAt);
  const id =
    idJson === undefined
      ? undefined
      : {
          name: ident(idJson, 'AttributeName', idAt),
          type: attrTypeFromJson(idJson.AttributeType, at(idAt, 'AttributeType')),
        };
  const base = { name, stats: stats(config, configAt) };

  // CompositeKeys lists the key in order; without it, the attributes flagged as key parts.
  const flaggedParts = attributes.filter((_, i) => raw[i]?.IsPartOfCompositeKey === true);
  const composite =
    names(o, 'CompositeKeys', where) ??
    (flaggedParts.length > 1 ? flaggedParts.map((a) => a.name) : undefined);
  if (composite !== undefined && composite.length > 1) {
    const first = attributes.find((a) => a.name === composite[0]);
    if (!first)
      invalid(
        at(where, 'CompositeKeys'),
        `key attribute "${composite[0]}" is not among Attributes`,
      );
    const def: VertexTypeDef = {
      ...base,
      primaryId: id ?? { name: composite.join('_'), type: first.type },
      primaryIdAsAttribute: true,
      compositeKey: composite,
      primaryKeySyntax: true,
      attributes,
    };
    return withLocal(def, options.localTo);
  }

  const keyed = raw.flatMap((a, i) => (a.IsPrimaryKey === true ? [attributes[i]] : []));
  if (keyed.length > 1) {
    invalid(
      at(where, 'Attributes'),
      `more than one attribute has IsPrimaryKey; use CompositeKeys for a composite key`,
    );
  }
  const newSyntax =
    keyed.length === 1 ||
    (idJson !== undefined &&
      (flag(idJson, 'IsPrimaryKey', idAt) === true ||
        flag(idJson, 'IsUsingNewSyntax', idAt) === true));
  if (newSyntax) {
    const key = keyed[0] ?? id;
    if (!key) return invalid(idAt, 'a PrimaryId or an attribute with IsPrimaryKey is required');
    if (id && keyed[0] && id.name !== keyed[0].name) {
      invalid(
        idAt,
        `AttributeName "${id.name}" differs from the PRIMARY KEY attribute "${keyed[0].name}"`,
      );
    }
    const list = attributes.some((a) => a.name === key.name)
      ? attributes
      : [{ name: key.name, type: key.type }, ...attributes];
    const def: VertexTypeDef = {
      ...base,
      primaryId: { name: key.name, type: key.type },
      primaryIdAsAttribute: true,
      compositeKey: [key.name],
      primaryKeySyntax: true,
      attributes: list,
    };
    return withLocal(def, options.localTo);
  }

  if (!id) return invalid(idAt, 'is required (an object with AttributeName and AttributeType)');
  const asAttribute =
    flag(config, 'PRIMARY_ID_AS_ATTRIBUTE', configAt) ??
    (idJson ? flag(idJson, 'PrimaryIdAsAttribute', idAt) : undefined) ??
    false;
  const def: VertexTypeDef = {
    ...base,
    primaryId: id,
    primaryIdAsAttribute: asAttribute,
    compositeKey: [],
    primaryKeySyntax: false,
    attributes,
  };
  return withLocal(def, options.localTo);
}

function pairsOf(o: Json, where: string): EdgePair[] {
  const listed = list(o, 'EdgePairs', where);
  if (listed !== undefined && listed.length > 0) {
    return listed.map((item, i) => {
      const pairAt = at(at(where, 'EdgePairs'), i);
      const pair = object(item, pairAt);
      return { from: ident(pair, 'From', pairAt, true), to: ident(pair, 'To', pairAt, true) };
    });
  }
  return [
    {
      from: ident(o, 'FromVertexTypeName', where, true),
      to: ident(o, 'ToVertexTypeName', where, true),
    },
  ];
}

/** An edge type object: FROM/TO (or EdgePairs), direction, discriminator, reverse edge. */
export function edgeDefFromJson(json: unknown, options: FromJsonOptions = {}): EdgeTypeDef {
  const where = options.where ?? '';
  const o = object(json, where === '' ? 'edge type' : where);
  const name = typeName(o, where);
  const directed = o.IsDirected;
  if (typeof directed !== 'boolean') {
    invalid(at(where, 'IsDirected'), `expected true or false, got ${show(directed)}`);
  }
  const config =
    o.Config === undefined || o.Config === null ? {} : object(o.Config, at(where, 'Config'));
  const reverseEdge = optionalIdent(config, 'REVERSE_EDGE', at(where, 'Config'));
  if (reverseEdge !== undefined && !directed) {
    invalid(at(where, 'Config.REVERSE_EDGE'), 'an undirected edge type has no reverse edge');
  }
  const { defs: attributes, raw } = attributesOf(o, where);
  const flagged = attributes.filter((_, i) => raw[i]?.IsDiscriminator === true).map((a) => a.name);
  const discriminator = names(o, 'CompositeDiscriminator', where) ?? flagged;
  for (const d of discriminator) {
    if (!attributes.some((a) => a.name === d)) {
      invalid(at(where, 'CompositeDiscriminator'), `discriminator "${d}" is not among Attributes`);
    }
  }
  const def: EdgeTypeDef = {
    name,
    directed,
    pairs: pairsOf(o, where),
    attributes,
    discriminator,
    ...(reverseEdge !== undefined ? { reverseEdge } : {}),
  };
  return withLocal(def, options.localTo);
}
