// Stopping a running query from a face: besides cancelling the HTTP request, ask the server to
// stop the query, since closing the connection alone may leave it running. The statements
// channel does not tell the request id, so it is looked up in the process list by the query's
// endpoint (the installed query's name, or `interpret`).
import type { GraphClient } from '../client/index.js';

function endpointHint(text: string): string {
  const run = /^\s*RUN\s+QUERY\s+([A-Za-z_]\w*)/i.exec(text);
  return run?.[1] ? `/${run[1]}` : 'interpret';
}

/**
 * Aborts the graph's running queries whose endpoint matches the statement (or `hint`); best
 * effort, bounded in time; failures are ignored (the request itself is already gone).
 */
export async function abortRunningQuery(
  client: GraphClient,
  graph: string | undefined,
  text: string,
  hint = endpointHint(text),
): Promise<string[]> {
  if (graph === undefined) return [];
  const signal = AbortSignal.timeout(3_000);
  try {
    const running = await client.call(
      'showProcessList',
      { path: { graph_name: graph } },
      { signal },
    );
    const ids = running.filter((q) => q.url.includes(hint)).map((q) => q.requestid);
    if (ids.length > 0) await client.abortQuery(ids, { graph, signal });
    return ids;
  } catch {
    return [];
  }
}
