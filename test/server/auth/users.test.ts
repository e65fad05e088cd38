// Users and Basic auth in process: scrypt hashes (salted, strong parameters), users.json written
// atomically with the superuser, and the verification cache (one scrypt per distinct header,
// shared by concurrent requests, emptied by a password change).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BasicAuthenticator, parseBasic } from '../../../src/server/auth/basic-auth.js';
import { hashPassword, verifyPassword } from '../../../src/server/auth/password.js';
import { UserStore } from '../../../src/server/auth/user-store.js';

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'gwb-users-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('password hashes', () => {
  it('are salted scrypt with N=2^15, r=8, p=1', async () => {
    const a = await hashPassword('pw');
    const b = await hashPassword('pw');
    expect(a).toMatchObject({ algorithm: 'scrypt', N: 32768, r: 8, p: 1 });
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
    expect(await verifyPassword('pw', a)).toBe(true);
    expect(await verifyPassword('pw!', a)).toBe(false);
  });
});

describe('the user store', () => {
  it('creates users.json with the superuser and its default password, no plain text', async () => {
    const dir = tempDir();
    const store = await UserStore.open(dir);
    expect(await store.verify('tigergraph', 'tigergraph')).toMatchObject({
      name: 'tigergraph',
      superuser: true,
    });
    const text = readFileSync(join(dir, 'users.json'), 'utf8');
    // The name appears once (as the name); the password only as a hash.
    expect(text.match(/tigergraph/g)).toHaveLength(1);
    expect(statSync(join(dir, 'users.json')).mode & 0o777).toBe(0o600);
    expect(JSON.parse(text)).toMatchObject({ version: 1, users: [{ name: 'tigergraph' }] });
  });

  it('changes a password durably, leaving no temp files', async () => {
    const dir = tempDir();
    await (await UserStore.open(dir)).setPassword('tigergraph', 'n3w');
    const reopened = await UserStore.open(dir);
    expect(await reopened.verify('tigergraph', 'n3w')).toBeDefined();
    expect(await reopened.verify('tigergraph', 'tigergraph')).toBeUndefined();
    expect(readdirSync(dir)).toEqual(['users.json']);
  });
});

describe('Basic authentication', () => {
  it('parses Basic headers only', () => {
    expect(parseBasic(basic('u', 'p:q'))).toEqual({ username: 'u', password: 'p:q' });
    expect(parseBasic('Bearer x')).toBeUndefined();
    expect(parseBasic(undefined)).toBeUndefined();
  });

  it('caches verified headers and shares concurrent checks', async () => {
    const auth = new BasicAuthenticator(await UserStore.open(tempDir()));
    const header = basic('tigergraph', 'tigergraph');
    const users = await Promise.all([auth.authenticate(header), auth.authenticate(header)]);
    expect(users.map((u) => u?.name)).toEqual(['tigergraph', 'tigergraph']);
    expect(auth.verifications).toBe(1);
    const started = performance.now();
    for (let i = 0; i < 100; i++) await auth.authenticate(header);
    expect(performance.now() - started).toBeLessThan(100);
    expect(auth.verifications).toBe(1);
    // Failures are not cached: each wrong guess costs a scrypt.
    expect(await auth.authenticate(basic('tigergraph', 'x'))).toBeUndefined();
    expect(await auth.authenticate(basic('tigergraph', 'x'))).toBeUndefined();
    expect(auth.verifications).toBe(3);
  });

  it('forgets cached headers when a password changes', async () => {
    const store = await UserStore.open(tempDir());
    const auth = new BasicAuthenticator(store);
    const old = basic('tigergraph', 'tigergraph');
    expect(await auth.authenticate(old)).toBeDefined();
    await store.setPassword('tigergraph', 'changed');
    expect(await auth.authenticate(old)).toBeUndefined();
    expect(await auth.authenticate(basic('tigergraph', 'changed'))).toBeDefined();
  });
});
