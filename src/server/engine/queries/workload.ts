// The workload manager of query runs (spec document 1, Delayed queries): at most
// `maxConcurrent` queries run at once (RESTPP.WorkLoadManager.MaxConcurrentQueries); the ones
// beyond wait in a FIFO delay queue of at most `maxDelayQueue` entries
// (RESTPP.WorkLoadManager.MaxDelayQueueSize), and beyond that a query is refused at once.
//
// As the spec says, time in the queue does not count toward the query's timeout (its deadline
// starts when it leaves the queue) and /abortquery does not apply to queued queries; a queued
// request whose client goes away leaves the queue, since nobody would read its answer.

/** Defaults of `gwb serve` (--max-concurrent-queries, --max-delay-queue). */
export const defaultMaxConcurrentQueries = 50;
export const defaultMaxDelayQueueSize = 200;

export interface WorkloadLimits {
  readonly maxConcurrent: number;
  readonly maxDelayQueue: number;
}

/** A query refused because the delay queue is full. */
export class QueueFullError extends Error {
  readonly code = 'QUERY-QUEUE-FULL';
  constructor(
    readonly requestid: string,
    limits: WorkloadLimits,
  ) {
    super(
      `query ${requestid} refused: ${limits.maxConcurrent} queries are running and the delay ` +
        `queue is full (${limits.maxDelayQueue} waiting; RESTPP.WorkLoadManager.MaxDelayQueueSize)`,
    );
    this.name = 'QueueFullError';
  }
}

/** A queued query whose request was cancelled (the client went away) before it could run. */
export class QueueCancelledError extends Error {
  readonly code = 'QUERY-ABORTED';
  constructor(readonly requestid: string) {
    super(`query ${requestid} was cancelled while waiting in the delay queue`);
    this.name = 'QueueCancelledError';
  }
}

interface Waiter {
  readonly graph: string;
  readonly requestid: string;
  readonly url: string;
  readonly queued: number;
  readonly admit: () => void;
  readonly cancel: () => void;
}

/** The spec's timestamp text: `YYYY-MM-DD HH:MM:SS.mmm`. */
function timestamp(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
}

export class Workload {
  private current: WorkloadLimits = {
    maxConcurrent: defaultMaxConcurrentQueries,
    maxDelayQueue: defaultMaxDelayQueueSize,
  };
  private running = 0;
  private readonly queue: Waiter[] = [];

  configure(limits: Partial<WorkloadLimits>): void {
    const next = { ...this.current, ...limits };
    if (!Number.isSafeInteger(next.maxConcurrent) || next.maxConcurrent < 1)
      throw new RangeError(`maxConcurrent: expected an integer of 1 or more`);
    if (!Number.isSafeInteger(next.maxDelayQueue) || next.maxDelayQueue < 0)
      throw new RangeError(`maxDelayQueue: expected an integer of 0 or more`);
    this.current = next;
    this.pump();
  }

  get limits(): WorkloadLimits {
    return this.current;
  }

  /** Whether a query arriving now would be refused (every slot busy and the queue full). */
  refuses(): boolean {
    return (
      this.running >= this.current.maxConcurrent && this.queue.length >= this.current.maxDelayQueue
    );
  }

  /**
   * Waits for a slot; resolves with the function that gives it back (call it exactly once when
   * the query ends). Throws QueueFullError at once when the queue is full, QueueCancelledError
   * when `signal` fires while waiting.
   */
  async acquire(
    entry: { graph: string; requestid: string; url: string },
    /** The client's abort signal, asked for only if the run must wait. */
    clientSignal?: () => AbortSignal,
  ): Promise<() => void> {
    if (this.running < this.current.maxConcurrent && this.queue.length === 0) {
      this.running++;
      return this.releaser();
    }
    if (this.queue.length >= this.current.maxDelayQueue)
      throw new QueueFullError(entry.requestid, this.current);
    const signal = clientSignal?.();
    if (signal?.aborted) throw new QueueCancelledError(entry.requestid);
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => waiter.cancel();
      const waiter: Waiter = {
        ...entry,
        queued: Date.now(),
        admit: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        cancel: () => {
          const at = this.queue.indexOf(waiter);
          if (at >= 0) this.queue.splice(at, 1);
          reject(new QueueCancelledError(entry.requestid));
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
    });
    return this.releaser();
  }

  /** The spec's delayed-query entries, oldest first. */
  delayed(): { requestidPartial: string; startTime: string; url: string; elapsedTime: number }[] {
    const now = Date.now();
    // `requestidPartial` is the full request id here: the embedded service has one node, so the
    // id is already known while queued, and clients can match it with query_status and abort.
    return this.queue.map((w) => ({
      requestidPartial: w.requestid,
      startTime: timestamp(w.queued),
      url: w.url,
      elapsedTime: now - w.queued,
    }));
  }

  /** Queries running and waiting, for tests and diagnostics. */
  counts(): { running: number; delayed: number } {
    return { running: this.running, delayed: this.queue.length };
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      this.pump();
    };
  }

  /** Admits waiting queries, first in first out, while slots are free. */
  private pump(): void {
    while (this.running < this.current.maxConcurrent) {
      const next = this.queue.shift();
      if (!next) return;
      this.running++;
      next.admit();
    }
  }
}
