// The hand-written TypeScript CSR loop: the in-process limit for Node on this machine. Builds a
// compressed sparse row graph from the edge list (dense ids), then k-hop BFS with an epoch-stamped
// visited array, tg_pagerank-style PageRank over typed arrays, and path lengths by bidirectional
// BFS over the out- and in-edge arrays.
import { readEdgeList, type Dataset, type EdgeList } from '../data/generate.js';
import type { PageRankOutput, Peer } from './peer.js';

export interface Csr {
  /** Dense index -> external id. */
  readonly ids: Uint32Array;
  /** External id -> dense index. */
  readonly index: Map<number, number>;
  /** Out-edges: targets[offsets[v] .. offsets[v + 1]). */
  readonly offsets: Uint32Array;
  readonly targets: Uint32Array;
  /** In-edges, the same way (for the backward half of bidirectional search). */
  readonly inOffsets: Uint32Array;
  readonly sources: Uint32Array;
}

function compress(n: number, from: Uint32Array, to: Uint32Array) {
  const m = from.length;
  const offsets = new Uint32Array(n + 1);
  for (let e = 0; e < m; e++) offsets[from[e]! + 1]!++;
  for (let v = 0; v < n; v++) offsets[v + 1]! += offsets[v]!;
  const fill = offsets.slice(0, n);
  const targets = new Uint32Array(m);
  for (let e = 0; e < m; e++) targets[fill[from[e]!]!++] = to[e]!;
  return { offsets, targets };
}

export function buildCsr(list: EdgeList): Csr {
  const index = new Map<number, number>();
  const ids: number[] = [];
  const dense = (id: number) => {
    let i = index.get(id);
    if (i === undefined) {
      i = ids.length;
      index.set(id, i);
      ids.push(id);
    }
    return i;
  };
  const m = list.src.length;
  const s = new Uint32Array(m);
  const t = new Uint32Array(m);
  for (let e = 0; e < m; e++) {
    s[e] = dense(list.src[e] ?? 0);
    t[e] = dense(list.dst[e] ?? 0);
  }
  const n = ids.length;
  const out = compress(n, s, t);
  const back = compress(n, t, s);
  return {
    ids: Uint32Array.from(ids),
    index,
    offsets: out.offsets,
    targets: out.targets,
    inOffsets: back.offsets,
    sources: back.targets,
  };
}

export function khopCounts(g: Csr, seeds: readonly number[], k: number): number[] {
  const n = g.ids.length;
  const stamp = new Uint32Array(n);
  let frontier = new Uint32Array(n);
  let next = new Uint32Array(n);
  const counts: number[] = [];
  let epoch = 0;
  for (const seed of seeds) {
    epoch++;
    const start = g.index.get(seed);
    if (start === undefined) {
      counts.push(0);
      continue;
    }
    stamp[start] = epoch;
    frontier[0] = start;
    let size = 1;
    let reached = 0;
    for (let hop = 0; hop < k && size > 0; hop++) {
      let nextSize = 0;
      for (let i = 0; i < size; i++) {
        const v = frontier[i]!;
        for (let e = g.offsets[v]!, end = g.offsets[v + 1]!; e < end; e++) {
          const w = g.targets[e]!;
          if (stamp[w] !== epoch) {
            stamp[w] = epoch;
            next[nextSize++] = w;
          }
        }
      }
      reached += nextSize;
      [frontier, next] = [next, frontier];
      size = nextSize;
    }
    counts.push(reached);
  }
  return counts;
}

export function pagerankTg(g: Csr, iterations: number, damping: number): PageRankOutput {
  const n = g.ids.length;
  let score = new Float64Array(n).fill(1);
  let next = new Float64Array(n);
  const received = new Float64Array(n);
  for (let it = 0; it < iterations; it++) {
    received.fill(0);
    for (let v = 0; v < n; v++) {
      const start = g.offsets[v]!;
      const end = g.offsets[v + 1]!;
      if (end === start) continue;
      const share = score[v]! / (end - start);
      for (let e = start; e < end; e++) received[g.targets[e]!]! += share;
    }
    for (let v = 0; v < n; v++) {
      next[v] =
        g.offsets[v + 1] === g.offsets[v] ? score[v]! : 1 - damping + damping * received[v]!;
    }
    [score, next] = [next, score];
  }
  return { ids: g.ids, scores: score };
}

/** Scratch arrays of the bidirectional search, reused across pairs. */
export interface PathScratch {
  readonly stamp: Uint32Array;
  readonly dist: Int32Array;
  readonly queues: [Uint32Array, Uint32Array];
  epoch: number;
}

export function pathScratch(g: Csr): PathScratch {
  const n = g.ids.length;
  return {
    stamp: new Uint32Array(n),
    dist: new Int32Array(n),
    queues: [new Uint32Array(n), new Uint32Array(n)],
    epoch: 0,
  };
}

/**
 * Unweighted directed path length by bidirectional BFS: expand the smaller frontier one level at
 * a time, forward along out-edges from the source, backward along in-edges from the target.
 * Stamps: 2*epoch marks the forward side, 2*epoch+1 the backward side.
 */
export function pathLength(g: Csr, from: number, to: number, scratch: PathScratch): number {
  const s = g.index.get(from);
  const t = g.index.get(to);
  if (s === undefined || t === undefined) return -1;
  if (s === t) return 0;
  const { stamp, dist } = scratch;
  scratch.epoch++;
  const fwd = 2 * scratch.epoch;
  const bwd = fwd + 1;
  const [fq, bq] = scratch.queues;
  stamp[s] = fwd;
  dist[s] = 0;
  stamp[t] = bwd;
  dist[t] = 0;
  fq[0] = s;
  bq[0] = t;
  let fStart = 0;
  let fEnd = 1;
  let bStart = 0;
  let bEnd = 1;
  while (fStart < fEnd && bStart < bEnd) {
    const forward = fEnd - fStart <= bEnd - bStart;
    const q = forward ? fq : bq;
    const offsets = forward ? g.offsets : g.inOffsets;
    const adj = forward ? g.targets : g.sources;
    const mine = forward ? fwd : bwd;
    const theirs = forward ? bwd : fwd;
    const start = forward ? fStart : bStart;
    let end = forward ? fEnd : bEnd;
    const levelEnd = end;
    let best = -1;
    for (let i = start; i < levelEnd; i++) {
      const v = q[i]!;
      const d = dist[v]! + 1;
      for (let e = offsets[v]!, stop = offsets[v + 1]!; e < stop; e++) {
        const w = adj[e]!;
        if (stamp[w] === theirs) {
          const total = d + dist[w]!;
          if (best === -1 || total < best) best = total;
        } else if (stamp[w] !== mine) {
          stamp[w] = mine;
          dist[w] = d;
          q[end++] = w;
        }
      }
    }
    if (best !== -1) return best;
    if (forward) {
      fStart = levelEnd;
      fEnd = end;
    } else {
      bStart = levelEnd;
      bEnd = end;
    }
  }
  return -1;
}

export function csrPeer(): Peer {
  let g: Csr | undefined;
  const graph = () => {
    if (!g) throw new Error('csr: not loaded');
    return g;
  };
  return {
    name: 'TS CSR loop',
    unsupported: {},
    load(ds: Dataset) {
      g = buildCsr(readEdgeList(ds.csvPath));
      return Promise.resolve();
    },
    khop: (seeds, k) => Promise.resolve(khopCounts(graph(), seeds, k)),
    pagerank: (iterations, damping) => Promise.resolve(pagerankTg(graph(), iterations, damping)),
    shortest(pairs) {
      const scratch = pathScratch(graph());
      return Promise.resolve(pairs.map(([a, b]) => pathLength(graph(), a, b, scratch)));
    },
    close() {
      g = undefined;
      return Promise.resolve();
    },
  };
}
