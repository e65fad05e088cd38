// The gate between time-sliced read-only queries and the engine's writes, so that a query sees
// the graph as of its start even though it yields to the event loop while writes arrive.
//
// Scheme (a phase-fair reader-writer gate; the simplest correct one for a graph mutated in
// place): a write is planned and made durable at once, but is applied to the in-memory graph only
// when no registered reader is running; its acknowledgement waits with it. A reader that arrives
// while writes are pending first waits for those writes (not for later ones), so a stream of
// readers cannot starve a writer and a stream of writers cannot starve a reader. Readers only
// ever wait for writes, and writes only for readers that started before them or that were
// already admitted, each bounded by its GSQL-TIMEOUT deadline: a reader still registered past
// its deadline (plus a grace) no longer holds writes back, so nothing waits forever.
//
// Copy-on-write of touched columns was the alternative; it would need version hooks in every
// column and adjacency structure of graph/, whereas this needs none and costs nothing when no
// query is running. Queries that write are not registered as readers (their own write, at their
// end, would otherwise wait for themselves); see queries/snapshot.ts.

/** How long past its deadline a reader may still hold writes back (it fails at its next yield). */
export const readerGraceMs = 250;

interface Reader {
  readonly deadline: number;
}

export class ReadGate {
  /** Writes that have arrived / finished (applied or refused); they finish in arrival order. */
  private arrived = 0;
  private finished = 0;
  private readonly readers = new Set<Reader>();
  private readonly readerWaits: { seq: number; resolve: () => void }[] = [];
  private drainWaits: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;

  /** Readers running now (for tests and diagnostics). */
  get activeReaders(): number {
    return this.readers.size;
  }

  /** Writes arrived and not yet finished. */
  get pendingWrites(): number {
    return this.arrived - this.finished;
  }

  /** A reader's turn: resolves once every write that arrived before now has finished. */
  turn(): Promise<void> {
    const seq = this.arrived;
    if (this.finished >= seq) return Promise.resolve();
    return new Promise((resolve) => this.readerWaits.push({ seq, resolve }));
  }

  /** Registers a running reader until the returned function is called (idempotent). */
  begin(deadline: number): () => void {
    const reader: Reader = { deadline };
    this.readers.add(reader);
    return () => {
      if (!this.readers.delete(reader)) return;
      this.wakeWriters();
    };
  }

  /** A write arrives (call in the order the writes are queued); its sequence number. */
  arrive(): number {
    return ++this.arrived;
  }

  /** Whether the graph may change now: no reader runs (or all are past deadline and grace). */
  idle(): boolean {
    return this.clear();
  }

  /**
   * Resolves when the graph may change. Callers check idle() again when it resolves (a reader
   * may have registered in between): `while (!gate.idle()) await gate.drained();`.
   */
  drained(): Promise<void> {
    if (this.clear()) return Promise.resolve();
    return new Promise((resolve) => {
      this.drainWaits.push(resolve);
      this.armTimer();
    });
  }

  /** The write that arrived as `seq` is applied or refused: readers waiting for it may start. */
  finish(seq: number): void {
    this.finished = Math.max(this.finished, seq);
    const ready = this.readerWaits.filter((w) => w.seq <= this.finished);
    if (ready.length === 0) return;
    for (let i = this.readerWaits.length - 1; i >= 0; i--) {
      if ((this.readerWaits[i]?.seq ?? 0) <= this.finished) this.readerWaits.splice(i, 1);
    }
    for (const w of ready) w.resolve();
  }

  private clear(): boolean {
    const cutoff = Date.now() - readerGraceMs;
    for (const r of this.readers) if (r.deadline > cutoff) return false;
    return true;
  }

  private wakeWriters(): void {
    if (this.drainWaits.length === 0 || !this.clear()) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const waits = this.drainWaits;
    this.drainWaits = [];
    for (const resolve of waits) resolve();
  }

  /** Wakes waiting writes when the last blocking reader passes its deadline and grace. */
  private armTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    let latest = 0;
    for (const r of this.readers) latest = Math.max(latest, r.deadline);
    if (!Number.isFinite(latest)) return;
    const delay = Math.max(0, latest + readerGraceMs - Date.now() + 1);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.wakeWriters();
      if (this.drainWaits.length > 0) this.armTimer();
    }, delay);
    this.timer.unref();
  }
}
