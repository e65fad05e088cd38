// Streamable HTTP for `gwb mcp --http PORT`: bound to 127.0.0.1, stateless (a fresh MCP server
// and transport per POST, so nothing is kept between requests), with the checks a local HTTP
// service needs against other software on the machine and against web pages in a browser:
// Host must name the loopback listener (DNS rebinding) and Origin, when sent, must be a loopback
// origin (403 otherwise); a bearer token is required unless --no-auth (401 otherwise). Stateless
// servers have no stream to GET and no session to DELETE: both answer 405, as the specification
// says, so that clients fall back to POST only.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from './sdk.js';
import { StreamableHTTPServerTransport } from './sdk.js';

export interface HttpOptions {
  readonly port: number;
  /** Bearer token clients must send; undefined with --no-auth. */
  readonly token: string | undefined;
  /** A new MCP server for one request. */
  readonly createServer: () => McpServer;
  /** Where failures of single requests are reported (stderr). */
  readonly log?: (line: string) => void;
}

export interface RunningHttp {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

const host = '127.0.0.1';
export const mcpPath = '/mcp';
const loopbackNames = new Set(['127.0.0.1', 'localhost', '[::1]']);

function plain(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
) {
  res
    .writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers })
    .end(`${text}\n`);
}

/** Host must be the listener itself, by a loopback name and our port. */
function hostAllowed(value: string | undefined, port: number): boolean {
  if (value === undefined) return false;
  try {
    const url = new URL(`http://${value}`);
    return loopbackNames.has(url.hostname) && Number(url.port || 80) === port;
  } catch {
    return false;
  }
}

/** No Origin (not a browser) or a loopback origin; "null" and foreign sites are refused. */
function originAllowed(value: string | undefined): boolean {
  if (value === undefined) return true;
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') && loopbackNames.has(url.hostname)
    );
  } catch {
    return false;
  }
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const given = Buffer.from(match?.[1] ?? '', 'utf8');
  const wanted = Buffer.from(token, 'utf8');
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  options: HttpOptions,
  port: number,
) {
  if (!hostAllowed(req.headers.host, port)) return plain(res, 403, 'Forbidden: Host not allowed');
  if (!originAllowed(req.headers.origin)) return plain(res, 403, 'Forbidden: Origin not allowed');
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (path !== mcpPath) return plain(res, 404, `Not found: the MCP endpoint is ${mcpPath}`);
  if (options.token !== undefined && !tokenMatches(req.headers.authorization, options.token)) {
    return plain(res, 401, 'Unauthorized: send Authorization: Bearer <token>', {
      'www-authenticate': 'Bearer realm="gwb mcp"',
    });
  }
  if (req.method !== 'POST') {
    return plain(res, 405, 'Method not allowed: this stateless server takes POST only', {
      allow: 'POST',
    });
  }
  const server = options.createServer();
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res);
}

export async function startHttp(options: HttpOptions): Promise<RunningHttp> {
  let port = options.port;
  const server: Server = createServer((req, res) => {
    handle(req, res, options, port).catch((error: unknown) => {
      options.log?.(
        `gwb mcp: request failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      if (!res.headersSent) plain(res, 500, 'Internal error');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}${mcpPath}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
