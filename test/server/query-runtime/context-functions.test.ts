// The reference's context functions over HTTP: with REST++ authentication on (`gwb serve
// --restpp-auth`) current_roles() answers the roles of the user who runs the query, granted on
// the query's graph or globally, and is_granted_to_current_roles(role) whether one of them is
// that role; without REST++ authentication there is no user to ask about and the run fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGwbServe, type GwbServe } from '../../helpers/serve.js';
import { basic, gsql, send, superuser } from '../auth/fixture.js';

const setup = [
  'CREATE VERTEX spot (PRIMARY_ID id STRING)',
  'CREATE GRAPH g(spot)',
  'CREATE GRAPH h(spot)',
  'CREATE ROLE usregion ON GRAPH g',
  'CREATE ROLE euregion ON GRAPH h',
  'CREATE USER ann WITH PASSWORD "ann-pass"',
  'GRANT ROLE usregion ON GRAPH g TO ann',
  'GRANT ROLE queryreader ON GRAPH g TO ann',
  'GRANT ROLE euregion ON GRAPH h TO ann',
  'USE GRAPH g',
  'CREATE QUERY who() FOR GRAPH g { PRINT current_roles() AS roles; }',
  'CREATE QUERY granted(STRING role) FOR GRAPH g { PRINT is_granted_to_current_roles(role) AS yes; }',
  'INSTALL QUERY who, granted',
].join('\n');

const ann = basic('ann', 'ann-pass');

async function run(server: GwbServe, path: string, authorization?: string) {
  return send(server, 'GET', path, authorization === undefined ? {} : { authorization });
}

describe('context functions with REST++ authentication', () => {
  let server: GwbServe;
  beforeAll(async () => {
    server = await startGwbServe({ args: ['--restpp-auth'] });
    const out = await gsql(server, superuser, setup);
    if (!out.endsWith('__GSQL__RETURN__CODE__,0\n')) throw new Error(`setup failed:\n${out}`);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("current_roles() lists the caller's roles on the query's graph, not another graph's", async () => {
    const answer = await run(server, '/restpp/query/g/who', ann);
    expect(answer.status).toBe(200);
    const results = answer.json?.results as { roles: string[] }[];
    expect([...(results[0]?.roles ?? [])].sort()).toEqual(['queryreader', 'usregion']);
  });

  it('is_granted_to_current_roles(role) is true for a role held there and false otherwise', async () => {
    const held = await run(server, '/restpp/query/g/granted?role=usregion', ann);
    const other = await run(server, '/restpp/query/g/granted?role=euregion', ann);
    expect(held.json?.results).toEqual([{ yes: true }]);
    expect(other.json?.results).toEqual([{ yes: false }]);
  });
});

describe('context functions without REST++ authentication', () => {
  let server: GwbServe;
  beforeAll(async () => {
    server = await startGwbServe();
    const out = await gsql(server, superuser, setup);
    if (!out.endsWith('__GSQL__RETURN__CODE__,0\n')) throw new Error(`setup failed:\n${out}`);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('fail with QUERY-AUTH-REQUIRED: there is no user to ask about', async () => {
    const answer = await run(server, '/restpp/query/g/who');
    expect(answer.json?.error).toBe(true);
    expect(answer.json?.code).toBe('QUERY-AUTH-REQUIRED');
  });
});
