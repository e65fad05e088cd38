// Test fixture of the MCP suites: a real `gwb serve` child with a small "social" graph created
// through GraphClient (schema by GSQL statements, data by upsert), and an SDK Client connected to
// createMcpServer over InMemoryTransport.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { GraphClient } from '../../src/core/client/index.js';
import type { McpOptions } from '../../src/mcp/options.js';
import { createMcpServer } from '../../src/mcp/server.js';
import { startGwbServe, type GwbServe } from '../helpers/serve.js';

export const schemaScript = [
  'CREATE VERTEX Person (PRIMARY_ID name STRING, age INT) WITH primary_id_as_attribute="true"',
  'CREATE VERTEX City (PRIMARY_ID name STRING)',
  'CREATE UNDIRECTED EDGE knows (FROM Person, TO Person, since INT)',
  'CREATE DIRECTED EDGE lives_in (FROM Person, TO City)',
  'CREATE GRAPH social (Person, City, knows, lives_in)',
].join('\n');

export const people = { alice: 31, bob: 25, carol: 40, dave: 19, erin: 52 };

export async function seedGraph(client: GraphClient): Promise<void> {
  const shell = await client.gsql(schemaScript);
  if (!shell.ok) throw new Error(`schema failed: ${shell.output}`);
  const vertices = {
    Person: Object.fromEntries(
      Object.entries(people).map(([name, age]) => [name, { age: { value: age } }]),
    ),
    City: { paris: {}, oslo: {} },
  };
  const knows = (to: string, since: number) => ({ Person: { [to]: { since: { value: since } } } });
  const edges = {
    Person: {
      alice: { knows: knows('bob', 2020), lives_in: { City: { paris: {} } } },
      bob: { knows: knows('carol', 2021) },
      carol: { knows: knows('dave', 2022) },
      dave: { lives_in: { City: { oslo: {} } } },
    },
  };
  await client.upsert({ vertices, edges }, {}, { graph: 'social' });
}

export interface Fixture {
  readonly serve: GwbServe;
  readonly client: GraphClient;
  close(): Promise<void>;
}

export async function startFixture(): Promise<Fixture> {
  const serve = await startGwbServe();
  const client = new GraphClient({
    url: serve.url,
    username: 'tigergraph',
    password: 'tigergraph',
  });
  await seedGraph(client);
  return {
    serve,
    client,
    close: async () => {
      await client.close();
      await serve.stop();
    },
  };
}

export interface Connected {
  readonly mcp: Client;
  close(): Promise<void>;
}

/** An SDK client talking to a fresh MCP server over the in-memory transport. */
export async function connectInMemory(
  client: GraphClient,
  options: Partial<McpOptions> = {},
): Promise<Connected> {
  const server = createMcpServer(client, options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const mcp = new Client({ name: 'gwb-test', version: '0.0.0' });
  await mcp.connect(clientSide);
  return {
    mcp,
    close: async () => {
      await mcp.close();
      await server.close();
    },
  };
}

/** Calls a tool and returns the result with its structured content typed loosely. */
export async function callTool(
  mcp: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult & { structuredContent?: Record<string, unknown> }> {
  return (await mcp.callTool({ name, arguments: args })) as CallToolResult & {
    structuredContent?: Record<string, unknown>;
  };
}

export function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}
