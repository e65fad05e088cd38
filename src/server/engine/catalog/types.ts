// The schema catalog's data model: attribute types, vertex and edge types, graphs and tuples, as
// plain immutable data that serialises to the store and to the schema endpoints' JSON.

export type PrimitiveTypeName =
  'INT' | 'UINT' | 'FLOAT' | 'DOUBLE' | 'STRING' | 'BOOL' | 'DATETIME';

export type AttrType =
  | { readonly kind: 'primitive'; readonly name: PrimitiveTypeName }
  | { readonly kind: 'list' | 'set'; readonly element: AttrType }
  | { readonly kind: 'map'; readonly key: AttrType; readonly value: AttrType }
  | { readonly kind: 'tuple'; readonly name: string };

export interface AttributeDef {
  readonly name: string;
  readonly type: AttrType;
  /** Default value as given in the DDL (already coerced to the type), if any. */
  readonly defaultValue?: unknown;
  readonly indexName?: string;
}

export interface VertexTypeDef {
  readonly name: string;
  /** The PRIMARY_ID (or the single PRIMARY KEY attribute). */
  readonly primaryId: { readonly name: string; readonly type: AttrType };
  /** PRIMARY_ID is also an attribute (WITH primary_id_as_attribute / PRIMARY KEY). */
  readonly primaryIdAsAttribute: boolean;
  /** The attributes of a composite PRIMARY KEY, in key order; empty for a single id. */
  readonly compositeKey: readonly string[];
  /** PRIMARY KEY syntax (the id is an attribute of the vertex). */
  readonly primaryKeySyntax: boolean;
  readonly attributes: readonly AttributeDef[];
  readonly stats: string;
  /** Declared inside a graph (a local type) rather than globally. */
  readonly localTo?: string;
}

export interface EdgePair {
  readonly from: string;
  readonly to: string;
}

export interface EdgeTypeDef {
  readonly name: string;
  readonly directed: boolean;
  /** FROM/TO pairs; `*` stands for any vertex type. */
  readonly pairs: readonly EdgePair[];
  readonly attributes: readonly AttributeDef[];
  /** Attributes forming the discriminator, in order; empty when none. */
  readonly discriminator: readonly string[];
  /** Name of the reverse edge type (WITH REVERSE_EDGE), if any. */
  readonly reverseEdge?: string;
  readonly localTo?: string;
}

export interface TupleDef {
  readonly name: string;
  readonly fields: readonly {
    readonly name: string;
    readonly type: AttrType;
    readonly length?: number;
  }[];
}

export interface GraphDef {
  readonly name: string;
  readonly vertexTypes: readonly string[];
  readonly edgeTypes: readonly string[];
}

/** A loading job as its GSQL text (compiled when used, cached by text). */
export interface LoadingJobDef {
  readonly graph: string;
  readonly name: string;
  readonly text: string;
}

/** A query as its GSQL text; `installed` once INSTALL QUERY has compiled it. */
export interface QueryDef {
  readonly graph: string;
  readonly name: string;
  readonly text: string;
  readonly installed: boolean;
}

/** A schema-change job as its GSQL text; `graph` null for a global job. */
export interface SchemaJobDef {
  readonly graph: string | null;
  readonly name: string;
  readonly text: string;
}

export interface CatalogData {
  /** Increments on every schema change; reported as `version.schema`. */
  readonly version: number;
  readonly vertexTypes: readonly VertexTypeDef[];
  readonly edgeTypes: readonly EdgeTypeDef[];
  readonly graphs: readonly GraphDef[];
  readonly tuples: readonly TupleDef[];
  readonly loadingJobs: readonly LoadingJobDef[];
  readonly queries: readonly QueryDef[];
  readonly schemaJobs: readonly SchemaJobDef[];
  /** User-defined function files uploaded by PUT ExprFunctions|ExprUtil|TokenBank (udf-files.ts). */
  readonly udfFiles?: Readonly<Partial<Record<UdfFileName, string>>>;
}

/** The user-defined function files the GSQL shell's PUT and GET name. */
export type UdfFileName = 'ExprFunctions' | 'ExprUtil' | 'TokenBank';

export const emptyCatalog: CatalogData = {
  version: 0,
  vertexTypes: [],
  edgeTypes: [],
  graphs: [],
  tuples: [],
  loadingJobs: [],
  queries: [],
  schemaJobs: [],
};

export const primitive = (name: PrimitiveTypeName): AttrType => ({ kind: 'primitive', name });

export const primitiveTypeNames: readonly PrimitiveTypeName[] = [
  'INT',
  'UINT',
  'FLOAT',
  'DOUBLE',
  'STRING',
  'BOOL',
  'DATETIME',
];

export function isPrimitiveTypeName(name: string): name is PrimitiveTypeName {
  return (primitiveTypeNames as readonly string[]).includes(name);
}

/** The type as GSQL writes it: INT, LIST<STRING>, MAP<INT, DOUBLE>, a tuple name. */
export function typeText(type: AttrType): string {
  switch (type.kind) {
    case 'primitive':
      return type.name;
    case 'list':
      return `LIST<${typeText(type.element)}>`;
    case 'set':
      return `SET<${typeText(type.element)}>`;
    case 'map':
      return `MAP<${typeText(type.key)}, ${typeText(type.value)}>`;
    case 'tuple':
      return type.name;
  }
}
