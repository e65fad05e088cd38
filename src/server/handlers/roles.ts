// Privileges and roles on the GSQL server (spec document 2, "Privileges and roles"): the built-in
// privileges, granting and revoking them to roles on a graph or globally (optionally on one vertex
// type), the roles (built-in and user-defined), creating and dropping roles, granting roles to
// users. The router has checked WRITE_ROLE / READ_ROLE on the graph the request names.
import { globalScope, type RoleRecord, type ScopePrivileges } from '../auth/access-state.js';
import { AccessError, AccessErrorCodes } from '../auth/errors.js';
import {
  builtinPrivileges,
  builtinRoles,
  globalBuiltinRoles,
  isBuiltinRole,
  localBuiltinRoles,
} from '../auth/privileges.js';
import type { HandlerMap } from '../http/context.js';

const list = (names: readonly string[]) => `[${names.join(', ')}]`;

/** A role's privileges per scope as the service shows them (`1` for global). */
function privilegeMap(role: RoleRecord): Record<string, ScopePrivileges> {
  return structuredClone(role.privileges);
}

/** One role as GET /gsql/v1/roles/{roleName} answers it. */
export function describeRole(name: string, role: RoleRecord | undefined) {
  const builtin = builtinRoles[name.toLowerCase()];
  if (builtin) {
    return {
      roleName: name.toLowerCase(),
      isGlobal: globalBuiltinRoles.includes(name.toLowerCase()),
      rolePrivileges: { [globalScope]: { privileges: [...builtin] } },
    };
  }
  if (!role)
    throw new AccessError(AccessErrorCodes.noSuchRole, `the role "${name}" does not exist`);
  return {
    roleName: role.name,
    ...(role.graph === null ? {} : { Graph: role.graph }),
    isGlobal: role.graph === null,
    rolePrivileges: privilegeMap(role),
  };
}

export const roleHandlers: HandlerMap = {
  getPrivileges: () => Promise.resolve({ results: builtinPrivileges.map((p) => ({ ...p })) }),

  grantPrivileges: async (ctx) => {
    const { privileges, roles, vertexName } = ctx.body;
    const changed = await ctx.access.store.changePrivileges(
      false,
      privileges,
      roles,
      ctx.query.graph ?? null,
      vertexName,
    );
    return {
      message: `Successfully granted privileges ${list(privileges)} to roles ${list(roles)}.`,
      results: changed.map((r) => ({ role: r.name, privileges: privilegeMap(r) })),
    };
  },

  revokePrivileges: async (ctx) => {
    const { privileges, roles, vertexName } = ctx.body;
    const changed = await ctx.access.store.changePrivileges(
      true,
      privileges,
      roles,
      ctx.query.graph ?? null,
      vertexName,
    );
    return {
      message: `Successfully revoked privileges ${list(privileges)} from roles ${list(roles)}.`,
      results: changed.map((r) => ({ role: r.name, privileges: privilegeMap(r) })),
    };
  },

  getRoles: (ctx) => {
    const userDefinedRoles: Record<string, string[]> = {};
    for (const role of Object.values(ctx.access.store.state.roles)) {
      const scope = role.graph ?? globalScope;
      (userDefinedRoles[scope] ??= []).push(role.name);
    }
    return Promise.resolve({
      results: {
        builtIn: { global: [...globalBuiltinRoles], local: [...localBuiltinRoles] },
        userDefinedRoles,
      },
    });
  },

  createRoles: async (ctx) => {
    await ctx.access.store.createRoles(ctx.body.roles, ctx.query.graph ?? null);
    const text = `Successfully created roles: ${list(ctx.body.roles)}.`;
    return { message: text, results: text };
  },

  dropRoles: async (ctx) => {
    await ctx.access.store.dropRoles(ctx.query.roles, ctx.query.graph ?? null);
    const text = `Successfully dropped roles: ${list(ctx.query.roles)}.`;
    return { message: text, results: text };
  },

  getRole: (ctx) => {
    const name = ctx.params.roleName;
    const role = isBuiltinRole(name) ? undefined : ctx.access.store.role(name);
    return Promise.resolve({ results: describeRole(name, role) });
  },

  grantRoles: async (ctx) => {
    const { roles, users } = ctx.body;
    await ctx.access.store.changeRoleGrants(false, roles, users, ctx.query.graph ?? null);
    const where = ctx.query.graph === undefined ? 'globally' : `on graph ${ctx.query.graph}`;
    const text = `Successfully granted roles ${list(roles)} ${where} to users ${list(users)}.`;
    return { message: text, results: text };
  },

  revokeRoles: async (ctx) => {
    const { roles, users } = ctx.body;
    await ctx.access.store.changeRoleGrants(true, roles, users, ctx.query.graph ?? null);
    const where = ctx.query.graph === undefined ? 'globally' : `on graph ${ctx.query.graph}`;
    const text = `Successfully revoked roles ${list(roles)} ${where} from users ${list(users)}.`;
    return { message: text, results: text };
  },
};
