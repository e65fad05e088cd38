// Prompts: explore-graph walks a model through schema -> counts -> sample vertices -> a first
// query; write-gsql-query grounds a query in the live schema (fetched when the prompt is asked).
import type { McpServer } from './sdk.js';
import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { GraphClient } from '../core/client/index.js';
import { describeError } from './tool-kit.js';
import { resolveGraph } from './graph.js';
import { summarise, summaryText } from './tools/schema-tools.js';
import type { GraphSchema } from '../core/ops/shapes.js';

function userText(text: string): GetPromptResult {
  return { messages: [{ role: 'user', content: { type: 'text', text } }] };
}

/** The schema as GSQL-like lines, or why it could not be read. */
async function schemaText(client: GraphClient, graph: string): Promise<string> {
  try {
    const schema = (await client.getSchema({ graph })) as GraphSchema;
    return summaryText(graph, summarise(schema));
  } catch (error) {
    return `(the schema could not be read: ${describeError(error)})`;
  }
}

const graphArg = z.string().optional().describe("Graph to work on (default: the connection's)");

export function registerPrompts(server: McpServer, client: GraphClient): void {
  server.registerPrompt(
    'explore-graph',
    {
      title: 'Explore a graph',
      description: 'Step by step: schema, counts, sample vertices, then a first query.',
      argsSchema: { graph: graphArg },
    },
    async ({ graph }) => {
      const name = graph ?? client.graph ?? '';
      const on =
        name === '' ? 'the graph (call list_graphs first if unsure which)' : `graph "${name}"`;
      return userText(
        [
          `Explore ${on} with the gwb tools, one step at a time, and summarise what you learn:`,
          '1. get_schema: the vertex and edge types and their attributes.',
          '2. count_vertices and count_edges: how big each type is.',
          '3. get_vertices with a small limit (5) on the main vertex types, and get_edges from ' +
            'one of those vertices: what the data looks like.',
          '4. list_queries: which installed queries exist; describe_query on the interesting ones.',
          '5. Write and run a first small query with interpret_query that answers a question the ' +
            'data suggests (e.g. the most connected vertices), and explain the result.',
          'Keep limits small; results over the limits come back truncated.',
        ].join('\n'),
      );
    },
  );

  server.registerPrompt(
    'write-gsql-query',
    {
      title: 'Write a GSQL query',
      description: 'Writes a GSQL query for a question, grounded in the live schema of the graph.',
      argsSchema: {
        question: z.string().describe('What the query should answer'),
        graph: graphArg,
      },
    },
    async ({ question, graph }) => {
      const name = await resolveGraph(client, graph).catch(() => graph ?? '');
      const schema = name === '' ? '(no graph named)' : await schemaText(client, name);
      return userText(
        [
          `Write a GSQL query for graph "${name}" that answers: ${question}`,
          '',
          'The schema:',
          schema,
          '',
          'Use only the types and attributes above. Write it as INTERPRET QUERY (params) FOR ' +
            `GRAPH ${name || 'g'} { ... } with SELECT ... FROM ... ACCUM ... and PRINT, and no ` +
            'writes (no attribute assignment, INSERT, DELETE or UPDATE). Run it with ' +
            'interpret_query; if it reports a syntax error at line:column, fix that spot and ' +
            'run it again. Then explain the answer.',
        ].join('\n'),
      );
    },
  );
}
