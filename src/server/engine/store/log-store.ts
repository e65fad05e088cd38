// Durability on lmdb, the log of record: every acknowledged write is a numbered log entry, and a
// checkpoint writes the whole graph (by names and external ids) so the log can be trimmed. On
// open, the graph is rebuilt from the checkpoint and the log entries after it. A write resolves
// only after lmdb has flushed it to disk (lmdb-js resolves a commit before the flush).
// A request written in many batches (POST /ddl) is staged aside batch by batch and moved into
// the log in one transaction when it commits, so a crash or a refusal never leaves part of it:
// staged batches left by a crash belong to no acknowledged request and are dropped on open.
import { open, type Database, type RootDatabase } from 'lmdb';
import type { CatalogData } from '../catalog/types.js';
import { emptyCatalog } from '../catalog/types.js';
import type { Mutation } from '../mutations.js';

/** Mutations per log entry: large writes span several entries of one transaction. */
const entrySize = 20_000;

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
  catalog: CatalogData;
  /** Last log sequence number folded into the checkpoint. */
  checkpointSeq: number;
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
    let last = this.checkpointSeq;
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

  private get checkpointSeq(): number {
    return this.meta.get('state')?.checkpointSeq ?? 0;
  }

  /** The catalog of the checkpoint (schema changes after it are in the log). */
  checkpointCatalog(): CatalogData {
    return this.meta.get('state')?.catalog ?? emptyCatalog;
  }

  /** Checkpoint chunks, in write order. */
  *checkpointChunks(): Generator<SnapshotChunk> {
    for (const { value } of this.snapshot.getRange()) yield value;
  }

  /** Log entries written after the checkpoint, in order. */
  *entriesAfterCheckpoint(): Generator<Mutation[]> {
    for (const { value } of this.log.getRange({ start: this.checkpointSeq + 1 })) yield value;
  }

  /** Appends one write as log entries in one transaction; resolves once it is on disk. */
  async append(mutations: readonly Mutation[]): Promise<void> {
    if (mutations.length === 0) return;
    const first = this.nextSeq;
    const count = Math.ceil(mutations.length / entrySize);
    this.nextSeq += count;
    try {
      await this.root.transaction(() => {
        for (let i = 0; i < count; i++) {
          void this.log.put(first + i, mutations.slice(i * entrySize, (i + 1) * entrySize));
        }
      });
      await this.root.flushed;
    } catch (error) {
      this.nextSeq = first; // nothing was committed: the sequence numbers are free again
      throw error;
    }
  }

  private nextStaged = 1;

  /** A new staged request's id (its batches are invisible until commitStaged). */
  beginStaged(): number {
    return this.nextStaged++;
  }

  /** Keeps one batch of a staged request aside (on disk, outside the log). */
  async stage(request: number, mutations: readonly Mutation[]): Promise<void> {
    for (let i = 0; i < mutations.length; i += entrySize) {
      // Keys sort by request, then in staging order (the counter only grows).
      await this.staged.put([request, this.nextStaged++], mutations.slice(i, i + entrySize));
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

  /** Replaces the checkpoint with `chunks` (the graph as of now) and trims the log. */
  async checkpoint(catalog: CatalogData, chunks: Iterable<SnapshotChunk>): Promise<void> {
    const upTo = this.nextSeq - 1;
    await this.root.transaction(() => {
      void this.snapshot.clearSync();
      let key = 0;
      for (const chunk of chunks) void this.snapshot.put(key++, chunk);
      void this.meta.put('state', { catalog, checkpointSeq: upTo });
      for (const seq of this.log.getKeys({ end: upTo + 1 })) void this.log.remove(seq);
    });
    await this.root.flushed;
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
