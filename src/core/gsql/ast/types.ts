// Type expressions: attribute, parameter, variable, tuple-field and accumulator types.
import type { AccumName } from '../keywords.js';
import type { NodeBase } from './common.js';
import type { Expr } from './expr.js';

/** INT, UINT, FLOAT, DOUBLE, STRING [COMPRESS], BOOL, DATETIME, EDGE, JSONOBJECT, FILE, ... */
export interface PrimitiveType extends NodeBase<'PrimitiveType'> {
  /** Upper-cased name. */
  readonly name: string;
  readonly compress: boolean;
  /** A tuple field's byte or character size, `UINT (4)`, `STRING(20)`; present only when written. */
  readonly size?: number;
}

/** VERTEX or VERTEX<T>. */
export interface VertexTypeRef extends NodeBase<'VertexTypeRef'> {
  readonly vertexType: string | null;
}

/** LIST<T>, SET<T>, BAG<T>. */
export interface CollectionType extends NodeBase<'CollectionType'> {
  readonly collection: 'LIST' | 'SET' | 'BAG';
  readonly element: TypeExpr;
}

export interface MapType extends NodeBase<'MapType'> {
  readonly key: TypeExpr;
  readonly value: TypeExpr;
}

/** A user-defined tuple (or any other name the front end cannot resolve by itself). */
export interface NamedType extends NodeBase<'NamedType'> {
  readonly name: string;
}

/** A named, typed member: tuple fields and GroupByAccum members. */
export interface Field extends NodeBase<'Field'> {
  readonly name: string;
  readonly type: TypeExpr;
}

export interface HeapOrder extends NodeBase<'HeapOrder'> {
  readonly field: string;
  readonly descending: boolean;
}

/**
 * HeapAccum's `([capacity,] field [ASC|DESC], ...)`: capacity null when the list starts with a
 * sort key (no limit). `(a, b)` parses as capacity `a`; the compiler reads a name that is a
 * field of the tuple (and no variable) as the first sort key instead.
 */
export interface HeapSpec extends NodeBase<'HeapSpec'> {
  readonly capacity: Expr | null;
  readonly order: readonly HeapOrder[];
}

/**
 * Any accumulator type. `typeArgs` holds the element types (MapAccum: key then value, nested
 * accumulators included); GroupByAccum keeps its named members in `groupBy` instead.
 */
export interface AccumType extends NodeBase<'AccumType'> {
  readonly accum: AccumName;
  readonly typeArgs: readonly TypeExpr[];
  readonly groupBy: readonly Field[] | null;
  readonly heap: HeapSpec | null;
  /** PercentileContAccum's `<0.5>`: the percent given with the type; null when none. */
  readonly percent: Expr | null;
  /** BitwiseAndAccum / BitwiseOrAccum's `<80>`: the length in bits; null for the default 64. */
  readonly bits: Expr | null;
}

/** `TUPLE<INT, STRING>`: an anonymous tuple type, its fields known by position only. */
export interface TupleType extends NodeBase<'TupleType'> {
  readonly elements: readonly TypeExpr[];
}

export type TypeExpr =
  PrimitiveType | VertexTypeRef | CollectionType | MapType | NamedType | AccumType | TupleType;
