// The access-control state of the embedded service as data: users (password hashes and role
// grants per scope), user-defined roles (privileges per scope, with child permissions on vertex
// and edge types), proxy groups (SCIM), secrets (hashes only) and the registry of issued tokens.
// The pure questions asked of it (which privileges a user holds where) live here too, so the
// router, the shell and the handlers answer them the same way.
import type { PasswordHash } from './password.js';
import { builtinRoles, isGlobalOnly } from './privileges.js';

/** The scope key of global grants (the real service keys global privileges by "1"). */
export const globalScope = '1';

/** Role names granted per scope: the graph name, or `globalScope`. */
export type Grants = Record<string, string[]>;

export interface UserRecord {
  /** Also the user's SCIM id. */
  readonly name: string;
  readonly password: PasswordHash;
  readonly createdAt: string;
  readonly roles: Grants;
  readonly active: boolean;
  readonly givenName?: string;
  readonly familyName?: string;
  readonly externalId?: string;
}

export interface ScopePrivileges {
  readonly privileges: string[];
  /** Privileges on one vertex or edge type of the graph, by type name. */
  readonly childPermissions?: Record<string, { privileges: string[] }>;
}

export interface RoleRecord {
  readonly name: string;
  /** The graph a local role belongs to; null for a global role. */
  readonly graph: string | null;
  readonly privileges: Record<string, ScopePrivileges>;
}

/** A proxy group (SCIM Group): members by user name, roles granted to all of them. */
export interface GroupRecord {
  /** Also the group's SCIM id. */
  readonly name: string;
  readonly members: string[];
  readonly roles: Grants;
}

export interface SecretRecord {
  readonly user: string;
  readonly alias: string;
  /** The graph the secret was created under (USE GRAPH), or null. */
  readonly graph: string | null;
  /** First 16 hex digits of the secret's SHA-256: finds the candidate to verify. */
  readonly lookup: string;
  readonly hash: PasswordHash;
  /** The secret's first and last characters, for the masked listing. */
  readonly mask: string;
  readonly createdAt: string;
}

export interface TokenRecord {
  /** The JWT's `jti`. */
  readonly id: string;
  /** The JWT's `iat` and `exp` as issued: the token's text is re-made from them (allowExisting). */
  readonly issuedAt: number;
  readonly signedExpiry: number;
  readonly user: string;
  /** The graph the token is for; null when it is good on every graph. */
  readonly graph: string | null;
  /** The alias of the secret it was issued from, or null (issued from credentials). */
  readonly secret: string | null;
  /** Epoch seconds; a refresh moves it, the token's text stays the same. */
  readonly expiresAt: number;
}

export interface AccessState {
  readonly version: 1;
  /** HS256 key of the tokens (base64); made once per data folder. */
  readonly signingKey: string;
  readonly users: Record<string, UserRecord>;
  readonly roles: Record<string, RoleRecord>;
  readonly groups: Record<string, GroupRecord>;
  readonly secrets: SecretRecord[];
  readonly tokens: TokenRecord[];
}

/** The role grants of a user: its own and those of the proxy groups it belongs to. */
function grantsOf(state: AccessState, user: string): Grants[] {
  const own = state.users[user]?.roles;
  const grants = own ? [own] : [];
  for (const group of Object.values(state.groups)) {
    if (group.members.includes(user)) grants.push(group.roles);
  }
  return grants;
}

/** Privileges a role gives when granted at `grantScope`, keyed by the scope they hold on. */
function rolePrivileges(
  state: AccessState,
  role: string,
  grantScope: string,
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const builtin = builtinRoles[role];
  if (builtin) {
    out.set(grantScope, [...builtin]);
    return out;
  }
  const record = state.roles[role];
  if (!record) return out;
  for (const [scope, entry] of Object.entries(record.privileges)) {
    // A local role's privileges hold on its graph wherever it is granted from.
    out.set(scope, [...entry.privileges]);
  }
  return out;
}

/**
 * Privileges the user holds by scope: `globalScope` for those granted globally (they hold on every
 * graph too), graph names for the rest.
 */
export function privilegesByScope(state: AccessState, user: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const add = (scope: string, privileges: readonly string[]) => {
    let set = out.get(scope);
    if (!set) out.set(scope, (set = new Set()));
    for (const p of privileges) set.add(p);
  };
  for (const grants of grantsOf(state, user)) {
    for (const [scope, roles] of Object.entries(grants)) {
      for (const role of roles) {
        for (const [held, privileges] of rolePrivileges(state, role, scope)) {
          // Global-only privileges count only when they reach global scope.
          add(held, held === globalScope ? privileges : privileges.filter((p) => !isGlobalOnly(p)));
        }
      }
    }
  }
  return out;
}

/**
 * The roles granted to the user (directly or through a proxy group) globally or on `graph`, in
 * grant order without repeats: what the query context function current_roles() answers.
 */
export function rolesOn(state: AccessState, user: string, graph: string): string[] {
  const out = new Set<string>();
  for (const grants of grantsOf(state, user))
    for (const scope of [globalScope, graph]) for (const role of grants[scope] ?? []) out.add(role);
  return [...out];
}

export function isSuperuser(state: AccessState, user: string): boolean {
  return grantsOf(state, user).some((g) => g[globalScope]?.includes('superuser') === true);
}

/**
 * Whether the user holds `privilege` for a request on `graph` (undefined: a request naming no
 * graph). A global grant holds everywhere; a graph grant holds on its graph. A request naming no
 * graph needs a global grant, except reads, which a grant on any graph allows (the answer is the
 * caller's business, e.g. listing graphs).
 */
export function holds(
  state: AccessState,
  user: string,
  privilege: string,
  graph: string | undefined,
  readOnly: boolean,
): boolean {
  const byScope = privilegesByScope(state, user);
  if (byScope.get(globalScope)?.has(privilege)) return true;
  if (graph !== undefined) return byScope.get(graph)?.has(privilege) === true;
  if (!readOnly || isGlobalOnly(privilege)) return false;
  for (const set of byScope.values()) if (set.has(privilege)) return true;
  return false;
}

/** Whether the user has any role on the graph (USE GRAPH needs one), globally or there. */
export function hasAnyRoleOn(state: AccessState, user: string, graph: string): boolean {
  const byScope = privilegesByScope(state, user);
  return (byScope.get(globalScope)?.size ?? 0) > 0 || (byScope.get(graph)?.size ?? 0) > 0;
}
