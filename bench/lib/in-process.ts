// What the in-process robustness benches share (bench:robustness, bench:load-ping): a service
// started by startServer() in the bench process, its one-edge-type schema with a loading job,
// authenticated POSTs, and random edge lines for /restpp/ddl.
import type { RunningServer } from '../../src/server/index.js';

export const benchAuth = {
  authorization: `Basic ${Buffer.from('tigergraph:tigergraph').toString('base64')}`,
};

/** The graph `bench`: vertices v, directed edges e, and the loading job load_e for CSV pairs. */
export const edgeSchema = `CREATE VERTEX v (PRIMARY_ID id STRING, n INT)
CREATE DIRECTED EDGE e (FROM v, TO v)
CREATE GRAPH bench (v, e)
CREATE LOADING JOB load_e FOR GRAPH bench {
  DEFINE FILENAME f;
  LOAD f TO EDGE e VALUES ($0, $1) USING SEPARATOR=",";
}`;

/** Where load_e takes a body. */
export const ddlPath = '/restpp/ddl/bench?tag=load_e&filename=f';

/** POSTs `body`; the answer's text, or an error naming the path and status. */
export async function postText(
  server: RunningServer,
  path: string,
  body: string,
  type = 'text/plain',
): Promise<string> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { ...benchAuth, 'content-type': type },
    body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 300)}`);
  return text;
}

/** `n` lines "vA,vB" of random ends among `vertices`, drawn from `next`. */
export function edgeLines(next: () => number, vertices: number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++)
    out.push(`v${Math.floor(next() * vertices)},v${Math.floor(next() * vertices)}`);
  return `${out.join('\n')}\n`;
}
