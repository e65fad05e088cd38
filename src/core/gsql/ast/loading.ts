// Loading jobs: DEFINE FILENAME, LOAD (to vertices, edges and temp tables, from files or a temp
// table) and DELETE statements, and the legacy online-post jobs.
import type { NodeBase, OptionNode } from './common.js';
import type { Expr } from './expr.js';

export interface DefineFilename extends NodeBase<'DefineFilename'> {
  readonly name: string;
  readonly path: string | null;
}

export interface DefineHeader extends NodeBase<'DefineHeader'> {
  readonly name: string;
  readonly columns: readonly string[];
}

/**
 * `TO VERTEX T VALUES (...) [WHERE cond]`, `TO EDGE E VALUES ($0 Person, $1 $2, ...)` and
 * `TO TEMP_TABLE t (col, ...) VALUES (...)`; the value list may hold `$n`, `_` and functions.
 * An edge's source and target id may be followed by their vertex type (`fromType`, `toType`):
 * a type name, or a column holding one.
 */
export interface LoadTarget extends NodeBase<'LoadTarget'> {
  readonly what: 'VERTEX' | 'EDGE' | 'TEMP_TABLE';
  readonly name: string;
  /** The column names of a TEMP_TABLE; empty otherwise. */
  readonly columns: readonly string[];
  readonly values: readonly Expr[];
  readonly fromType: Expr | null;
  readonly toType: Expr | null;
  readonly where: Expr | null;
}

/**
 * LOAD [source] TO ... [, TO ...] [USING k="v", ...]; source is absent in online-post jobs.
 * `LOAD TEMP_TABLE t` reads a temp table: `tempTable` is set and source is the Name `t`.
 */
export interface Load extends NodeBase<'Load'> {
  readonly source: Expr | null;
  readonly tempTable: boolean;
  readonly targets: readonly LoadTarget[];
  readonly using: readonly OptionNode[];
}

/**
 * `DELETE VERTEX T (PRIMARY_ID id) FROM f [WHERE cond]` and `DELETE EDGE E|* (FROM id [type]
 * [, TO id [type]] [, DISCRIMINATOR (v, ...)]) FROM f [WHERE cond]`: per input line, delete the
 * vertex, or the edges matching the given ends. `name` is `*` for edges of any type.
 */
export interface LoadDelete extends NodeBase<'LoadDelete'> {
  readonly what: 'VERTEX' | 'EDGE';
  readonly name: string;
  /** The vertex id (DELETE VERTEX) or the source id (DELETE EDGE). */
  readonly id: Expr;
  readonly fromType: Expr | null;
  readonly to: Expr | null;
  readonly toType: Expr | null;
  readonly discriminator: readonly Expr[];
  readonly source: Expr;
  readonly using: readonly OptionNode[];
  readonly where: Expr | null;
}

export type LoadingStmt = DefineFilename | DefineHeader | Load | LoadDelete;

export interface CreateLoadingJob extends NodeBase<'CreateLoadingJob'> {
  /** 'ONLINE_POST' for the legacy CREATE ONLINE_POST JOB. */
  readonly jobType: 'LOADING' | 'ONLINE_POST';
  readonly name: string;
  readonly graph: string | null;
  readonly body: readonly LoadingStmt[];
}

/** RUN LOADING JOB j USING f="path" and the legacy RUN JOB j USING FILENAME="...". */
export interface RunJob extends NodeBase<'RunJob'> {
  readonly loading: boolean;
  readonly flags: readonly string[];
  readonly name: string;
  readonly using: readonly OptionNode[];
}
