// The query-runtime suites' server: the embedded service in process on a fresh data folder, with
// a small graph and three installed queries (a quick one, a spinning loop for "long" runs, and
// one that fails at run time), and a GraphClient on that graph. Spinning uses a WHILE loop; the
// engine time-slices, so the service keeps answering while it runs.
import type { ServerOptions } from '../../../src/server/index.js';
import { startInProcess, type InProcessServer } from '../../helpers/in-process.js';

export type RuntimeServer = InProcessServer;

export const graph = 'rt';

export const setupScript = `CREATE VERTEX rt_p (PRIMARY_ID id STRING, age INT)
CREATE UNDIRECTED EDGE rt_k (FROM rt_p, TO rt_p)
CREATE GRAPH rt (rt_p, rt_k)
USE GRAPH rt
CREATE QUERY quick(INT minAge = 0) FOR GRAPH rt {
  S = {rt_p.*};
  S = SELECT s FROM S:s WHERE s.age >= minAge ORDER BY s.age;
  PRINT S;
}
CREATE QUERY spin(INT rounds) FOR GRAPH rt {
  SumAccum<INT> @@x;
  WHILE @@x < rounds LIMIT 2000000000 DO @@x += 1; END;
  PRINT @@x;
}
CREATE QUERY broken(INT zero = 0) FOR GRAPH rt {
  PRINT 1 / zero;
}
INSTALL QUERY quick, spin, broken`;

/** Enough rounds that only an abort or a timeout ends the loop within a test. */
export const forever = 1_000_000_000;

export async function startRuntimeServer(
  options: Partial<ServerOptions> = {},
): Promise<RuntimeServer> {
  const running = await startInProcess({ prefix: 'gwb-query-runtime', graph, server: options });
  const client = running.client;
  const setup = await client.gsql(setupScript);
  if (!setup.ok) throw new Error(`setup failed:\n${setup.output}`);
  await client.upsert({
    vertices: { rt_p: { a: { age: 30 }, b: { age: 40 }, c: { age: 10 } } },
    edges: { rt_p: { a: { rt_k: { rt_p: { b: {}, c: {} } } } } },
  });
  return running;
}

/** GET a path of the server as JSON, with its HTTP status. */
export async function getJson(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Polls `probe` every 20 ms until it gives a value other than undefined (at most ~10 s). */
export async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 500; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}
