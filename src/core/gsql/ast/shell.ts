// Shell commands: graph selection, catalog listing, dropping, installing and running queries,
// template-query packages, users, roles and secrets.
import type { UDF_FILES } from '../keywords.js';
import type { NodeBase } from './common.js';
import type { Expr } from './expr.js';

export interface UseGraph extends NodeBase<'UseGraph'> {
  readonly name: string;
}

export type UseGlobal = NodeBase<'UseGlobal'>;
export type Ls = NodeBase<'Ls'>;
export type DropAll = NodeBase<'DropAll'>;

export type DropTarget =
  'GRAPH' | 'VERTEX' | 'EDGE' | 'QUERY' | 'JOB' | 'SECRET' | 'USER' | 'TUPLE';

/** DROP GRAPH|VERTEX|EDGE|QUERY|JOB|... names; `all` for `ALL` or `*`. */
export interface Drop extends NodeBase<'Drop'> {
  readonly what: DropTarget;
  readonly names: readonly string[];
  readonly all: boolean;
  readonly flags: readonly string[];
}

export type ShowTarget = 'VERTEX' | 'EDGE' | 'QUERY' | 'JOB' | 'GRAPH' | 'SECRET' | 'USER' | 'ROLE';

/** SHOW VERTEX [name|*], SHOW QUERY q, SHOW SECRET, ... */
export interface Show extends NodeBase<'Show'> {
  readonly what: ShowTarget;
  readonly pattern: string | null;
}

/** SHOW PACKAGE [name]: the template-query packages; name is dotted (GDBMS_ALGO.centrality). */
export interface ShowPackage extends NodeBase<'ShowPackage'> {
  readonly name: string | null;
}

/** IMPORT PACKAGE name: makes a package's template queries available (GDBMS_ALGO[.category]). */
export interface ImportPackage extends NodeBase<'ImportPackage'> {
  readonly name: string;
}

export interface CreateSecret extends NodeBase<'CreateSecret'> {
  readonly alias: string | null;
}

/** CREATE USER [name] [WITH PASSWORD "p"]: the shell prompts for what is not given. */
export interface CreateUser extends NodeBase<'CreateUser'> {
  readonly name: string | null;
  readonly password: string | null;
}

/** GRANT ROLE r ON GRAPH g TO u / REVOKE ROLE r ON GRAPH g FROM u; graph null means global. */
export interface RoleGrant extends NodeBase<'RoleGrant'> {
  readonly revoke: boolean;
  readonly roles: readonly string[];
  readonly graph: string | null;
  readonly users: readonly string[];
}

export interface ClearGraphStore extends NodeBase<'ClearGraphStore'> {
  readonly flags: readonly string[];
}

/** INSTALL QUERY [-flags] names | ALL | *. */
export interface InstallQuery extends NodeBase<'InstallQuery'> {
  readonly flags: readonly string[];
  readonly names: readonly string[];
  readonly all: boolean;
}

/** RUN QUERY q(args) and INTERPRET QUERY q(args). */
export interface RunQuery extends NodeBase<'RunQuery'> {
  readonly interpret: boolean;
  readonly flags: readonly string[];
  readonly name: string;
  readonly args: readonly Expr[];
}

/** RUN [GLOBAL] SCHEMA_CHANGE JOB j. */
export interface RunSchemaChange extends NodeBase<'RunSchemaChange'> {
  readonly global: boolean;
  readonly flags: readonly string[];
  readonly name: string;
}

/**
 * `SET name = value`: a shell session parameter (`set syntax_version="v2"`, `SET exit_on_error =
 * FALSE`). `name` is lower-cased; `value` is the text without quotes, `quoted` says how it was written.
 */
export interface SetParam extends NodeBase<'SetParam'> {
  readonly name: string;
  readonly value: string;
  readonly quoted: boolean;
}

/** The files of user-defined functions the shell uploads and downloads. */
export type UdfFile = (typeof UDF_FILES)[number];

/** PUT ExprFunctions|ExprUtil|TokenBank FROM "path": uploads a user-defined function file. */
export interface PutUdf extends NodeBase<'PutUdf'> {
  readonly file: UdfFile;
  readonly path: string;
}

/** GET ExprFunctions|ExprUtil|TokenBank TO "path": downloads a user-defined function file. */
export interface GetUdf extends NodeBase<'GetUdf'> {
  readonly file: UdfFile;
  readonly path: string;
}
