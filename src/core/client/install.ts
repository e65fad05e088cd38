// Installing queries through the catalogue's operations and waiting for the end: the service
// answers POST /gsql/v1/queries/install at once with a request id (state NEW), so a caller that
// needs the queries installed polls GET .../install/{request_id} until SUCCESS or FAILURE.
// (The shell's INSTALL QUERY statement waits by itself and needs none of this.)
import { setTimeout as sleep } from 'node:timers/promises';
import { ErrorCodes, GraphError } from '../errors.js';
import type { BaseClient } from './base-client.js';
import type { CallOptions, OperationResult } from './call-types.js';

export type InstallResult = OperationResult<'installStatus'>;

export interface InstallWaitOptions extends CallOptions {
  readonly graph?: string;
  /** Pause between status polls (ms); default 100. */
  readonly pollMs?: number;
  /** Give up after this long (ms); default 10 minutes, as installing on a real server is slow. */
  readonly maxWaitMs?: number;
}

/**
 * Installs `queries` (names, or `*`) and resolves with the final status (state SUCCESS or
 * FAILURE, and each query's state; a query that failed to compile is FAILED under an overall
 * SUCCESS, as the service reports it). A server that answers the old way, finished at once
 * without a request id, gives its answer's state.
 */
export async function installAndWait(
  client: BaseClient,
  queries: readonly string[],
  options: InstallWaitOptions = {},
): Promise<InstallResult> {
  const { graph, pollMs = 100, maxWaitMs = 600_000, ...call } = options;
  const query = { queries: [...queries], ...(graph !== undefined ? { graph } : {}) };
  const answer = await client.call('installQueries', { query }, call);
  const requestId = answer.requestId ?? answer.location?.split('/').pop();
  if (requestId === undefined || requestId === '') {
    return { state: answer.state ?? 'SUCCESS', message: answer.message, error: answer.error };
  }
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    const status = await client.call('installStatus', { path: { request_id: requestId } }, call);
    if (status.state === 'SUCCESS' || status.state === 'FAILURE') return status;
    if (Date.now() > deadline) {
      throw new GraphError(
        `installQueries: request ${requestId} still ${status.state} after ${maxWaitMs} ms`,
        { code: ErrorCodes.timeout, operation: 'installStatus' },
      );
    }
    await sleep(pollMs, undefined, call.signal ? { signal: call.signal } : undefined);
  }
}
