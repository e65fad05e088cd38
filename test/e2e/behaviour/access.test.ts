// Access control through the client, against any server that speaks the API: a user made by GSQL
// with a role on the suite's graph may do what the role allows and gets 403 for the rest, its own
// secrets are listed masked, and dropping the user ends its access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphClient } from '../../../src/core/client/index.js';
import { isGraphError } from '../../../src/core/errors.js';
import { gsqlOk, openTarget, type Target } from '../target.js';

let target: Target;
let g: string;
let user: string;
let reader: GraphClient;

beforeAll(async () => {
  target = await openTarget('access');
  g = target.graph;
  user = `${g}_reader`;
  await gsqlOk(
    target.client,
    `CREATE VERTEX ${g}_p (PRIMARY_ID id STRING, name STRING)
CREATE GRAPH ${g} (${g}_p)
CREATE USER ${user} WITH PASSWORD "reader-pw"
GRANT ROLE queryreader ON GRAPH ${g} TO ${user}`,
  );
  reader = new GraphClient({ url: target.url, graph: g, username: user, password: 'reader-pw' });
});
afterAll(async () => {
  await reader?.close();
  await target?.close();
});

async function statusOf(work: Promise<unknown>): Promise<number | undefined> {
  try {
    await work;
    return 200;
  } catch (error) {
    return isGraphError(error) ? error.status : undefined;
  }
}

describe('a queryreader', () => {
  it('reads the schema and the data of its graph', async () => {
    expect(await statusOf(reader.call('getSchema', { query: { graph: g } }))).toBe(200);
    const vertices = reader.call('listVertices', {
      path: { graph_name: g, vertex_type: `${g}_p` },
    });
    expect(await statusOf(vertices)).toBe(200);
  });

  it('is refused what its role lacks: creating queries, reading roles (403)', async () => {
    const change = reader.gsql(`USE GRAPH ${g}\nCREATE QUERY q_${g}() FOR GRAPH ${g} { PRINT 1; }`);
    const answer = await change;
    expect(answer.ok).toBe(false);
    expect(answer.output).toMatch(/Permission denied|privilege/i);
    expect(await statusOf(reader.call('getRoles'))).toBe(403);
  });

  it('sees only its own secrets, masked', async () => {
    const made = await reader.gsql(`USE GRAPH ${g}\nCREATE SECRET ${g}_s`);
    expect(made.ok).toBe(true);
    const secret = /The secret: (\S+) /.exec(made.output)?.[1] ?? '';
    expect(secret.length).toBeGreaterThan(8);
    const shown = await reader.gsql('SHOW SECRET');
    expect(shown.output).toContain(`Alias: ${g}_s`);
    expect(shown.output).not.toContain(secret);
  });

  it('loses access when dropped', async () => {
    await gsqlOk(target.client, `DROP USER ${user}`);
    expect(await statusOf(reader.call('getSchema', { query: { graph: g } }))).toBe(401);
  });
});
