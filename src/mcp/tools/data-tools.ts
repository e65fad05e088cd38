// Reading data: vertices by type (with select, filter, sort, limit), one vertex, the edges of a
// vertex, and counts through the built-ins. Lists ask the service for one row more than they
// return, so "truncated" is exact, and count the total when they were cut.
import { z } from 'zod';
import { catalogue } from '../../core/ops/index.js';
import { edgeRecord } from '../../core/ops/shapes.js';
import { capJson } from '../cap.js';
import { jsonSafe } from '../json-safe.js';
import { count, rowsText } from '../render.js';
import { defineTool, graphArg, truncation, type ToolContext, type ToolDef } from '../tool-kit.js';
import {
  filterArg,
  limitArg,
  selectArg,
  sortArg,
  vertexIdArg,
  vertexTypeArg,
  typeName,
} from './args.js';

const { listVertices, getVertex, listEdges, listEdgesByType, listEdgesByTargetType, runBuiltin } =
  catalogue;

const rows = (schema: z.ZodType) => ({ rows: jsonSafe(schema), ...truncation });

/** Row limit of one call: the caller's, never above the server setting. */
function rowLimit(ctx: ToolContext, limit: number | undefined): number {
  return Math.min(limit ?? ctx.options.maxRows, ctx.options.maxRows);
}

function asCount(value: unknown): number | undefined {
  const first: unknown = Array.isArray(value) ? value[0] : undefined;
  const n = (first as { count?: unknown } | undefined)?.count;
  return typeof n === 'number' ? n : typeof n === 'bigint' ? Number(n) : undefined;
}

/** Cuts the list to `limit` rows (and to the byte budget); adds the total when known. */
function listAnswer(
  label: string,
  list: readonly unknown[],
  limit: number,
  ctx: ToolContext,
  plural = `${label}s`,
) {
  const overLimit = list.length > limit;
  const capped = capJson(list.slice(0, limit), ctx.options, { topLevelOnly: true });
  const truncated = overLimit || capped.truncated;
  return {
    rows: capped.value,
    truncated,
    headline: `${count(capped.value.length, label, plural)}${truncated ? ' (truncated)' : ''}`,
  };
}

export const getVerticesTool = defineTool({
  name: 'get_vertices',
  title: 'Get vertices',
  description:
    'Lists vertices of one type with their attributes, optionally filtered, sorted and limited. ' +
    'Use it to sample data or find vertices by attribute value. ' +
    'Example input: {"vertexType": "Person", "filter": ["age>30"], "select": ["name"], "limit": 10}',
  operations: [listVertices],
  input: {
    graph: graphArg,
    vertexType: vertexTypeArg,
    select: selectArg,
    filter: filterArg,
    sort: sortArg,
    limit: limitArg,
  },
  output: rows(z.array(catalogue.getVertex.result.element)),
  async run(args, ctx) {
    const graph = await ctx.graph(args.graph);
    const limit = rowLimit(ctx, args.limit);
    const base = { select: args.select, filter: args.filter, sort: args.sort };
    const list = await ctx.client.getVertices(
      args.vertexType,
      { ...base, limit: limit + 1 },
      { ...ctx.call, graph },
    );
    const answer = listAnswer('vertex', list, limit, ctx, 'vertices');
    let total: number | undefined;
    if (list.length > limit) {
      const counted = await ctx.client.getVertices(
        args.vertexType,
        { filter: args.filter, count_only: true },
        { ...ctx.call, graph },
      );
      total = asCount(counted);
    }
    const structured = {
      rows: answer.rows,
      truncated: answer.truncated,
      ...(total !== undefined ? { total } : {}),
    };
    const headline = total === undefined ? answer.headline : `${answer.headline} of ${total}`;
    return { structured, text: rowsText(headline, answer.rows) };
  },
});

export const getVertexTool = defineTool({
  name: 'get_vertex',
  title: 'Get one vertex',
  description:
    'Reads one vertex by type and primary id, with all or selected attributes. ' +
    'Example input: {"vertexType": "Person", "vertexId": "alice"}',
  operations: [getVertex],
  input: { graph: graphArg, vertexType: vertexTypeArg, vertexId: vertexIdArg, select: selectArg },
  output: { vertex: jsonSafe(getVertex.result.element) },
  async run(args, ctx) {
    const graph = await ctx.graph(args.graph);
    const path = { graph_name: graph, vertex_type: args.vertexType, vertex_id: args.vertexId };
    const [vertex] = await ctx.client.call(
      'getVertex',
      { path, query: { select: args.select } },
      ctx.call,
    );
    const plain = capJson(vertex, ctx.options).value;
    return { structured: { vertex: plain }, text: JSON.stringify(plain) };
  },
});

export const getEdgesTool = defineTool({
  name: 'get_edges',
  title: 'Get edges of a vertex',
  description:
    'Lists the edges leaving (and, for undirected types, touching) one vertex, optionally of one ' +
    'edge type and target vertex type, with select, filter, sort and limit. Use it to walk the ' +
    'neighbourhood of a vertex. Example input: {"vertexType": "Person", "vertexId": "alice", ' +
    '"edgeType": "knows", "limit": 20}',
  operations: [listEdges, listEdgesByType, listEdgesByTargetType],
  input: {
    graph: graphArg,
    vertexType: vertexTypeArg,
    vertexId: vertexIdArg,
    edgeType: typeName.optional().describe('Edge type name; default any'),
    targetVertexType: typeName.optional().describe('Target vertex type; default any'),
    select: selectArg,
    filter: filterArg,
    sort: sortArg,
    limit: limitArg,
  },
  output: rows(z.array(edgeRecord)),
  async run(args, ctx) {
    const graph = await ctx.graph(args.graph);
    const limit = rowLimit(ctx, args.limit);
    const list = (await ctx.client.getEdges(
      { type: args.vertexType, id: args.vertexId },
      {
        edgeType: args.edgeType,
        targetType: args.targetVertexType,
        select: args.select,
        filter: args.filter,
        sort: args.sort,
        limit: limit + 1,
      },
      { ...ctx.call, graph },
    )) as unknown[];
    const answer = listAnswer('edge', list, limit, ctx);
    return {
      structured: { rows: answer.rows, truncated: answer.truncated },
      text: rowsText(answer.headline, answer.rows),
    };
  },
});

const countRow = z.object({ type: z.string(), count: z.number() });

function countTool(kind: 'vertex' | 'edge') {
  const vertex = kind === 'vertex';
  return defineTool({
    name: vertex ? 'count_vertices' : 'count_edges',
    title: vertex ? 'Count vertices' : 'Count edges',
    description: vertex
      ? 'Counts vertices per type with the stat_vertex_number built-in: one type, or every type ' +
        'when "vertexType" is left out. Example input: {"vertexType": "Person"}'
      : 'Counts edges per type with the stat_edge_number built-in: one type, or every type when ' +
        '"edgeType" is left out. Example input: {"edgeType": "knows"}',
    operations: [runBuiltin],
    input: vertex
      ? { graph: graphArg, vertexType: vertexTypeArg.optional() }
      : {
          graph: graphArg,
          edgeType: typeName.optional().describe('Edge type name; default every type'),
        },
    output: { counts: z.array(countRow) },
    async run(args: { graph?: string; vertexType?: string; edgeType?: string }, ctx) {
      const graph = await ctx.graph(args.graph);
      const type = (vertex ? args.vertexType : args.edgeType) ?? '*';
      const answer = await ctx.client.call(
        'runBuiltin',
        {
          path: { graph_name: graph },
          body: { function: vertex ? 'stat_vertex_number' : 'stat_edge_number', type },
        },
        ctx.call,
      );
      const counts = answer.map((row) => {
        const r = row as { v_type?: string; e_type?: string; count?: number | bigint };
        return { type: r.v_type ?? r.e_type ?? '', count: Number(r.count ?? 0) };
      });
      const lines = counts.map((c) => `${c.type}: ${c.count}`);
      return { structured: { counts }, text: lines.join('\n') || 'no types' };
    },
  });
}

export const countVerticesTool = countTool('vertex');
export const countEdgesTool = countTool('edge');

export const dataTools: readonly ToolDef[] = [
  getVerticesTool,
  getVertexTool,
  getEdgesTool,
  countVerticesTool,
  countEdgesTool,
];
