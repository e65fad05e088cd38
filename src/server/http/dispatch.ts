// One request through the pipeline: limits (URL, declared body size), Host check, route, auth,
// GSQL-TIMEOUT, variant choice, path/query/body parsing by the operation's schemas, the handler,
// and the envelope. Every failure is an HttpError answered in the envelope; anything else is a
// logged 500 with a generic message.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Operation, Service } from '../../core/ops/define.js';
import type { Engine } from '../engine/engine.js';
import { endpointStatistics } from '../engine/queries/statistics.js';
import { observeRequest } from '../metrics/monitor.js';
import { authenticate, authorize, authRequirement, type Authenticator } from '../auth/policy.js';
import type { AccessControl, AuthenticatedUser } from '../auth/types.js';
import { decodeFormBody, parseJsonBody, rawBody, readText, streamedJsonBodies } from './body.js';
import type { HandlerMap, Reply, RequestContext, ServerHooks, ServerInfo } from './context.js';
import { errorBody, successBody } from './envelope.js';
import {
  BadRequestError,
  InternalError,
  NotSupportedError,
  PayloadTooLargeError,
  isHttpError,
  ServerErrorCodes,
  type HttpError,
} from './errors.js';
import { checkBrowserOrigin } from './host-check.js';
import {
  checkDeclaredLength,
  checkReplicaHeader,
  checkUrlLength,
  parseTimeoutHeader,
} from './limits.js';
import type { Logger } from './log.js';
import { checkListenerHost, emptyQuery, queryBoundKeys, statisticsKeyOf } from './memo.js';
import { rawQuery } from './query.js';
import { writeAnswer } from './respond.js';
import type { ListenerKind, RouteEntry } from './route-table.js';
import { pathSegments, routeParams, type Router } from './router.js';
import { parseOrThrow } from './validate.js';
import { needsBody, pickVariant } from './variants.js';

export interface DispatchState {
  readonly router: Router;
  readonly handlers: HandlerMap;
  readonly engine: Engine;
  readonly auth: Authenticator;
  /** The same access control as handlers see it (ctx.access). */
  readonly access: AccessControl;
  readonly restppAuth: boolean;
  readonly maxBodyBytes: number;
  readonly hooks: ServerHooks;
  readonly info: ServerInfo;
  readonly log: Logger;
}

export interface Listener {
  readonly kind: ListenerKind;
  readonly host: string;
  port: number;
  /** Set once the listener is stopping: answers then end their connection. */
  closing: boolean;
}

/**
 * Counts a REST++ request of a graph in /statistics: its latency, or a timeout. Requests that
 * failed on their input before reaching a handler (no graph known) are not counted.
 */
function recordStatistics(
  state: DispatchState,
  op: Operation,
  service: Service,
  params: Readonly<Record<string, unknown>> | undefined,
  started: number,
  timedOut: boolean,
): void {
  const graph = params?.graph_name;
  if (service !== 'restpp' || typeof graph !== 'string') return;
  endpointStatistics(state.engine).record(
    graph,
    statisticsKeyOf(op, params ?? {}),
    performance.now() - started,
    timedOut,
  );
}

let counter = 0;
/** Request ids in the real service's shape (`<n>.RESTPP_1_1.<epoch ms>.N`). */
function nextRequestId(): string {
  counter = (counter + 1) % 0x7fffffff;
  return `${counter}.RESTPP_1_1.${Date.now()}.N`;
}

/** Which envelope an answer gets before a route is known: by listener and path prefix. */
function serviceOfPath(listener: ListenerKind, rawUrl: string): Service {
  if (listener === 'restpp' || rawUrl.startsWith('/restpp')) return 'restpp';
  return rawUrl.startsWith('/gsql') || rawUrl.startsWith('/informant') ? 'gsql' : 'restpp';
}

interface Preread {
  readonly present: boolean;
  readonly text: string;
  readonly value: unknown;
}

async function readBody(
  state: DispatchState,
  req: IncomingMessage,
  route: RouteEntry,
  preread: Preread | undefined,
): Promise<unknown> {
  const op = route.op;
  if (op.body === undefined) return undefined;
  const kind = route.form === 'legacy' ? (op.legacyBodyKind ?? op.bodyKind) : op.bodyKind;
  if (kind === 'raw' || streamedJsonBodies.has(op.name)) return rawBody(req, state.maxBodyBytes);
  const text = preread?.text ?? (await readText(req, state.maxBodyBytes));
  switch (kind) {
    case 'json': {
      const value =
        preread !== undefined
          ? preread.value
          : text.trim() === ''
            ? undefined
            : parseJsonBody(op.name, text);
      return parseOrThrow(op.body, value, op.name, 'body');
    }
    case 'text':
      return parseOrThrow(op.body, text, op.name, 'body');
    case 'form':
      return parseOrThrow(op.body, decodeFormBody(op.name, text), op.name, 'body');
  }
}

/** The path and query of a request target; the absolute form (`http://h/p?q`) is reduced to it. */
function originForm(target: string): string {
  if (target.startsWith('/')) return target;
  try {
    const url = new URL(target);
    return url.pathname + url.search;
  } catch {
    return `/${target}`;
  }
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function graphOf(params: Record<string, string>, search: URLSearchParams): string | undefined {
  return params.graph_name ?? params.graph ?? search.get('graph') ?? undefined;
}

/**
 * What a handler receives. A class rather than an object literal per request: the disconnect
 * signal is a prototype getter, made only when a handler asks for it (most never do, and an
 * AbortController with its close listener costs more than the rest of a point lookup).
 */
class Context {
  private controller: AbortController | undefined;

  constructor(
    readonly op: Operation,
    readonly form: RouteEntry['form'],
    readonly listener: ListenerKind,
    readonly params: Record<string, unknown>,
    readonly query: unknown,
    readonly body: unknown,
    readonly user: AuthenticatedUser | undefined,
    readonly access: AccessControl,
    readonly clientAddress: string,
    readonly headers: IncomingMessage['headers'],
    readonly requestId: string,
    readonly timeoutMs: number,
    readonly engine: Engine,
    readonly hooks: ServerHooks,
    readonly server: ServerInfo,
    private readonly res: ServerResponse,
  ) {}

  get opName(): string {
    return this.op.name;
  }

  clientGone(): boolean {
    // `destroyed` before the answer: the connection closed while the handler ran.
    return this.res.destroyed && !this.res.writableFinished;
  }

  /** Aborts when the client disconnects before the answer is sent. */
  get signal(): AbortSignal {
    if (!this.controller) {
      const controller = new AbortController();
      this.controller = controller;
      const res = this.res;
      // `destroyed` before the answer: the connection closed while the handler ran.
      if (res.destroyed) controller.abort();
      else
        res.once('close', () => {
          if (!res.writableFinished) controller.abort();
        });
    }
    return this.controller.signal;
  }
}

/** No query string: one shared empty parameter list (nothing writes to it). */
const noSearch = new URLSearchParams();

export async function dispatch(
  state: DispatchState,
  listener: Listener,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const requestId = nextRequestId();
  const rawUrl = originForm(req.url ?? '/');
  let service = serviceOfPath(listener.kind, rawUrl);
  let op: Operation | undefined;
  let params: Record<string, unknown> | undefined;
  const started = performance.now();
  try {
    checkUrlLength(rawUrl);
    const headers = req.headers;
    checkListenerHost(listener, headers.host);
    checkBrowserOrigin(
      headers.origin,
      headerText(headers['sec-fetch-site']),
      listener.host,
      listener.port,
    );
    checkDeclaredLength(req, state.maxBodyBytes);
    const q = rawUrl.indexOf('?');
    const search = q < 0 ? noSearch : new URLSearchParams(rawUrl.slice(q + 1));
    const match = state.router.match(
      listener.kind,
      req.method ?? 'GET',
      pathSegments(q < 0 ? rawUrl : rawUrl.slice(0, q)),
    );
    const first = match.routes[0];
    if (!first) throw new InternalError(new Error('route without operations'));
    service = first.service;
    const timeoutMs = parseTimeoutHeader(headers['gsql-timeout']);
    if (first.op.headers?.includes('GSQL-REPLICA')) checkReplicaHeader(headers['gsql-replica']);
    const firstParams = routeParams(first, match.captured, search);
    const requirement = authRequirement(first.op, first.service, state.restppAuth);
    const clientAddress = req.socket.remoteAddress ?? '';
    // Open endpoints (REST++ without --restpp-auth) skip the await: one microtask less.
    const user =
      requirement === 'none'
        ? undefined
        : await authenticate(state.auth, requirement, headers.authorization, {
            op: first.op,
            graph: graphOf(firstParams, search),
            address: clientAddress,
          });

    let preread: Preread | undefined;
    if (needsBody(match.routes)) {
      const text = await readText(req, state.maxBodyBytes);
      const present = text.trim() !== '';
      preread = { present, text, value: present ? parseJsonBody(first.op.name, text) : undefined };
    }
    const route = pickVariant(match.routes, search, preread);
    if (!route) {
      const names = match.routes.map((r) => r.op.name).join(', ');
      throw new BadRequestError(`the request matches none of ${names}: check its parameters`);
    }
    op = route.op;
    service = route.service;
    const rawParams = route === first ? firstParams : routeParams(route, match.captured, search);
    // The one place privileges are enforced: the chosen operation's, on the graph it names.
    authorize(state.auth.access, user, op, graphOf(rawParams, search));

    params = parseOrThrow(op.pathParams, rawParams, op.name, 'path') as Record<string, unknown>;
    const query =
      search === noSearch
        ? emptyQuery(op)
        : parseOrThrow(
            op.query,
            rawQuery(op.name, op.query, search, queryBoundKeys(route)),
            op.name,
            'query',
          );
    // Input is checked against the catalogue's schemas even where no handler exists yet.
    const body = op.body === undefined ? undefined : await readBody(state, req, route, preread);
    const handler = state.handlers[op.name as keyof HandlerMap] as
      ((ctx: RequestContext) => Promise<Reply>) | undefined;
    if (!handler) throw new NotSupportedError(op.name);
    const ctx = new Context(
      op,
      route.form,
      listener.kind,
      params,
      query,
      body,
      user,
      state.access,
      clientAddress,
      headers,
      requestId,
      timeoutMs,
      state.engine,
      state.hooks,
      state.info,
      res,
    );
    // A load being applied in slices is seen whole or not at all: handlers wait for its end
    // (the public ping does not read the graph, and answers meanwhile).
    if (service !== 'public')
      for (let a = state.engine.applying; a; a = state.engine.applying) await a;
    const reply = await handler(ctx as unknown as RequestContext);
    writeAnswer(
      res,
      successBody(service, reply, state.engine.schemaVersion),
      requestId,
      listener.closing ? closeConnection : undefined,
    );
    recordStatistics(state, op, service, params, started, false);
    observeRequest(
      state.engine,
      op.method,
      op.path,
      reply.status ?? 200,
      performance.now() - started,
    );
  } catch (caught) {
    if (op) {
      const timedOut = isHttpError(caught) && caught.code === ServerErrorCodes.timeout;
      recordStatistics(state, op, service, params, started, timedOut);
    }
    // The client went away (often the cause of the failure, e.g. a cut upload): nobody to answer.
    if (res.destroyed) return;
    let error: HttpError;
    if (isHttpError(caught)) error = caught;
    else {
      error = new InternalError(caught);
      state.log.error(
        `${requestId} ${req.method ?? ''} ${rawUrl}: ${op?.name ?? 'request'} failed`,
        caught,
      );
    }
    if (caught instanceof InternalError) {
      state.log.error(`${requestId}: internal error`, caught.cause);
    }
    // Too late for an envelope once the answer has started: cut the connection instead.
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // A refused body is not read on, and a closing listener ends its connections: close the
    // connection instead of draining it.
    const close =
      error instanceof PayloadTooLargeError || listener.closing ? closeConnection : undefined;
    writeAnswer(res, errorBody(service, error, state.engine.schemaVersion), requestId, close);
    if (op)
      observeRequest(state.engine, op.method, op.path, error.status, performance.now() - started);
  }
}

const closeConnection: Readonly<Record<string, string>> = Object.freeze({ connection: 'close' });
