// The MCP server of graph-workbench: the tools (derived from the operation catalogue), the
// resources and the prompts, over a GraphClient. Without --allow-writes the write tools are not
// registered at all, so a client cannot even see them.
import { McpServer } from './sdk.js';
import type { GraphClient } from '../core/client/index.js';
import { mcpOptions, type McpOptions } from './options.js';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';
import { registerTool, type ToolDef } from './tool-kit.js';
import { cloudTools } from './tools/cloud-tools.js';
import { dataTools } from './tools/data-tools.js';
import { pathTools } from './tools/path-tools.js';
import { queryTools } from './tools/query-tools.js';
import { schemaTools } from './tools/schema-tools.js';
import { writeTools } from './tools/write-tools.js';

declare const GWB_VERSION: string;
const version = typeof GWB_VERSION === 'string' ? GWB_VERSION : '0.0.0-dev';

/** Every tool, in the order they are listed. */
export const allTools: readonly ToolDef[] = [
  ...schemaTools,
  ...queryTools,
  ...pathTools,
  ...dataTools,
  ...writeTools,
];

/** The tools registered with these settings. */
export function toolsFor(options: McpOptions): ToolDef[] {
  return allTools.filter((tool) => options.allowWrites || tool.write !== true);
}

const instructions =
  'graph-workbench: a TigerGraph-compatible graph database. Start with list_graphs and ' +
  'get_schema, then count_vertices, get_vertices and list_queries; answer questions with ' +
  'run_installed_query or interpret_query (GSQL). Results are capped and say "truncated". ' +
  'Read-only unless the server was started with --allow-writes.';

export function createMcpServer(client: GraphClient, partial: Partial<McpOptions> = {}): McpServer {
  const options = mcpOptions(partial);
  const server = new McpServer({ name: 'graph-workbench', version }, { instructions });
  for (const tool of toolsFor(options)) registerTool(server, tool, { client, options });
  if (options.cloud) for (const tool of cloudTools) registerTool(server, tool, { client, options });
  registerResources(server, client);
  registerPrompts(server, client);
  return server;
}
