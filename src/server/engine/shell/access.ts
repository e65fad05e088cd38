// Access control in the GSQL shell: the privilege check before each statement (from the table in
// statement-privileges.ts), and the statements on users, passwords, roles, privileges and secrets
// (CREATE/DROP/SHOW USER, ALTER PASSWORD, CREATE/DROP/SHOW ROLE, GRANT/REVOKE ROLE and privileges,
// SHOW PRIVILEGE, CREATE/DROP/SHOW SECRET), answered with the shell's text.
import type {
  AlterPassword,
  CreateRole,
  CreateSecret,
  CreateUser,
  Drop,
  DropRole,
  PrivilegeGrant,
  RoleGrant,
  Show,
  ShowPrivilege,
  Statement,
} from '../../../core/gsql/index.js';
import type { AccessStore } from '../../auth/access-store.js';
import { globalScope, hasAnyRoleOn, holds } from '../../auth/access-state.js';
import { AccessError } from '../../auth/errors.js';
import { builtinRoles, globalBuiltinRoles, localBuiltinRoles } from '../../auth/privileges.js';
import type { StatementContext } from './context.js';
import { ShellError } from './errors.js';
import { statementRequirement } from './statement-privileges.js';

/** Who runs the script, and the state their statements read and change. */
export interface ShellAccess {
  readonly store: AccessStore;
  readonly user: string;
}

export type AccessStatement =
  | AlterPassword
  | CreateRole
  | CreateSecret
  | CreateUser
  | DropRole
  | PrivilegeGrant
  | RoleGrant
  | ShowPrivilege
  | Drop
  | Show;

/** Whether a DROP or SHOW is about users, secrets or roles (this module answers those). */
export function isAccessTarget(s: Drop | Show): boolean {
  return s.what === 'USER' || s.what === 'SECRET' || s.what === 'ROLE';
}

/** Refuses the statement unless the session's user holds what it needs (no user: no checks). */
export function checkStatementPrivilege(ctx: StatementContext, s: Statement): void {
  const access = ctx.services.access;
  if (!access) return;
  const required = statementRequirement(s, ctx.graph, access.user);
  if (required === null) return;
  const state = access.store.state;
  if ('member' in required) {
    if (hasAnyRoleOn(state, access.user, required.member)) return;
    throw new ShellError(
      `Permission denied: user "${access.user}" has no role on graph ${required.member}.`,
      'SHELL-PERMISSION-DENIED',
    );
  }
  const graph = required.graph ?? undefined;
  if (holds(state, access.user, required.privilege, graph, required.read)) return;
  const where = graph === undefined ? 'globally' : `on graph ${graph}`;
  throw new ShellError(
    `Permission denied: user "${access.user}" does not have the privilege ${required.privilege} ${where}.`,
    'SHELL-PERMISSION-DENIED',
  );
}

const list = (names: readonly string[]) => `[${names.join(', ')}]`;

function scopeName(scope: string): string {
  return scope === globalScope ? 'Global' : `Graph '${scope}'`;
}

/** SHOW USER: the user itself, or everyone for those who may read users. */
function showUsers(access: ShellAccess): string[] {
  const state = access.store.state;
  const all = holds(state, access.user, 'READ_USER', undefined, false);
  const users = Object.values(state.users)
    .filter((u) => all || u.name === access.user)
    .sort((a, b) => a.name.localeCompare(b.name));
  const lines: string[] = [];
  for (const user of users) {
    lines.push(`  - Name: ${user.name}${user.active ? '' : ' (inactive)'}`);
    for (const [scope, roles] of Object.entries(user.roles)) {
      lines.push(`    - ${scopeName(scope)} Roles: ${roles.join(', ')}`);
    }
    for (const group of Object.values(state.groups)) {
      if (group.members.includes(user.name)) lines.push(`    - Proxy Group: ${group.name}`);
    }
  }
  return lines;
}

/** SHOW SECRET: the user's secrets, masked, each with its alias (pyTigerGraph reads this). */
function showSecrets(access: ShellAccess): string[] {
  const lines: string[] = [];
  for (const secret of access.store.secretsOf(access.user)) {
    lines.push(`    - Secret: ${secret.mask}`);
    lines.push(`      - Alias: ${secret.alias}`);
  }
  return lines.length > 0 ? lines : [`There is no secret of user "${access.user}".`];
}

function showRoles(access: ShellAccess): string[] {
  const lines = [
    `Built-in global roles: ${globalBuiltinRoles.join(', ')}`,
    `Built-in local roles: ${localBuiltinRoles.join(', ')}`,
  ];
  const roles = Object.values(access.store.state.roles).sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  if (roles.length > 0) lines.push('User-defined roles:');
  for (const role of roles) {
    lines.push(`  - ${role.name} (${role.graph === null ? 'global' : `graph ${role.graph}`})`);
  }
  return lines;
}

function showPrivileges(access: ShellAccess, names: readonly string[]): string[] {
  const lines: string[] = [];
  for (const name of names) {
    const builtin = builtinRoles[name.toLowerCase()];
    const role = access.store.role(name);
    if (!builtin && !role)
      throw new ShellError(`The role "${name}" does not exist.`, 'SHELL-ACCESS');
    lines.push(`${name}:`);
    if (builtin) {
      lines.push(`  - Built-in: ${builtin.join(', ')}`);
      continue;
    }
    for (const [scope, entry] of Object.entries(role?.privileges ?? {})) {
      lines.push(`  - ${scopeName(scope)}: ${entry.privileges.join(', ') || '(none)'}`);
      for (const [type, child] of Object.entries(entry.childPermissions ?? {})) {
        lines.push(`    - ${type}: ${child.privileges.join(', ')}`);
      }
    }
  }
  return lines;
}

function needPassword(what: string, password: string | null): string {
  if (password !== null) return password;
  throw new ShellError(
    `${what}: the embedded shell cannot prompt for a password; write ${what} ... WITH PASSWORD "..."`,
    'SHELL-ACCESS',
  );
}

async function run(
  access: ShellAccess,
  ctx: StatementContext,
  s: AccessStatement,
): Promise<string[]> {
  const store = access.store;
  switch (s.kind) {
    case 'CreateUser': {
      if (s.name === null) {
        throw new ShellError(
          'CREATE USER: the embedded shell cannot prompt; write CREATE USER name WITH PASSWORD "..."',
          'SHELL-ACCESS',
        );
      }
      await store.createUser(s.name, needPassword('CREATE USER', s.password));
      return [`The user "${s.name}" is created.`];
    }
    case 'AlterPassword': {
      const user = s.user ?? access.user;
      await store.setPassword(user, needPassword('ALTER PASSWORD', s.password));
      return [`Password of user "${user}" has been changed.`];
    }
    case 'CreateRole': {
      const graph = s.global ? null : (s.graph ?? ctx.graph);
      await store.createRoles(s.names, graph);
      return [`Successfully created roles: ${list(s.names)}.`];
    }
    case 'DropRole':
      // Under USE GRAPH only that graph's roles (the privilege was checked on it).
      await store.dropRoles(s.names, ctx.graph);
      return [`Successfully dropped roles: ${list(s.names)}.`];
    case 'RoleGrant': {
      await store.changeRoleGrants(s.revoke, s.roles, s.users, s.graph);
      const where = s.graph === null ? 'globally' : `on graph ${s.graph}`;
      return s.revoke
        ? [`Successfully revoked roles ${list(s.roles)} ${where} from users ${list(s.users)}.`]
        : [`Successfully granted roles ${list(s.roles)} ${where} to users ${list(s.users)}.`];
    }
    case 'PrivilegeGrant': {
      const { graph, typeName } = s;
      await store.changePrivileges(s.revoke, s.privileges, s.roles, graph, typeName ?? undefined);
      const where = graph === null ? 'globally' : `on graph ${graph}`;
      return s.revoke
        ? [
            `Successfully revoked privileges ${list(s.privileges)} ${where} from roles ${list(s.roles)}.`,
          ]
        : [
            `Successfully granted privileges ${list(s.privileges)} ${where} to roles ${list(s.roles)}.`,
          ];
    }
    case 'ShowPrivilege':
      return showPrivileges(access, s.roles);
    case 'CreateSecret': {
      const created = await store.createSecret(access.user, s.alias, ctx.graph);
      return [
        `The secret: ${created.secret} has been created for user "${access.user}" with alias ${created.alias}.`,
      ];
    }
    case 'Drop':
      if (s.what === 'USER') {
        await store.dropUsers(s.names);
        return [`Successfully dropped users: ${list(s.names)}.`];
      }
      try {
        await store.dropSecrets(access.user, s.names);
      } catch (error) {
        if (error instanceof AccessError) {
          throw new ShellError(`Failed to drop secrets: ${error.message}`, 'SHELL-ACCESS');
        }
        throw error;
      }
      return [`Successfully dropped secrets: ${list(s.names)}.`];
    case 'Show':
      if (s.what === 'USER') return showUsers(access);
      if (s.what === 'SECRET') return showSecrets(access);
      return showRoles(access);
  }
}

/** Runs an access-control statement; refusals of the store become the shell's error text. */
export async function accessStatement(
  ctx: StatementContext,
  s: AccessStatement,
): Promise<string[]> {
  const access = ctx.services.access;
  if (!access) {
    throw new ShellError(`${s.kind} needs the service's users (run it through gwb serve).`);
  }
  try {
    return await run(access, ctx, s);
  } catch (error) {
    if (error instanceof AccessError) throw new ShellError(error.message, 'SHELL-ACCESS');
    throw error;
  }
}
