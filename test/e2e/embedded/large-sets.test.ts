// Sizes that follow the data never hit a JavaScript stack limit: a seed set of a type with 200,000
// vertices (`{person.*}`, `{ANY}`) answers, and a query deleting 200,000 vertices deletes them all
// (issue 16: spreading data-sized arrays into calls overflowed the stack past ~122,000 items).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcess, type InProcessServer } from '../../helpers/in-process.js';

const count = 200_000;
let running: InProcessServer;
const auth = { authorization: `Basic ${Buffer.from('tigergraph:tigergraph').toString('base64')}` };

async function interpret(text: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${running.url}/gsql/v1/queries/interpret?graph=big`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'text/plain' },
    body: text,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  running = await startInProcess({ prefix: 'gwb-large-sets', graph: 'big' });
  const setup = await running.client.gsql(`CREATE VERTEX person (PRIMARY_ID id STRING, n INT)
CREATE DIRECTED EDGE knows (FROM person, TO person)
CREATE GRAPH big (person, knows)
CREATE LOADING JOB load_people FOR GRAPH big {
  DEFINE FILENAME f;
  LOAD f TO VERTEX person VALUES ($0, $1) USING SEPARATOR=",";
}`);
  expect(setup.ok, setup.output).toBe(true);
  const lines: string[] = [];
  for (let i = 0; i < count; i++) lines.push(`p${i},${i}`);
  const response = await fetch(`${running.url}/restpp/ddl/big?tag=load_people&filename=f`, {
    method: 'POST',
    headers: auth,
    body: `${lines.join('\n')}\n`,
  });
  expect(response.status).toBe(200);
  await response.text();
}, 120_000);

afterAll(async () => {
  await running.close();
});

describe('data-sized sets', () => {
  it('answers a seed set of every vertex of a type', async () => {
    const { status, body } = await interpret(
      'INTERPRET QUERY () FOR GRAPH big { S = {person.*}; PRINT S.size() AS n; }',
    );
    expect(status, JSON.stringify(body).slice(0, 500)).toBe(200);
    expect(body.results).toEqual([{ n: count }]);
  }, 60_000);

  it('answers a seed set of ANY and a target step naming a vertex set', async () => {
    const { status, body } = await interpret(
      `INTERPRET QUERY () FOR GRAPH big {
  S = {ANY};
  T = SELECT t FROM S:s -(knows>)- S:t;
  PRINT S.size() AS n, T.size() AS m;
}`,
    );
    expect(status, JSON.stringify(body).slice(0, 500)).toBe(200);
    expect(body.results).toEqual([{ n: count, m: 0 }]);
  }, 60_000);

  it('deletes 200,000 vertices in one query', async () => {
    const { status, body } = await interpret(
      'INTERPRET QUERY () FOR GRAPH big { S = {person.*}; DELETE s FROM S:s; }',
    );
    expect(status, JSON.stringify(body).slice(0, 500)).toBe(200);
    const after = await interpret(
      'INTERPRET QUERY () FOR GRAPH big { S = {person.*}; PRINT S.size() AS n; }',
    );
    expect(after.body.results).toEqual([{ n: 0 }]);
  }, 120_000);
});
