// The GSQL statements that need privileges, run over POST /gsql/v1/statements by a user of each
// built-in role and by a designer of another graph, on a real `gwb serve`: the shell refuses a
// statement ("Permission denied", return code 1) exactly when the user lacks what the statement
// needs, and runs it otherwise (it may still fail for its own reasons, e.g. a name that does not
// exist). Each case states the privilege the real service documents for the statement.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowed,
  basic,
  gsql,
  passwordOf,
  roles,
  startAccessFixture,
  stranger,
  userOf,
  type AccessFixture,
} from './fixture.js';

interface Case {
  /** The script; `$u` is replaced by the user running it, `$pw` by its password. */
  readonly text: string;
  /** null: any authenticated user may run it. 'member': any role on graph g. */
  readonly needs: { privilege: string; graph?: 'g'; read?: boolean } | 'member' | null;
}

const onG = (text: string) => `USE GRAPH g\n${text}`;

const cases: readonly Case[] = [
  { text: 'USE GRAPH g', needs: 'member' },
  { text: 'CREATE VERTEX V_$u (PRIMARY_ID id STRING)', needs: { privilege: 'WRITE_SCHEMA' } },
  { text: 'CREATE GRAPH G_$u(P)', needs: { privilege: 'WRITE_SCHEMA' } },
  { text: 'DROP VERTEX no_such_vertex', needs: { privilege: 'WRITE_SCHEMA' } },
  { text: 'DROP GRAPH no_such_graph', needs: { privilege: 'DROP_GRAPH' } },
  {
    text: 'CREATE GLOBAL SCHEMA_CHANGE JOB gs_$u { ADD VERTEX X_$u (PRIMARY_ID id STRING); }',
    needs: { privilege: 'WRITE_SCHEMA' },
  },
  {
    text: onG(
      'CREATE SCHEMA_CHANGE JOB s_$u FOR GRAPH g { ADD VERTEX W_$u (PRIMARY_ID id STRING); }',
    ),
    needs: { privilege: 'WRITE_SCHEMA', graph: 'g' },
  },
  {
    text: onG('CREATE QUERY q_$u() FOR GRAPH g { PRINT 1; }'),
    needs: { privilege: 'CREATE_QUERY', graph: 'g' },
  },
  { text: onG('INSTALL QUERY no_such_query'), needs: { privilege: 'INSTALL_QUERY', graph: 'g' } },
  { text: onG('RUN QUERY no_such_query()'), needs: { privilege: 'EXECUTE_QUERY', graph: 'g' } },
  {
    text: onG('INTERPRET QUERY () FOR GRAPH g { PRINT 1; }'),
    needs: { privilege: 'READ_DATA', graph: 'g' },
  },
  { text: onG('DROP QUERY no_such_query'), needs: { privilege: 'DROP_QUERY', graph: 'g' } },
  {
    text: onG(
      'CREATE LOADING JOB j_$u FOR GRAPH g { DEFINE FILENAME f; LOAD f TO VERTEX P VALUES($0); }',
    ),
    needs: { privilege: 'WRITE_LOADINGJOB', graph: 'g' },
  },
  { text: onG('DROP JOB no_such_job'), needs: { privilege: 'WRITE_LOADINGJOB', graph: 'g' } },
  {
    text: onG('RUN LOADING JOB no_such_job USING f="x.csv"'),
    needs: { privilege: 'EXECUTE_LOADINGJOB', graph: 'g' },
  },
  { text: onG('SHOW VERTEX *'), needs: { privilege: 'READ_SCHEMA', graph: 'g', read: true } },
  { text: onG('SHOW QUERY *'), needs: { privilege: 'READ_QUERY', graph: 'g', read: true } },
  { text: onG('SHOW JOB *'), needs: { privilege: 'READ_LOADINGJOB', graph: 'g', read: true } },
  { text: onG('SHOW ROLE'), needs: { privilege: 'READ_ROLE', graph: 'g', read: true } },
  {
    text: onG('SHOW PRIVILEGE ON observer'),
    needs: { privilege: 'READ_ROLE', graph: 'g', read: true },
  },
  { text: 'CREATE USER nu_$u WITH PASSWORD "p"', needs: { privilege: 'WRITE_USER' } },
  { text: 'DROP USER no_such_user', needs: { privilege: 'WRITE_USER' } },
  {
    text: 'ALTER PASSWORD tigergraph WITH PASSWORD "tigergraph"',
    needs: { privilege: 'WRITE_USER' },
  },
  { text: 'ALTER PASSWORD WITH PASSWORD "$pw"', needs: null },
  { text: 'CREATE ROLE r_$u ON GRAPH g', needs: { privilege: 'WRITE_ROLE', graph: 'g' } },
  { text: 'CREATE GLOBAL ROLE gr_$u', needs: { privilege: 'WRITE_ROLE' } },
  { text: 'DROP ROLE no_such_role', needs: { privilege: 'WRITE_ROLE' } },
  {
    text: 'GRANT ROLE observer ON GRAPH g TO no_such_user',
    needs: { privilege: 'WRITE_ROLE', graph: 'g' },
  },
  { text: 'GRANT ROLE observer ON GLOBAL TO no_such_user', needs: { privilege: 'WRITE_ROLE' } },
  {
    text: 'GRANT READ_DATA ON GRAPH g TO no_such_role',
    needs: { privilege: 'WRITE_ROLE', graph: 'g' },
  },
  { text: 'REVOKE READ_DATA ON GLOBAL FROM no_such_role', needs: { privilege: 'WRITE_ROLE' } },
  { text: 'CLEAR GRAPH STORE -HARD', needs: { privilege: 'CLEAR_GRAPHSTORE' } },
  { text: 'CREATE SECRET', needs: null },
  { text: 'SHOW SECRET', needs: null },
  { text: 'DROP SECRET no_such_secret', needs: null },
  { text: 'SHOW USER', needs: null },
];

const users = [...roles.map(userOf), stranger];
const passwordOfUser = (user: string) =>
  user === stranger ? passwordOf(stranger) : passwordOf(user.slice(2));

function mayRun(fixture: AccessFixture, user: string, c: Case): boolean {
  if (c.needs === null) return true;
  if (c.needs === 'member') {
    const grant = fixture.grants.get(user);
    return grant?.on === 'global' || grant?.on === 'g';
  }
  return allowed(fixture, user, c.needs.privilege, c.needs.graph, c.needs.read === true);
}

describe('GSQL statements that need privileges, by role', () => {
  let fixture: AccessFixture;
  beforeAll(async () => {
    fixture = await startAccessFixture();
  }, 120_000);
  afterAll(async () => {
    await fixture?.stop();
  });

  for (const user of users) {
    it(`${user}: refused exactly where the role lacks the privilege`, async () => {
      const authorization = basic(user, passwordOfUser(user));
      const mismatches: string[] = [];
      for (const c of cases) {
        const script = c.text.replaceAll('$u', user).replaceAll('$pw', passwordOfUser(user));
        const output = await gsql(fixture.server, authorization, script);
        const denied = output.includes('Permission denied');
        const may = mayRun(fixture, user, c);
        if (denied === may) mismatches.push(`${script.replace('\n', '; ')} -> ${output.trim()}`);
        if (denied && !output.endsWith('__GSQL__RETURN__CODE__,1\n')) {
          mismatches.push(`${script}: refused without return code 1`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }

  it('refuses DROP ALL to everyone but the superuser (not run by it here)', async () => {
    for (const user of users.filter((u) => u !== userOf('superuser'))) {
      const output = await gsql(fixture.server, basic(user, passwordOfUser(user)), 'DROP ALL');
      expect(output).toContain('Permission denied');
      expect(output).toContain('DROP_ALL');
    }
  });

  it("lets a graph's admin drop only that graph's roles", async () => {
    const su = basic(userOf('superuser'), passwordOf('superuser'));
    await gsql(fixture.server, su, 'CREATE ROLE h_role ON GRAPH h\nCREATE ROLE g_role ON GRAPH g');
    const admin = basic(userOf('admin'), passwordOf('admin'));
    const other = await gsql(fixture.server, admin, 'USE GRAPH g\nDROP ROLE h_role');
    expect(other).toContain('does not exist on graph "g"');
    const own = await gsql(fixture.server, admin, 'USE GRAPH g\nDROP ROLE g_role');
    expect(own).toContain('Successfully dropped roles: [g_role].');
  });

  it('runs the refused statements for the superuser without refusal', async () => {
    const output = await gsql(
      fixture.server,
      basic(userOf('superuser'), passwordOf('superuser')),
      'CREATE USER made_by_super WITH PASSWORD "p"\nGRANT ROLE observer ON GRAPH g TO made_by_super\nSHOW USER',
    );
    expect(output).toContain('The user "made_by_super" is created.');
    expect(output).toMatch(/- Name: made_by_super\n\s+- Graph 'g' Roles: observer/);
  });
});
