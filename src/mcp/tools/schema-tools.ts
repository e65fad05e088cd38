// Schema discovery: list_graphs (every graph with its type names) and get_schema (a compact
// summary of a graph, or one vertex or edge type in full).
import { z } from 'zod';
import { catalogue } from '../../core/ops/index.js';
import type { EdgeSchema, GraphSchema, VertexSchema } from '../../core/ops/shapes.js';
import { pairsClause } from '../../core/session/index.js';
import { jsonSafe } from '../json-safe.js';
import { count, jsonText } from '../render.js';
import { defineTool, graphArg, type ToolDef } from '../tool-kit.js';

const { getGraphs, getSchema } = catalogue;

type Attribute = VertexSchema['Attributes'][number];

function attributeList(attributes: readonly Attribute[]): string {
  return attributes.map((a) => `${a.AttributeName}:${a.AttributeType.Name}`).join(', ');
}

const vertexSummary = z.object({
  name: z.string(),
  primaryId: z.string().describe('primary id as name:TYPE'),
  attributes: z.string().describe('attributes as name:TYPE, comma-separated'),
});
const edgeSummary = z.object({
  name: z.string(),
  from: z.string().describe('source vertex type, or * when the edge joins several (see pairs)'),
  to: z.string().describe('target vertex type, or * when the edge joins several (see pairs)'),
  pairs: z
    .string()
    .optional()
    .describe('the FROM/TO pairs as DDL writes them, when the edge joins several'),
  directed: z.boolean(),
  attributes: z.string(),
});

export function summarise(schema: GraphSchema) {
  return {
    vertexTypes: schema.VertexTypes.map((v: VertexSchema) => ({
      name: v.Name,
      primaryId: v.PrimaryId
        ? `${v.PrimaryId.AttributeName}:${v.PrimaryId.AttributeType.Name}`
        : '',
      attributes: attributeList(v.Attributes),
    })),
    edgeTypes: schema.EdgeTypes.map((e: EdgeSchema) => ({
      name: e.Name,
      from: e.FromVertexTypeName,
      to: e.ToVertexTypeName,
      ...(e.EdgePairs && e.EdgePairs.length > 1 ? { pairs: pairsClause(e) } : {}),
      directed: e.IsDirected,
      attributes: attributeList(e.Attributes),
    })),
  };
}

/** The summary as GSQL-like lines: what a model reads to write queries. */
export function summaryText(graph: string, summary: ReturnType<typeof summarise>): string {
  const lines = [
    `graph ${graph}: ${count(summary.vertexTypes.length, 'vertex type')}, ` +
      `${count(summary.edgeTypes.length, 'edge type')}`,
    ...summary.vertexTypes.map(
      (v) =>
        `VERTEX ${v.name} (PRIMARY_ID ${v.primaryId}${v.attributes ? `, ${v.attributes}` : ''})`,
    ),
    ...summary.edgeTypes.map(
      (e) =>
        `${e.directed ? 'DIRECTED' : 'UNDIRECTED'} EDGE ${e.name} (${e.pairs ?? `FROM ${e.from}, TO ${e.to}`}` +
        `${e.attributes ? `, ${e.attributes}` : ''})`,
    ),
  ];
  return lines.join('\n');
}

export const listGraphsTool = defineTool({
  name: 'list_graphs',
  title: 'List graphs',
  description:
    'Lists every graph on the server with the names of its vertex and edge types. Use it first ' +
    'when you do not know which graph to work on; other tools take its names as "graph". ' +
    'Example input: {}',
  operations: [getGraphs],
  input: {},
  output: { graphs: jsonSafe(getGraphs.result.shape.graphs) },
  async run(_args, ctx) {
    const answer = await ctx.client.call('getGraphs', {}, ctx.call);
    const graphs = answer.graphs.map(({ graphName, vertices, edges }) => ({
      graphName,
      vertices,
      edges,
    }));
    return { structured: { graphs }, text: jsonText(count(graphs.length, 'graph'), graphs) };
  },
});

export const getSchemaTool = defineTool({
  name: 'get_schema',
  title: 'Get graph schema',
  description:
    'Schema of a graph. Without "type": a compact summary of every vertex type (primary id, ' +
    'attributes) and edge type (from, to, directed, attributes), enough to write queries. With ' +
    '"type": the full definition of that one vertex or edge type (attribute defaults, ' +
    'discriminators, indexes, config). Use before querying an unfamiliar graph. ' +
    'Example input: {"graph": "social"} or {"graph": "social", "type": "Person"}',
  operations: [getSchema],
  input: {
    graph: graphArg,
    type: z
      .string()
      .min(1)
      .optional()
      .describe('A vertex or edge type name for its full definition'),
  },
  output: {
    graph: z.string(),
    vertexTypes: z.array(vertexSummary).optional(),
    edgeTypes: z.array(edgeSummary).optional(),
    detail: jsonSafe(getSchema.result).optional().describe('the full definition of "type"'),
  },
  async run(args, ctx) {
    const graph = await ctx.graph(args.graph);
    if (args.type !== undefined) {
      const detail = await ctx.client.getSchema({ ...ctx.call, graph, type: args.type });
      return { structured: { graph, detail }, text: jsonText(`${graph}.${args.type}`, detail) };
    }
    const schema = (await ctx.client.getSchema({ ...ctx.call, graph })) as GraphSchema;
    const summary = summarise(schema);
    return { structured: { graph, ...summary }, text: summaryText(graph, summary) };
  },
});

export const schemaTools: readonly ToolDef[] = [listGraphsTool, getSchemaTool];
