// The running-query list: what /showprocesslist reports and /abortquery stops. Each entry has
// the spec's fields (requestid, startTime, expirationTime, url) and the QueryStop its run polls.
import { QueryStop } from './query-stop.js';

export interface RunningQuery {
  readonly graph: string;
  readonly requestid: string;
  readonly url: string;
  readonly started: number;
  readonly expires: number;
  readonly stop: QueryStop;
}

/** The service's timestamp text: `YYYY-MM-DD HH:MM:SS.mmm`. */
function timestamp(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
}

export class RunningQueries {
  private readonly entries = new Map<string, RunningQuery>();

  start(
    graph: string,
    requestid: string,
    url: string,
    timeoutMs: number,
    clientGone?: () => boolean,
  ): RunningQuery {
    const started = Date.now();
    const entry = {
      graph,
      requestid,
      url,
      started,
      expires: started + timeoutMs,
      stop: new QueryStop(clientGone),
    };
    this.entries.set(requestid, entry);
    return entry;
  }

  /** How many queries are running. */
  get size(): number {
    return this.entries.size;
  }

  end(requestid: string): void {
    this.entries.delete(requestid);
  }

  /** The spec's running-query entries, for one graph or all. */
  list(graph?: string): {
    requestid: string;
    startTime: string;
    expirationTime: string;
    url: string;
    elapsedTime: number;
  }[] {
    const now = Date.now();
    return [...this.entries.values()]
      .filter((e) => graph === undefined || e.graph === graph)
      .map((e) => ({
        requestid: e.requestid,
        startTime: timestamp(e.started),
        expirationTime: timestamp(e.expires),
        url: e.url,
        elapsedTime: now - e.started,
      }));
  }

  /** Aborts by request id (`all` for every one) or by URL pattern (`*` wildcard); what was aborted. */
  abort(
    graph: string,
    ids: readonly string[],
    urlPattern?: string,
  ): { requestid: string; url: string }[] {
    const pattern =
      urlPattern === undefined
        ? undefined
        : new RegExp(`^${urlPattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    const aborted: { requestid: string; url: string }[] = [];
    for (const entry of this.entries.values()) {
      if (entry.graph !== graph) continue;
      const byId = ids.includes('all') || ids.includes(entry.requestid);
      const byUrl = pattern !== undefined && pattern.test(entry.url);
      if (!byId && !byUrl) continue;
      entry.stop.abort();
      aborted.push({ requestid: entry.requestid, url: entry.url });
    }
    return aborted;
  }
}
