// The embedded graph engine: owns the data folder's store, the schema catalog and the in-memory
// graph. Writes are serialized: each is planned against the current graph, handed to the log
// (encoded into its transaction: an entry the log refuses changes nothing), then applied while
// the log commits and flushes it, and acknowledged once both are done; `applying` is held until
// then, so readers only ever see acknowledged data. Should the log fail after the apply began,
// the graph holds what the log lost: the engine stops (StoreFailed for every later request) and
// a restart reads back what was logged. A periodic rebuild folds adjacency deltas and, when the
// log has grown, checkpoints (a file of the whole graph; store/recover.ts reads the newest good
// one back on open).
// Read-only queries yield while they run; `reads` (store/read-gate.ts) holds a durable write
// back from the in-memory graph until the queries running before it end, so each sees the graph
// as of its start; the write is acknowledged once applied. A staged request (a load) is applied,
// and a rebuild folds, in slices that give the event loop back; meanwhile `applying` is set and
// whatever would read the graph waits for it, so no one sees part of a request or of a fold.
// A staged request keeps its batches in memory up to a budget (most loads: logged in one append
// and applied from memory at the commit); past it, the oldest go to the store's staging area.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CatalogData } from './catalog/types.js';
import type { Graph } from './graph/graph.js';
import { emptyReport, mutationBytes, type ApplyReport, type Mutation } from './mutations.js';
import { writeCheckpoint } from './store/checkpoint.js';
import { CheckpointFiles } from './store/checkpoint-files.js';
import { LogStore } from './store/log-store.js';
import { ReadGate } from './store/read-gate.js';
import { mutationRows, recoverGraph, type CheckpointSource } from './store/recover.js';

/** How long a staged request's apply runs before it gives the event loop back (ms). */
const applySliceMs = 5;

/** What a staged request keeps in memory before its batches go to the staging area (bytes). */
const defaultStagedMemory = 32 * 1024 * 1024;

export interface EngineOptions {
  /** Data folder; created if absent. */
  readonly dir: string;
  /** Automatic rebuild period in ms (the spec: 30 s); 0 turns it off. */
  readonly rebuildIntervalMs?: number;
  /** Log entries after which a rebuild also writes a checkpoint. */
  readonly checkpointAfterEntries?: number;
  /**
   * Vertices and edges written after which a rebuild also writes a checkpoint (default: a
   * million, or a quarter of the graph when larger), so replaying the log after a crash stays
   * short even when a few large loads fill it.
   */
  readonly checkpointAfterRows?: number;
  /** The service's log: how the graph was read back, and any checkpoint found damaged. */
  readonly log?: (line: string) => void;
  /**
   * Bytes of batches (mutationBytes) a staged request keeps in memory; past it the oldest go to
   * the store's staging area (on disk) until the commit. Default 32 MB; 0 keeps only the last.
   */
  readonly stagedMemoryBytes?: number;
}

/** The log failed to take a write whose apply had begun: the engine serves nothing more. */
export class StoreFailed extends Error {
  readonly code = 'GWB-STORE-FAILED';
  constructor(cause: unknown) {
    super(
      `the store could not log a write (${cause instanceof Error ? cause.message : String(cause)}); ` +
        'restart the service: it reads back what was logged',
    );
    this.name = 'StoreFailed';
  }
}

/** A planned write: the mutations to log and apply, and a value for the caller. */
export interface WritePlan<T> {
  readonly mutations: readonly Mutation[];
  readonly result?: T;
}

/** A write of many batches, committed whole or discarded (Engine.beginStagedWrite). */
export interface StagedWrite {
  /**
   * Plans one batch against the graph as it is and keeps it aside. Batches commit in order of
   * `phase` (default 0), then in the order written (an upsert's vertices before its edges).
   */
  write(plan: (graph: Graph) => WritePlan<unknown>, phase?: number): Promise<void>;
  /** Logs every batch in one transaction and applies them; what applying them did. */
  commit(): Promise<ApplyReport>;
  discard(): Promise<void>;
}

export interface WriteOutcome<T> {
  readonly report: ApplyReport;
  readonly result: T | undefined;
}

export interface RebuildSummary {
  readonly foldedEdges: number;
  readonly checkpointed: boolean;
  readonly at: Date;
}

export class Engine {
  private queue: Promise<unknown> = Promise.resolve();
  /** See `applying`. */
  private applyingNow: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Set once the log failed under an applied write (see StoreFailed). */
  private failure: StoreFailed | undefined;
  /** Read-only queries register here; writes and folds wait for them (see read-gate.ts). */
  readonly reads = new ReadGate();
  /** Called after each durable schema change (records kept per graph follow their graph). */
  private readonly schemaListeners: ((catalog: CatalogData) => Promise<void>)[] = [];

  private constructor(
    readonly dir: string,
    readonly graph: Graph,
    private readonly store: LogStore,
    private readonly checkpoints: CheckpointFiles,
    /** The newest good checkpoint: the one read on open, or the last one written since. */
    private newest: CheckpointSource,
    private readonly checkpointAfter: number,
    /** Rows (vertices and edges) written since the newest checkpoint. */
    private pendingRows: number,
    private readonly checkpointAfterRows: number | undefined,
    private readonly stagedMemory: number,
  ) {}

  /** Opens (or creates) the data folder and reads the in-memory graph back from the store. */
  static open(options: EngineOptions): Promise<Engine> {
    mkdirSync(options.dir, { recursive: true });
    const store = LogStore.open(join(options.dir, 'store'));
    let engine: Engine;
    try {
      const checkpoints = new CheckpointFiles(join(options.dir, 'checkpoints'));
      const { graph, base, replayedRows } = recoverGraph(
        store,
        checkpoints,
        options.log ?? (() => undefined),
      );
      const after = options.checkpointAfterEntries ?? 1000;
      const rows = options.checkpointAfterRows;
      const memory = options.stagedMemoryBytes ?? defaultStagedMemory;
      engine = new Engine(
        options.dir,
        graph,
        store,
        checkpoints,
        base,
        after,
        replayedRows,
        rows,
        memory,
      );
    } catch (error) {
      return store.close().then(() => Promise.reject(error as Error));
    }
    const every = options.rebuildIntervalMs ?? 30_000;
    if (every > 0) {
      engine.timer = setInterval(() => void engine.rebuild().catch(() => undefined), every);
      engine.timer.unref();
    }
    return Promise.resolve(engine);
  }

  get catalog(): CatalogData {
    return this.graph.catalog;
  }

  /** The schema version, reported as `version.schema` in every response. */
  get schemaVersion(): number {
    return this.graph.catalog.version;
  }

  /**
   * Runs `plan` in the write queue: its mutations are logged and applied (see the module
   * comment), and the returned promise resolves once they are durable. `plan` may throw to
   * refuse the write (nothing is logged or applied then), and so may the log's encoding.
   */
  write<T>(plan: (graph: Graph) => WritePlan<T>): Promise<WriteOutcome<T>> {
    const seq = this.reads.arrive();
    const run = async (): Promise<WriteOutcome<T>> => {
      try {
        this.checkOpen();
        const planned = plan(this.graph);
        const append = this.store.beginAppend(planned.mutations);
        await append.encoded;
        // Applied once no query that could observe it mid-run is running (the check is repeated
        // in this continuation, so nothing registers between it and the apply), while the log
        // writes it: in slices (a loading job's batch of a file, with its adjacency merge), with
        // `applying` held until it is durable.
        while (!this.reads.idle()) await this.reads.drained();
        const report = emptyReport();
        await this.runSliced(this.writeSteps(planned.mutations, report), append.durable);
        this.pendingRows += mutationRows(planned.mutations);
        return { report, result: planned.result };
      } finally {
        this.reads.finish(seq);
      }
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * A write of many batches that commits whole or not at all (POST /ddl, upserts): each batch is
   * planned and kept aside, invisible to queries: in memory while the request's batches stay
   * within the budget (EngineOptions.stagedMemoryBytes), the oldest on disk once past it (so
   * memory stays within the budget and one batch); commit() logs them all in one transaction and
   * applies them (from memory when none went to disk); discard() drops them.
   */
  beginStagedWrite(): StagedWrite {
    const request = this.store.beginStaged();
    /** Batches in memory, oldest first, and their size (mutationBytes). */
    const held: { mutations: readonly Mutation[]; phase: number; bytes: number }[] = [];
    let heldBytes = 0;
    let staged = false;
    /** Edges per edge type in the batches, so the tables grow once when they are applied. */
    const edgesByType = new Map<string, number>();
    // One batch is written to the staging area while the next one is read: lmdb encodes it at
    // once, and its commit (no flush needed: the final commit flushes) overlaps the reading.
    let writing: Promise<void> = Promise.resolve();
    const spillOldest = async () => {
      const oldest = held.shift();
      if (!oldest) return;
      heldBytes -= oldest.bytes;
      staged = true;
      await writing;
      writing = this.store.stage(request, oldest.mutations, oldest.phase);
      writing.catch(() => undefined);
    };
    return {
      write: async (plan, phase = 0) => {
        // Planning reads the graph: never between two slices of another request's apply.
        for (let a = this.applyingNow; a; a = this.applyingNow) await a;
        this.checkOpen();
        const mutations = plan(this.graph).mutations;
        if (mutations.length === 0) return;
        let bytes = 0;
        for (const m of mutations) {
          if (m.k === 'E') edgesByType.set(m.t, (edgesByType.get(m.t) ?? 0) + m.n);
          bytes += mutationBytes(m);
        }
        held.push({ mutations, phase, bytes });
        heldBytes += bytes;
        while (held.length > 1 && heldBytes > this.stagedMemory) await spillOldest();
      },
      commit: async () => {
        if (!staged) {
          // In phase order, then in the order written (the sort is stable).
          held.sort((a, b) => a.phase - b.phase);
          const mutations = held.flatMap((batch) => batch.mutations);
          held.length = 0;
          heldBytes = 0;
          return (await this.write(() => ({ mutations }))).report;
        }
        while (held.length > 0) await spillOldest();
        await writing;
        return this.commitStaged(request, edgesByType);
      },
      discard: async () => {
        held.length = 0;
        heldBytes = 0;
        await writing.catch(() => undefined);
        if (staged) await this.store.discardStaged(request);
      },
    };
  }

  private commitStaged(
    request: number,
    edgesByType: ReadonlyMap<string, number>,
  ): Promise<ApplyReport> {
    const seq = this.reads.arrive();
    const run = async (): Promise<ApplyReport> => {
      try {
        this.checkOpen();
        const range = await this.store.commitStaged(request);
        while (!this.reads.idle()) await this.reads.drained();
        const report = emptyReport();
        await this.runSliced(this.applySteps(range, edgesByType, report));
        return report;
      } finally {
        this.reads.finish(seq);
      }
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Runs `steps` (changes of the in-memory graph), giving the event loop back once a slice's
   * time is used, so a large load or fold does not hold every other request for seconds. Nothing
   * may see the graph between two slices: `applying` is set meanwhile (see there), and queries
   * that would start wait for it (a load's write has also not finished at the read gate).
   */
  private async runSliced(steps: Generator<void>, durable?: Promise<void>): Promise<void> {
    let done: () => void = () => undefined;
    this.applyingNow = new Promise((resolve) => (done = resolve));
    try {
      let sliceEnd = performance.now() + applySliceMs;
      while (!steps.next().done) {
        if (performance.now() < sliceEnd) continue;
        await new Promise<void>((resolve) => setImmediate(resolve));
        sliceEnd = performance.now() + applySliceMs;
      }
      // Applied: no one sees it until the log has it on disk.
      if (durable) await durable.catch((error: unknown) => this.stop(new StoreFailed(error)));
    } finally {
      if (!this.failure) this.applyingNow = undefined;
      done();
    }
  }

  /**
   * Stops serving: every later write throws `failure`, and so does waiting for `applying`, which
   * is what anything reading the graph does first.
   */
  private stop(failure: StoreFailed): never {
    this.failure = failure;
    const refused = Promise.reject(failure);
    refused.catch(() => undefined);
    this.applyingNow = refused;
    throw failure;
  }

  private checkOpen(): void {
    if (this.failure) throw this.failure;
    if (this.closed) throw new Error('the engine is closed');
  }

  /** One write's mutations applied (durable already), in steps. */
  private *writeSteps(mutations: readonly Mutation[], report: ApplyReport): Generator<void> {
    // Each edge table grows once for the write's batches (a staged request's, many).
    const edgesByType = new Map<string, number>();
    for (const m of mutations)
      if (m.k === 'E') edgesByType.set(m.t, (edgesByType.get(m.t) ?? 0) + m.n);
    for (const [type, n] of edgesByType) {
      const table = this.graph.edgeTable(type);
      if (table) yield* table.reserveSteps(n);
    }
    this.graph.beginBulk();
    try {
      for (const mutation of mutations) yield* this.graph.applySteps(mutation, report);
    } finally {
      yield* this.graph.endBulkSteps();
    }
  }

  /** A committed request's log entries (durable already) applied, a step per entry. */
  private *applySteps(
    range: { first: number; count: number },
    edgesByType: ReadonlyMap<string, number>,
    report: ApplyReport,
  ): Generator<void> {
    // Each edge table grows once, and one adjacency merge for the whole request.
    for (const [type, n] of edgesByType) {
      const table = this.graph.edgeTable(type);
      if (table) yield* table.reserveSteps(n);
    }
    this.graph.beginBulk();
    try {
      for (let seq = range.first; seq < range.first + range.count; seq++) {
        // One entry at a time: no read transaction is held open across the yields.
        for (const entry of this.store.entriesIn({ first: seq, count: 1 })) {
          for (const mutation of entry) yield* this.graph.applySteps(mutation, report);
          this.pendingRows += mutationRows(entry);
        }
        yield;
      }
    } finally {
      // The request's edges reach the adjacency in one merge, itself in steps.
      yield* this.graph.endBulkSteps();
    }
  }

  /**
   * Set while a staged request is being applied, or the adjacency folded, in slices (runSliced):
   * resolves when that is done. Whatever reads the graph outside the write queue and the read gate (HTTP
   * handlers, a query about to start, a query that may write at its yields, a staged write's
   * planning) waits while it is set, re-checking after each wait:
   * `for (let a = engine.applying; a; a = engine.applying) await a;`.
   */
  get applying(): Promise<void> | undefined {
    return this.applyingNow;
  }

  /** Replaces the catalog (a schema change), durably; `change` throws to refuse. */
  async changeSchema(change: (catalog: CatalogData) => CatalogData): Promise<CatalogData> {
    const outcome = await this.write((graph) => {
      const catalog = change(graph.catalog);
      return { mutations: [{ k: 'schema', catalog }], result: catalog };
    });
    const catalog = outcome.result ?? this.catalog;
    // The change is durable already: a listener's failure must not report it as refused. What a
    // listener keeps in step is brought in step again when the service opens.
    for (const listener of this.schemaListeners) {
      await listener(catalog).catch((error: unknown) => {
        process.emitWarning(`after a schema change: ${String(error)}`, 'GwbSchemaListener');
      });
    }
    return catalog;
  }

  /** Runs `listener` after every durable schema change, before the change is acknowledged. */
  onSchemaChange(listener: (catalog: CatalogData) => Promise<void>): void {
    this.schemaListeners.push(listener);
  }

  /** Folds adjacency deltas; checkpoints when the log has grown (or when forced). */
  rebuild(force = false): Promise<RebuildSummary> {
    const seq = this.reads.arrive();
    const run = async (): Promise<RebuildSummary> => {
      // A fold rearranges the adjacency arrays a suspended query may be walking: it waits too.
      try {
        while (!this.reads.idle()) await this.reads.drained();
      } finally {
        this.reads.finish(seq);
      }
      // Never a checkpoint of a graph holding a write the log lost.
      if (this.failure) throw this.failure;
      const foldedEdges = this.graph.pendingEdges;
      // In slices; no reader has registered since the check above (this continuation).
      await this.runSliced(this.graph.foldSteps());
      const due =
        force ||
        this.pendingEntries >= this.checkpointAfter ||
        this.pendingRows >= this.rowsBetweenCheckpoints();
      const checkpointed = due && this.pendingEntries > 0;
      if (checkpointed) await this.checkpoint();
      return { foldedEdges, checkpointed, at: new Date() };
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Rows written after which a checkpoint is due (see EngineOptions.checkpointAfterRows). */
  private rowsBetweenCheckpoints(): number {
    if (this.checkpointAfterRows !== undefined) return this.checkpointAfterRows;
    let rows = 0;
    for (const table of this.graph.vertices.values()) rows += table.liveCount;
    for (const table of this.graph.edges.values()) rows += table.liveCount;
    return Math.max(1_000_000, rows / 4);
  }

  /** Log entries not in the newest checkpoint. */
  get pendingEntries(): number {
    return this.store.lastSeq - this.newest.seq;
  }

  /**
   * Writes a checkpoint of the graph as of the last log entry (in the write queue: nothing
   * changes the graph meanwhile). The checkpoint before it stays, with the log after it, as the
   * way back should the new file be found damaged; anything older goes.
   */
  private async checkpoint(): Promise<void> {
    const seq = this.store.lastSeq;
    const previous = this.newest;
    await this.checkpoints.write(seq, (writer) => writeCheckpoint(writer, this.graph, seq));
    await this.store.checkpointed(seq, previous.seq, previous.kind === 'chunks');
    this.checkpoints.retain(previous.kind === 'file' ? [seq, previous.seq] : [seq]);
    this.newest = { kind: 'file', seq, path: this.checkpoints.pathOf(seq) };
    this.pendingRows = 0;
  }

  /** Named records kept in the log of record beside the graph (see LogStore.record). */
  get records(): {
    get(key: string): unknown;
    put(key: string, value: unknown): Promise<void>;
  } {
    const store = this.store;
    return { get: (key) => store.record(key), put: (key, value) => store.putRecord(key, value) };
  }

  /** Waits for queued writes, then flushes and closes the store. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    // A clean shutdown leaves a checkpoint of the whole graph, so the next open reads it instead
    // of replaying the log (a failure here only costs that speed: the log is still there).
    if (!this.closed && !this.failure && this.pendingEntries > 0)
      await this.rebuild(true).catch(() => undefined);
    await this.queue;
    this.closed = true;
    await this.store.close();
  }
}
