// Queries: CREATE QUERY and anonymous INTERPRET blocks, and the statements of a query body.
// The same statement kinds serve both the body (`;`-terminated) and the ACCUM / POST-ACCUM
// lists (`,`-separated); the formatter picks the punctuation from where a list sits.
import type { ErrorNode, NodeBase } from './common.js';
import type { Expr } from './expr.js';
import type { Pattern, Select, TableSelect } from './select.js';
import type { AccumType, Field, NamedType, TypeExpr } from './types.js';

export interface Param extends NodeBase<'Param'> {
  readonly name: string;
  readonly type: TypeExpr;
  readonly defaultValue: Expr | null;
}

export interface CreateQuery extends NodeBase<'CreateQuery'> {
  readonly orReplace: boolean;
  readonly distributed: boolean;
  readonly name: string;
  readonly params: readonly Param[];
  readonly graph: string | null;
  readonly returns: TypeExpr | null;
  readonly api: string | null;
  readonly syntax: string | null;
  readonly body: readonly QueryStmt[];
  /**
   * Present for `CREATE OPENCYPHER QUERY`: the openCypher body as written (between the braces);
   * `body` then holds its translation into GSQL statements (src/core/gsql/cypher).
   */
  readonly opencypher?: string;
}

/** INTERPRET QUERY (params) [FOR GRAPH g] { ... }: an anonymous query run once. */
export interface InterpretBlock extends NodeBase<'InterpretBlock'> {
  /** Given in the URL query string when run through the interpret endpoint. */
  readonly params: readonly Param[];
  readonly graph: string | null;
  readonly syntax: string | null;
  readonly body: readonly QueryStmt[];
  /** Present for `INTERPRET OPENCYPHER QUERY`: as on CreateQuery. */
  readonly opencypher?: string;
}

export interface TypedefTuple extends NodeBase<'TypedefTuple'> {
  readonly name: string;
  readonly fields: readonly Field[];
}

/** TYPEDEF HeapAccum<T>(n, f DESC) name: a named accumulator type, at top level or in a query. */
export interface TypedefAccum extends NodeBase<'TypedefAccum'> {
  readonly name: string;
  readonly type: AccumType;
}

/** `@@x` is global, `@x` attached to each vertex, `EDGE @x` attached to each edge. */
export interface AccumVar extends NodeBase<'AccumVar'> {
  readonly scope: 'vertex' | 'global' | 'edge';
  readonly name: string;
  /** ArrayAccum dimensions `[n][m]`; null for an open size `[]`, set later by reallocate. */
  readonly dims: readonly (Expr | null)[];
  readonly init: Expr | null;
}

export interface AccumDecl extends NodeBase<'AccumDecl'> {
  /** The accumulator type, or the name of one defined by TYPEDEF (`My_Heap @@top;`). */
  readonly type: AccumType | NamedType;
  readonly vars: readonly AccumVar[];
}

export interface VarInit extends NodeBase<'VarInit'> {
  readonly name: string;
  readonly init: Expr | null;
}

/** `INT x = 1, y;`, tuple-typed locals, and local declarations inside ACCUM. */
export interface VarDecl extends NodeBase<'VarDecl'> {
  readonly type: TypeExpr;
  readonly vars: readonly VarInit[];
}

export interface FileDecl extends NodeBase<'FileDecl'> {
  readonly name: string;
  readonly path: Expr;
}

export interface ExceptionDecl extends NodeBase<'ExceptionDecl'> {
  readonly name: string;
  readonly code: Expr;
}

/** `x = e`, `s.attr = e`, `@@a += e`, `s.@a = e`, and vertex-set assignment from seeds. */
export interface Assign extends NodeBase<'Assign'> {
  readonly target: Expr;
  readonly op: '=' | '+=';
  readonly value: Expr;
}

/** `S = SELECT ...`. */
export interface SelectStmt extends NodeBase<'SelectStmt'> {
  readonly target: string;
  readonly select: Select;
}

/** `S (Person) = {...}` or `S (ANY) = SELECT ...`: a vertex set variable with a declared type. */
export interface VertexSetDecl extends NodeBase<'VertexSetDecl'> {
  readonly name: string;
  readonly vertexType: string;
  readonly value: Expr | Select;
}

/** A call used as a statement: `f.println(x)`, `@@m.clear()`, `s.setAttr("a", 1)`. */
export interface ExprStmt extends NodeBase<'ExprStmt'> {
  readonly expr: Expr;
}

export interface CondBranch extends NodeBase<'CondBranch'> {
  readonly cond: Expr;
  readonly body: readonly QueryStmt[];
}

/** IF .. THEN .. [ELSE IF ..]* [ELSE ..] END; `branches` has the IF then each ELSE IF. */
export interface If extends NodeBase<'If'> {
  readonly branches: readonly CondBranch[];
  readonly otherwise: readonly QueryStmt[] | null;
}

export interface While extends NodeBase<'While'> {
  readonly cond: Expr;
  readonly limit: Expr | null;
  readonly body: readonly QueryStmt[];
}

/** RANGE[a, b] [.STEP(s)]: inclusive bounds. */
export interface RangeSpec extends NodeBase<'RangeSpec'> {
  readonly start: Expr;
  readonly end: Expr;
  readonly step: Expr | null;
}

/** FOREACH x IN e / FOREACH (k, v) IN map / FOREACH i IN RANGE[a, b]. */
export interface Foreach extends NodeBase<'Foreach'> {
  readonly vars: readonly string[];
  readonly tupleVars: boolean;
  readonly source: Expr | RangeSpec;
  readonly body: readonly QueryStmt[];
}

/** CASE as a statement; with a subject, `when` is a value compared to it. */
export interface CaseStmt extends NodeBase<'CaseStmt'> {
  readonly subject: Expr | null;
  readonly whens: readonly CondBranch[];
  readonly otherwise: readonly QueryStmt[] | null;
}

export type Break = NodeBase<'Break'>;
export type Continue = NodeBase<'Continue'>;

export interface Return extends NodeBase<'Return'> {
  readonly value: Expr | null;
}

export interface PrintProjection extends NodeBase<'PrintProjection'> {
  readonly expr: Expr;
  readonly alias: string | null;
}

/** One PRINT item: an expression or a vertex set with a projection `S[S.a, S.@b AS c]`. */
export interface PrintItem extends NodeBase<'PrintItem'> {
  readonly expr: Expr;
  readonly projection: readonly PrintProjection[] | null;
  readonly alias: string | null;
}

export interface Print extends NodeBase<'Print'> {
  readonly items: readonly PrintItem[];
  readonly where: Expr | null;
  readonly toCsv: Expr | null;
}

export interface InsertValue extends NodeBase<'InsertValue'> {
  readonly value: Expr;
  /** For edges from or to a wildcard type: `(src Person, tgt Company, ...)`. */
  readonly vertexType: string | null;
}

/** INSERT INTO [EDGE] T [(cols)] VALUES (...). The type may be a STRING parameter. */
export interface Insert extends NodeBase<'Insert'> {
  readonly target: string;
  readonly edgeKeyword: boolean;
  readonly columns: readonly string[] | null;
  readonly values: readonly InsertValue[];
}

/** DELETE alias FROM pattern [WHERE cond] in a query body. */
export interface Delete extends NodeBase<'Delete'> {
  readonly alias: string;
  readonly from: readonly Pattern[];
  readonly where: Expr | null;
}

/** DELETE (alias) inside ACCUM / POST-ACCUM. */
export interface DeleteAlias extends NodeBase<'DeleteAlias'> {
  readonly alias: string;
}

export interface Update extends NodeBase<'Update'> {
  readonly alias: string;
  readonly from: readonly Pattern[];
  readonly set: readonly DmlStmt[];
  readonly where: Expr | null;
}

export interface Raise extends NodeBase<'Raise'> {
  readonly name: string;
  readonly message: Expr | null;
}

export interface ExceptionHandler extends NodeBase<'ExceptionHandler'> {
  readonly name: string;
  readonly body: readonly QueryStmt[];
}

export interface Try extends NodeBase<'Try'> {
  readonly body: readonly QueryStmt[];
  readonly handlers: readonly ExceptionHandler[];
  readonly otherwise: readonly QueryStmt[] | null;
}

/** LOG(cond, args...): writes to the server log when cond holds. */
export interface Log extends NodeBase<'Log'> {
  readonly cond: Expr;
  readonly args: readonly Expr[];
}

export type QueryStmt =
  | TypedefTuple
  | TypedefAccum
  | AccumDecl
  | VarDecl
  | FileDecl
  | ExceptionDecl
  | Assign
  | SelectStmt
  | TableSelect
  | VertexSetDecl
  | ExprStmt
  | If
  | While
  | Foreach
  | CaseStmt
  | Break
  | Continue
  | Return
  | Print
  | Insert
  | Delete
  | DeleteAlias
  | Update
  | Raise
  | Try
  | Log
  | ErrorNode;

/** Statements of ACCUM, POST-ACCUM and UPDATE SET lists (a subset of QueryStmt kinds). */
export type DmlStmt = QueryStmt;
