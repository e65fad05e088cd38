// How a tool is written and registered: a static description for a model, an input shape with the
// uniform argument names, an output shape (from the catalogue's schemas), the operations it calls
// (their `readOnly` decides the annotations), and a run function. Registration adds what every
// tool shares: GSQL-TIMEOUT and cancellation on each call, the graph default, the compact text
// beside `structuredContent`, and GraphError or a refusal turned into `isError: true`.
import type { McpServer } from './sdk.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { CallOptions, GraphClient } from '../core/client/index.js';
import { isGraphError } from '../core/errors.js';
import type { Operation } from '../core/ops/index.js';
import { annotationsFor, type AnnotatedTool } from './annotations.js';
import type { McpOptions } from './options.js';
import { resolveGraph } from './graph.js';
import { ToolRefusal } from './refusal.js';

export interface ToolContext {
  readonly client: GraphClient;
  readonly options: McpOptions;
  /** GSQL-TIMEOUT and the request's AbortSignal, for every call the tool makes. */
  readonly call: CallOptions;
  /** The graph to use: the argument, else the connection's, else the only graph there is. */
  graph(given: string | undefined): Promise<string>;
}

export interface ToolAnswer {
  readonly structured: Record<string, unknown>;
  readonly text: string;
}

export interface ToolDef<S extends z.ZodRawShape = z.ZodRawShape> extends AnnotatedTool {
  readonly name: string;
  readonly description: string;
  readonly operations: readonly Operation[];
  /** Registered only with --allow-writes. */
  readonly write?: boolean;
  readonly input: S;
  readonly output: z.ZodRawShape;
  run(args: z.output<z.ZodObject<S>>, ctx: ToolContext): Promise<ToolAnswer>;
}

/** Keeps the input shape's type for `run`; the list of tools holds them erased. */
export function defineTool<S extends z.ZodRawShape>(def: ToolDef<S>): ToolDef {
  return def;
}

/** The `graph` argument every tool takes. */
export const graphArg = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'a graph name is a GSQL identifier')
  .optional()
  .describe("Graph name; default: the connection's graph (or the only graph there is).");

/** Fields every result carries about truncation. */
export const truncation = {
  truncated: z.boolean().describe('true when rows were left out to respect the limits'),
  total: z.number().int().optional().describe('how many rows there were, when known'),
};

function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** The text a model sees for a failure: the service's code, message and HTTP status. */
export function describeError(error: unknown): string {
  if (error instanceof ToolRefusal) {
    const extra = Object.keys(error.details).length > 0 ? `\n${JSON.stringify(error.details)}` : '';
    return `${error.message}${extra}`;
  }
  if (isGraphError(error)) {
    const status = error.status === undefined ? '' : ` (HTTP ${error.status})`;
    return `[${error.code}] ${error.message}${status}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** What a read-only refusal means, said in every tool that may refuse (the guarded ones). */
export const readOnlyRefusalNote =
  'Read-only mode (this server): a query that would write (attribute updates, INSERT, DELETE, ' +
  'UPDATE, setAttr, writing files) is refused before it runs and nothing changes; the answer ' +
  'says "Refused" and where the write is. A query that writes only when a parameter asks ' +
  "for it (a library template's result_attribute or file_path) runs when the arguments given " +
  'do not ask. Writes are allowed only when whoever starts ' +
  'the server adds --allow-writes; a client cannot turn them on.';

/** The description a client sees: the tool's own, plus the refusal note where it applies. */
export function describeTool(def: Pick<ToolDef, 'description' | 'guarded'>, allowWrites: boolean) {
  return def.guarded === true && !allowWrites
    ? `${def.description} ${readOnlyRefusalNote}`
    : def.description;
}

/**
 * The tool's input as a strict object: an argument name the tool does not take is an error that
 * lists the ones it does (a misspelt name silently ignored would change the answer: a misspelt
 * type filter counts every type). The JSON Schema says so too (`additionalProperties: false`).
 */
export function strictInput(def: Pick<ToolDef, 'name' | 'input'>) {
  const valid = Object.keys(def.input);
  return z.strictObject(def.input, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `${def.name} takes no argument ${issue.keys.map((k) => `"${k}"`).join(', ')}; ` +
          `its arguments are: ${valid.join(', ') || '(none)'} [GWB-MCP-UNKNOWN-ARGUMENT]`
        : undefined,
  });
}

export interface ToolDeps {
  readonly client: GraphClient;
  readonly options: McpOptions;
}

export function registerTool(server: McpServer, def: ToolDef, deps: ToolDeps): void {
  server.registerTool(
    def.name,
    {
      title: def.title,
      description: describeTool(def, deps.options.allowWrites),
      inputSchema: strictInput(def),
      outputSchema: z.object(def.output),
      annotations: annotationsFor(def, deps.options.allowWrites),
    },
    async (args, extra): Promise<CallToolResult> => {
      const ctx: ToolContext = {
        client: deps.client,
        options: deps.options,
        call: { signal: extra.signal, timeoutMs: deps.options.timeoutMs },
        graph: (given) => resolveGraph(deps.client, given, extra.signal),
      };
      try {
        const answer = await def.run(args, ctx);
        return {
          content: [{ type: 'text', text: answer.text }],
          structuredContent: answer.structured,
        };
      } catch (error) {
        return errorResult(describeError(error));
      }
    },
  );
}
