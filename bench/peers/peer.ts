// The shape every peer implements: load the dataset's CSV, then answer the graph workloads
// (k-hop counts from seeds, PageRank in tg_pagerank's definition, unweighted path lengths).
// A peer that cannot do a workload leaves the method out and says why in `unsupported`.
import type { Dataset } from '../data/generate.js';

export interface PageRankOutput {
  /** Vertex ids and their scores after the iterations. */
  readonly ids: ArrayLike<number>;
  readonly scores: ArrayLike<number>;
}

export interface Peer {
  readonly name: string;
  /** Loads the dataset (timed as the peer's bulk load). */
  load(ds: Dataset): Promise<void>;
  /** For each seed, the distinct vertices reached within k hops along out-edges (seed excluded). */
  khop?(seeds: readonly number[], k: number): Promise<number[]>;
  /**
   * tg_pagerank: every score starts at 1; each iteration, for each vertex s with out-edges,
   * score(s) = (1 - damping) + damping * sum over edges t->s of score(t)/outdegree(t); vertices
   * without out-edges are never updated (they keep 1), and nothing is redistributed.
   */
  pagerank?(iterations: number, damping: number): Promise<PageRankOutput>;
  /** Unweighted directed shortest path length per pair, -1 when unreachable. */
  shortest?(pairs: readonly (readonly [number, number])[]): Promise<number[]>;
  /** Extra rows: same workload by another method (e.g. a library's own PageRank). */
  extras?: readonly ExtraRun[];
  /** Why a workload is missing, by workload name. */
  readonly unsupported: Partial<Record<'khop' | 'pagerank' | 'paths', string>>;
  close(): Promise<void>;
}

/** A timed run beside the main one, whose checksum may not be comparable (a note says why). */
export interface ExtraRun {
  readonly workload: 'khop' | 'pagerank' | 'paths';
  readonly system: string;
  readonly note: string;
  run(): Promise<string>;
}
