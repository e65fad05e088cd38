// The handler API of the embedded service: what a handler receives for one request
// (RequestContext), what it answers (Reply), and the map of handlers by operation name.
// Handler modules (src/server/handlers/*) export such maps; startServer merges them.
import type { IncomingHttpHeaders } from 'node:http';
import type { z } from 'zod';
import type { Operation } from '../../core/ops/define.js';
import type { Catalogue, OperationName } from '../../core/ops/index.js';
import type { Engine } from '../engine/engine.js';
import type { AccessControl, AuthenticatedUser } from '../auth/types.js';
import type { RawBody, StreamedJsonOperation } from './body.js';
import type { ListenerKind, PathFormKind } from './route-table.js';

/** One endpoint listing entry (GET /endpoints): `{parameters: {name: {default, ...}}}`. */
export interface EndpointEntry {
  readonly parameters: Record<
    string,
    { default?: string; max_count?: number; min_count?: number; type?: string }
  >;
}

/** Extension points filled by later work (the query runtime, the security issue). */
export interface ServerHooks {
  /** Dynamic endpoints (installed queries) of a graph, keyed `"<METHOD> <path>"`. */
  readonly dynamicEndpoints?: (graph: string) => Record<string, EndpointEntry>;
}

/** Server facts a handler may need. */
export interface ServerInfo {
  readonly startedAt: Date;
  /** Host and ports the listeners are bound to. */
  readonly host: string;
  readonly port: number;
  readonly restppPort: number | undefined;
  /** Folders local-file loading may read from (`--allow-files`). */
  readonly allowFiles: readonly string[];
  readonly maxBodyBytes: number;
}

type PathOf<N extends OperationName> = z.output<Catalogue[N]['pathParams']>;
type QueryOf<N extends OperationName> = z.output<Catalogue[N]['query']>;
/**
 * Operations whose body may be bytes (bodyKind 'raw': loading data), and those whose JSON body
 * is streamed (streamedJsonBodies: upserts), get it as a stream.
 */
type BodyOf<N extends OperationName> = N extends StreamedJsonOperation
  ? RawBody
  : NonNullable<Catalogue[N]['body']> extends z.ZodType
    ? Uint8Array<ArrayBuffer> extends z.output<NonNullable<Catalogue[N]['body']>>
      ? RawBody
      : z.output<NonNullable<Catalogue[N]['body']>>
    : undefined;

export interface RequestContext<N extends OperationName = OperationName> {
  readonly op: Operation;
  readonly opName: N;
  /** Which path form the request used, and on which listener. */
  readonly form: PathFormKind;
  readonly listener: ListenerKind;
  /** Path parameters parsed by the operation's pathParams schema. */
  readonly params: PathOf<N>;
  /** Query parameters parsed by the operation's query schema. */
  readonly query: QueryOf<N>;
  /**
   * json: parsed losslessly and validated; text and form: the decoded string; raw: a RawBody to
   * stream (never buffered by the server); undefined when the operation takes no body.
   */
  readonly body: BodyOf<N>;
  /** The authenticated user; undefined on open endpoints (REST++ without --restpp-auth, ping). */
  readonly user: AuthenticatedUser | undefined;
  /** Users, roles, secrets and tokens (the access-control handlers and the shell use them). */
  readonly access: AccessControl;
  /** The client's address (login throttling counts failures per address). */
  readonly clientAddress: string;
  readonly headers: IncomingHttpHeaders;
  /** Fires when the client disconnects before the answer is sent (made on first use). */
  readonly signal: AbortSignal;
  /** Whether the client disconnected before the answer was sent: polled, costs nothing to set up. */
  clientGone(): boolean;
  readonly requestId: string;
  /** From GSQL-TIMEOUT (ms), default 16000. */
  readonly timeoutMs: number;
  readonly engine: Engine;
  readonly hooks: ServerHooks;
  readonly server: ServerInfo;
}

/**
 * What a handler answers. The envelope is added by the server: `results` and `message` go into
 * it, `fields` are extra top-level fields beside them (e.g. `location`, `unknown_requestid`),
 * `whole` replaces the envelope entirely (the service answers some endpoints with a bare object),
 * `text` answers text/plain (unwrap 'text' operations).
 */
export interface Reply {
  readonly results?: unknown;
  /** `results` already as JSON text (a query's answer, measured against the response limit). */
  readonly resultsJson?: string;
  readonly message?: string;
  readonly fields?: Readonly<Record<string, unknown>>;
  readonly whole?: object;
  readonly text?: string;
  /** HTTP status, default 200. */
  readonly status?: number;
  /** REST++ `code`, default REST-0000. */
  readonly code?: string;
  /** Set `error: true` with a 2xx status (the service reports some failures so). */
  readonly error?: boolean;
  readonly headers?: Readonly<Record<string, string>>;
}

export type Handler<N extends OperationName = OperationName> = (
  ctx: RequestContext<N>,
) => Promise<Reply>;

/** Handlers by operation name; each handler is typed by its operation's schemas. */
export type HandlerMap = { readonly [N in OperationName]?: Handler<N> };
