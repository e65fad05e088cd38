// The access-control store in process, on a real engine's log of record: the superuser with a
// salted scrypt hash only, durable changes (reopen sees them, a refused change leaves nothing),
// users.json of older data folders taken over, privileges by role and scope, secrets kept as
// hashes, the Basic verification cache and the failed-login throttle (with a test clock).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AccessStore } from '../../../src/server/auth/access-store.js';
import { holds, isSuperuser, privilegesByScope } from '../../../src/server/auth/access-state.js';
import { BasicAuthenticator, parseBasic } from '../../../src/server/auth/basic-auth.js';
import { LoginThrottledError, type AccessError } from '../../../src/server/auth/errors.js';
import { hashPassword, verifyPassword } from '../../../src/server/auth/password.js';
import { builtinRoles } from '../../../src/server/auth/privileges.js';
import { LoginThrottle } from '../../../src/server/auth/throttle.js';
import { Engine } from '../../../src/server/engine/engine.js';

const open: Engine[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const engine of open.splice(0)) await engine.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'gwb-access-'));
  dirs.push(dir);
  return dir;
}

const graphs = new Set(['g', 'h']);

async function openStore(dir: string) {
  const engine = await Engine.open({ dir, rebuildIntervalMs: 0 });
  open.push(engine);
  const store = await AccessStore.open(engine.records, dir, { graphExists: (g) => graphs.has(g) });
  return { engine, store };
}

async function reopen(dir: string) {
  for (const engine of open.splice(0)) await engine.close();
  return (await openStore(dir)).store;
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('password hashes', () => {
  it('are salted scrypt with N=2^15, r=8, p=1', async () => {
    const a = await hashPassword('pw');
    const b = await hashPassword('pw');
    expect(a).toMatchObject({ algorithm: 'scrypt', N: 32768, r: 8, p: 1 });
    expect(a.salt).not.toBe(b.salt);
    expect(await verifyPassword('pw', a)).toBe(true);
    expect(await verifyPassword('pw!', a)).toBe(false);
  });
});

describe('the access store', () => {
  it('starts with the superuser tigergraph, its password only as a hash', async () => {
    const { store } = await openStore(tempDir());
    expect(await store.verify('tigergraph', 'tigergraph')).toMatchObject({ name: 'tigergraph' });
    expect(isSuperuser(store.state, 'tigergraph')).toBe(true);
    expect(JSON.stringify(store.state)).not.toContain('"tigergraph"}');
    expect(store.state.users.tigergraph?.password).toMatchObject({ algorithm: 'scrypt' });
  });

  it('keeps users, roles, grants and passwords across a reopen', async () => {
    const dir = tempDir();
    const { store } = await openStore(dir);
    await store.createUser('ann', 'pw1');
    await store.createRoles(['auditor'], 'g');
    await store.changePrivileges(false, ['read_data'], ['auditor'], 'g');
    await store.changeRoleGrants(false, ['auditor'], ['ann'], 'g');
    await store.setPassword('ann', 'pw2');
    const again = await reopen(dir);
    expect(await again.verify('ann', 'pw2')).toBeDefined();
    expect(await again.verify('ann', 'pw1')).toBeUndefined();
    expect(holds(again.state, 'ann', 'READ_DATA', 'g', false)).toBe(true);
    expect(holds(again.state, 'ann', 'READ_DATA', 'h', false)).toBe(false);
  });

  it('refuses bad changes with coded errors and changes nothing', async () => {
    const { store } = await openStore(tempDir());
    await store.createUser('bob', 'pw');
    const before = JSON.stringify(store.state);
    const codes = await Promise.all([
      store.createUser('bob', 'x').catch((e: AccessError) => e.code),
      store.dropUsers(['bob', 'nobody']).catch((e: AccessError) => e.code),
      store.dropUsers(['tigergraph']).catch((e: AccessError) => e.code),
      store.createRoles(['admin'], null).catch((e: AccessError) => e.code),
      store
        .changeRoleGrants(false, ['designer'], ['bob'], 'nograph')
        .catch((e: AccessError) => e.code),
      store.changeRoleGrants(false, ['superuser'], ['bob'], 'g').catch((e: AccessError) => e.code),
      store.changePrivileges(false, ['FLY'], ['r'], null).catch((e: AccessError) => e.code),
      store.createUser('bad name', 'x').catch((e: AccessError) => e.code),
    ]);
    expect(codes).toEqual([
      'GWB-USER-EXISTS',
      'GWB-NO-SUCH-USER',
      'GWB-PROTECTED-USER',
      'GWB-BUILTIN-ROLE',
      'GWB-NO-SUCH-GRAPH',
      'GWB-BAD-SCOPE',
      'GWB-NO-SUCH-PRIVILEGE',
      'GWB-BAD-NAME',
    ]);
    expect(JSON.stringify(store.state)).toBe(before);
  });

  it('takes over the users of an older data folder (users.json)', async () => {
    const dir = tempDir();
    const hash = await hashPassword('legacy-pw');
    writeFileSync(
      join(dir, 'users.json'),
      JSON.stringify({
        version: 1,
        users: [{ name: 'tigergraph', superuser: true, password: hash }],
      }),
    );
    const { store } = await openStore(dir);
    expect(await store.verify('tigergraph', 'legacy-pw')).toBeDefined();
    expect(isSuperuser(store.state, 'tigergraph')).toBe(true);
  });
});

describe('privileges by role and scope', () => {
  it('gives each built-in role its privileges on the graph it is granted on', async () => {
    const { store } = await openStore(tempDir());
    await store.createUser('q', 'pw');
    await store.changeRoleGrants(false, ['queryreader'], ['q'], 'g');
    const byScope = privilegesByScope(store.state, 'q');
    expect([...(byScope.get('g') ?? [])].sort()).toEqual(
      [...(builtinRoles.queryreader ?? [])].sort(),
    );
    expect(holds(store.state, 'q', 'READ_DATA', 'g', true)).toBe(true);
    expect(holds(store.state, 'q', 'DELETE_DATA', 'g', false)).toBe(false);
    // A read naming no graph is allowed by a grant on any graph; a write is not.
    expect(holds(store.state, 'q', 'READ_SCHEMA', undefined, true)).toBe(true);
    expect(holds(store.state, 'q', 'READ_SCHEMA', undefined, false)).toBe(false);
  });

  it('counts global-only privileges only when granted globally', async () => {
    const { store } = await openStore(tempDir());
    await store.createUser('a', 'pw');
    await store.changeRoleGrants(false, ['admin'], ['a'], 'g');
    expect(holds(store.state, 'a', 'WRITE_ROLE', 'g', false)).toBe(true);
    expect(holds(store.state, 'a', 'READ_USER', undefined, true)).toBe(false);
    await store.changeRoleGrants(false, ['admin'], ['a'], null);
    expect(holds(store.state, 'a', 'READ_USER', undefined, true)).toBe(true);
  });

  it('gives proxy-group members the group roles', async () => {
    const { store } = await openStore(tempDir());
    await store.createUser('m', 'pw');
    await store.createGroup('readers', ['m']);
    await store.changeRoleGrants(false, ['observer'], ['readers'], 'h');
    expect(holds(store.state, 'm', 'READ_SCHEMA', 'h', true)).toBe(true);
    await store.setGroupMembers('readers', []);
    expect(holds(store.state, 'm', 'READ_SCHEMA', 'h', true)).toBe(false);
  });
});

describe('secrets', () => {
  it('are stored as hashes, verified by their text, dropped with their tokens', async () => {
    const { store } = await openStore(tempDir());
    const { alias, secret } = await store.createSecret('tigergraph', null, 'g');
    expect(alias).toMatch(/^AUTO_GENERATED_ALIAS_[A-Za-z0-9]{7}$/);
    expect(JSON.stringify(store.state)).not.toContain(secret);
    expect(await store.verifySecret(secret)).toMatchObject({ user: 'tigergraph', alias });
    expect(await store.verifySecret(`${secret}x`)).toBeUndefined();
    await store.addToken({
      id: 't1',
      issuedAt: 0,
      signedExpiry: 1,
      expiresAt: 1,
      user: 'tigergraph',
      graph: 'g',
      secret: alias,
    });
    await store.dropSecrets('tigergraph', [alias]);
    expect(await store.verifySecret(secret)).toBeUndefined();
    expect(store.token('t1')).toBeUndefined();
  });

  it('removes expired tokens atomically: an unknown user removes nothing', async () => {
    const { store } = await openStore(tempDir());
    await store.createUser('u', 'pw');
    const token = (id: string, user: string, expiresAt: number) => ({
      id,
      issuedAt: 0,
      signedExpiry: expiresAt,
      expiresAt,
      user,
      graph: null,
      secret: null,
    });
    await store.addToken(token('old-u', 'u', 10));
    await store.addToken(token('new-u', 'u', 1000));
    await store.addToken(token('old-t', 'tigergraph', 10));
    const refused = await store
      .removeExpiredTokens(100, ['u', 'ghost'], undefined)
      .catch((e: AccessError) => e.code);
    expect(refused).toBe('GWB-NO-SUCH-USER');
    expect(store.state.tokens).toHaveLength(3);
    expect(await store.removeExpiredTokens(100, ['u'], undefined)).toBe(1);
    expect(store.state.tokens.map((t) => t.id).sort()).toEqual(['new-u', 'old-t']);
  });
});

describe('Basic verification', () => {
  it('caches verified headers and empties the cache on a password change', async () => {
    const { store } = await openStore(tempDir());
    const auth = new BasicAuthenticator(store);
    const header = basic('tigergraph', 'tigergraph');
    const [a, b] = await Promise.all([auth.authenticate(header), auth.authenticate(header)]);
    expect(a?.name).toBe('tigergraph');
    expect(b?.name).toBe('tigergraph');
    expect(auth.verifications).toBe(1);
    await store.setPassword('tigergraph', 'n3w');
    expect(await auth.authenticate(header)).toBeUndefined();
    expect(parseBasic(basic('a', 'b:c'))).toEqual({ username: 'a', password: 'b:c' });
  });

  it('throttles failed logins per user with a doubling wait, and a success clears it', async () => {
    const { store } = await openStore(tempDir());
    let now = 1_000_000;
    const throttle = new LoginThrottle(
      { freeAttempts: 2, baseDelayMs: 1000, maxDelayMs: 8000 },
      () => now,
    );
    const auth = new BasicAuthenticator(store, throttle);
    const wrong = basic('tigergraph', 'wrong');
    expect(await auth.authenticate(wrong, '10.0.0.1')).toBeUndefined();
    expect(await auth.authenticate(wrong, '10.0.0.1')).toBeUndefined();
    expect(await auth.authenticate(wrong, '10.0.0.1')).toBeUndefined();
    // Third failure: one second to wait; even the right password is not checked meanwhile.
    const refused = await auth
      .authenticate(basic('tigergraph', 'tigergraph'), '10.0.0.2')
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LoginThrottledError);
    expect((refused as LoginThrottledError).retryAfterSeconds).toBe(1);
    now += 1000;
    expect(await auth.authenticate(wrong, '10.0.0.1')).toBeUndefined();
    expect(throttle.waitSeconds('tigergraph', '10.0.0.3')).toBe(2);
    now += 2000;
    expect(await auth.authenticate(basic('tigergraph', 'tigergraph'), '10.0.0.2')).toBeDefined();
    expect(throttle.waitSeconds('tigergraph', '10.0.0.3')).toBe(0);
  });
});
