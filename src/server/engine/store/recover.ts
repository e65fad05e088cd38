// Opening the graph of a data folder: the newest checkpoint that reads back whole, then the log
// entries after it. A checkpoint is a candidate only while the log still holds every entry after
// it; a damaged one (checksum, length, version) is set aside and the next older candidate tried,
// down to the chunk checkpoint of an earlier version and the empty graph at sequence number 0
// (the whole log). Each step is said in the service's log. When no candidate is left, the data
// folder cannot be read back exactly and opening fails (DataFolderDamaged): never a guessed graph.
import { emptyCatalog } from '../catalog/types.js';
import { Graph } from '../graph/graph.js';
import { readCheckpoint } from './checkpoint.js';
import { CheckpointDamaged } from './checkpoint-file.js';
import type { CheckpointFiles } from './checkpoint-files.js';
import { chunkMutations } from './legacy-snapshot.js';
import type { LogStore } from './log-store.js';
import type { Mutation } from '../mutations.js';

/** Vertices and edges a log entry writes (a batch mutation counts its rows). */
export function mutationRows(mutations: readonly Mutation[]): number {
  let rows = 0;
  for (const m of mutations) rows += m.k === 'V' || m.k === 'E' ? m.n : 1;
  return rows;
}

/** Where a graph came from: a checkpoint file, the chunks of an earlier version, or nothing. */
export type CheckpointSource =
  | { readonly kind: 'file'; readonly seq: number; readonly path: string }
  | { readonly kind: 'chunks'; readonly seq: number }
  | { readonly kind: 'empty'; readonly seq: 0 };

export class DataFolderDamaged extends Error {
  readonly code = 'GWB-DATA-DAMAGED';
  constructor(message: string) {
    super(message);
    this.name = 'DataFolderDamaged';
  }
}

export interface Recovered {
  readonly graph: Graph;
  /** The checkpoint read (its log entries after it were replayed). */
  readonly base: CheckpointSource;
  readonly replayedEntries: number;
  /** Vertices and edges those entries wrote. */
  readonly replayedRows: number;
}

const thousands = (n: number) => n.toLocaleString('en-US');

function describe(source: CheckpointSource): string {
  switch (source.kind) {
    case 'file':
      return `checkpoint ${source.path}`;
    case 'chunks':
      return `the checkpoint of an earlier version (sequence ${source.seq})`;
    case 'empty':
      return 'an empty graph';
  }
}

function load(store: LogStore, source: CheckpointSource): { graph: Graph; what: string } {
  switch (source.kind) {
    case 'file': {
      const { graph, counts } = readCheckpoint(source.path);
      return {
        graph,
        what: `${thousands(counts.vertices)} vertices, ${thousands(counts.edges)} edges`,
      };
    }
    case 'chunks': {
      const graph = new Graph(store.chunkSnapshot()?.catalog ?? emptyCatalog);
      for (const chunk of store.checkpointChunks())
        for (const mutation of chunkMutations(graph, chunk)) graph.apply(mutation);
      return { graph, what: 'replayed from chunks' };
    }
    case 'empty':
      return { graph: new Graph(emptyCatalog), what: 'nothing' };
  }
}

/** Reads the graph of the store back; `log` hears which checkpoint and how long it took. */
export function recoverGraph(
  store: LogStore,
  files: CheckpointFiles,
  log: (line: string) => void,
): Recovered {
  const trimmedTo = store.trimmedTo;
  const chunks = store.chunkSnapshot();
  const candidates: CheckpointSource[] = [
    ...files.list().map((f) => ({ kind: 'file' as const, ...f })),
    ...(chunks ? [{ kind: 'chunks' as const, seq: chunks.seq }] : []),
    { kind: 'empty', seq: 0 },
  ];
  candidates.sort((a, b) => b.seq - a.seq);
  const problems: string[] = [];
  for (const source of candidates) {
    if (source.seq < trimmedTo) {
      // The log no longer holds what came after it: reading it would lose those writes.
      if (source.kind !== 'empty') problems.push(`${describe(source)} is older than the log`);
      continue;
    }
    const started = performance.now();
    let loaded: { graph: Graph; what: string };
    try {
      loaded = load(store, source);
    } catch (error) {
      if (!(error instanceof CheckpointDamaged) || source.kind !== 'file') throw error;
      problems.push(error.message);
      log(`checkpoint damaged, not used: ${error.message}; trying the one before it`);
      files.setAside(source);
      continue;
    }
    const read = performance.now() - started;
    store.continueAfter(source.seq);
    const replayStarted = performance.now();
    let entries = 0;
    let rows = 0;
    // In one bulk scope: edges of batch entries reach the adjacency in one merge at the end.
    loaded.graph.bulk(() => {
      for (const entry of store.entriesAfter(source.seq)) {
        for (const mutation of entry) loaded.graph.apply(mutation);
        entries += 1;
        rows += mutationRows(entry);
      }
    });
    loaded.graph.fold();
    const replayed = performance.now() - replayStarted;
    log(
      `graph read from ${describe(source)} (${loaded.what}) in ${read.toFixed(0)} ms, ` +
        `then ${thousands(entries)} log entries after sequence ${source.seq} replayed in ${replayed.toFixed(0)} ms`,
    );
    return { graph: loaded.graph, base: source, replayedEntries: entries, replayedRows: rows };
  }
  throw new DataFolderDamaged(
    `the data folder cannot be read back: ${problems.join('; ')}; the log before sequence ` +
      `${trimmedTo + 1} is gone, so restore the folder from a backup`,
  );
}
