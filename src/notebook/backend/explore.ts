// Graph exploration for the page, through the core operations: id suggestions for vertex pickers
// and the neighbourhood of a vertex for the graph view's "expand".
import type { GraphClient } from '../../core/client/index.js';

/** How many vertices are scanned for id suggestions; REST++ has no prefix filter on ids. */
const idScanLimit = 2_000;
const suggestions = 20;
/** Edges shown when expanding one vertex, and neighbours whose attributes are fetched. */
const expandEdgeLimit = 200;
const expandVertexFetch = 50;

export async function vertexIds(
  client: GraphClient,
  graph: string,
  type: string,
  prefix: string,
): Promise<string[]> {
  const vertices = await client.getVertices(type, { limit: idScanLimit }, { graph });
  const lower = prefix.toLowerCase();
  const ids = vertices
    .map((v) => String(v.v_id))
    .filter((id) => id.toLowerCase().startsWith(lower));
  return ids.sort((a, b) => a.localeCompare(b, undefined, { numeric: true })).slice(0, suggestions);
}

/** The vertex, its edges and its neighbours, shaped like a path-search result. */
export async function expandVertex(
  client: GraphClient,
  graph: string,
  type: string,
  id: string | number | bigint,
): Promise<unknown[]> {
  const [self, edges] = await Promise.all([
    client.getVertex({ type, id }, { graph }),
    client.getEdges({ type, id }, { limit: expandEdgeLimit }, { graph }),
  ]);
  const seen = new Set<string>([`${type}\u0000${String(id)}`]);
  const neighbours: { type: string; id: string }[] = [];
  for (const e of edges) {
    for (const [t, v] of [
      [e.from_type, e.from_id],
      [e.to_type, e.to_id],
    ] as const) {
      const key = `${String(t)}\u0000${String(v)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      neighbours.push({ type: String(t), id: String(v) });
    }
  }
  const fetched = await Promise.all(
    neighbours.slice(0, expandVertexFetch).map((n) =>
      client.getVertex(n, { graph }).then(
        (found) => found[0],
        () => undefined,
      ),
    ),
  );
  const bare = neighbours
    .slice(expandVertexFetch)
    .map((n) => ({ v_id: n.id, v_type: n.type, attributes: {} }));
  const vertices = [...self, ...fetched.filter((v) => v !== undefined), ...bare];
  return [{ vertices, edges }];
}
