// `gwb mcp`: the MCP server face. Connects like every face (--url, the running default, or an
// in-process embedded server), then serves MCP on stdio (default; stdout carries only protocol,
// everything else goes to stderr) or on Streamable HTTP with --http PORT (127.0.0.1, bearer token
// unless --no-auth; a generated token is printed on stderr). The limits and the token can also be
// given by environment (GWB_MCP_MAX_ROWS, GWB_MCP_MAX_BYTES, GWB_MCP_TIMEOUT, GWB_MCP_TOKEN,
// GWB_MCP_NO_AUTH=1), which is how a client configuration usually passes settings.
import { randomBytes } from 'node:crypto';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { GraphClient } from '../core/client/index.js';
import { startHttp } from '../mcp/http.js';
import { defaultMcpOptions, mcpOptions, type McpOptions } from '../mcp/options.js';
import { createMcpServer } from '../mcp/server.js';
import { connect, describeConnection } from './connect.js';
import type { ConnectionFlags } from './connection-options.js';

export interface McpFlags extends ConnectionFlags {
  http?: string;
  allowWrites?: boolean;
  /** false with --no-auth. */
  auth?: boolean;
  maxRows?: string;
  maxBytes?: string;
  timeout?: string;
  cloudUrl?: string;
  cloudApiKey?: string;
}

class UsageError extends Error {}

function positive(flag: string, value: string | undefined, fallback: number, scale = 1): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`${flag}: expected a positive number`);
  return Math.round(n * scale);
}

/** Settings from flags, then the environment, then the defaults. */
export function mcpSettings(flags: McpFlags, env: NodeJS.ProcessEnv = process.env): McpOptions {
  return mcpOptions({
    allowWrites: flags.allowWrites === true,
    maxRows: positive(
      '--max-rows',
      flags.maxRows ?? env.GWB_MCP_MAX_ROWS,
      defaultMcpOptions.maxRows,
    ),
    maxBytes: positive(
      '--max-bytes',
      flags.maxBytes ?? env.GWB_MCP_MAX_BYTES,
      defaultMcpOptions.maxBytes,
    ),
    timeoutMs: positive(
      '--timeout',
      flags.timeout ?? env.GWB_MCP_TIMEOUT,
      defaultMcpOptions.timeoutMs,
      1000,
    ),
  });
}

function httpPort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new UsageError(`--http: not a port: ${value}`);
  return port;
}

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

export async function runMcpCommand(flags: McpFlags): Promise<void> {
  let settings: McpOptions;
  try {
    settings = mcpSettings(flags);
    if (flags.http !== undefined) httpPort(flags.http);
  } catch (error) {
    log(`gwb mcp: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  }
  let connection: Awaited<ReturnType<typeof connect>>;
  try {
    connection = await connect(flags);
  } catch (error) {
    // No server to talk to (a refused URL, a data folder owned by a dead process...): say why.
    log(`gwb mcp: cannot connect: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const client = new GraphClient(connection.profile, { userAgent: 'graph-workbench-mcp' });
  if (flags.cloudUrl !== undefined) {
    const profile = { url: flags.cloudUrl, token: flags.cloudApiKey };
    settings = {
      ...settings,
      cloud: new GraphClient(profile, { userAgent: 'graph-workbench-mcp' }),
    };
  }
  const mode = settings.allowWrites ? 'read-write' : 'read-only';
  log(`gwb mcp: connected to ${describeConnection(connection)}, ${mode}`);
  const shutdown = async (code: number) => {
    await client.close().catch(() => undefined);
    await connection.close().catch(() => undefined);
    process.exit(code);
  };
  process.once('SIGINT', () => void shutdown(0));
  process.once('SIGTERM', () => void shutdown(0));

  if (flags.http === undefined) {
    const server = createMcpServer(client, settings);
    const transport = new StdioServerTransport();
    // The client closing stdin ends the session, and with it this process.
    process.stdin.once('end', () => void shutdown(0));
    await server.connect(transport);
    return;
  }

  const noAuth = flags.auth === false || process.env.GWB_MCP_NO_AUTH === '1';
  const given = process.env.GWB_MCP_TOKEN;
  const token = noAuth ? undefined : given || randomBytes(24).toString('base64url');
  const http = await startHttp({
    port: httpPort(flags.http),
    token,
    createServer: () => createMcpServer(client, settings),
    log,
  });
  log(`gwb mcp: Streamable HTTP on ${http.url}`);
  if (token === undefined) log('gwb mcp: no authentication (--no-auth)');
  else if (!given) log(`gwb mcp: bearer token: ${token}`);
}
