// The control plane's HTTP listener: authenticates each request by API key, routes it by the
// catalogue (router.ts), parses its JSON body, runs its handler and answers in document 3's
// envelope {Error, ErrorDetails, Message, RequestID, Result}, also giving the request id in
// x-request-id. Failures answer the envelope with Error true, a string Result and one detail
// carrying the stable code. No request can end the process.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { authorised } from './api-key.js';
import { CloudError, CloudErrorCodes } from './errors.js';
import type { CloudHandlers, CloudRequest } from './handlers.js';
import { listen } from './listen.js';
import { matchRoute, type Route } from './router.js';

const maxBodyBytes = 1024 * 1024;

export interface CloudListener {
  readonly server: Server;
  readonly port: number;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, requestId: string, envelope: object): void {
  const body = JSON.stringify(envelope);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'x-request-id': requestId,
  });
  res.end(body);
}

function failure(res: ServerResponse, requestId: string, error: CloudError): void {
  send(res, error.status, requestId, {
    Error: true,
    ErrorDetails: [{ Code: error.code, Message: error.message }],
    Message: error.message,
    RequestID: requestId,
    Result: error.message,
  });
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBodyBytes) {
      throw new CloudError(CloudErrorCodes.badRequest, `request body over ${maxBodyBytes} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new CloudError(
      CloudErrorCodes.badRequest,
      `request body is not JSON: ${(error as Error).message}`,
    );
  }
}

export async function listenCloud(
  host: string,
  port: number,
  routes: readonly Route[],
  handlers: CloudHandlers,
  apiKey: string,
): Promise<CloudListener> {
  const answer = async (req: IncomingMessage, res: ServerResponse, requestId: string) => {
    const url = new URL(req.url ?? '/', 'http://cloud');
    const match = matchRoute(routes, req.method ?? 'GET', url.pathname);
    if (match.kind === 'none') {
      throw new CloudError(
        CloudErrorCodes.noRoute,
        `${req.method} ${url.pathname} is not an endpoint of the control plane`,
      );
    }
    if (!authorised(req.headers.authorization, apiKey)) {
      throw new CloudError(
        CloudErrorCodes.unauthorized,
        'missing or wrong API key: send Authorization: Bearer <key>',
      );
    }
    if (match.kind === 'method') {
      res.setHeader('allow', match.allowed.join(', '));
      throw new CloudError(
        CloudErrorCodes.noRoute,
        `${req.method} is not allowed on ${url.pathname} (allowed: ${match.allowed.join(', ')})`,
        405,
      );
    }
    const request: CloudRequest = {
      path: match.path,
      body: await readBody(req),
      remoteAddress: req.socket.remoteAddress ?? '',
    };
    const handler = handlers[match.operation.name as keyof CloudHandlers];
    const result = await handler(request);
    send(res, 200, requestId, {
      Error: false,
      ErrorDetails: [],
      Message: '',
      RequestID: requestId,
      Result: result,
    });
  };
  const server = createServer((req, res) => {
    const requestId = randomUUID();
    answer(req, res, requestId).catch((error: unknown) => {
      const coded =
        error instanceof CloudError
          ? error
          : new CloudError(
              CloudErrorCodes.internal,
              error instanceof Error ? error.message : String(error),
            );
      if (!res.headersSent) failure(res, requestId, coded);
      else res.destroy();
    });
  });
  return { server, ...(await listen(server, port, host)) };
}
