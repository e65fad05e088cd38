// The access-control vocabulary of the embedded service, written once: the built-in privileges
// with their type (GLOBAL ones exist only at global scope; GRAPH and QUERY ones are granted on a
// graph or globally, where they hold on every graph), and the built-in roles with the privileges
// the real service documents for them (server docs, "Access control model" and "List of
// privileges"). Every check, listing and grant reads these tables.

export type PrivilegeType = 'GRAPH' | 'QUERY' | 'GLOBAL' | 'PACKAGE';

/** Built-in privileges by type, in the order GET /gsql/v1/privileges lists them. */
const privilegeTypes: Readonly<Record<PrivilegeType, readonly string[]>> = {
  GRAPH: [
    'READ_SCHEMA',
    'WRITE_SCHEMA',
    'READ_LOADINGJOB',
    'WRITE_LOADINGJOB',
    'EXECUTE_LOADINGJOB',
    'READ_DATA',
    'CREATE_DATA',
    'UPDATE_DATA',
    'DELETE_DATA',
    'READ_ROLE',
    'WRITE_ROLE',
    'WRITE_DATASOURCE',
    'ACCESS_TAG',
    'APP_ACCESS_DATA',
    'READ_POLICY',
    'WRITE_POLICY',
  ],
  QUERY: [
    'CREATE_QUERY',
    'READ_QUERY',
    'UPDATE_QUERY',
    'DROP_QUERY',
    'INSTALL_QUERY',
    'EXECUTE_QUERY',
    'OWNERSHIP',
  ],
  GLOBAL: [
    'READ_USER',
    'WRITE_USER',
    'READ_PROXYGROUP',
    'WRITE_PROXYGROUP',
    'READ_FILE',
    'WRITE_FILE',
    'DROP_GRAPH',
    'EXPORT_GRAPH',
    'CLEAR_GRAPHSTORE',
    'DROP_ALL',
  ],
  PACKAGE: ['CREATE_PACKAGE', 'DROP_PACKAGE'],
};

export interface PrivilegeEntry {
  readonly privilegeType: PrivilegeType;
  readonly privilege: string;
}

export const builtinPrivileges: readonly PrivilegeEntry[] = (
  Object.keys(privilegeTypes) as PrivilegeType[]
).flatMap((privilegeType) =>
  privilegeTypes[privilegeType].map((privilege) => ({ privilegeType, privilege })),
);

const typeOf = new Map(builtinPrivileges.map((p) => [p.privilege, p.privilegeType]));

/** The privilege's type, or undefined when no such built-in privilege exists. */
export function privilegeType(name: string): PrivilegeType | undefined {
  return typeOf.get(name.toUpperCase());
}

/** Whether the privilege exists only at global scope (users, files, the whole store). */
export function isGlobalOnly(name: string): boolean {
  return privilegeType(name) === 'GLOBAL';
}

const observer = ['READ_SCHEMA', 'READ_LOADINGJOB', 'READ_QUERY'];
const queryreader = [...observer, 'EXECUTE_LOADINGJOB', 'READ_DATA', 'EXECUTE_QUERY'];
const querywriter = [
  ...queryreader,
  'CREATE_DATA',
  'UPDATE_DATA',
  'DELETE_DATA',
  'CREATE_QUERY',
  'UPDATE_QUERY',
  'DROP_QUERY',
  'INSTALL_QUERY',
];
const designer = [...querywriter, 'WRITE_SCHEMA', 'WRITE_LOADINGJOB', 'WRITE_DATASOURCE'];
const admin = [...designer, 'READ_ROLE', 'WRITE_ROLE', 'ACCESS_TAG', 'READ_POLICY', 'WRITE_POLICY'];

/** Roles granted on one graph (or globally, then on every graph). */
export const localBuiltinRoles = ['admin', 'designer', 'querywriter', 'queryreader', 'observer'];
/** Roles that exist only at global scope. */
export const globalBuiltinRoles = ['superuser', 'globaldesigner'];

/**
 * Built-in roles: each one's privileges. The superuser holds every privilege; the global designer
 * holds the designer's privileges on every graph and may change the global schema and drop graphs.
 */
export const builtinRoles: Readonly<Record<string, readonly string[]>> = {
  superuser: builtinPrivileges.map((p) => p.privilege),
  globaldesigner: [...designer, 'READ_USER', 'DROP_GRAPH'],
  admin: [...admin, 'READ_USER'],
  designer,
  querywriter,
  queryreader,
  observer,
};

export function isBuiltinRole(name: string): boolean {
  return Object.hasOwn(builtinRoles, name.toLowerCase());
}
