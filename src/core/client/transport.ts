// One HTTP exchange over undici's keep-alive pool, with the caller's AbortSignal, mapped to
// RawAnswer or to the core's connection and abort errors.
import { Agent, request, type Dispatcher } from 'undici';
import { AbortedError, ConnectionError, ErrorCodes, GraphError } from '../errors.js';
import type { HttpMethod } from '../ops/define.js';
import type { RawAnswer } from './envelope.js';

export interface Exchange {
  readonly operation: string;
  readonly method: HttpMethod;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: string | Uint8Array;
  readonly signal?: AbortSignal;
  /** Client-side deadline for the whole exchange, in ms (none when undefined). */
  readonly deadlineMs?: number;
}

/** A pool of keep-alive connections; one per client. */
export function createPool(): Dispatcher {
  // Queries may legitimately run for a long time (GSQL-TIMEOUT up to 2^31-1 s): the deadline of
  // each exchange is set per request instead of undici's 300 s defaults.
  return new Agent({
    keepAliveTimeout: 10_000,
    connections: 32,
    headersTimeout: 0,
    bodyTimeout: 0,
  });
}

/** Socket errors that mean a reused keep-alive connection was closed under us. */
export function isStaleConnection(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  const code = e?.code ?? e?.cause?.code;
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE';
}

function deadlineSignal(exchange: Exchange): AbortSignal | undefined {
  const signals: AbortSignal[] = [];
  if (exchange.signal) signals.push(exchange.signal);
  if (exchange.deadlineMs !== undefined) signals.push(AbortSignal.timeout(exchange.deadlineMs));
  if (signals.length === 0) return undefined;
  return signals.length === 1 ? signals[0] : AbortSignal.any(signals);
}

export async function send(pool: Dispatcher, exchange: Exchange): Promise<RawAnswer> {
  if (exchange.signal?.aborted) throw new AbortedError(exchange.operation);
  const signal = deadlineSignal(exchange);
  try {
    const response = await request(exchange.url, {
      dispatcher: pool,
      method: exchange.method,
      headers: exchange.headers,
      body: exchange.body,
      signal,
    });
    const text = await response.body.text();
    const type = response.headers['content-type'];
    const id = response.headers['x-request-id'];
    const requestId = Array.isArray(id) ? id[0] : id;
    return {
      status: response.statusCode,
      contentType: Array.isArray(type) ? (type[0] ?? '') : (type ?? ''),
      text,
      ...(requestId !== undefined ? { requestId } : {}),
    };
  } catch (cause) {
    if (exchange.signal?.aborted) throw new AbortedError(exchange.operation);
    if (signal?.aborted) {
      throw new GraphError(
        `${exchange.operation}: no answer within ${exchange.deadlineMs} ms from ${exchange.url}`,
        { code: ErrorCodes.timeout, operation: exchange.operation, cause },
      );
    }
    throw wrapConnection(exchange, cause);
  }
}

function wrapConnection(exchange: Exchange, cause: unknown): GraphError {
  const error = new ConnectionError(exchange.operation, new URL(exchange.url).origin, cause);
  (error as { retryable?: boolean }).retryable = isStaleConnection(cause);
  return error;
}
