// Details of requests: the GSQL-REPLICA header is checked (a replica the service does not have
// is refused), and the vertex list filters and sorts on a primary id shown as an attribute
// (WITH primary_id_as_attribute), the field the same GET returns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphClient } from '../../../src/core/client/index.js';
import { gsqlOk, openTarget, type Target } from '../target.js';

let target: Target;
let client: GraphClient;
let g: string;
let V: string;

const user = process.env.GWB_TEST_USER ?? 'tigergraph';
const password = process.env.GWB_TEST_PASSWORD ?? 'tigergraph';
const auth = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

beforeAll(async () => {
  target = await openTarget('req');
  client = target.client;
  g = target.graph;
  V = `${g}_item`;
  await gsqlOk(
    client,
    `CREATE VERTEX ${V} (PRIMARY_ID code INT, label STRING) WITH primary_id_as_attribute="true"
CREATE GRAPH ${g} (${V})`,
  );
  await client.call('upsertGraph', {
    path: { graph_name: g },
    body: {
      vertices: {
        [V]: {
          '3': { label: { value: 'c' } },
          '10': { label: { value: 'j' } },
          '7': { label: { value: 'g' } },
        },
      },
    },
  });
}, 60_000);

afterAll(async () => {
  await client.gsql(`DROP GRAPH ${g}\nDROP VERTEX ${V}`).catch(() => undefined);
  await target.close();
});

describe('GSQL-REPLICA', () => {
  const interpret = (replica: string) =>
    fetch(`${target.url}/gsql/v1/queries/interpret?graph=${g}`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'text/plain', 'GSQL-REPLICA': replica },
      body: `INTERPRET QUERY () FOR GRAPH ${g} { PRINT 1 AS one; }`,
    });

  it('runs on an existing replica', async () => {
    expect((await interpret('1')).status).toBe(200);
  });

  it('refuses a replica that does not exist, or is not a number', async () => {
    for (const bad of ['99', '0', 'first']) {
      const answer = await interpret(bad);
      expect(answer.status).toBe(400);
      const body = (await answer.json()) as { error: boolean; message: string };
      expect(body.error).toBe(true);
      expect(body.message).toContain('GSQL-REPLICA');
    }
  });
});

describe('vertex list on a primary id shown as an attribute', () => {
  it('returns the id attribute, filters and sorts on it numerically', async () => {
    const all = await client.getVertices(V);
    expect(all).toHaveLength(3);
    for (const v of all) {
      if ('v_id' in v) expect(v.attributes).toMatchObject({ code: Number(v.v_id) });
    }
    const big = await client.getVertices(V, { filter: ['code>5'], sort: ['-code'] });
    expect(big.map((v) => ('v_id' in v ? v.v_id : ''))).toEqual(['10', '7']);
  });
});
