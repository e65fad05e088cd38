// POST /gsql/v1/schema/change: the global form (`graphs`, as a global job's JSON) really changes
// the graphs it names; a body with a field the change does not know is refused and changes
// nothing; a global form with `graph` is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../../src/core/client/index.js';
import { gsqlOk, openTarget, type Target } from '../target.js';

let target: Target;
let client: GraphClient;
let g: string;
let A: string;
let B: string;

const user = process.env.GWB_TEST_USER ?? 'tigergraph';
const password = process.env.GWB_TEST_PASSWORD ?? 'tigergraph';
const auth = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

beforeAll(async () => {
  target = await openTarget('chg');
  client = target.client;
  g = target.graph;
  A = `${g}_a`;
  B = `${g}_b`;
  await gsqlOk(
    client,
    `CREATE VERTEX ${A} (PRIMARY_ID id STRING)
CREATE VERTEX ${B} (PRIMARY_ID id STRING)
CREATE GRAPH ${g} (${A})`,
  );
}, 60_000);

afterAll(async () => {
  await client.gsql(`DROP GRAPH ${g}\nDROP VERTEX ${A}, ${B}`).catch(() => undefined);
  await target.close();
});

const vertexNames = async () =>
  (await client.call('getVertexTypes', { query: { graph: g } })).map((v) => v.Name).sort();

const postChange = (body: unknown, query = '') =>
  fetch(`${target.url}/gsql/v1/schema/change${query}`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('global schema change', () => {
  it('adds and drops global types on the graphs it names', async () => {
    await client.call('runSchemaChange', {
      body: { graphs: [{ graphName: g, addVertexTypes: [B] }] },
    });
    expect(await vertexNames()).toEqual([A, B].sort());
    await client.call('runSchemaChange', {
      body: { graphs: [{ graphName: g, dropVertexTypes: [A] }] },
    });
    expect(await vertexNames()).toEqual([B]);
  });

  it('refuses a body with an unknown field, changing nothing', async () => {
    const answer = await postChange({ graph: [{ graphName: g, addVertexTypes: [A] }] });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: boolean }).error).toBe(true);
    expect(await vertexNames()).toEqual([B]);
  });

  it('refuses an empty change and the global form given a graph', async () => {
    expect((await postChange({})).status).toBe(400);
    const withGraph = await postChange(
      { graphs: [{ graphName: g, addVertexTypes: [A] }] },
      `?graph=${g}`,
    );
    expect(withGraph.status).toBe(400);
    expect(await vertexNames()).toEqual([B]);
  });
});
