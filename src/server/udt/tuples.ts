// User-defined tuples as the GSQL server's /gsql/v1/udt/tuples endpoints see them: made from
// their JSON description ({Name, TupleElements: [{name, AttributeType}]}) or from GSQL TYPEDEF
// TUPLE statements, shown as {name, fields: [{fieldName, length, fieldType}]}, dropped unless a
// vertex, edge or other tuple still uses them. Tuples live in the schema catalog, beside the
// TYPEDEF TUPLE of the shell, so queries and loading jobs see the same tuples.
import type { TypedefTuple } from '../../core/gsql/index.js';
import { addTuple } from '../engine/catalog/catalog.js';
import { CatalogError } from '../engine/catalog/errors.js';
import { tupleFromAst } from '../engine/catalog/from-ast.js';
import {
  isPrimitiveTypeName,
  type AttrType,
  type CatalogData,
  type TupleDef,
} from '../engine/catalog/types.js';

/** Field byte sizes a tuple takes when none is written (STRING as the service shows it: 8). */
const defaultLength: Readonly<Record<string, number>> = {
  INT: 8,
  UINT: 8,
  FLOAT: 4,
  DOUBLE: 8,
  DATETIME: 8,
  BOOL: 1,
  STRING: 8,
};
const intSizes = [1, 2, 4, 8];

/** Checks a written size: INT and UINT take 1, 2, 4 or 8 bytes; STRING any positive length. */
function checkedSize(owner: string, typeName: string, size: number | undefined) {
  if (size === undefined) return undefined;
  const sizedInt = (typeName === 'INT' || typeName === 'UINT') && intSizes.includes(size);
  if (sizedInt || (typeName === 'STRING' && size > 0)) return size;
  throw new CatalogError(
    'SCHEMA-INVALID',
    `${owner}: ${typeName}(${size}) is not a tuple field type: INT and UINT take 1, 2, 4 or 8 ` +
      'bytes, STRING a positive length, other types no size',
  );
}

/** A tuple field type as JSON writes it: `int`, `UINT(4)`, `STRING(20)`, `INT8`. */
function fieldTypeFromJson(owner: string, text: string): { type: AttrType; length?: number } {
  const match = /^\s*([A-Za-z]+)(\d*)\s*(?:\(\s*(\d+)\s*\))?\s*$/.exec(text);
  const base = match?.[1]?.toUpperCase() ?? '';
  const bits = match?.[2] ?? '';
  // INT8..INT64 and UINT8..UINT64 are sized INT and UINT (bits, as the DDL writes them).
  const name = bits !== '' && (base === 'INT' || base === 'UINT') ? base : `${base}${bits}`;
  if (!match || !isPrimitiveTypeName(name)) {
    throw new CatalogError(
      'SCHEMA-INVALID',
      `${owner}: "${text}" is not a tuple field type (INT, UINT, FLOAT, DOUBLE, STRING, BOOL, DATETIME)`,
    );
  }
  const written =
    match[3] !== undefined ? Number(match[3]) : bits !== '' ? Number(bits) / 8 : undefined;
  const length = checkedSize(owner, name, written);
  return { type: { kind: 'primitive', name }, ...(length === undefined ? {} : { length }) };
}

export interface TupleJson {
  readonly Name: string;
  readonly TupleElements: readonly { readonly name: string; readonly AttributeType: string }[];
}

export function tupleFromJson(json: TupleJson, index: number): TupleDef {
  const owner = `tuples[${index}] (${json.Name})`;
  const seen = new Set<string>();
  const fields = json.TupleElements.map((element, i) => {
    const where = `${owner}.TupleElements[${i}]`;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(element.name)) {
      throw new CatalogError('SCHEMA-INVALID', `${where}: "${element.name}" is not a field name`);
    }
    if (seen.has(element.name.toLowerCase())) {
      throw new CatalogError('SCHEMA-INVALID', `${where}: field "${element.name}" is repeated`);
    }
    seen.add(element.name.toLowerCase());
    return { name: element.name, ...fieldTypeFromJson(where, element.AttributeType) };
  });
  return { name: json.Name, fields };
}

/** A TYPEDEF TUPLE statement as a tuple, keeping the sizes it writes (`UINT(4)`). */
export function tupleFromTypedef(catalog: CatalogData, node: TypedefTuple): TupleDef {
  const def = tupleFromAst(catalog, node);
  return {
    name: def.name,
    fields: def.fields.map((field, i) => {
      const written = node.fields[i]?.type;
      const size = written?.kind === 'PrimitiveType' ? written.size : undefined;
      const typeName = field.type.kind === 'primitive' ? field.type.name : '';
      const length = checkedSize(`tuple ${def.name}`, typeName, size);
      return length === undefined ? field : { ...field, length };
    }),
  };
}

/** Adds tuples in order (a later one may use an earlier one); refuses all if one fails. */
export function addTuples(catalog: CatalogData, defs: readonly TupleDef[]): CatalogData {
  return defs.reduce((acc, def) => addTuple(acc, def), catalog);
}

/** The tuple as the endpoints show it. */
export function tupleJson(def: TupleDef) {
  return {
    name: def.name,
    fields: def.fields.map((f) => {
      const typeName =
        f.type.kind === 'primitive'
          ? f.type.name
          : f.type.kind === 'tuple'
            ? f.type.name
            : f.type.kind.toUpperCase();
      return {
        fieldName: f.name,
        length: f.length ?? defaultLength[typeName] ?? 8,
        fieldType: typeName,
      };
    }),
  };
}

/** The tuple of that name (names are case-sensitive, as GSQL identifiers). */
export function requireTuple(catalog: CatalogData, name: string): TupleDef {
  const def = catalog.tuples.find((t) => t.name === name);
  if (!def) throw new CatalogError('SCHEMA-NOT-FOUND', `tuple "${name}" does not exist`);
  return def;
}

function usesTuple(type: AttrType, name: string): boolean {
  switch (type.kind) {
    case 'tuple':
      return type.name === name;
    case 'list':
    case 'set':
      return usesTuple(type.element, name);
    case 'map':
      return usesTuple(type.key, name) || usesTuple(type.value, name);
    case 'primitive':
      return false;
  }
}

/** Drops tuples; refuses (changing nothing) when one is missing or still used. */
export function dropTuples(catalog: CatalogData, names: readonly string[]): CatalogData {
  for (const name of names) requireTuple(catalog, name);
  const dropping = new Set(names);
  for (const name of names) {
    const users = [
      ...catalog.vertexTypes
        .filter((v) => v.attributes.some((a) => usesTuple(a.type, name)))
        .map((v) => `vertex type ${v.name}`),
      ...catalog.edgeTypes
        .filter((e) => e.attributes.some((a) => usesTuple(a.type, name)))
        .map((e) => `edge type ${e.name}`),
      ...catalog.tuples
        .filter((t) => !dropping.has(t.name) && t.fields.some((f) => usesTuple(f.type, name)))
        .map((t) => `tuple ${t.name}`),
    ];
    if (users.length > 0) {
      throw new CatalogError(
        'SCHEMA-IN-USE',
        `tuple "${name}" cannot be dropped: ${users.join(', ')} still use it`,
      );
    }
  }
  return {
    ...catalog,
    version: catalog.version + 1,
    tuples: catalog.tuples.filter((t) => !dropping.has(t.name)),
  };
}
