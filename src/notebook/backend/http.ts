// The notebook's HTTP server on 127.0.0.1: the guard first (Host, Origin, token -> cookie), then
// the page and its bundled assets (all local: the notebook works offline), then the API. Request
// bodies are bounded; answers are JSON with bigints exact.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { parseJson, stringifyJson } from '../../core/client/index.js';
import { findRoute, routeExists, type ApiContext } from './api.js';
import { NotebookError } from './errors.js';
import type { Guard } from './security.js';
import { securityHeaders } from './security.js';

/** Notebooks with big stored outputs are sent whole on save and import. */
const maxBodyBytes = 64 * 1024 * 1024;

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.map': 'application/json',
};

export interface NotebookHttpOptions {
  readonly context: ApiContext;
  /** The folder of the built page (dist/notebook). */
  readonly assetsDir: string;
  readonly guard: Guard;
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = stringifyJson(value);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
  });
  res.end(body);
}

function sendError(res: ServerResponse, error: unknown): void {
  if (error instanceof NotebookError) {
    sendJson(res, error.status, { error: { code: error.code, message: error.message } });
    return;
  }
  const e = error as { code?: unknown; message?: unknown; status?: unknown };
  const code = typeof e.code === 'string' ? e.code : 'GWB-NOTEBOOK';
  const message = typeof e.message === 'string' ? e.message : String(error);
  // Errors of the page's input carry a 4xx status (e.g. a bad .ipynb); failures of the graph
  // server are the page's to show, not failures of this server: 502.
  const own =
    typeof e.status === 'number' && e.status >= 400 && e.status < 500 && !('operation' in e);
  sendJson(res, own ? (e.status as number) : 502, { error: { code, message } });
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBodyBytes) {
      throw new NotebookError('GWB-NOTEBOOK-REQUEST', `request body over ${maxBodyBytes} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  try {
    return parseJson(text);
  } catch {
    throw new NotebookError('GWB-NOTEBOOK-REQUEST', 'request body is not JSON');
  }
}

async function serveAsset(res: ServerResponse, dir: string, name: string): Promise<boolean> {
  if (!/^[\w][\w.-]*$/.test(name)) return false;
  const data = await readFile(join(dir, name)).catch(() => undefined);
  if (data === undefined) return false;
  res.writeHead(200, {
    'content-type': contentTypes[extname(name)] ?? 'application/octet-stream',
    'content-length': String(data.length),
    'cache-control': name === 'index.html' ? 'no-store' : 'no-cache',
  });
  res.end(data);
  return true;
}

async function handle(options: NotebookHttpOptions, req: IncomingMessage, res: ServerResponse) {
  const { guard } = options;
  securityHeaders(res);
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (!guard.hostAllowed(req)) {
    throw new NotebookError('GWB-NOTEBOOK-ORIGIN', `host '${req.headers.host ?? ''}' refused`);
  }
  if (!guard.originAllowed(req)) {
    throw new NotebookError('GWB-NOTEBOOK-ORIGIN', `origin '${req.headers.origin ?? ''}' refused`);
  }
  const token = url.searchParams.get('token');
  if (req.method === 'GET' && url.pathname === '/' && token !== null) {
    // A browser that already has the session keeps it; anyone else needs an unused token.
    const outcome = guard.hasSession(req) ? 'ok' : guard.redeem(token);
    if (outcome === 'wrong') {
      throw new NotebookError('GWB-NOTEBOOK-AUTH', 'the token in the URL is not this server’s');
    }
    if (outcome === 'spent') {
      throw new NotebookError(
        'GWB-NOTEBOOK-AUTH',
        'this link was used already (its token works once): go back to the browser that ' +
          'opened it, or restart gwb notebook for a new link',
      );
    }
    url.searchParams.delete('token');
    res.writeHead(303, { location: `/${url.search}`, 'set-cookie': guard.sessionCookie() });
    res.end();
    return;
  }
  if (!guard.hasSession(req)) {
    throw new NotebookError(
      'GWB-NOTEBOOK-AUTH',
      'open the URL that gwb notebook printed (it carries the access token)',
    );
  }
  if (url.pathname === '/favicon.ico') {
    // Browsers ask for it on every page; there is none (everything served is in assets/).
    res.writeHead(204);
    res.end();
    return;
  }
  if (url.pathname.startsWith('/api/')) {
    const route = findRoute(req.method ?? 'GET', url.pathname);
    if (!route) {
      if (routeExists(url.pathname)) {
        throw new NotebookError(
          'GWB-NOTEBOOK-REQUEST',
          `${req.method} not allowed on ${url.pathname}`,
        );
      }
      throw new NotebookError('GWB-NOTEBOOK-NOT-FOUND', `no API ${url.pathname}`);
    }
    const body = req.method === 'GET' ? undefined : await readBody(req);
    const answer = await route(options.context, { url, body });
    if ('download' in answer) {
      res.writeHead(200, {
        'content-type': answer.type,
        'content-disposition': `attachment; filename="${answer.filename.replace(/"/g, '')}"`,
        'cache-control': 'no-store',
      });
      res.end(answer.download);
      return;
    }
    sendJson(res, answer.status ?? 200, answer.json);
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    throw new NotebookError('GWB-NOTEBOOK-REQUEST', `${req.method} not allowed on ${url.pathname}`);
  }
  const name = url.pathname === '/' ? 'index.html' : url.pathname.replace(/^\/assets\//, '');
  if (url.pathname !== '/' && !url.pathname.startsWith('/assets/')) {
    throw new NotebookError('GWB-NOTEBOOK-NOT-FOUND', `nothing at ${url.pathname}`);
  }
  if (!(await serveAsset(res, options.assetsDir, name))) {
    throw new NotebookError('GWB-NOTEBOOK-NOT-FOUND', `nothing at ${url.pathname}`);
  }
}

export function createNotebookHttpServer(options: NotebookHttpOptions): Server {
  return createServer((req, res) => {
    handle(options, req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      sendError(res, error);
    });
  });
}
