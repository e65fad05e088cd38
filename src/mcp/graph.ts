// Which graph a tool works on: the `graph` argument, else the connection's graph (--graph), else
// the only graph on the server. With several graphs and none named, the model is told the names
// so that its next call can pick one.
import type { GraphClient } from '../core/client/index.js';
import { ToolRefusal } from './refusal.js';

export async function graphNames(client: GraphClient, signal?: AbortSignal): Promise<string[]> {
  const answer = await client.call('getGraphs', {}, { signal });
  return answer.graphs.map((g) => g.graphName);
}

export async function resolveGraph(
  client: GraphClient,
  given: string | undefined,
  signal?: AbortSignal,
): Promise<string> {
  if (given !== undefined && given !== '') return given;
  if (client.graph !== undefined) return client.graph;
  const names = await graphNames(client, signal);
  const [only] = names;
  if (names.length === 1 && only !== undefined) return only;
  throw new ToolRefusal(
    names.length === 0
      ? 'There is no graph yet: create one (with --allow-writes, run_gsql) first.'
      : `Several graphs exist; pass "graph" as one of: ${names.join(', ')}.`,
  );
}
