// Path finding endpoints: /restpp/shortestpath and /restpp/allpaths. The body's source/sources
// and target/targets become one request; the answer is the subgraph of the found paths, with
// the real service's note when a filter array was missing.
import {
  allPaths,
  emptyFilterMessage,
  shortestPaths,
  type PathRequest,
} from '../engine/paths/find-paths.js';
import type { Engine } from '../engine/engine.js';
import { queryService } from '../engine/queries/service.js';
import type { HandlerMap } from '../http/context.js';
import { withEngineErrors } from './engine-errors.js';

type Ref = { readonly type?: string; readonly id: unknown };
interface PathBody {
  readonly source?: Ref;
  readonly sources?: readonly Ref[];
  readonly target?: Ref;
  readonly targets?: readonly Ref[];
  readonly vertexFilters?: readonly { type: string; condition?: string }[];
  readonly edgeFilters?: readonly { type: string; condition?: string }[];
  readonly maxLength?: number;
  readonly allShortestPaths?: boolean;
}

function refs(one: Ref | undefined, many: readonly Ref[] | undefined): PathRequest['sources'] {
  return (many ?? (one ? [one] : [])).map((r) => ({
    type: r.type ?? '',
    id: typeof r.id === 'number' ? r.id : String(r.id as string),
  }));
}

function request(graph: string, body: PathBody): PathRequest {
  return {
    graph,
    sources: refs(body.source, body.sources),
    targets: refs(body.target, body.targets),
    ...(body.vertexFilters ? { vertexFilters: body.vertexFilters } : {}),
    ...(body.edgeFilters ? { edgeFilters: body.edgeFilters } : {}),
    ...(body.maxLength !== undefined ? { maxLength: body.maxLength } : {}),
    ...(body.allShortestPaths !== undefined ? { allShortestPaths: body.allShortestPaths } : {}),
  };
}

/**
 * One path search per request, with the request's deadline. The search runs to its end without
 * yielding to the event loop, so a client's disconnect could not reach it through an abort signal
 * (making one per request cost more than many searches): its answer is simply not sent.
 */
function answer(
  find: typeof shortestPaths,
  ctx: {
    engine: Engine;
    params: { graph_name: string };
    body: PathBody;
    timeoutMs: number;
  },
) {
  const graph = ctx.engine.graph;
  // Edges loaded since the last rebuild sit in per-vertex delta lists (the search reads them
  // too); a large delta is merged into the compact arrays first, as before a query, and only
  // while no query runs (a suspended run may be reading the arrays the merge replaces).
  if (queryService(ctx.engine).running.size === 0) graph.compactLargeDeltas();
  const found = find(graph, request(ctx.params.graph_name, ctx.body), {
    deadline: Date.now() + ctx.timeoutMs,
  });
  return { results: found.results, message: emptyFilterMessage(found.missingFilters) };
}

export const pathHandlers: HandlerMap = withEngineErrors({
  shortestPath: async (ctx) => answer(shortestPaths, ctx),
  allPaths: async (ctx) => answer(allPaths, ctx),
});
