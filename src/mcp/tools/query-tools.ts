// Queries: list the installed ones, describe one (parameters, output, text, whether it writes),
// run an installed query, interpret a GSQL text, run a template (library) query. In read-only mode
// every query is checked by its parsed text before anything runs: writes are refused.
import { z } from 'zod';
import { catalogue } from '../../core/ops/index.js';
import { capJson } from '../cap.js';
import { interpretTool } from './interpret-tool.js';
import { jsonSafe } from '../json-safe.js';
import {
  installedQueryText,
  checkInstalledQueryArguments,
  checkTemplateArguments,
  ensureInstalledQueryReadOnly,
  ensureTemplateReadOnly,
} from '../query-text.js';
import { count, jsonText } from '../render.js';
import { queryAnswer, queryOutput } from './query-output.js';
import { defineTool, graphArg, truncation, type ToolDef } from '../tool-kit.js';
import { findWrites } from '../write-check.js';
import { paramsArg } from './args.js';
import { installedQueries } from '../../core/session/index.js';

const {
  listEndpoints,
  getQueryMetadata,
  runInstalledQueryPost,
  runStatements,
  runTemplateQuery,
  getTemplateInfo,
} = catalogue;

const nameArg = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a query name is a GSQL identifier')
  .describe('Name of the installed query, e.g. "top_friends"');

export const listQueriesTool = defineTool({
  name: 'list_queries',
  title: 'List installed queries',
  description:
    'Lists the installed queries of a graph with their parameters (name and type). Use it to ' +
    'find a query to run with run_installed_query; describe_query tells more about one. ' +
    'Example input: {"graph": "social"}',
  operations: [listEndpoints],
  input: { graph: graphArg },
  output: {
    graph: z.string(),
    queries: z.array(z.object({ name: z.string(), parameters: z.record(z.string(), z.unknown()) })),
  },
  async run(args, ctx) {
    const graph = await ctx.graph(args.graph);
    const queries = await installedQueries(ctx.client, graph, ctx.call);
    const capped = capJson(queries, ctx.options).value;
    const lines = capped.map((q) => `${q.name}(${Object.keys(q.parameters).join(', ')})`);
    return {
      structured: { graph, queries: capped },
      text: [
        `${count(queries.length, 'installed query', 'installed queries')} on ${graph}`,
        ...lines,
      ].join('\n'),
    };
  },
});

export const describeQueryTool = defineTool({
  name: 'describe_query',
  title: 'Describe an installed query',
  description:
    'Tells what an installed query takes and returns: its parameters in order (name and type), ' +
    'the shape of its PRINT output, its GSQL text, and whether it writes (read-only mode runs ' +
    'only queries that do not). Example input: {"name": "top_friends", "graph": "social"}',
  operations: [getQueryMetadata],
  fixedReads: [runStatements],
  input: { graph: graphArg, name: nameArg },
  output: {
    graph: z.string(),
    name: z.string(),
    parameters: jsonSafe(getQueryMetadata.result.shape.input).optional(),
    output: jsonSafe(getQueryMetadata.result.shape.output).optional(),
    text: z.string().optional(),
    writes: z
      .array(z.object({ kind: z.string(), what: z.string(), line: z.number(), column: z.number() }))
      .optional(),
  },
  async run(args, ctx) {
    const graph = await ctx.graph(args.graph);
    const [meta, shown] = await Promise.allSettled([
      ctx.client.call('getQueryMetadata', { query: { graph, query: args.name } }, ctx.call),
      installedQueryText(ctx.client, graph, args.name, ctx.call),
    ]);
    const text = shown.status === 'fulfilled' ? shown.value : undefined;
    if (meta.status === 'rejected' && text?.query === undefined) throw meta.reason;
    const structured = {
      graph,
      name: args.name,
      ...(meta.status === 'fulfilled'
        ? { parameters: meta.value.input, output: meta.value.output }
        : {}),
      ...(text?.query !== undefined ? { text: text.text, writes: findWrites(text.query) } : {}),
    };
    const plain = capJson(structured, ctx.options).value;
    return { structured: plain, text: jsonText(`query ${graph}.${args.name}`, plain) };
  },
});

export const runInstalledQueryTool = defineTool({
  name: 'run_installed_query',
  title: 'Run an installed query',
  description:
    'Runs an installed query by name with parameters (JSON form) and returns its PRINT results, ' +
    'capped to the row and size limits. In read-only mode the query text is checked first and a ' +
    'query that writes is refused. Example input: {"name": "top_friends", "params": {"p": ' +
    '{"id": "alice", "type": "Person"}, "k": 3}}',
  operations: [runInstalledQueryPost],
  fixedReads: [runStatements],
  guarded: true,
  input: { graph: graphArg, name: nameArg, params: paramsArg },
  output: queryOutput,
  async run(args, ctx) {
    const graph = await ctx.graph(args.graph);
    if (!ctx.options.allowWrites) {
      await ensureInstalledQueryReadOnly(ctx.client, graph, args.name, ctx.call, args.params ?? {});
    } else {
      await checkInstalledQueryArguments(ctx.client, graph, args.name, ctx.call, args.params ?? {});
    }
    const results = await ctx.client.runQuery(args.name, args.params ?? {}, {
      ...ctx.call,
      graph,
      method: 'POST',
    });
    return queryAnswer(`query ${args.name}`, results, ctx);
  },
});

export const runTemplateQueryTool = defineTool({
  name: 'run_template_query',
  title: 'Run a template query',
  description:
    'Runs a template (library) query, such as a graph algorithm from the library, on a graph ' +
    'with its parameters as JSON. In read-only mode its definition is checked first and a ' +
    'template that writes is refused. Example input: {"name": "GDBMS_ALGO.path.bfs", "graph": ' +
    '"social", "params": {"v_start": {"id": "alice", "type": "Person"}}}',
  operations: [runTemplateQuery, getTemplateInfo],
  guarded: true,
  input: {
    graph: graphArg,
    name: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_.]*$/, 'a template name is dotted GSQL identifiers')
      .describe('Template query name, e.g. "GDBMS_ALGO.path.bfs"'),
    params: paramsArg,
  },
  output: { results: jsonSafe(runTemplateQuery.result), ...truncation },
  async run(args, ctx) {
    const graph = await ctx.graph(args.graph);
    if (!ctx.options.allowWrites) {
      await ensureTemplateReadOnly(ctx.client, args.name, ctx.call, args.params ?? {});
    } else {
      await checkTemplateArguments(ctx.client, args.name, ctx.call, args.params ?? {});
    }
    const results = await ctx.client.runTemplate(args.name, args.params ?? {}, {
      ...ctx.call,
      graph,
    });
    return queryAnswer(`template ${args.name}`, results, ctx);
  },
});

export const queryTools: readonly ToolDef[] = [
  listQueriesTool,
  describeQueryTool,
  runInstalledQueryTool,
  interpretTool,
  runTemplateQueryTool,
];
