// Run-time warnings reach the answer's message, as the real service reports them: to_vertex_set()
// skips ids no vertex has and says how many ("Runtime Warning: 1 ids are invalid person vertex
// ids.", the vertex-methods page), over REST++ and in the GSQL shell's printed answer alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGwbServe, type GwbServe } from '../../helpers/serve.js';
import { gsql, send, superuser } from '../auth/fixture.js';

const setup = [
  'CREATE VERTEX person (PRIMARY_ID id STRING, age INT)',
  'CREATE GRAPH g(person)',
  'USE GRAPH g',
  'CREATE QUERY fill() FOR GRAPH g { INSERT INTO person VALUES ("ann", 30); INSERT INTO person VALUES ("bob", 40); }',
  'CREATE QUERY pick(SET<STRING> ids) FOR GRAPH g { S = to_vertex_set(ids, "person"); PRINT S.size() AS n; }',
  'INSTALL QUERY fill, pick',
  'RUN QUERY fill()',
].join('\n');

let server: GwbServe;
beforeAll(async () => {
  server = await startGwbServe();
  const out = await gsql(server, superuser, setup);
  if (!out.endsWith('__GSQL__RETURN__CODE__,0\n')) throw new Error(`setup failed:\n${out}`);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('run-time warnings', () => {
  it('to_vertex_set() with unknown ids answers the known ones and warns in the message', async () => {
    const answer = await send(server, 'GET', '/restpp/query/g/pick?ids=ann&ids=zed&ids=bob', {
      authorization: superuser,
    });
    expect(answer.json?.results).toEqual([{ n: 2 }]);
    expect(answer.json?.message).toBe('Runtime Warning: 1 ids are invalid person vertex ids.');
  });

  it('says nothing when every id is known', async () => {
    const answer = await send(server, 'GET', '/restpp/query/g/pick?ids=ann', {
      authorization: superuser,
    });
    expect(answer.json?.results).toEqual([{ n: 1 }]);
    expect(answer.json?.message).toBe('');
  });

  it('prints the warning in the shell answer of RUN QUERY', async () => {
    const out = await gsql(server, superuser, 'USE GRAPH g\nRUN QUERY pick(["zed", "yan"])');
    expect(out).toContain('"message": "Runtime Warning: 2 ids are invalid person vertex ids."');
    expect(out).toContain('"n": 0');
  });
});
