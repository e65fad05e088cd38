// The tools that change data or schema, registered only with --allow-writes: upsert, delete
// vertices and edges, load data through a loading job, create and install a query, run GSQL
// statements, change the schema. GSQL texts are parsed first, so a syntax error comes back with
// line:column and nothing is sent.
import { z } from 'zod';
import { catalogue } from '../../core/ops/index.js';
import { parse } from '../../core/gsql/index.js';
import { capText } from '../cap.js';
import { jsonSafe, jsonSafeField } from '../json-safe.js';
import { jsonText } from '../render.js';
import { ToolRefusal } from '../refusal.js';
import { defineTool, graphArg, type ToolContext, type ToolDef } from '../tool-kit.js';
import { isIdentifier } from '../query-text.js';
import { createQueries, formatProblems, syntaxProblem } from '../write-check.js';
import { bodyOf, filterArg, limitArg, vertexIdArg, vertexTypeArg, typeName } from './args.js';

const {
  upsertGraph,
  deleteVertex,
  deleteVertices,
  deleteEdge,
  deleteEdgesByType,
  deleteEdgesByTargetType,
  loadData,
  runStatements,
  runSchemaChange,
} = catalogue;

function refuseSyntax(text: string): void {
  const problems = parse(text)
    .diagnostics.filter((d) => d.severity === 'error')
    .map(syntaxProblem);
  if (problems.length > 0) {
    throw new ToolRefusal(`GSQL syntax error, nothing was sent:\n${formatProblems(problems)}`, {
      problems,
    });
  }
}

/** Runs a script through the shell channel; a failing statement makes the tool fail. */
async function shell(ctx: ToolContext, script: string) {
  const answer = await ctx.client.gsql(script, ctx.call);
  const { text, truncated } = capText(answer.output, ctx.options.maxBytes);
  if (!answer.ok) throw new ToolRefusal(`GSQL failed (return code ${answer.returnCode}):\n${text}`);
  return { structured: { output: text, truncated }, text };
}

export const upsertDataTool = defineTool({
  name: 'upsert_data',
  title: 'Upsert vertices and edges',
  description:
    'Creates or updates vertices and edges in the nested JSON upsert format. Attributes are ' +
    'given as {"attr": {"value": v}} (optionally with "op": "add", "max", ...). Example input: ' +
    '{"data": {"vertices": {"Person": {"alice": {"age": {"value": 31}}}}, "edges": {"Person": ' +
    '{"alice": {"knows": {"Person": {"bob": {}}}}}}}}',
  operations: [upsertGraph],
  write: true,
  input: {
    graph: graphArg,
    data: jsonSafe(bodyOf(upsertGraph.body, upsertGraph.name), 'input').describe(
      '{"vertices": {...}, "edges": {...}}',
    ),
    newVertexOnly: z.boolean().optional().describe('Only create; never update existing vertices'),
    vertexMustExist: z.boolean().optional().describe('Skip edges whose end vertices are missing'),
  },
  output: { result: jsonSafe(upsertGraph.result) },
  async run(args, ctx) {
    const graph = await ctx.graph(args.graph);
    const result = await ctx.client.upsert(
      args.data as never,
      { new_vertex_only: args.newVertexOnly, vertex_must_exist: args.vertexMustExist },
      { ...ctx.call, graph },
    );
    return { structured: { result }, text: jsonText('upserted', result) };
  },
});

export const deleteVerticesTool = defineTool({
  name: 'delete_vertices',
  title: 'Delete vertices',
  description:
    'Deletes one vertex (by "vertexId") or the vertices of a type that match "filter" (with an ' +
    'optional "limit"). One of vertexId or filter is required, so a type is never emptied by ' +
    'accident. Example input: {"vertexType": "Person", "vertexId": "alice"}',
  operations: [deleteVertex, deleteVertices],
  write: true,
  input: {
    graph: graphArg,
    vertexType: vertexTypeArg,
    vertexId: vertexIdArg.optional(),
    filter: filterArg,
    limit: limitArg,
  },
  output: { result: jsonSafe(deleteVertex.result) },
  async run(args, ctx) {
    const graph = await ctx.graph(args.graph);
    const path = { graph_name: graph, vertex_type: args.vertexType };
    let result: unknown;
    if (args.vertexId !== undefined) {
      const full = { ...path, vertex_id: args.vertexId };
      result = await ctx.client.call('deleteVertex', { path: full }, ctx.call);
    } else if (args.filter !== undefined) {
      const query = { filter: args.filter, limit: args.limit };
      result = await ctx.client.call('deleteVertices', { path, query }, ctx.call);
    } else {
      throw new ToolRefusal('Give "vertexId" or "filter": nothing was deleted.');
    }
    return { structured: { result }, text: jsonText('deleted', result) };
  },
});

export const deleteEdgesTool = defineTool({
  name: 'delete_edges',
  title: 'Delete edges',
  description:
    'Deletes the edges of one type from a vertex: all of them, those to a target vertex type, ' +
    'or the one(s) to a target vertex; "filter" narrows further. Example input: {"vertexType": ' +
    '"Person", "vertexId": "alice", "edgeType": "knows", "targetVertexType": "Person", ' +
    '"targetVertexId": "bob"}',
  operations: [deleteEdge, deleteEdgesByType, deleteEdgesByTargetType],
  write: true,
  input: {
    graph: graphArg,
    vertexType: vertexTypeArg,
    vertexId: vertexIdArg,
    edgeType: typeName.describe('Edge type name'),
    targetVertexType: typeName.optional(),
    targetVertexId: vertexIdArg.optional(),
    filter: jsonSafeField(deleteEdge.query.shape, 'filter'),
  },
  output: { result: jsonSafe(deleteEdge.result) },
  async run(args, ctx) {
    const graph = await ctx.graph(args.graph);
    const base = {
      graph_name: graph,
      source_vertex_type: args.vertexType,
      source_vertex_id: args.vertexId,
      edge_type: args.edgeType,
    };
    const query = { filter: args.filter };
    let result: unknown;
    if (args.targetVertexType === undefined) {
      if (args.targetVertexId !== undefined) {
        throw new ToolRefusal('"targetVertexId" needs "targetVertexType": nothing was deleted.');
      }
      result = await ctx.client.call('deleteEdgesByType', { path: base, query }, ctx.call);
    } else if (args.targetVertexId === undefined) {
      const path = { ...base, target_vertex_type: args.targetVertexType };
      result = await ctx.client.call('deleteEdgesByTargetType', { path, query }, ctx.call);
    } else {
      const path = {
        ...base,
        target_vertex_type: args.targetVertexType,
        target_vertex_id: args.targetVertexId,
      };
      result = await ctx.client.call('deleteEdge', { path, query }, ctx.call);
    }
    return { structured: { result }, text: jsonText('deleted', result) };
  },
});

export const runLoadingJobTool = defineTool({
  name: 'run_loading_job',
  title: 'Run a loading job on data',
  description:
    'Loads CSV or JSON lines given in "data" through an existing loading job ("job"), for one ' +
    'of its filename variables ("filename"), and returns the loading statistics. Example ' +
    'input: {"job": "load_people", "filename": "f1", "data": "alice,31\\nbob,25", "sep": ","}',
  operations: [loadData],
  write: true,
  input: {
    graph: graphArg,
    job: z.string().min(1).describe('Loading job name'),
    filename: z.string().min(1).describe('The job\'s filename variable, e.g. "f1"'),
    data: z.string().min(1).describe('The data lines'),
    sep: jsonSafeField(loadData.query.shape, 'sep'),
    eol: jsonSafeField(loadData.query.shape, 'eol'),
    header: z.boolean().optional().describe('The first line is a header'),
  },
  output: { result: jsonSafe(loadData.result) },
  async run(args, ctx) {
    const graph = await ctx.graph(args.graph);
    const query = {
      tag: args.job,
      filename: args.filename,
      sep: args.sep,
      eol: args.eol,
      header: args.header,
    };
    const result = await ctx.client.call(
      'loadData',
      { path: { graph_name: graph }, query, body: args.data },
      ctx.call,
    );
    return { structured: { result }, text: jsonText('loaded', result) };
  },
});

export const installQueryTool = defineTool({
  name: 'install_query',
  title: 'Create and install a query',
  description:
    'Creates (or replaces) a query from its CREATE QUERY text and installs it, so that ' +
    'run_installed_query can run it. The text is checked first; a syntax error comes back with ' +
    'line:column. Example input: {"query": "CREATE OR REPLACE QUERY adults() FOR GRAPH social ' +
    '{ S = {Person.*}; T = SELECT s FROM S:s WHERE s.age >= 18; PRINT T; }"}',
  operations: [runStatements],
  write: true,
  input: {
    graph: graphArg,
    query: z.string().min(1).describe('One or more CREATE [OR REPLACE] QUERY statements'),
  },
  output: { output: z.string(), truncated: z.boolean() },
  async run(args, ctx) {
    refuseSyntax(args.query);
    const { queries } = createQueries(args.query);
    if (queries.length === 0) throw new ToolRefusal('Expected CREATE QUERY statements.');
    const graph = queries[0]?.graph ?? (await ctx.graph(args.graph));
    if (!isIdentifier(graph)) throw new ToolRefusal(`"${graph}" is not a graph name.`);
    const names = queries.map((q) => q.name).join(', ');
    return shell(ctx, `USE GRAPH ${graph}\n${args.query}\nINSTALL QUERY ${names}`);
  },
});

export const runGsqlTool = defineTool({
  name: 'run_gsql',
  title: 'Run GSQL statements',
  description:
    'Runs GSQL statements as the GSQL shell does (schema DDL, CREATE/INSTALL/RUN QUERY, ' +
    'loading jobs, SHOW, ...) and returns what the shell prints. The text is checked first. ' +
    'Prefer the specific tools when one fits. Example input: {"query": "USE GRAPH social\\n' +
    'CREATE VERTEX City (PRIMARY_ID name STRING)"}',
  operations: [runStatements],
  write: true,
  input: { query: z.string().min(1).describe('GSQL statements, one per line or ;-separated') },
  output: { output: z.string(), truncated: z.boolean() },
  async run(args, ctx) {
    refuseSyntax(args.query);
    return shell(ctx, args.query);
  },
});

export const changeSchemaTool = defineTool({
  name: 'change_schema',
  title: 'Change the schema',
  description:
    'Applies a schema change to a graph at once: add, drop or alter vertex and edge types, in ' +
    'the JSON form of the schema endpoints. Types created outside a graph are global: change ' +
    'them with "global": true. Example input: {"graph": "social", "change": ' +
    '{"alterVertexTypes": [{"name": "Person", "addAttributes": [{"AttributeName": "email", ' +
    '"AttributeType": {"Name": "STRING"}}]}]}}',
  operations: [runSchemaChange],
  write: true,
  input: {
    graph: graphArg,
    change: jsonSafe(bodyOf(runSchemaChange.body, runSchemaChange.name), 'input').describe(
      'The change as JSON',
    ),
    global: z
      .boolean()
      .optional()
      .describe('Change global types (shared by graphs, created outside a graph) instead'),
  },
  output: { message: z.string() },
  async run(args, ctx) {
    const graph = args.global === true ? undefined : await ctx.graph(args.graph);
    const message = await ctx.client.call(
      'runSchemaChange',
      { query: { graph }, body: args.change as never },
      ctx.call,
    );
    return { structured: { message }, text: message };
  },
});

export const writeTools: readonly ToolDef[] = [
  upsertDataTool,
  deleteVerticesTool,
  deleteEdgesTool,
  runLoadingJobTool,
  installQueryTool,
  runGsqlTool,
  changeSchemaTool,
];
