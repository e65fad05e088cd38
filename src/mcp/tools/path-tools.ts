// Path finding through the service's built-in endpoints: unweighted shortest paths and all paths
// up to a length, between one or several sources and targets, with vertex and edge filters.
import { z } from 'zod';
import { catalogue } from '../../core/ops/index.js';
import { capJson } from '../cap.js';
import { jsonSafe } from '../json-safe.js';
import { count, rowsText, truncationNote } from '../render.js';
import { ToolRefusal } from '../refusal.js';
import { defineTool, graphArg, truncation, type ToolDef } from '../tool-kit.js';
import { edgeFiltersArg, vertexFiltersArg, vertexRefArg, vertexRefsArg } from './args.js';

const { shortestPath, allPaths } = catalogue;

const ends = {
  source: vertexRefArg.optional(),
  sources: vertexRefsArg.optional(),
  target: vertexRefArg.optional(),
  targets: vertexRefsArg.optional(),
  vertexFilters: vertexFiltersArg,
  edgeFilters: edgeFiltersArg,
};

type Ends = { source?: unknown; sources?: unknown; target?: unknown; targets?: unknown };

/** The service wants exactly one of each pair; say so before sending. */
function checkEnds(args: Ends): void {
  const one = (a: unknown, b: unknown) => (a === undefined) !== (b === undefined);
  if (!one(args.source, args.sources) || !one(args.target, args.targets)) {
    throw new ToolRefusal('Give exactly one of "source"/"sources" and one of "target"/"targets".');
  }
}

const output = { paths: jsonSafe(shortestPath.result), ...truncation };

function answer(paths: unknown[], maxRows: number, maxBytes: number) {
  const capped = capJson(paths, { maxRows, maxBytes }, { topLevelOnly: true });
  const structured = {
    paths: capped.value,
    truncated: capped.truncated,
    ...(capped.total !== undefined ? { total: paths.length } : {}),
  };
  const headline = `${count(paths.length, 'path')}${truncationNote(capped)}`;
  return { structured, text: rowsText(headline, capped.value) };
}

export const findShortestPathsTool = defineTool({
  name: 'find_shortest_paths',
  title: 'Find shortest paths',
  description:
    'Finds the unweighted shortest path(s) between source and target vertices (hop count, up ' +
    'to "maxLength", default 6), optionally only through vertices and edges that pass filters. ' +
    'Each path lists its vertices and edges. Use it to explain how two entities are connected. ' +
    'Example input: {"source": {"type": "Person", "id": "alice"}, "target": {"type": ' +
    '"Person", "id": "dave"}, "maxLength": 4}',
  operations: [shortestPath],
  input: {
    graph: graphArg,
    ...ends,
    maxLength: z.number().int().positive().optional().describe('Longest path in hops'),
    allShortestPaths: z.boolean().optional().describe('Every shortest path, not just one'),
  },
  output,
  async run(args, ctx) {
    checkEnds(args);
    const graph = await ctx.graph(args.graph);
    const { graph: _g, ...body } = args;
    const paths = await ctx.client.shortestPath(body, { ...ctx.call, graph });
    return answer(paths, ctx.options.maxRows, ctx.options.maxBytes);
  },
});

export const findAllPathsTool = defineTool({
  name: 'find_all_paths',
  title: 'Find all paths',
  description:
    'Finds every path (loops included) between source and target vertices up to "maxLength" ' +
    'hops, optionally through filtered vertices and edges. Results grow fast: keep maxLength ' +
    'small (2-4). Example input: {"source": {"type": "Person", "id": "alice"}, "target": ' +
    '{"type": "Company", "id": "acme"}, "maxLength": 3}',
  operations: [allPaths],
  input: {
    graph: graphArg,
    ...ends,
    maxLength: z.number().int().positive().describe('Longest path in hops (required)'),
  },
  output,
  async run(args, ctx) {
    checkEnds(args);
    const graph = await ctx.graph(args.graph);
    const { graph: _g, ...body } = args;
    const paths = await ctx.client.allPaths(body, { ...ctx.call, graph });
    return answer(paths, ctx.options.maxRows, ctx.options.maxBytes);
  },
});

export const pathTools: readonly ToolDef[] = [findShortestPathsTool, findAllPathsTool];
