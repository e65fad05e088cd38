// The schema as completion wants it (graphs, vertex and edge types with attributes, query
// names), fetched through the catalogue's operations and the shell's LS; shared by the REPL and
// the notebook.
import type { GraphClient } from '../client/index.js';
import type { CompletionSchema } from '../gsql/index.js';

export const emptyCompletionSchema: CompletionSchema = {
  graphs: [],
  vertexTypes: [],
  edgeTypes: [],
  queries: [],
};

/** Query names from the shell's LS output ("Queries:" then "  - name(params)" lines). */
export function queriesFromLs(output: string): string[] {
  const names: string[] = [];
  let inQueries = false;
  for (const line of output.split('\n')) {
    if (/^\S.*:\s*$/.test(line)) inQueries = line.trim() === 'Queries:';
    else if (inQueries) {
      const match = /^\s*-\s*([A-Za-z_][\w]*)/.exec(line);
      if (match?.[1]) names.push(match[1]);
    }
  }
  return names;
}

export async function fetchCompletionSchema(
  client: GraphClient,
  graph: string | undefined,
): Promise<CompletionSchema> {
  const graphs = (await client.call('getGraphs')).graphs.map((g) => g.graphName);
  if (graph === undefined || !graphs.includes(graph)) return { ...emptyCompletionSchema, graphs };
  const [schema, ls] = await Promise.all([
    client.getSchema({ graph }),
    client.gsql(`USE GRAPH ${graph}\nLS`).catch(() => undefined),
  ]);
  const types = (list: unknown) =>
    Array.isArray(list)
      ? (list as { Name: string; Attributes: { AttributeName: string }[] }[]).map((t) => ({
          name: t.Name,
          attributes: t.Attributes.map((a) => a.AttributeName),
        }))
      : [];
  const s = schema as { VertexTypes?: unknown; EdgeTypes?: unknown };
  return {
    graphs,
    vertexTypes: types(s.VertexTypes),
    edgeTypes: types(s.EdgeTypes),
    queries: ls?.ok ? queriesFromLs(ls.output) : [],
  };
}
