// The front door of one workspace: an HTTP reverse proxy on the workspace's endpoint port that
// checks each client address against its workgroup's allow list before passing the request to
// the workspace's own `gwb serve` (on a loopback port of its own). The request goes on with the
// Host the workspace's server expects (its DNS-rebinding check) and the client in
// x-forwarded-for; bodies stream both ways, and a client that goes away aborts the request
// upstream (so a cancelled query is cancelled on the server). A refused or unreachable request
// gets a JSON answer (403 or 503) naming the reason.
import {
  createServer,
  request as forward,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { listen } from './listen.js';

export type Gate =
  | { readonly ok: true; readonly port: number }
  | {
      readonly ok: false;
      readonly status: 403 | 503;
      readonly code: string;
      readonly message: string;
    };

export interface WorkspaceProxy {
  readonly port: number;
  close(): Promise<void>;
}

/** Hop-by-hop headers, which concern one connection and are not passed on. */
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

function refuse(res: ServerResponse, gate: Extract<Gate, { ok: false }>): void {
  const body = JSON.stringify({ error: true, code: gate.code, message: gate.message });
  res.writeHead(gate.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

function pass(req: IncomingMessage, res: ServerResponse, port: number): void {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!hopByHop.has(name) && value !== undefined) headers[name] = value;
  }
  headers.host = `127.0.0.1:${port}`;
  const client = req.socket.remoteAddress ?? '';
  const prior = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = prior ? `${String(prior)}, ${client}` : client;
  const upstream = forward(
    { host: '127.0.0.1', port, method: req.method, path: req.url, headers },
    (answer) => {
      const out: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (!hopByHop.has(name) && value !== undefined) out[name] = value;
      }
      res.writeHead(answer.statusCode ?? 502, out);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (res.headersSent) res.destroy();
    else {
      refuse(res, {
        ok: false,
        status: 503,
        code: 'CLOUD-WORKSPACE-DOWN',
        message: 'the workspace does not answer (restarting or stopped)',
      });
    }
  });
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}

/** Listens on host:port (0: a free port); `gate` decides per request from the address. */
export async function startProxy(
  host: string,
  port: number,
  gate: (address: string) => Gate,
): Promise<WorkspaceProxy> {
  const server = createServer((req, res) => {
    const decision = gate(req.socket.remoteAddress ?? '');
    if (decision.ok) pass(req, res, decision.port);
    else {
      req.resume();
      refuse(res, decision);
    }
  });
  return listen(server, port, host);
}
