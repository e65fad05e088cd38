// openCypher queries over HTTP, as a client meets them (the openCypher-in-GSQL web-shell page):
// CREATE OPENCYPHER QUERY through the GSQL statements endpoint, INSTALL, run by the REST++
// query endpoint with parameters; INTERPRET OPENCYPHER QUERY through the interpret endpoint; an
// unsupported clause refused there with its code and line:column, changing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../../src/core/client/index.js';
import { gsqlOk, openTarget, type Target } from '../target.js';

let target: Target;
let client: GraphClient;
let g: string;
let A: string;
let E: string;

beforeAll(async () => {
  target = await openTarget('cypher');
  client = target.client;
  g = target.graph;
  A = `${g}_acct`;
  E = `${g}_pay`;
  await gsqlOk(
    client,
    `CREATE VERTEX ${A} (PRIMARY_ID id STRING, city STRING)
CREATE DIRECTED EDGE ${E} (FROM ${A}, TO ${A}, amount INT)
CREATE GRAPH ${g} (${A}, ${E})
USE GRAPH ${g}
CREATE OPENCYPHER QUERY ${g}_paid(STRING src) FOR GRAPH ${g} {
  MATCH (a:${A})-[e:${E}]->(b:${A})
  WHERE a.city = $src
  RETURN b, sum(e.amount) AS total
}
INSTALL QUERY ${g}_paid`,
  );
  await client.upsert({
    vertices: { [A]: { ann: { city: 'oslo' }, bob: { city: 'rome' }, cat: { city: 'oslo' } } },
    edges: {
      [A]: {
        ann: { [E]: { [A]: { bob: { amount: 10 }, cat: { amount: 5 } } } },
        cat: { [E]: { [A]: { bob: { amount: 7 } } } },
      },
    },
  });
}, 60_000);

afterAll(async () => {
  await client
    .gsql(`USE GRAPH ${g}\nDROP QUERY ${g}_paid\nDROP GRAPH ${g}\nDROP EDGE ${E}\nDROP VERTEX ${A}`)
    .catch(() => undefined);
  await target.close();
});

describe('openCypher queries over HTTP', () => {
  it('runs an installed openCypher query through the query endpoint', async () => {
    const results = await client.runQuery(`${g}_paid`, { src: 'oslo' });
    const set = (results[0]?.VS_XXX ?? []) as { v_id: string; attributes: unknown }[];
    expect(set.sort((x, y) => x.v_id.localeCompare(y.v_id))).toEqual([
      { v_id: 'bob', v_type: A, attributes: { b: 'bob', total: 17 } },
      { v_id: 'cat', v_type: A, attributes: { b: 'cat', total: 5 } },
    ]);
  });

  it('interprets an anonymous openCypher query with query-string parameters', async () => {
    const results = await client.interpret(
      `INTERPRET OPENCYPHER QUERY (INT least) FOR GRAPH ${g} {
  MATCH (a:${A})-[e:${E}]->(b:${A})
  WHERE e.amount >= $least
  RETURN a AS src, b.city AS city
}`,
      { least: 6 },
    );
    const rows = (results[0]?.T ?? []) as { src: string }[];
    expect(rows.sort((x, y) => x.src.localeCompare(y.src))).toEqual([
      { src: 'ann', city: 'rome' },
      { src: 'cat', city: 'rome' },
    ]);
  });

  it('refuses an unsupported clause with QUERY-UNSUPPORTED at its line:column', async () => {
    const error = await client
      .interpret(
        `INTERPRET OPENCYPHER QUERY () FOR GRAPH ${g} {\n  MATCH (a:${A})\n  UNWIND [1] AS x\n  RETURN a\n}`,
      )
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: 'QUERY-UNSUPPORTED' });
    expect((error as Error).message).toMatch(/3:3/);
  });
});
