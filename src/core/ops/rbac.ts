// Role-based access control on the GSQL server (spec document 2): the built-in privileges,
// granting them to roles, and roles themselves: list, create, drop, read, grant to users.
import { z } from 'zod';
import { defineOp } from './define.js';
import { name, qCsv } from './shapes.js';

const scope = z.object({ graph: name.optional() });
const names = z.array(name).min(1);

/** Per graph (or `1` for global): the privileges, and those on child objects such as a vertex. */
const graphPrivileges = z.looseObject({
  privileges: z.array(z.string()),
  childPermissions: z
    .record(z.string(), z.looseObject({ privileges: z.array(z.string()) }))
    .optional(),
});
const privilegeMap = z.record(z.string(), graphPrivileges);

const privilegeBody = z.object({
  privileges: names,
  vertexName: name.optional(),
  roles: names,
});
const roleBody = z.object({ roles: names, users: names });

const writeRole = {
  area: 'rbac',
  service: 'gsql',
  privilege: 'WRITE_ROLE',
  readOnly: false,
} as const;

export const getPrivileges = defineOp('getPrivileges', {
  area: 'rbac',
  summary: 'The built-in privileges with their type (GRAPH, QUERY, GLOBAL, PACKAGE).',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/privileges',
  result: z.array(
    z.looseObject({
      privilegeType: z.enum(['GRAPH', 'QUERY', 'GLOBAL', 'PACKAGE']),
      privilege: z.string(),
    }),
  ),
  readOnly: true,
});

const grantAnswer = z.array(z.looseObject({ role: z.string(), privileges: privilegeMap }));

export const grantPrivileges = defineOp('grantPrivileges', {
  ...writeRole,
  summary: 'Grants privileges (on a graph, or globally without `graph`) to roles.',
  method: 'POST',
  path: '/gsql/v1/privileges/grant',
  query: scope,
  body: privilegeBody,
  result: grantAnswer,
});

export const revokePrivileges = defineOp('revokePrivileges', {
  ...writeRole,
  summary: 'Revokes privileges (on a graph, or globally without `graph`) from roles.',
  method: 'POST',
  path: '/gsql/v1/privileges/revoke',
  query: scope,
  body: privilegeBody,
  result: grantAnswer,
});

export const getRoles = defineOp('getRoles', {
  area: 'rbac',
  summary: 'Built-in roles (global and local) and user-defined roles grouped by graph.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/roles',
  result: z.looseObject({
    builtIn: z.looseObject({ global: z.array(z.string()), local: z.array(z.string()) }),
    userDefinedRoles: z.record(z.string(), z.array(z.string())),
  }),
  privilege: 'READ_ROLE',
  readOnly: true,
});

export const createRoles = defineOp('createRoles', {
  ...writeRole,
  summary: 'Creates roles local to a graph, or global roles without `graph`.',
  method: 'POST',
  path: '/gsql/v1/roles',
  query: scope,
  body: z.object({ roles: names }),
  result: z.string(),
  inferred: ['body {roles: [name]} and query `graph` (server docs "Create roles")'],
});

export const dropRoles = defineOp('dropRoles', {
  ...writeRole,
  summary: 'Drops roles (comma-separated) of a graph, or global roles without `graph`.',
  method: 'DELETE',
  path: '/gsql/v1/roles',
  query: z.object({ roles: qCsv, graph: name.optional() }),
  result: z.string(),
  inferred: [
    'no body: query parameter `roles`, comma-separated (server docs "Delete roles" parameter table; its sample spells it `role`)',
  ],
});

export const getRole = defineOp('getRole', {
  area: 'rbac',
  summary: 'One role: its graph, scope and privileges per graph.',
  method: 'GET',
  service: 'gsql',
  path: '/gsql/v1/roles/{roleName}',
  pathParams: z.object({ roleName: name }),
  result: z.looseObject({
    roleName: z.string(),
    Graph: z.string().optional(),
    isGlobal: z.boolean(),
    rolePrivileges: privilegeMap,
  }),
  privilege: 'READ_ROLE',
  readOnly: true,
});

export const grantRoles = defineOp('grantRoles', {
  ...writeRole,
  summary: 'Grants roles (on a graph, or globally without `graph`) to users.',
  method: 'POST',
  path: '/gsql/v1/roles/grant',
  query: scope,
  body: roleBody,
  result: z.string(),
});

export const revokeRoles = defineOp('revokeRoles', {
  ...writeRole,
  summary: 'Revokes roles (on a graph, or globally without `graph`) from users.',
  method: 'POST',
  path: '/gsql/v1/roles/revoke',
  query: scope,
  body: roleBody,
  result: z.string(),
});
