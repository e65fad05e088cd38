// Types of a catalogue call: the input an operation takes and the result it gives, derived from
// the operation's zod schemas so that `client.call('shortestPath', ...)` is typed end to end.
import type { z } from 'zod';
import type { Catalogue, OperationName } from '../ops/index.js';

type Op<N extends OperationName> = Catalogue[N];

type Schemas<N extends OperationName> = {
  path: Op<N>['pathParams'];
  query: Op<N>['query'];
  body: Op<N>['body'];
  result: Op<N>['result'];
};

type In<S> = S extends z.ZodType ? z.input<S> : never;

/** A `graph` query parameter may be left to the profile. */
type GraphOptional<T> = T extends { graph: infer G } ? Omit<T, 'graph'> & { graph?: G } : T;

/** Input of a call. `graph_name` / `graph` may be left out: the profile's graph fills them. */
export interface OperationInput<N extends OperationName> {
  readonly path?: Partial<In<Schemas<N>['path']>>;
  readonly query?: GraphOptional<In<Schemas<N>['query']>>;
  readonly body?: In<Schemas<N>['body']>;
}

export type OperationResult<N extends OperationName> = z.output<Schemas<N>['result']>;

/** Per-call options: cancellation and the spec's request headers. */
export interface CallOptions {
  readonly signal?: AbortSignal;
  /** GSQL-TIMEOUT, in milliseconds. The client also gives up a little after it. */
  readonly timeoutMs?: number;
  /** RESPONSE-LIMIT, in bytes. */
  readonly responseLimit?: number;
  /** GSQL-REPLICA: 1 to the replication factor. */
  readonly replica?: number;
  /** GSQL-THREAD-LIMIT: threads per node. */
  readonly threadLimit?: number;
  /** GSQL-QueryLocalMemLimitMB: memory per node. */
  readonly memoryLimitMb?: number;
  /** GSQL-ASYNC: run an installed query in detached mode. */
  readonly detached?: boolean;
  /** gsql-atomic-level: atomic, for upserts. */
  readonly atomic?: boolean;
  /** Any further headers. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Told the HTTP status and the server's request id of the answer (e.g. to show or abort it). */
  readonly onAnswer?: (answer: { readonly status: number; readonly requestId?: string }) => void;
}
