// The access-control state, durable in the data folder's log of record (a named lmdb record
// beside the graph, see LogStore.record): every change is computed on a copy, written and flushed,
// then made current, one at a time, so a failed change leaves nothing behind and a crash loses
// nothing acknowledged. Passwords and secrets are kept only as salted scrypt hashes. The first
// open creates the superuser `tigergraph` with the real service's default password, and takes
// over the users of an older data folder (`users.json`).
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  globalScope,
  type AccessState,
  type GroupRecord,
  type RoleRecord,
  type SecretRecord,
  type TokenRecord,
  type UserRecord,
} from './access-state.js';
import { AccessError, AccessErrorCodes as C } from './errors.js';
import { hashPassword, verifyPassword, type PasswordHash } from './password.js';
import { isBuiltinRole, isGlobalOnly, privilegeType } from './privileges.js';

export const superuserName = 'tigergraph';
export const defaultPassword = 'tigergraph';
const recordKey = 'access';

/** Where the state is kept: the engine's named records. */
export interface RecordStore {
  get(key: string): unknown;
  put(key: string, value: unknown): Promise<void>;
}

export interface StoreOptions {
  /** Whether a graph exists (grants on a graph need one). */
  readonly graphExists: (graph: string) => boolean;
}

const userName = /^[A-Za-z_][A-Za-z0-9_.@-]{0,127}$/;
const roleName = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

function checkName(kind: string, name: string, pattern: RegExp): void {
  if (!pattern.test(name)) {
    throw new AccessError(
      C.badName,
      `${kind} name "${name}" is not valid: use letters, digits and _`,
    );
  }
}

function checkPassword(password: string): void {
  if (password.length === 0) throw new AccessError(C.badPassword, 'the password must not be empty');
  if (password.length > 1024) throw new AccessError(C.badPassword, 'the password is too long');
}

function secretLookup(secret: string): string {
  return createHash('sha256').update(secret).digest('hex').slice(0, 16);
}

/** Mutable view of the state while a change is computed on a copy. */
type Draft = {
  -readonly [K in keyof AccessState]: AccessState[K] extends readonly (infer T)[]
    ? T[]
    : AccessState[K];
};

interface LegacyUsersFile {
  readonly users?: readonly { name: string; superuser: boolean; password: PasswordHash }[];
}

export class AccessStore {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly listeners: (() => void)[] = [];
  /** Secrets that verified, by SHA-256 of the secret: a scrypt check once per secret. */
  private readonly verifiedSecrets = new Map<string, SecretRecord>();

  private constructor(
    private current: AccessState,
    private readonly records: RecordStore,
    private readonly options: StoreOptions,
  ) {}

  static async open(
    records: RecordStore,
    dir: string,
    options: StoreOptions,
  ): Promise<AccessStore> {
    const saved = records.get(recordKey) as AccessState | undefined;
    if (saved !== undefined) return new AccessStore(saved, records, options);
    const state: AccessState = {
      version: 1,
      signingKey: randomBytes(32).toString('base64'),
      users: {},
      roles: {},
      groups: {},
      secrets: [],
      tokens: [],
    };
    const users: Record<string, UserRecord> = {};
    const now = new Date().toISOString();
    for (const old of (await legacyUsers(dir)) ?? []) {
      users[old.name] = {
        name: old.name,
        password: old.password,
        createdAt: now,
        roles: old.superuser ? { [globalScope]: ['superuser'] } : {},
        active: true,
      };
    }
    users[superuserName] ??= {
      name: superuserName,
      password: await hashPassword(defaultPassword),
      createdAt: now,
      roles: { [globalScope]: ['superuser'] },
      active: true,
    };
    const store = new AccessStore({ ...state, users }, records, options);
    await records.put(recordKey, store.current);
    return store;
  }

  get state(): AccessState {
    return this.current;
  }

  /** Called after any change of users, passwords or secrets (caches drop their entries). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /**
   * Runs one change on a copy; it becomes current only once it is on disk. Changes of users,
   * passwords and secrets (`invalidates`) empty the verification caches; token changes do not.
   */
  private change<T>(apply: (draft: Draft) => T | Promise<T>, invalidates = true): Promise<T> {
    const run = this.queue.then(async () => {
      const draft = structuredClone(this.current) as Draft;
      const result = await apply(draft);
      await this.records.put(recordKey, draft);
      this.current = draft;
      if (invalidates) {
        this.verifiedSecrets.clear();
        for (const listener of this.listeners) listener();
      }
      return result;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  // ---- users

  user(name: string): UserRecord | undefined {
    return Object.hasOwn(this.current.users, name) ? this.current.users[name] : undefined;
  }

  /** The active user when the password matches, else undefined (unknown users cost the same). */
  async verify(name: string, password: string): Promise<UserRecord | undefined> {
    const user = this.user(name);
    const ok = await verifyPassword(password, user?.password ?? dummyHash());
    return ok && user?.active ? user : undefined;
  }

  async createUser(
    name: string,
    password: string,
    extra: Pick<UserRecord, 'givenName' | 'familyName' | 'externalId'> & { active?: boolean } = {},
  ): Promise<UserRecord> {
    checkName('user', name, userName);
    checkPassword(password);
    return this.change(async (d) => {
      if (Object.hasOwn(d.users, name)) {
        throw new AccessError(C.userExists, `CREATE USER: the user "${name}" already exists`);
      }
      const user: UserRecord = {
        name,
        password: await hashPassword(password),
        createdAt: new Date().toISOString(),
        roles: {},
        active: extra.active ?? true,
        ...(extra.givenName === undefined ? {} : { givenName: extra.givenName }),
        ...(extra.familyName === undefined ? {} : { familyName: extra.familyName }),
        ...(extra.externalId === undefined ? {} : { externalId: extra.externalId }),
      };
      d.users[name] = user;
      return user;
    });
  }

  /** Drops users with their secrets, tokens and group memberships; all or none. */
  dropUsers(names: readonly string[]): Promise<void> {
    return this.change((d) => {
      for (const name of names) {
        if (name === superuserName) {
          throw new AccessError(
            C.protectedUser,
            `DROP USER: the superuser "${name}" cannot be dropped`,
          );
        }
        if (!Object.hasOwn(d.users, name)) {
          throw new AccessError(C.noSuchUser, `DROP USER: the user "${name}" does not exist`);
        }
      }
      for (const name of names) delete d.users[name];
      const gone = new Set(names);
      d.secrets = d.secrets.filter((s) => !gone.has(s.user));
      d.tokens = d.tokens.filter((t) => !gone.has(t.user));
      for (const group of Object.values(d.groups)) {
        d.groups[group.name] = { ...group, members: group.members.filter((m) => !gone.has(m)) };
      }
    });
  }

  async setPassword(name: string, password: string): Promise<void> {
    checkPassword(password);
    return this.change(async (d) => {
      const user = d.users[name];
      if (!user || !Object.hasOwn(d.users, name)) {
        throw new AccessError(C.noSuchUser, `ALTER PASSWORD: the user "${name}" does not exist`);
      }
      d.users[name] = { ...user, password: await hashPassword(password) };
    });
  }

  /** Replaces a user's profile fields (SCIM); a password in `password` is hashed. */
  async updateUser(
    name: string,
    fields: Partial<Pick<UserRecord, 'active' | 'givenName' | 'familyName' | 'externalId'>> & {
      password?: string;
    },
  ): Promise<UserRecord> {
    if (fields.password !== undefined) checkPassword(fields.password);
    return this.change(async (d) => {
      const user = d.users[name];
      if (!user || !Object.hasOwn(d.users, name)) {
        throw new AccessError(C.noSuchUser, `update user: the user "${name}" does not exist`);
      }
      const { password, ...rest } = fields;
      const next: UserRecord = {
        ...user,
        ...rest,
        ...(password === undefined ? {} : { password: await hashPassword(password) }),
      };
      d.users[name] = next;
      return next;
    });
  }

  // ---- roles and privileges

  role(name: string): RoleRecord | undefined {
    return Object.hasOwn(this.current.roles, name) ? this.current.roles[name] : undefined;
  }

  private checkScope(what: string, graph: string | null): string {
    if (graph === null) return globalScope;
    if (!this.options.graphExists(graph)) {
      throw new AccessError(C.noSuchGraph, `${what}: the graph "${graph}" does not exist`);
    }
    return graph;
  }

  async createRoles(names: readonly string[], graph: string | null): Promise<void> {
    const scope = this.checkScope('CREATE ROLE', graph);
    for (const name of names) checkName('role', name, roleName);
    return this.change((d) => {
      for (const name of names) {
        if (isBuiltinRole(name)) {
          throw new AccessError(C.builtinRole, `CREATE ROLE: "${name}" is a built-in role`);
        }
        if (Object.hasOwn(d.roles, name)) {
          throw new AccessError(C.roleExists, `CREATE ROLE: the role "${name}" already exists`);
        }
      }
      for (const name of names)
        d.roles[name] = { name, graph, privileges: { [scope]: { privileges: [] } } };
    });
  }

  /** Drops user-defined roles (of `graph`, or global ones) and every grant of them. */
  dropRoles(names: readonly string[], graph: string | null): Promise<void> {
    return this.change((d) => {
      for (const name of names) {
        if (isBuiltinRole(name)) {
          throw new AccessError(C.builtinRole, `DROP ROLE: "${name}" is a built-in role`);
        }
        const role = Object.hasOwn(d.roles, name) ? d.roles[name] : undefined;
        if (!role || (graph !== null && role.graph !== graph)) {
          const where = graph === null ? '' : ` on graph "${graph}"`;
          throw new AccessError(
            C.noSuchRole,
            `DROP ROLE: the role "${name}" does not exist${where}`,
          );
        }
      }
      const gone = new Set(names);
      for (const name of names) delete d.roles[name];
      const strip = (grants: Record<string, string[]>) => {
        for (const scope of Object.keys(grants)) {
          grants[scope] = (grants[scope] ?? []).filter((r) => !gone.has(r));
          if (grants[scope].length === 0) delete grants[scope];
        }
      };
      for (const user of Object.values(d.users)) strip(user.roles);
      for (const group of Object.values(d.groups)) strip(group.roles);
    });
  }

  /** Grants (or revokes) privileges on a graph or globally, optionally on one type of it. */
  async changePrivileges(
    revoke: boolean,
    privileges: readonly string[],
    roles: readonly string[],
    graph: string | null,
    typeName?: string,
  ): Promise<RoleRecord[]> {
    const scope = this.checkScope(revoke ? 'REVOKE' : 'GRANT', graph);
    const verb = revoke ? 'REVOKE' : 'GRANT';
    const names = privileges.map((p) => p.toUpperCase());
    for (const p of names) {
      if (!privilegeType(p)) {
        throw new AccessError(
          C.noSuchPrivilege,
          `${verb}: "${p}" is not a privilege (GET /gsql/v1/privileges lists them)`,
        );
      }
      if (scope !== globalScope && isGlobalOnly(p)) {
        throw new AccessError(
          C.badScope,
          `${verb}: ${p} is a global privilege; grant it ON GLOBAL`,
        );
      }
    }
    return this.change((d) => {
      const changed: RoleRecord[] = [];
      for (const name of roles) {
        if (isBuiltinRole(name)) {
          throw new AccessError(
            C.builtinRole,
            `${verb}: the privileges of the built-in role "${name}" cannot change`,
          );
        }
        const role = Object.hasOwn(d.roles, name) ? d.roles[name] : undefined;
        if (!role)
          throw new AccessError(C.noSuchRole, `${verb}: the role "${name}" does not exist`);
        if (role.graph !== null && scope !== role.graph) {
          throw new AccessError(
            C.badScope,
            `${verb}: the role "${name}" belongs to graph "${role.graph}"; privileges go on that graph`,
          );
        }
        const entry = role.privileges[scope] ?? { privileges: [] };
        const apply = (list: readonly string[]) =>
          revoke ? list.filter((p) => !names.includes(p)) : [...new Set([...list, ...names])];
        let next;
        if (typeName === undefined) next = { ...entry, privileges: apply(entry.privileges) };
        else {
          const children = { ...(entry.childPermissions ?? {}) };
          children[typeName] = { privileges: apply(children[typeName]?.privileges ?? []) };
          if (children[typeName].privileges.length === 0) delete children[typeName];
          next = { ...entry, childPermissions: children };
        }
        const updated: RoleRecord = { ...role, privileges: { ...role.privileges, [scope]: next } };
        d.roles[name] = updated;
        changed.push(updated);
      }
      return changed;
    });
  }

  /** Grants (or revokes) roles to users (or proxy groups) on a graph or globally. */
  async changeRoleGrants(
    revoke: boolean,
    roles: readonly string[],
    users: readonly string[],
    graph: string | null,
  ): Promise<void> {
    const scope = this.checkScope(revoke ? 'REVOKE ROLE' : 'GRANT ROLE', graph);
    const verb = revoke ? 'REVOKE ROLE' : 'GRANT ROLE';
    return this.change((d) => {
      for (const role of roles) {
        const lower = role.toLowerCase();
        if (isBuiltinRole(lower)) {
          if ((lower === 'superuser' || lower === 'globaldesigner') && scope !== globalScope) {
            throw new AccessError(
              C.badScope,
              `${verb}: ${lower} is a global role; grant it ON GLOBAL`,
            );
          }
          continue;
        }
        const record = Object.hasOwn(d.roles, role) ? d.roles[role] : undefined;
        if (!record)
          throw new AccessError(C.noSuchRole, `${verb}: the role "${role}" does not exist`);
        if (record.graph !== null && record.graph !== graph) {
          throw new AccessError(
            C.badScope,
            `${verb}: the role "${role}" belongs to graph "${record.graph}"`,
          );
        }
      }
      const targets = users.map((name) => {
        if (Object.hasOwn(d.users, name)) return { grants: d.users[name]?.roles ?? {}, name };
        const group = Object.hasOwn(d.groups, name) ? d.groups[name] : undefined;
        if (group) return { grants: group.roles, name };
        throw new AccessError(C.noSuchUser, `${verb}: the user "${name}" does not exist`);
      });
      const normal = roles.map((r) => (isBuiltinRole(r) ? r.toLowerCase() : r));
      for (const { grants, name } of targets) {
        if (revoke && name === superuserName && normal.includes('superuser')) {
          throw new AccessError(
            C.protectedUser,
            `${verb}: the superuser role of "${name}" cannot be revoked`,
          );
        }
        const held = grants[scope] ?? [];
        const next = revoke
          ? held.filter((r) => !normal.includes(r))
          : [...new Set([...held, ...normal])];
        if (next.length === 0) delete grants[scope];
        else grants[scope] = next;
      }
    });
  }

  // ---- proxy groups (SCIM)

  group(name: string): GroupRecord | undefined {
    return Object.hasOwn(this.current.groups, name) ? this.current.groups[name] : undefined;
  }

  private checkMembers(d: Draft, members: readonly string[]): void {
    for (const m of members) {
      if (!Object.hasOwn(d.users, m))
        throw new AccessError(C.noSuchUser, `group member "${m}" is not a user`);
    }
  }

  async createGroup(name: string, members: readonly string[]): Promise<GroupRecord> {
    checkName('group', name, userName);
    return this.change((d) => {
      if (Object.hasOwn(d.groups, name) || Object.hasOwn(d.users, name)) {
        throw new AccessError(C.groupExists, `create group: the name "${name}" is taken`);
      }
      this.checkMembers(d, members);
      const group: GroupRecord = { name, members: [...new Set(members)], roles: {} };
      d.groups[name] = group;
      return group;
    });
  }

  setGroupMembers(name: string, members: readonly string[]): Promise<GroupRecord> {
    return this.change((d) => {
      const group = Object.hasOwn(d.groups, name) ? d.groups[name] : undefined;
      if (!group)
        throw new AccessError(C.noSuchGroup, `update group: the group "${name}" does not exist`);
      this.checkMembers(d, members);
      const next = { ...group, members: [...new Set(members)] };
      d.groups[name] = next;
      return next;
    });
  }

  dropGroups(names: readonly string[]): Promise<void> {
    return this.change((d) => {
      for (const name of names) {
        if (!Object.hasOwn(d.groups, name)) {
          throw new AccessError(C.noSuchGroup, `drop group: the group "${name}" does not exist`);
        }
      }
      for (const name of names) delete d.groups[name];
    });
  }

  // ---- secrets

  secretsOf(user: string): SecretRecord[] {
    return this.current.secrets.filter((s) => s.user === user);
  }

  /** Creates a secret for the user; answers the secret's text, which is never stored. */
  async createSecret(
    user: string,
    alias: string | null,
    graph: string | null,
  ): Promise<{ alias: string; secret: string }> {
    if (alias !== null) checkName('secret alias', alias, roleName);
    const secret = randomBytes(24).toString('base64url');
    const name =
      alias ??
      `AUTO_GENERATED_ALIAS_${randomBytes(6).toString('base64url').replace(/[-_]/g, 'x').slice(0, 7)}`;
    return this.change(async (d) => {
      if (d.secrets.some((s) => s.user === user && s.alias === name)) {
        throw new AccessError(C.secretExists, `CREATE SECRET: the alias "${name}" already exists`);
      }
      d.secrets.push({
        user,
        alias: name,
        graph,
        lookup: secretLookup(secret),
        hash: await hashPassword(secret),
        mask: `${secret.slice(0, 3)}****${secret.slice(-3)}`,
        createdAt: new Date().toISOString(),
      });
      return { alias: name, secret };
    });
  }

  /** Drops the user's secrets by alias (or by the secret's text) and the tokens issued from them. */
  dropSecrets(user: string, aliases: readonly string[]): Promise<void> {
    return this.change((d) => {
      const owned = d.secrets.filter((s) => s.user === user);
      const gone = new Set<string>();
      for (const alias of aliases) {
        const match = owned.find((s) => s.alias === alias || s.lookup === secretLookup(alias));
        if (!match)
          throw new AccessError(
            C.noSuchSecret,
            `DROP SECRET: no secret "${alias}" of user "${user}"`,
          );
        gone.add(match.alias);
      }
      d.secrets = d.secrets.filter((s) => s.user !== user || !gone.has(s.alias));
      d.tokens = d.tokens.filter(
        (t) => t.user !== user || t.secret === null || !gone.has(t.secret),
      );
    });
  }

  /** The secret's record when the text is a live secret, else undefined. */
  async verifySecret(secret: string): Promise<SecretRecord | undefined> {
    const key = createHash('sha256').update(secret).digest('base64');
    const hit = this.verifiedSecrets.get(key);
    if (hit) return hit;
    const lookup = secretLookup(secret);
    const candidate = this.current.secrets.find((s) => s.lookup === lookup);
    const ok = await verifyPassword(secret, candidate?.hash ?? dummyHash());
    if (!ok || !candidate) return undefined;
    // Dropped while it was verified: not a secret any more.
    if (!this.current.secrets.some((s) => s.lookup === lookup && s.alias === candidate.alias))
      return undefined;
    this.verifiedSecrets.set(key, candidate);
    return candidate;
  }

  // ---- tokens

  token(id: string): TokenRecord | undefined {
    return this.current.tokens.find((t) => t.id === id);
  }

  addToken(token: TokenRecord): Promise<void> {
    return this.change((d) => {
      d.tokens.push(token);
    }, false);
  }

  /** Moves a token's expiry (refresh, allowExisting); false when the token is gone. */
  extendToken(id: string, expiresAt: number): Promise<boolean> {
    return this.change((d) => {
      const i = d.tokens.findIndex((t) => t.id === id);
      const token = d.tokens[i];
      if (!token) return false;
      d.tokens[i] = { ...token, expiresAt };
      return true;
    }, false);
  }

  removeToken(id: string): Promise<boolean> {
    return this.change((d) => {
      const before = d.tokens.length;
      d.tokens = d.tokens.filter((t) => t.id !== id);
      return d.tokens.length < before;
    }, false);
  }

  /**
   * Removes expired tokens of the listed users and of tokens from the listed secrets (aliases),
   * or all expired tokens when neither list is given. Atomic: an unknown user or secret (checked
   * by `check` before anything changes) removes nothing.
   */
  removeExpiredTokens(
    now: number,
    users: readonly string[] | undefined,
    secrets: readonly string[] | undefined,
  ): Promise<number> {
    return this.change((d) => {
      for (const user of users ?? []) {
        if (!Object.hasOwn(d.users, user))
          throw new AccessError(
            C.noSuchUser,
            `remove expired tokens: the user "${user}" does not exist`,
          );
      }
      for (const secret of secrets ?? []) {
        if (!d.secrets.some((s) => s.alias === secret || s.lookup === secretLookup(secret))) {
          throw new AccessError(
            C.noSuchSecret,
            `remove expired tokens: the secret "${secret}" does not exist`,
          );
        }
      }
      const aliases = new Set(
        (secrets ?? []).flatMap((x) =>
          d.secrets
            .filter((s) => s.alias === x || s.lookup === secretLookup(x))
            .map((s) => s.alias),
        ),
      );
      const everyone = users === undefined && secrets === undefined;
      const listed = (t: TokenRecord) =>
        everyone || (users ?? []).includes(t.user) || (t.secret !== null && aliases.has(t.secret));
      const before = d.tokens.length;
      d.tokens = d.tokens.filter((t) => !(t.expiresAt <= now && listed(t)));
      return before - d.tokens.length;
    }, false);
  }
}

async function legacyUsers(dir: string): Promise<LegacyUsersFile['users']> {
  try {
    const parsed = JSON.parse(await readFile(join(dir, 'users.json'), 'utf8')) as LegacyUsersFile;
    return parsed.users;
  } catch {
    return undefined;
  }
}

let dummy: PasswordHash | undefined;
/** A fixed hash to verify against for unknown users, so timing does not reveal user names. */
function dummyHash(): PasswordHash {
  dummy ??= {
    algorithm: 'scrypt',
    N: 2 ** 15,
    r: 8,
    p: 1,
    salt: Buffer.alloc(16).toString('base64'),
    hash: Buffer.alloc(64).toString('base64'),
  };
  return dummy;
}
