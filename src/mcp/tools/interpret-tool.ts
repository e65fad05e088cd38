// interpret_query: runs a GSQL text once without installing it. The text is parsed first: a
// syntax error comes back with line:column and what was expected, and in read-only mode a text
// whose tree writes is refused. In both cases nothing is sent.
import { catalogue } from '../../core/ops/index.js';
import { withGraph } from '../interpret-text.js';
import { ToolRefusal } from '../refusal.js';
import { defineTool, graphArg, type ToolDef } from '../tool-kit.js';
import { checkQueryText, formatProblems } from '../write-check.js';
import { ensureCalledQueriesReadOnly, refuseWrites } from '../query-text.js';
import { paramsArg } from './args.js';
import { queryAnswer, queryOutput } from './query-output.js';
import { z } from 'zod';

const { interpretQuery } = catalogue;

export const interpretTool: ToolDef = defineTool({
  name: 'interpret_query',
  title: 'Interpret a GSQL query',
  description:
    'Runs a GSQL query text once, without installing it: INTERPRET QUERY (params) FOR GRAPH g ' +
    '{ ... }. Parameters go in "params" by name. The text is checked first: a syntax error ' +
    'comes back with line:column and what was expected, and in read-only mode a query that ' +
    'writes (attribute updates, INSERT, DELETE, UPDATE, setAttr, files) is refused before ' +
    'anything is sent. FOR GRAPH may be left out: "graph" (or the default) is used. ' +
    'Example input: {"query": "INTERPRET QUERY (INT n) FOR GRAPH social { S = {Person.*}; ' +
    'T = SELECT s FROM S:s WHERE s.age > n; PRINT T; }", "params": {"n": 30}}',
  operations: [interpretQuery],
  guarded: true,
  input: {
    graph: graphArg,
    query: z.string().min(1).describe('The GSQL text: INTERPRET QUERY (...) [FOR GRAPH g] { ... }'),
    params: paramsArg,
  },
  output: queryOutput,
  async run(args, ctx) {
    const checked = checkQueryText(args.query);
    if (!checked.ok) {
      throw new ToolRefusal(
        `GSQL syntax error, nothing was sent:\n${formatProblems(checked.problems)}`,
        { problems: checked.problems },
      );
    }
    if (!ctx.options.allowWrites && checked.writes.length > 0) {
      refuseWrites('the query', checked.writes);
    }
    const graph = checked.query.graph ?? (await ctx.graph(args.graph));
    if (!ctx.options.allowWrites) {
      await ensureCalledQueriesReadOnly(ctx.client, graph, checked.query, ctx.call);
    }
    const text = withGraph(args.query, graph, checked.query.graph !== null);
    const results = await ctx.client.interpret(text, args.params ?? {}, ctx.call);
    return queryAnswer('interpreted query', results, ctx);
  },
});
