// Access-control statements of the GSQL shell beyond CREATE USER / SECRET and GRANT ROLE (in
// shell.ts): passwords, roles, and privileges granted to roles. The real shell prompts for
// passwords; over the statements channel they are written in the statement (`WITH PASSWORD`).
import type { NodeBase } from './common.js';

/** ALTER PASSWORD [user] WITH PASSWORD "new": the user's own password when no user is named. */
export interface AlterPassword extends NodeBase<'AlterPassword'> {
  readonly user: string | null;
  readonly password: string | null;
}

/** CREATE [GLOBAL] ROLE r1, r2 [ON GRAPH g | ON GLOBAL]: local to the graph unless global. */
export interface CreateRole extends NodeBase<'CreateRole'> {
  readonly names: readonly string[];
  /** The graph named by ON GRAPH; null for GLOBAL or when the session's graph decides. */
  readonly graph: string | null;
  readonly global: boolean;
}

/** DROP ROLE r1, r2. */
export interface DropRole extends NodeBase<'DropRole'> {
  readonly names: readonly string[];
}

/** GRANT p1, p2 ON GRAPH g TO r1 / REVOKE p1 ON GLOBAL FROM r1. */
export interface PrivilegeGrant extends NodeBase<'PrivilegeGrant'> {
  readonly revoke: boolean;
  readonly privileges: readonly string[];
  /** The graph granted on; null for ON GLOBAL. */
  readonly graph: string | null;
  /** ON VERTEX|EDGE t IN GRAPH g: the type and which kind it is; null for the whole graph. */
  readonly typeName: string | null;
  readonly typeKind: 'VERTEX' | 'EDGE' | null;
  readonly roles: readonly string[];
}

/** SHOW PRIVILEGE ON r1, r2: the roles' privileges per scope. */
export interface ShowPrivilege extends NodeBase<'ShowPrivilege'> {
  readonly roles: readonly string[];
}
