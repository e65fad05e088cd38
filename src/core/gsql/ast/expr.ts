// Expressions. Names are kept apart by how an interpreter must look them up: plain names (local
// variables, parameters, aliases, vertex sets), global accumulators, vertex accumulators,
// attributes, methods and functions; literals keep their exact source text.
import type { IntervalUnitName } from '../keywords.js';
import type { NodeBase } from './common.js';

/** Integer literal; `value` is a bigint when the number is beyond 2^53. */
export interface IntLit extends NodeBase<'IntLit'> {
  readonly text: string;
  readonly value: number | bigint;
}

export interface FloatLit extends NodeBase<'FloatLit'> {
  readonly text: string;
  readonly value: number;
}

/** A double-quoted string; `value` is unescaped. */
export interface StringLit extends NodeBase<'StringLit'> {
  readonly value: string;
}

/**
 * A datetime constant, written `to_datetime("2024-01-31 12:00:00")` (the grammar's only
 * datetime literal); `value` is the string as written, parsed by whoever evaluates it.
 */
export interface DatetimeLit extends NodeBase<'DatetimeLit'> {
  readonly value: string;
}

export interface BoolLit extends NodeBase<'BoolLit'> {
  readonly value: boolean;
}

export type NullLit = NodeBase<'NullLit'>;

/** A local variable, parameter, vertex or edge alias, vertex set, tuple field or constant. */
export interface Name extends NodeBase<'Name'> {
  readonly name: string;
}

/** `@@name`, `@@name'` (the prime reads the value before the current iteration). */
export interface GlobalAccum extends NodeBase<'GlobalAccum'> {
  readonly name: string;
  readonly prime: boolean;
}

/**
 * `alias.@name` (target null for a bare `@name`), with an optional prime: an accumulator
 * attached to a vertex, or to an edge when the alias is an edge alias (`e.@count`).
 */
export interface VertexAccum extends NodeBase<'VertexAccum'> {
  readonly target: Expr | null;
  readonly name: string;
  readonly prime: boolean;
}

/** `target.name`: an attribute of a vertex or edge, or a field of a tuple. */
export interface Attr extends NodeBase<'Attr'> {
  readonly target: Expr;
  readonly name: string;
}

export interface MethodCall extends NodeBase<'MethodCall'> {
  readonly target: Expr;
  readonly name: string;
  readonly args: readonly Expr[];
}

/** A function call, a tuple constructor or an aggregate (`count(DISTINCT s)`). */
export interface Call extends NodeBase<'Call'> {
  readonly name: string;
  readonly args: readonly Expr[];
  readonly distinct: boolean;
  /** `trim(LEADING | TRAILING | BOTH ... str)`: the side named (the string-functions page). */
  readonly trimSide?: 'LEADING' | 'TRAILING' | 'BOTH';
  /** `trim([side] removal FROM str)`: what is removed instead of whitespace. */
  readonly trimRemoval?: Expr;
}

/** `target[index]` on ArrayAccum and lists. */
export interface Index extends NodeBase<'Index'> {
  readonly target: Expr;
  readonly index: Expr;
}

export type UnaryOp = '-' | 'NOT' | '~';

export interface Unary extends NodeBase<'Unary'> {
  readonly op: UnaryOp;
  readonly operand: Expr;
}

export type BinaryOp =
  | 'OR'
  | 'AND'
  | '=='
  | '!='
  | '<'
  | '<='
  | '>'
  | '>='
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | '<<'
  | '>>'
  | '&'
  | '|'
  | 'UNION'
  | 'INTERSECT'
  | 'MINUS';

export interface Binary extends NodeBase<'Binary'> {
  readonly op: BinaryOp;
  readonly left: Expr;
  readonly right: Expr;
}

export interface In extends NodeBase<'In'> {
  readonly value: Expr;
  readonly set: Expr;
  readonly negated: boolean;
}

export interface IsNull extends NodeBase<'IsNull'> {
  readonly value: Expr;
  readonly negated: boolean;
}

/** `x IS [NOT] NUMERIC`, `x IS [NOT] EMPTY`: the token tests of a loading job's WHERE clause. */
export interface IsTest extends NodeBase<'IsTest'> {
  readonly value: Expr;
  readonly test: 'NUMERIC' | 'EMPTY';
  readonly negated: boolean;
}

export interface Between extends NodeBase<'Between'> {
  readonly value: Expr;
  readonly low: Expr;
  readonly high: Expr;
  readonly negated: boolean;
}

export interface Like extends NodeBase<'Like'> {
  readonly value: Expr;
  readonly pattern: Expr;
  readonly negated: boolean;
  readonly escape: Expr | null;
}

/** `[a, b, c]`. */
export interface ListLit extends NodeBase<'ListLit'> {
  readonly items: readonly Expr[];
}

/** `(a, b)`: an argument list used as a value (IN lists, vertex parameters `("id", "Type")`). */
export interface TupleLit extends NodeBase<'TupleLit'> {
  readonly items: readonly Expr[];
}

/** `(k -> v)` for MapAccum, `(k1, k2 -> a1, a2)` for GroupByAccum. */
export interface Arrow extends NodeBase<'Arrow'> {
  readonly keys: readonly Expr[];
  readonly values: readonly Expr[];
}

export interface CaseWhen extends NodeBase<'CaseWhen'> {
  readonly when: Expr;
  readonly then: Expr;
}

/** CASE [subject] WHEN .. THEN .. [ELSE ..] END as an expression. */
export interface CaseExpr extends NodeBase<'CaseExpr'> {
  readonly subject: Expr | null;
  readonly whens: readonly CaseWhen[];
  readonly otherwise: Expr | null;
}

/** A seed set `{T.*, v, @@s, ANY}`. */
export interface VertexSetLit extends NodeBase<'VertexSetLit'> {
  readonly items: readonly Expr[];
}

/** `T.*` in a seed set: every vertex of type T (T may be a STRING parameter). */
export interface TypeStar extends NodeBase<'TypeStar'> {
  readonly typeName: string;
}

/** `ANY` (any vertex type), `_` (any; a placeholder in VALUES lists), `*` in `COUNT(*)`. */
export interface Wildcard extends NodeBase<'Wildcard'> {
  readonly symbol: 'ANY' | '_' | '*';
}

export interface JsonEntry extends NodeBase<'JsonEntry'> {
  readonly key: string;
  readonly value: Expr;
}

/** `{"name": "Emma", "age": 21}`: query arguments given as one JSON object (RUN QUERY). */
export interface JsonObject extends NodeBase<'JsonObject'> {
  readonly entries: readonly JsonEntry[];
}

/** A loading-job column: `$0`, `$"name"`, or a JSON path `$"key":"sub"` (keys after the first in `path`). */
export interface ColumnRef extends NodeBase<'ColumnRef'> {
  readonly column: number | string;
  readonly path: readonly string[];
}

/** The units of an INTERVAL, upper-cased. */
export type IntervalUnit = IntervalUnitName;

/** `INTERVAL n DAY`: a duration in datetime arithmetic (`datetime_add(d, INTERVAL 1 MONTH)`). */
export interface Interval extends NodeBase<'Interval'> {
  readonly amount: Expr;
  readonly unit: IntervalUnit;
}

export type Expr =
  | IntLit
  | FloatLit
  | StringLit
  | DatetimeLit
  | BoolLit
  | NullLit
  | Name
  | GlobalAccum
  | VertexAccum
  | Attr
  | MethodCall
  | Call
  | Index
  | Unary
  | Binary
  | In
  | IsNull
  | IsTest
  | Between
  | Like
  | ListLit
  | TupleLit
  | Arrow
  | CaseExpr
  | VertexSetLit
  | JsonObject
  | TypeStar
  | Wildcard
  | ColumnRef
  | Interval;
