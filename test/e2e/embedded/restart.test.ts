// Durability of the embedded service: data written over HTTP is there after a clean restart
// and after SIGKILL (every acknowledged write survives).
import { afterEach, describe, expect, it } from 'vitest';
import { GraphClient } from '../../../src/core/client/index.js';
import { startGwbServe, type GwbServe } from '../../helpers/serve.js';
import { gsqlOk } from '../target.js';

const servers: GwbServe[] = [];
const clients: GraphClient[] = [];

async function start(dir?: string) {
  const serve = await startGwbServe(dir === undefined ? {} : { dir });
  servers.push(serve);
  const client = new GraphClient({
    url: serve.url,
    graph: 'g',
    username: 'tigergraph',
    password: 'tigergraph',
  });
  clients.push(client);
  return { serve, client };
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  for (const s of servers.splice(0)) await s.stop().catch(() => undefined);
});

async function seed(client: GraphClient): Promise<void> {
  await gsqlOk(
    client,
    `CREATE VERTEX p (PRIMARY_ID id STRING, n INT)
CREATE DIRECTED EDGE e (FROM p, TO p)
CREATE GRAPH g (p, e)`,
  );
}

describe('restart', () => {
  it('keeps schema and data across a clean restart', async () => {
    const first = await start();
    await seed(first.client);
    await first.client.upsert({
      vertices: { p: { a: { n: 1 }, b: { n: 2 } } },
      edges: { p: { a: { e: { p: { b: {} } } } } },
    });
    await first.serve.kill('SIGTERM');
    const second = await start(first.serve.dir);
    expect(await second.client.getVertices('p', { sort: ['n'] })).toMatchObject([
      { v_id: 'a' },
      { v_id: 'b' },
    ]);
    expect(await second.client.getEdges({ type: 'p', id: 'a' })).toMatchObject([{ to_id: 'b' }]);
  });

  it('keeps every acknowledged write after SIGKILL', async () => {
    const first = await start();
    await seed(first.client);
    const acknowledged: string[] = [];
    for (let i = 0; i < 50; i++) {
      await first.client.upsert({ vertices: { p: { [`v${i}`]: { n: i } } } });
      acknowledged.push(`v${i}`);
    }
    await first.serve.kill('SIGKILL');
    const second = await start(first.serve.dir);
    const ids = (await second.client.getVertices('p', { limit: 1000 })).map((v) =>
      'v_id' in v ? v.v_id : '',
    );
    expect(ids.sort()).toEqual(acknowledged.sort());
  });
});
