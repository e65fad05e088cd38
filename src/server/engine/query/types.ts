// Static types of query values, resolved once at compile time: they pick arithmetic (integer
// division), coercion into typed accumulators and variables, and the PRINT JSON form.
import type { AccumName } from '../../../core/gsql/index.js';

export interface TupleField {
  readonly name: string;
  readonly type: T;
}

export type T =
  | { readonly k: 'int' }
  | { readonly k: 'uint' }
  | { readonly k: 'float' }
  | { readonly k: 'double' }
  | { readonly k: 'string' }
  | { readonly k: 'bool' }
  | { readonly k: 'datetime' }
  | { readonly k: 'vertex'; readonly vt: string | null }
  | { readonly k: 'edge' }
  | { readonly k: 'list' | 'set' | 'bag'; readonly el: T }
  | { readonly k: 'map'; readonly key: T; readonly val: T }
  | { readonly k: 'tuple'; readonly name: string; readonly fields: readonly TupleField[] }
  | { readonly k: 'accum'; readonly a: AccSpec }
  | { readonly k: 'vset' }
  | { readonly k: 'file' }
  /** JSONOBJECT, or JSONARRAY (`array`): parsed JSON, immutable. */
  | { readonly k: 'json'; readonly array?: boolean }
  | { readonly k: 'any' }
  | { readonly k: 'void' };

/** A heap order key: tuple field index and direction. */
export interface HeapKey {
  readonly index: number;
  readonly desc: boolean;
}

/** An accumulator type, with everything its instances need. */
export interface AccSpec {
  readonly name: AccumName | 'Overwrite';
  /** Element type: Sum/Max/Min/List/Set/Bag/Heap input; the declared type argument. */
  readonly el: T;
  /** MapAccum key type. */
  readonly key?: T;
  /** MapAccum value accumulator (base types become Sum/List/Overwrite accumulators). */
  readonly val?: AccSpec;
  /** MapAccum value type as declared (for printing base values). */
  readonly valType?: T;
  /** HeapAccum: order keys; capacity is evaluated at run time (may be a parameter). */
  readonly heapOrder?: readonly HeapKey[];
  /** GroupByAccum keys and member accumulators. */
  readonly groupKeys?: readonly TupleField[];
  readonly groupAccs?: readonly { readonly name: string; readonly spec: AccSpec }[];
  /** ArrayAccum element accumulator. */
  readonly arrayEl?: AccSpec;
  /** PercentileContAccum: the declared percent (0..1). */
  readonly percent?: number;
  /** BitwiseAndAccum / BitwiseOrAccum: a declared length other than the default 64 bits. */
  readonly bits?: number;
}

export const INT: T = { k: 'int' };
export const UINT: T = { k: 'uint' };
export const FLOAT: T = { k: 'float' };
export const DOUBLE: T = { k: 'double' };
export const STRING: T = { k: 'string' };
export const BOOL: T = { k: 'bool' };
export const DATETIME: T = { k: 'datetime' };
export const VERTEX: T = { k: 'vertex', vt: null };
export const EDGE: T = { k: 'edge' };
export const VSET: T = { k: 'vset' };
export const ANY: T = { k: 'any' };
export const VOID: T = { k: 'void' };
export const JSONT: T = { k: 'json' };
export const JSONARRAYT: T = { k: 'json', array: true };

/** Type kinds whose values are primitives (numbers, booleans, strings), never containers. */
export const PRIMITIVE_KINDS: ReadonlySet<T['k']> = new Set([
  'int',
  'uint',
  'float',
  'double',
  'bool',
  'string',
  'datetime',
]);

export const isIntType = (t: T): boolean => t.k === 'int' || t.k === 'uint';
export const isFloatType = (t: T): boolean => t.k === 'float' || t.k === 'double';
export const isNumeric = (t: T): boolean => isIntType(t) || isFloatType(t);

/** The numeric type an arithmetic operator computes in. */
export type ArithKind = 'int' | 'uint' | 'float' | 'double';

/**
 * The operators-and-expressions page's promotion: two numeric operands are computed in the
 * higher of their types along INT -> UINT -> FLOAT -> DOUBLE (so INT with UINT is UINT, and
 * FLOAT with FLOAT stays single precision); null when either is not a number.
 */
export function arithKind(lt: T, rt: T): ArithKind | null {
  if (!isNumeric(lt) || !isNumeric(rt)) return null;
  if (lt.k === 'double' || rt.k === 'double') return 'double';
  if (lt.k === 'float' || rt.k === 'float') return 'float';
  if (lt.k === 'uint' || rt.k === 'uint') return 'uint';
  return 'int';
}

/** The static type of an arithmetic kind. */
export function arithType(k: ArithKind): T {
  return k === 'int' ? INT : k === 'uint' ? UINT : k === 'float' ? FLOAT : DOUBLE;
}

/** The type a read of an accumulator gives: scalar accumulators read as their value. */
export function accumValueType(a: AccSpec): T {
  switch (a.name) {
    case 'SumAccum':
    case 'MaxAccum':
    case 'MinAccum':
    case 'Overwrite':
      return a.el;
    case 'AvgAccum':
    case 'PercentileContAccum':
      return DOUBLE;
    case 'OrAccum':
    case 'AndAccum':
      return BOOL;
    case 'BitwiseAndAccum':
    case 'BitwiseOrAccum':
      return INT;
    case 'ArrayAccum':
    case 'BagAccum':
    case 'GroupByAccum':
    case 'HeapAccum':
    case 'ListAccum':
    case 'MapAccum':
    case 'SetAccum':
      return { k: 'accum', a };
  }
}

/** True for accumulators stored as a plain value combined by a function. */
export function isScalarAccum(a: AccSpec): boolean {
  switch (a.name) {
    case 'SumAccum':
    case 'MaxAccum':
    case 'MinAccum':
    case 'OrAccum':
    case 'AndAccum':
    case 'BitwiseAndAccum':
    case 'BitwiseOrAccum':
    case 'Overwrite':
      return true;
    case 'ArrayAccum':
    case 'AvgAccum':
    case 'BagAccum':
    case 'GroupByAccum':
    case 'HeapAccum':
    case 'ListAccum':
    case 'MapAccum':
    case 'PercentileContAccum':
    case 'SetAccum':
      return false;
  }
}

export function typeName(t: T): string {
  switch (t.k) {
    case 'list':
    case 'set':
    case 'bag':
      return `${t.k.toUpperCase()}<${typeName(t.el)}>`;
    case 'map':
      return `MAP<${typeName(t.key)}, ${typeName(t.val)}>`;
    case 'tuple':
      return t.name;
    case 'vertex':
      return t.vt ? `VERTEX<${t.vt}>` : 'VERTEX';
    case 'accum':
      return t.a.name;
    case 'any':
    case 'bool':
    case 'datetime':
    case 'double':
    case 'edge':
    case 'file':
    case 'float':
    case 'int':
    case 'json':
    case 'string':
    case 'uint':
    case 'void':
    case 'vset':
      return t.k.toUpperCase();
  }
}
