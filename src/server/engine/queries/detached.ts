// Detached-mode queries (GSQL-ASYNC: true): each run's status and, once finished, its result,
// for GET /restpp/query_status and /restpp/query_result. Statuses are the spec's (running,
// success, timeout, aborted) plus `error` for a query that failed otherwise (its result is the
// error's code and message).
//
// Bounded memory: a finished entry is kept for one hour after it ends, and at most the 1,000
// most recently finished entries are kept; older ones are forgotten (their ids become unknown).

export const detachedKeepMs = 60 * 60 * 1000;
export const detachedKeepCount = 1000;

export type DetachedStatus = 'running' | 'success' | 'timeout' | 'aborted' | 'error';

export interface DetachedEntry {
  readonly graph: string;
  readonly requestid: string;
  readonly url: string;
  readonly submitted: number;
  /** When the query started running (after any time in the delay queue). */
  started: number | undefined;
  expires: number | undefined;
  ended: number | undefined;
  status: DetachedStatus;
  results: unknown[] | undefined;
  failure: { readonly code: string; readonly message: string } | undefined;
}

/** The spec's timestamp text: `YYYY-MM-DD HH:MM:SS.mmm`. */
function timestamp(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
}

export class DetachedQueries {
  private readonly entries = new Map<string, DetachedEntry>();
  /** Finished ids, oldest first (ends are recorded in order). */
  private readonly finished: string[] = [];

  submit(graph: string, requestid: string, url: string): DetachedEntry {
    this.expire();
    const entry: DetachedEntry = {
      graph,
      requestid,
      url,
      submitted: Date.now(),
      started: undefined,
      expires: undefined,
      ended: undefined,
      status: 'running',
      results: undefined,
      failure: undefined,
    };
    this.entries.set(requestid, entry);
    return entry;
  }

  started(entry: DetachedEntry, timeoutMs: number): void {
    entry.started = Date.now();
    entry.expires = entry.started + timeoutMs;
  }

  finish(
    entry: DetachedEntry,
    outcome:
      | { status: 'success'; results: unknown[] }
      | { status: 'timeout' | 'aborted' | 'error'; code: string; message: string },
  ): void {
    entry.ended = Date.now();
    entry.status = outcome.status;
    if (outcome.status === 'success') entry.results = outcome.results;
    else entry.failure = { code: outcome.code, message: outcome.message };
    this.finished.push(entry.requestid);
    this.expire();
  }

  get(requestid: string): DetachedEntry | undefined {
    this.expire();
    return this.entries.get(requestid);
  }

  /** Every entry of a graph, oldest first. */
  list(graph: string): DetachedEntry[] {
    this.expire();
    return [...this.entries.values()].filter((e) => e.graph === graph);
  }

  /** The spec's query-status entry. */
  static status(entry: DetachedEntry): {
    requestid: string;
    startTime: string;
    expirationTime?: string;
    url: string;
    elapsedTime: number;
    status: DetachedStatus;
  } {
    const start = entry.started ?? entry.submitted;
    return {
      requestid: entry.requestid,
      startTime: timestamp(start),
      ...(entry.expires !== undefined ? { expirationTime: timestamp(entry.expires) } : {}),
      url: entry.url,
      // total for a finished query, so far for a running one (0 while still in the delay queue)
      elapsedTime: entry.started === undefined ? 0 : (entry.ended ?? Date.now()) - entry.started,
      status: entry.status,
    };
  }

  private expire(): void {
    const cutoff = Date.now() - detachedKeepMs;
    while (this.finished.length > 0) {
      const id = this.finished[0] ?? '';
      const entry = this.entries.get(id);
      const old = entry === undefined || (entry.ended ?? 0) < cutoff;
      if (!old && this.finished.length <= detachedKeepCount) return;
      this.finished.shift();
      this.entries.delete(id);
    }
  }
}

/** How a detached run that failed is reported: timeout, aborted, or error with its code. */
export function detachedFailure(error: unknown): {
  status: 'timeout' | 'aborted' | 'error';
  code: string;
  message: string;
} {
  const message = error instanceof Error ? error.message : String(error);
  const raw = (error as { code?: unknown } | undefined)?.code;
  const code = typeof raw === 'string' ? raw : 'GWB-INTERNAL';
  if (code === 'QUERY-TIMEOUT') return { status: 'timeout', code, message };
  if (code === 'QUERY-ABORTED') return { status: 'aborted', code, message };
  return { status: 'error', code, message };
}
