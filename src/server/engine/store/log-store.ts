// Durability on lmdb, the log of record: every acknowledged write is a numbered log entry. The
// graph is checkpointed to files (store/checkpoint-files.ts); the log keeps every entry after
// the second newest checkpoint, so a damaged newest checkpoint still leaves a way back (the one
// before it, plus the log). On open, the graph is read from a checkpoint and the log entries after
// it are replayed. A write resolves only after lmdb has flushed it to disk (lmdb-js resolves a
// commit before the flush). Earlier versions kept their checkpoint in lmdb as chunks (`snapshot`):
// still read, and dropped once two checkpoint files exist.
// A request written in many batches (POST /ddl) is staged aside batch by batch and moved into
// the log in one transaction when it commits, so a crash or a refusal never leaves part of it:
// staged batches left by a crash belong to no acknowledged request and are dropped on open.
import { open, type Database, type RootDatabase } from 'lmdb';
import type { CatalogData } from '../catalog/types.js';
import { emptyCatalog } from '../catalog/types.js';
import { mutationBytes, type Mutation } from '../mutations.js';

/** Mutations per log entry: large writes span several entries of one transaction. */
const entrySize = 20_000;

/** About how large a log entry grows (mutationBytes) before the next one starts. */
const entryBytes = 4 * 1024 * 1024;

/** Splits a write's mutations into log entries of at most entrySize and about entryBytes. */
function entriesOf(mutations: readonly Mutation[]): Mutation[][] {
  const entries: Mutation[][] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < mutations.length; i++) {
    const size = mutationBytes(mutations[i] as Mutation);
    if (i > start && (i - start >= entrySize || bytes + size > entryBytes)) {
      entries.push(mutations.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
  }
  if (start < mutations.length) entries.push(mutations.slice(start));
  return entries;
}

export interface SnapshotChunk {
  readonly kind: 'v' | 'e';
  readonly type: string;
  /** Vertex chunks: ids. Edge chunks: [fromType, fromId, toType, toId] per edge, flattened. */
  readonly keys: readonly string[];
  /** Attribute names of the columns, so a chunk survives attribute reordering. */
  readonly attributes: readonly string[];
  readonly columns: readonly (readonly unknown[])[];
}

interface Meta {
  /** The catalog of the chunk snapshot (earlier versions). */
  catalog: CatalogData;
  /** The newest checkpoint's log sequence number. */
  checkpointSeq: number;
  /** Log entries up to this one were removed (absent when written by an earlier version). */
  trimmedTo?: number;
  /** The sequence number of the chunk checkpoint in `snapshot` (earlier versions), if kept. */
  chunksSeq?: number;
}

/** A log append under way (LogStore.beginAppend). */
export interface AppendInProgress {
  readonly encoded: Promise<void>;
  readonly durable: Promise<void>;
}

export class LogStore {
  private nextSeq: number;

  private constructor(
    private readonly root: RootDatabase,
    private readonly meta: Database<Meta, string>,
    private readonly log: Database<Mutation[], number>,
    private readonly snapshot: Database<SnapshotChunk, number>,
    private readonly records: Database<unknown, string>,
    private readonly staged: Database<Mutation[], number[]>,
  ) {
    // Batches of requests that never committed (the process died first).
    staged.clearSync();
    let last = Math.max(this.checkpointSeq, this.trimmedTo);
    for (const key of log.getKeys({ reverse: true, limit: 1 })) last = Math.max(last, key);
    this.nextSeq = last + 1;
  }

  static open(path: string): LogStore {
    // Records and Maps survive the round trip; 64-bit integers come back as bigint when needed.
    const root = open({
      path,
      compression: false,
      encoder: { useRecords: true, mapsAsObjects: false, int64AsType: 'auto' },
    });
    return new LogStore(
      root,
      root.openDB<Meta, string>({ name: 'meta' }),
      root.openDB<Mutation[], number>({ name: 'log' }),
      root.openDB<SnapshotChunk, number>({ name: 'snapshot' }),
      root.openDB<unknown, string>({ name: 'records' }),
      root.openDB<Mutation[], number[]>({ name: 'staged' }),
    );
  }

  private get state(): Meta | undefined {
    return this.meta.get('state');
  }

  private get checkpointSeq(): number {
    return this.state?.checkpointSeq ?? 0;
  }

  /** Log entries up to this sequence number are gone (a checkpoint must hold them). */
  get trimmedTo(): number {
    const state = this.state;
    return state?.trimmedTo ?? state?.checkpointSeq ?? 0;
  }

  /** The last sequence number written to the log (0: none yet). */
  get lastSeq(): number {
    return this.nextSeq - 1;
  }

  /** The chunk checkpoint an earlier version left in lmdb, if any. */
  chunkSnapshot(): { seq: number; catalog: CatalogData } | undefined {
    const state = this.state;
    // Meta without trimmedTo was written by an earlier version: its checkpoint is the chunks.
    const seq = state?.trimmedTo === undefined ? state?.checkpointSeq : state.chunksSeq;
    if (!state || seq === undefined) return undefined;
    for (const _ of this.snapshot.getKeys({ limit: 1 })) return { seq, catalog: state.catalog };
    return undefined;
  }

  /** The chunk checkpoint's chunks, in write order. */
  *checkpointChunks(): Generator<SnapshotChunk> {
    for (const { value } of this.snapshot.getRange()) yield value;
  }

  /** Log entries written after sequence number `seq`, in order. */
  *entriesAfter(seq: number): Generator<Mutation[]> {
    for (const { value } of this.log.getRange({ start: seq + 1 })) yield value;
  }

  /** Log entries written after the newest checkpoint, in order. */
  entriesAfterCheckpoint(): Generator<Mutation[]> {
    return this.entriesAfter(this.checkpointSeq);
  }

  /**
   * Records that a checkpoint file of sequence number `seq` exists, and trims the log up to
   * `keepAfter` (the checkpoint kept as the way back); drops the chunk checkpoint unless kept.
   */
  async checkpointed(seq: number, keepAfter: number, keepChunks: boolean): Promise<void> {
    const chunks = keepChunks ? this.chunkSnapshot() : undefined;
    const trimTo = Math.max(this.trimmedTo, keepAfter);
    await this.root.transaction(() => {
      if (!chunks) void this.snapshot.clearSync();
      void this.meta.put('state', {
        catalog: chunks?.catalog ?? emptyCatalog,
        checkpointSeq: seq,
        trimmedTo: trimTo,
        chunksSeq: chunks?.seq,
      });
      for (const key of this.log.getKeys({ end: trimTo + 1 })) void this.log.remove(key);
    });
    await this.root.flushed;
  }

  /** Sequence numbers continue after `seq` (a checkpoint found newer than the log's end). */
  continueAfter(seq: number): void {
    this.nextSeq = Math.max(this.nextSeq, seq + 1);
  }

  /** Appends one write as log entries in one transaction; resolves once it is on disk. */
  async append(mutations: readonly Mutation[]): Promise<void> {
    await this.beginAppend(mutations).durable;
  }

  /**
   * Starts appending one write as log entries in one transaction: `encoded` resolves once lmdb
   * has taken the entries (encoded them into the transaction; it rejects, as `durable` does, when
   * an entry cannot be encoded), `durable` once the transaction is committed and on disk. What
   * happens between the two (lmdb's thread writing and syncing) can overlap other work.
   */
  beginAppend(mutations: readonly Mutation[]): AppendInProgress {
    if (mutations.length === 0) return { encoded: Promise.resolve(), durable: Promise.resolve() };
    const first = this.nextSeq;
    const entries = entriesOf(mutations);
    this.nextSeq += entries.length;
    let taken: () => void = () => undefined;
    const wasTaken = new Promise<void>((resolve) => (taken = resolve));
    const durable = (async () => {
      try {
        await this.root.transaction(() => {
          entries.forEach((entry, i) => void this.log.put(first + i, entry));
          taken();
        });
        await this.root.flushed;
      } catch (error) {
        this.nextSeq = first; // nothing was committed: the sequence numbers are free again
        throw error;
      }
    })();
    // Awaited later (or not at all when `encoded` fails): no unhandled rejection meanwhile.
    durable.catch(() => undefined);
    return { encoded: Promise.race([wasTaken, durable]), durable };
  }

  private nextStaged = 1;

  /** A new staged request's id (its batches are invisible until commitStaged). */
  beginStaged(): number {
    return this.nextStaged++;
  }

  /** Keeps one batch of a staged request aside (on disk, outside the log). */
  async stage(request: number, mutations: readonly Mutation[], phase = 0): Promise<void> {
    for (let i = 0; i < mutations.length; i += entrySize) {
      // Keys sort by request, then phase, then in staging order (the counter only grows).
      await this.staged.put([request, phase, this.nextStaged++], mutations.slice(i, i + entrySize));
    }
  }

  private stagedKeys(request: number): number[][] {
    const keys: number[][] = [];
    for (const key of this.staged.getKeys({ start: [request], end: [request + 1] })) keys.push(key);
    return keys;
  }

  /**
   * Moves a staged request's batches into the log in one transaction, resolving once it is on
   * disk with the log range they now fill (read it back with entriesIn).
   */
  async commitStaged(request: number): Promise<{ first: number; count: number }> {
    const keys = this.stagedKeys(request);
    const first = this.nextSeq;
    this.nextSeq += keys.length;
    try {
      await this.root.transaction(() => {
        keys.forEach((key, i) => {
          const batch = this.staged.get(key);
          if (batch) void this.log.put(first + i, batch);
          void this.staged.remove(key);
        });
      });
      await this.root.flushed;
    } catch (error) {
      this.nextSeq = first;
      throw error;
    }
    return { first, count: keys.length };
  }

  /** Drops a staged request's batches (refused or failed: nothing of it is kept). */
  async discardStaged(request: number): Promise<void> {
    const keys = this.stagedKeys(request);
    await this.root.transaction(() => {
      for (const key of keys) void this.staged.remove(key);
    });
  }

  /** Log entries of a range, in order, one at a time. */
  *entriesIn(range: { first: number; count: number }): Generator<Mutation[]> {
    for (const { value } of this.log.getRange({
      start: range.first,
      end: range.first + range.count,
    }))
      yield value;
  }

  /**
   * A named record beside the graph (the access-control state: users, roles, secrets, tokens).
   * Records are not graph mutations: they are replaced whole and never checkpointed or trimmed.
   */
  record(key: string): unknown {
    return this.records.get(key);
  }

  /** Replaces a named record; resolves once it is on disk. */
  async putRecord(key: string, value: unknown): Promise<void> {
    await this.records.put(key, value);
    await this.root.flushed;
  }

  /** Log entries not yet folded into a checkpoint. */
  get pendingEntries(): number {
    return this.nextSeq - 1 - this.checkpointSeq;
  }

  async close(): Promise<void> {
    await this.root.flushed;
    await this.root.close();
  }
}
