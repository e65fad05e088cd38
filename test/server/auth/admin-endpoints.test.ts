// The privilege/role endpoints and the SCIM user and group endpoints on a real `gwb serve`: what
// each answers (shapes of spec document 2), that changes through them take effect on what users
// may do, survive a restart, and that bad requests are coded errors that change nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGwbServe, type GwbServe } from '../../helpers/serve.js';
import { basic, gsql, send, superuser } from './fixture.js';

const json = (value: unknown) => JSON.stringify(value);

describe('privileges, roles and SCIM over HTTP', () => {
  let server: GwbServe;
  let dir: string;
  const su = (method: string, path: string, body?: unknown) =>
    send(server, method, path, {
      authorization: superuser,
      body: body === undefined ? undefined : json(body),
    });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gwb-admin-'));
    server = await startGwbServe({ dir });
    const out = await gsql(
      server,
      superuser,
      'CREATE VERTEX P (PRIMARY_ID id STRING)\nCREATE GRAPH g(P)\nCREATE GRAPH h(P)',
    );
    expect(out).toContain('__GSQL__RETURN__CODE__,0');
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the built-in privileges with their types', async () => {
    const answer = await su('GET', '/gsql/v1/privileges');
    const list = answer.json?.results as { privilegeType: string; privilege: string }[];
    expect(list).toContainEqual({ privilegeType: 'GRAPH', privilege: 'READ_DATA' });
    expect(list).toContainEqual({ privilegeType: 'QUERY', privilege: 'EXECUTE_QUERY' });
    expect(list).toContainEqual({ privilegeType: 'GLOBAL', privilege: 'WRITE_USER' });
  });

  it('creates a user by SCIM, and the user logs in', async () => {
    const created = await su('POST', '/gsql/scim/v2/Users', {
      userName: 'sam',
      password: 'sam-pw',
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      name: { givenName: 'Sam', familyName: 'Lee' },
      externalId: 'e-1',
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      id: 'sam',
      userName: 'sam',
      active: true,
      name: { givenName: 'Sam', familyName: 'Lee' },
      externalId: 'e-1',
      meta: { resourceType: 'User', location: '/gsql/scim/v2/Users/sam' },
    });
    expect(created.text).not.toContain('sam-pw');
    const shown = await gsql(server, basic('sam', 'sam-pw'), 'SHOW USER');
    expect(shown).toContain('- Name: sam');
    const again = await su('POST', '/gsql/scim/v2/Users', { userName: 'sam', password: 'x' });
    expect(again.status).toBe(409);
    expect(again.json?.code).toBe('GWB-USER-EXISTS');
  });

  it('lists and filters users, reads one, patches the password and activity', async () => {
    await su('POST', '/gsql/scim/v2/Users', { userName: 'sue', password: 'sue-pw' });
    const list = await su(
      'GET',
      `/gsql/scim/v2/Users?filter=${encodeURIComponent('userName sw "s" and userName ne "sue"')}`,
    );
    expect(list.json).toMatchObject({ totalResults: 1, startIndex: 1, Resources: [{ id: 'sam' }] });
    const bad = await su('GET', `/gsql/scim/v2/Users?filter=${encodeURIComponent('userName ~ x')}`);
    expect(bad.status).toBe(400);
    expect((await su('GET', '/gsql/scim/v2/Users/sue')).json).toMatchObject({ userName: 'sue' });
    expect((await su('GET', '/gsql/scim/v2/Users/nobody')).status).toBe(404);
    const patched = await su('PUT', '/gsql/scim/v2/Users/sue', {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'password', value: 'sue-new' }],
    });
    expect(patched.status).toBe(200);
    expect(
      (await send(server, 'GET', '/gsql/v1/roles', { authorization: basic('sue', 'sue-pw') }))
        .status,
    ).toBe(401);
    const off = await su('PUT', '/gsql/scim/v2/Users/sue', {
      schemas: [],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(off.json?.active).toBe(false);
    const inactive = await gsql(server, basic('sue', 'sue-new'), 'SHOW USER');
    expect(inactive).toContain('Access Denied');
  });

  it('creates roles, grants privileges and roles, and the grant takes effect', async () => {
    const created = await su('POST', '/gsql/v1/roles?graph=g', { roles: ['reader'] });
    expect(created.json).toMatchObject({ error: false });
    expect(created.json?.message).toContain('reader');
    const sam = basic('sam', 'sam-pw');
    const before = await send(server, 'GET', '/gsql/v1/schema/graphs/g', { authorization: sam });
    expect(before.status).toBe(403);
    const granted = await su('POST', '/gsql/v1/privileges/grant?graph=g', {
      privileges: ['READ_SCHEMA'],
      roles: ['reader'],
    });
    expect(granted.json?.results).toEqual([
      { role: 'reader', privileges: { g: { privileges: ['READ_SCHEMA'] } } },
    ]);
    await su('POST', '/gsql/v1/privileges/grant?graph=g', {
      privileges: ['READ_DATA'],
      vertexName: 'P',
      roles: ['reader'],
    });
    const role = await su('GET', '/gsql/v1/roles/reader');
    expect(role.json?.results).toEqual({
      roleName: 'reader',
      Graph: 'g',
      isGlobal: false,
      rolePrivileges: {
        g: { privileges: ['READ_SCHEMA'], childPermissions: { P: { privileges: ['READ_DATA'] } } },
      },
    });
    const grant = await su('POST', '/gsql/v1/roles/grant?graph=g', {
      roles: ['reader'],
      users: ['sam'],
    });
    expect(grant.status).toBe(200);
    const after = await send(server, 'GET', '/gsql/v1/schema/graphs/g', { authorization: sam });
    expect(after.status).toBe(200);
    const otherGraph = await send(server, 'GET', '/gsql/v1/schema/graphs/h', {
      authorization: sam,
    });
    expect(otherGraph.status).toBe(403);
    const roles = await su('GET', '/gsql/v1/roles');
    expect(roles.json?.results).toMatchObject({
      builtIn: {
        global: ['superuser', 'globaldesigner'],
        local: ['admin', 'designer', 'querywriter', 'queryreader', 'observer'],
      },
      userDefinedRoles: { g: ['reader'] },
    });
    await su('POST', '/gsql/v1/roles/revoke?graph=g', { roles: ['reader'], users: ['sam'] });
    const revoked = await send(server, 'GET', '/gsql/v1/schema/graphs/g', { authorization: sam });
    expect(revoked.status).toBe(403);
  });

  it('refuses bad role requests with codes and changes nothing', async () => {
    const builtin = await su('POST', '/gsql/v1/roles', { roles: ['admin'] });
    expect(builtin.json?.code).toBe('GWB-BUILTIN-ROLE');
    const noPrivilege = await su('POST', '/gsql/v1/privileges/grant?graph=g', {
      privileges: ['FLY'],
      roles: ['reader'],
    });
    expect(noPrivilege.json?.code).toBe('GWB-NO-SUCH-PRIVILEGE');
    const globalOnLocal = await su('POST', '/gsql/v1/privileges/grant?graph=g', {
      privileges: ['WRITE_USER'],
      roles: ['reader'],
    });
    expect(globalOnLocal.json?.code).toBe('GWB-BAD-SCOPE');
    const partial = await su('POST', '/gsql/v1/roles?graph=g', { roles: ['fresh', 'reader'] });
    expect(partial.json?.code).toBe('GWB-ROLE-EXISTS');
    expect((await su('GET', '/gsql/v1/roles/fresh')).status).toBe(404);
    const dropped = await su('DELETE', '/gsql/v1/roles?roles=reader&graph=g');
    expect(dropped.status).toBe(200);
    expect((await su('GET', '/gsql/v1/roles/reader')).status).toBe(404);
  });

  it('manages proxy groups whose roles hold for their members', async () => {
    const group = await su('POST', '/gsql/scim/v2/Groups', {
      displayName: 'analysts',
      members: [{ display: 'sam' }],
    });
    expect(group.json).toMatchObject({
      id: 'analysts',
      displayName: 'analysts',
      members: [{ display: 'sam', value: 'sam', type: 'User' }],
    });
    await su('POST', '/gsql/v1/roles/grant?graph=h', { roles: ['observer'], users: ['analysts'] });
    const sam = basic('sam', 'sam-pw');
    expect(
      (await send(server, 'GET', '/gsql/v1/schema/graphs/h', { authorization: sam })).status,
    ).toBe(200);
    const patched = await su('PATCH', '/gsql/scim/v2/Groups/analysts', {
      schemas: [],
      Operations: [{ op: 'remove', path: 'members[value eq "sam"]' }],
    });
    expect(patched.json?.members).toEqual([]);
    expect(
      (await send(server, 'GET', '/gsql/v1/schema/graphs/h', { authorization: sam })).status,
    ).toBe(403);
    const listed = await su('GET', '/gsql/scim/v2/Groups?excludedAttributes=members');
    expect(listed.json).toMatchObject({ totalResults: 1, Resources: [{ id: 'analysts' }] });
    expect((listed.json?.Resources as object[])[0]).not.toHaveProperty('members');
    const deleted = await su('DELETE', '/gsql/scim/v2/Groups/analysts');
    expect(deleted.json?.message).toContain('analysts');
  });

  it('keeps users and roles across a restart, then drops users by SCIM', async () => {
    await server.kill('SIGTERM');
    server = await startGwbServe({ dir });
    expect(await gsql(server, basic('sam', 'sam-pw'), 'SHOW USER')).toContain('- Name: sam');
    const dropped = await su('POST', '/gsql/scim/v2/Users?action=delete', {
      userNames: ['sam', 'sue'],
    });
    expect(dropped.json?.message).toContain('sam');
    expect((await su('GET', '/gsql/scim/v2/Users/sam')).status).toBe(404);
    const refused = await su('POST', '/gsql/scim/v2/Users?action=delete', {
      userNames: ['tigergraph'],
    });
    expect(refused.json?.code).toBe('GWB-PROTECTED-USER');
  });
});
