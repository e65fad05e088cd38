// The operation catalogue: every endpoint of the spec as data, by name. The client, the server's
// router, the MCP tools and the REPL's commands are all derived from this one list.
// Each area module exports its operations under their operation names.
import type { Operation } from './define.js';
import * as auth from './auth.js';
import * as builtins from './builtins.js';
import * as edge from './edge.js';
import * as loading from './loading.js';
import * as path from './path.js';
import * as query from './query.js';
import * as schema from './schema.js';
import * as statements from './statements.js';
import * as system from './system.js';
import * as vertex from './vertex.js';
import * as schemaAdmin from './schema-admin.js';
import * as schemaJobs from './schema-jobs.js';
import * as loadingJobs from './loading-jobs.js';
import * as datasource from './datasource.js';
import * as rbac from './rbac.js';
import * as scim from './scim.js';
import * as stats from './stats.js';
import * as udt from './udt.js';
import * as cloudWorkgroups from './cloud-workgroups.js';
import * as cloudWorkspaces from './cloud-workspaces.js';

const areaModules = {
  ...system,
  ...auth,
  ...loading,
  ...builtins,
  ...schema,
  ...vertex,
  ...edge,
  ...query,
  ...path,
  ...statements,
  ...schemaAdmin,
  ...schemaJobs,
  ...loadingJobs,
  ...datasource,
  ...rbac,
  ...scim,
  ...stats,
  ...udt,
  ...cloudWorkgroups,
  ...cloudWorkspaces,
};

type AreaExports = typeof areaModules;

/** Operation name -> its typed definition. */
export type Catalogue = {
  readonly [K in keyof AreaExports as AreaExports[K] extends Operation ? K : never]: AreaExports[K];
};
export type OperationName = Extract<keyof Catalogue, string>;

function isOperation(value: unknown): value is Operation {
  return typeof value === 'object' && value !== null && 'pathParamNames' in value;
}

function collect(): Catalogue {
  const entries = Object.entries(areaModules).filter(([, v]) => isOperation(v)) as [
    string,
    Operation,
  ][];
  for (const [key, op] of entries) {
    if (key !== op.name) throw new Error(`operation ${op.name} is exported as ${key}`);
  }
  return Object.fromEntries(entries) as Catalogue;
}

export const catalogue: Catalogue = collect();

/** Every operation, in catalogue order. */
export const operations: readonly Operation[] = Object.values(catalogue);

/** The operation of that name, or undefined. */
export function findOperation(opName: string): Operation | undefined {
  return Object.hasOwn(catalogue, opName)
    ? (catalogue as Record<string, Operation>)[opName]
    : undefined;
}

export type { Operation, OperationSpec, HttpMethod, Service, Unwrap, Area } from './define.js';
export { defineOp } from './define.js';
