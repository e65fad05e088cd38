// Settings of the MCP face: what the user allowed (writes) and the limits every tool applies
// (rows, bytes, GSQL-TIMEOUT). One object, built by `gwb mcp` from flags and handed to every tool.

import type { GraphClient } from '../core/client/index.js';

export interface McpOptions {
  /** Registers the tools that change data or schema, and lets queries that write run. */
  readonly allowWrites: boolean;
  /** Largest number of rows (array items) a tool returns before it says `truncated`. */
  readonly maxRows: number;
  /** Rough cap on the size of one tool result, in bytes of JSON. */
  readonly maxBytes: number;
  /** GSQL-TIMEOUT sent with every call, in milliseconds. */
  readonly timeoutMs: number;
  /** A control plane (`gwb mcp --cloud-url`): its read-only workgroup and workspace tools. */
  readonly cloud?: GraphClient;
}

export const defaultMcpOptions: McpOptions = {
  allowWrites: false,
  maxRows: 100,
  maxBytes: 20_000,
  timeoutMs: 30_000,
};

/** Defaults for what is not given. */
export function mcpOptions(partial: Partial<McpOptions> = {}): McpOptions {
  return { ...defaultMcpOptions, ...partial };
}
