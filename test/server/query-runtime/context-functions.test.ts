// The reference's context functions over HTTP: with REST++ authentication on (`gwb serve
// --restpp-auth`) current_roles() answers the roles of the user who runs the query, granted on
// the query's graph or globally, and is_granted_to_current_roles(role) whether one of them is
// that role; without REST++ authentication there is no user to ask about and the run fails.
// The same holds for queries a GSQL script runs (RUN QUERY, INTERPRET QUERY sent to
// /gsql/v1/statements): they see the roles of the user who sent the script.
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

/** The JSON answer the shell printed for the script's last query run, and its return code. */
async function shellRun(server: GwbServe, authorization: string, script: string) {
  const text = await gsql(server, authorization, script);
  const lines = text.split('\n');
  const end = lines.lastIndexOf('}');
  const start = lines.lastIndexOf('{', end);
  const json =
    start >= 0 && end > start
      ? (JSON.parse(lines.slice(start, end + 1).join('\n')) as Record<string, unknown>)
      : undefined;
  return { text, json, ok: text.endsWith('__GSQL__RETURN__CODE__,0\n') };
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

  it('RUN QUERY in a GSQL script sees the roles of the user who sent it, as REST++ does', async () => {
    const answer = await shellRun(server, ann, 'USE GRAPH g\nRUN QUERY who()');
    expect(answer.ok, answer.text).toBe(true);
    const results = answer.json?.results as { roles: string[] }[];
    expect([...(results[0]?.roles ?? [])].sort()).toEqual(['queryreader', 'usregion']);
    const held = await shellRun(server, ann, 'USE GRAPH g\nRUN QUERY granted("usregion")');
    const other = await shellRun(server, ann, 'USE GRAPH g\nRUN QUERY granted("euregion")');
    expect(held.json?.results).toEqual([{ yes: true }]);
    expect(other.json?.results).toEqual([{ yes: false }]);
  });

  it('INTERPRET QUERY in a script sees them too', async () => {
    const answer = await shellRun(
      server,
      ann,
      'INTERPRET QUERY () FOR GRAPH g { PRINT current_roles() AS roles, is_granted_to_current_roles("euregion") AS eu; }',
    );
    expect(answer.ok, answer.text).toBe(true);
    const results = answer.json?.results as { roles: string[]; eu: boolean }[];
    expect([...(results[0]?.roles ?? [])].sort()).toEqual(['queryreader', 'usregion']);
    expect(results[0]?.eu).toBe(false);
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

  it('fail from a GSQL script too, whoever sends it (the page: enable REST++ authentication first)', async () => {
    const answer = await shellRun(server, ann, 'USE GRAPH g\nRUN QUERY who()');
    expect(answer.ok).toBe(false);
    expect(answer.text).toContain('REST++ authentication');
  });
});
