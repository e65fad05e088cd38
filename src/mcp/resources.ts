// Resources: each graph's schema (gwb://graph/{graph}/schema) and each installed query's text and
// parameters (gwb://graph/{graph}/query/{name}), listed from the service at the time of asking.
import { ResourceTemplate, type McpServer } from './sdk.js';
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/sdk/types.js';
import type { GraphClient } from '../core/client/index.js';
import { graphNames } from './graph.js';
import { installedQueries } from '../core/session/index.js';
import { toJsonValue } from './json-safe.js';
import { installedQueryText } from './query-text.js';

const json = 'application/json';

function one(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

function jsonContent(uri: URL, value: unknown): ReadResourceResult {
  return {
    contents: [
      { uri: uri.href, mimeType: json, text: JSON.stringify(toJsonValue(value), null, 1) },
    ],
  };
}

export const schemaUri = (graph: string) => `gwb://graph/${encodeURIComponent(graph)}/schema`;
export const queryUri = (graph: string, name: string) =>
  `gwb://graph/${encodeURIComponent(graph)}/query/${encodeURIComponent(name)}`;

export function registerResources(server: McpServer, client: GraphClient): void {
  server.registerResource(
    'graph-schema',
    new ResourceTemplate('gwb://graph/{graph}/schema', {
      list: async (extra) => ({
        resources: (await graphNames(client, extra.signal)).map((graph): Resource => ({
          uri: schemaUri(graph),
          name: `${graph} schema`,
          mimeType: json,
          description: `Vertex and edge types of graph ${graph}`,
        })),
      }),
    }),
    {
      title: 'Graph schema',
      description: 'The schema of a graph: vertex and edge types with their attributes.',
      mimeType: json,
    },
    async (uri, variables, extra) => {
      const graph = decodeURIComponent(one(variables.graph));
      return jsonContent(uri, await client.getSchema({ graph, signal: extra.signal }));
    },
  );

  server.registerResource(
    'installed-query',
    new ResourceTemplate('gwb://graph/{graph}/query/{name}', {
      list: async (extra) => {
        const resources: Resource[] = [];
        for (const graph of await graphNames(client, extra.signal)) {
          // A graph whose listing fails (no privilege, an older server) is left out, not fatal.
          const queries = await installedQueries(client, graph, { signal: extra.signal }).catch(
            () => [],
          );
          for (const q of queries) {
            resources.push({
              uri: queryUri(graph, q.name),
              name: `${graph}.${q.name}`,
              mimeType: json,
              description: `Installed query ${q.name} of graph ${graph}: text and parameters`,
            });
          }
        }
        return { resources };
      },
    }),
    {
      title: 'Installed query',
      description: "An installed query's GSQL text and its parameters.",
      mimeType: json,
    },
    async (uri, variables, extra) => {
      const graph = decodeURIComponent(one(variables.graph));
      const name = decodeURIComponent(one(variables.name));
      const options = { signal: extra.signal };
      const [queries, shown] = await Promise.all([
        installedQueries(client, graph, options).catch(() => []),
        installedQueryText(client, graph, name, options),
      ]);
      const parameters = queries.find((q) => q.name === name)?.parameters ?? {};
      return jsonContent(uri, { graph, name, parameters, text: shown.text });
    },
  );
}
