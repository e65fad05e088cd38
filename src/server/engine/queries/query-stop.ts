// Whether a running query should stop: aborted through /abortquery (RunningQueries.abort), or its
// client gone. The run polls it at every slice (Run.check reads `aborted`), so starting a query
// needs no AbortController and no listener: in Node 20 making an AbortSignal per request cost
// about 7% of a short query's server time.

import type { AbortState } from '../query/run.js';

export class QueryStop implements AbortState {
  private stopped = false;

  /** `clientGone`: whether the request's client went away (polled with the abort). */
  constructor(private readonly clientGone?: () => boolean) {}

  abort(): void {
    this.stopped = true;
  }

  get aborted(): boolean {
    if (!this.stopped && this.clientGone?.() === true) this.stopped = true;
    return this.stopped;
  }
}
