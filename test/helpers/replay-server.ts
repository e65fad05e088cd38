// A small HTTP server for client tests: each test scripts the answers (shapes taken from the
// spec and the real service's documentation) and reads back the requests the client sent.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

export type Handler = (
  req: SeenRequest,
  res: ServerResponse,
) => void | Promise<void> | { status?: number; json?: unknown; text?: string };

export interface ReplayServer {
  readonly url: string;
  readonly port: number;
  readonly requests: SeenRequest[];
  /** Connections accepted so far (keep-alive reuse shows as fewer connections than requests). */
  connections: number;
  /** Answers `METHOD /path` (exact path, no query) with the handler. */
  on(route: string, handler: Handler): void;
  close(): Promise<void>;
}

export async function startReplayServer(): Promise<ReplayServer> {
  const routes = new Map<string, Handler>();
  const requests: SeenRequest[] = [];
  const state = { connections: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const seen: SeenRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(seen);
      const handler = routes.get(`${seen.method} ${seen.path}`);
      if (!handler) {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<html>404 Not Found</html>');
        return;
      }
      void Promise.resolve(handler(seen, res)).then((answer) => {
        if (!answer || res.headersSent || res.destroyed) return;
        if (answer.text !== undefined) {
          res.writeHead(answer.status ?? 200, { 'content-type': 'text/plain' }).end(answer.text);
        } else {
          res
            .writeHead(answer.status ?? 200, { 'content-type': 'application/json' })
            .end(typeof answer.json === 'string' ? answer.json : JSON.stringify(answer.json));
        }
      });
    });
  });
  server.on('connection', () => {
    state.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    get connections() {
      return state.connections;
    },
    set connections(n: number) {
      state.connections = n;
    },
    on: (route, handler) => routes.set(route, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The REST++ success envelope. */
export function ok(results: unknown, extra: Record<string, unknown> = {}) {
  return {
    json: {
      version: { edition: 'enterprise', api: 'v2', schema: 0 },
      error: false,
      message: '',
      results,
      code: 'REST-0000',
      ...extra,
    },
  };
}

/** The 4.x version answer, so the client picks the /restpp paths. */
export const version4 = {
  json: {
    error: false,
    message:
      'TigerGraph RESTPP:\n --- Version --- \nTigerGraph version: 4.1.3\nproduct              release_4.1.3_09-04-2024 0123456789abcdef0123456789abcdef01234567  2024-09-04 10:00:00 -0700\n',
  },
};
