// The installed queries of a graph, from the service's endpoint listing (the dynamic endpoints
// are the installed queries, with their parameters): works on the real service and the embedded
// one alike, without the GSQL shell.
import type { CallOptions, GraphClient } from '../client/index.js';

export interface InstalledQuery {
  readonly name: string;
  readonly parameters: Record<string, unknown>;
}

/** `GET /query/<graph>/<name>` (or with the /restpp prefix) -> the query name. */
function queryName(key: string, graph: string): string | undefined {
  const path = key.split(' ')[1] ?? '';
  const parts = path.split('/').filter((p) => p !== '');
  const at = parts.indexOf('query');
  if (at < 0 || parts[at + 1] !== graph) return undefined;
  return parts[at + 2];
}

export async function installedQueries(
  client: GraphClient,
  graph: string,
  options: CallOptions = {},
): Promise<InstalledQuery[]> {
  const listing = await client.call(
    'listEndpoints',
    { path: { graph_name: graph }, query: { dynamic: true, builtin: false, static: false } },
    options,
  );
  const byName = new Map<string, InstalledQuery>();
  for (const [key, entry] of Object.entries(listing)) {
    const name = queryName(key, graph);
    if (name === undefined || byName.has(name)) continue;
    byName.set(name, { name, parameters: { ...(entry.parameters ?? {}) } });
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}
