// Plain TypeScript reference answers for graph algorithms, computed from edge lists alone (never
// through the service), so queries and the template library are checked against independent
// code; and the random simple graphs the conformance suites run them on.
import fc from 'fast-check';

export type Edges = readonly (readonly [number, number])[];

/**
 * Random graphs of 2..maxN vertices without self-loops or repeated pairs (the store keeps one
 * edge per pair), as undirected or directed pairs; the same seed gives the same graphs.
 */
export function simpleGraphs(
  directed: boolean,
  seed: number,
  options: { runs?: number; maxN?: number } = {},
): { n: number; edges: [number, number][] }[] {
  const arb = fc
    .integer({ min: 2, max: options.maxN ?? 24 })
    .chain((n) =>
      fc.record({
        n: fc.constant(n),
        edges: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: n * 3 }),
      }),
    )
    .map(({ n, edges }) => {
      const seen = new Set<string>();
      const kept: [number, number][] = [];
      for (const [a, b] of edges) {
        if (a === b) continue;
        const key = directed ? `${a}>${b}` : `${Math.min(a, b)}-${Math.max(a, b)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        kept.push([a, b]);
      }
      return { n, edges: kept };
    });
  return fc.sample(arb, { numRuns: options.runs ?? 12, seed });
}

export function adjacency(n: number, edges: Edges, directed: boolean): number[][] {
  const adj: number[][] = Array.from({ length: n }, () => []);
  for (const [a, b] of edges) {
    adj[a]?.push(b);
    if (!directed) adj[b]?.push(a);
  }
  return adj;
}

/** Hop distance from src to every vertex (-1 when unreached), at most maxHops. */
export function bfsLevels(adj: number[][], src: number, maxHops = Infinity): number[] {
  const dist = adj.map(() => -1);
  dist[src] = 0;
  let frontier = [src];
  for (let d = 1; frontier.length > 0 && d <= maxHops; d++) {
    const next: number[] = [];
    for (const v of frontier)
      for (const w of adj[v] ?? [])
        if (dist[w] === -1) {
          dist[w] = d;
          next.push(w);
        }
    frontier = next;
  }
  return dist;
}

/** A component label per vertex (the smallest member's index). */
export function components(adj: number[][]): number[] {
  const comp = adj.map(() => -1);
  for (let s = 0; s < adj.length; s++) {
    if (comp[s] !== -1) continue;
    bfsLevels(adj, s).forEach((d, v) => {
      if (d >= 0) comp[v] = s;
    });
  }
  return comp;
}

/** Triangles of an undirected graph. */
export function triangles(n: number, edges: Edges): number {
  const adj = adjacency(n, edges, false).map((l) => new Set(l));
  let count = 0;
  for (let a = 0; a < n; a++)
    for (const b of adj[a] ?? [])
      if (b > a) for (const c of adj[b] ?? []) if (c > b && adj[a]?.has(c)) count++;
  return count;
}

/** Core numbers by repeatedly removing a vertex of smallest remaining degree. */
export function coreNumbers(adj: number[][]): number[] {
  const deg = adj.map((l) => l.length);
  const core = adj.map(() => 0);
  const removed = adj.map(() => false);
  let k = 0;
  for (let left = adj.length; left > 0; left--) {
    let v = -1;
    for (let i = 0; i < adj.length; i++)
      if (!removed[i] && (v < 0 || (deg[i] ?? 0) < (deg[v] ?? 0))) v = i;
    k = Math.max(k, deg[v] ?? 0);
    core[v] = k;
    removed[v] = true;
    for (const w of adj[v] ?? []) if (!removed[w]) deg[w] = (deg[w] ?? 0) - 1;
  }
  return core;
}

/**
 * PageRank as the algorithm library computes it: every vertex starts at 1, only vertices with
 * out-edges are updated each round (dangling ones keep their score), and the loop stops once the
 * largest change is at most maxChange.
 */
export function pagerank(
  adj: number[][],
  iterations: number,
  damping: number,
  maxChange: number,
): number[] {
  let score = adj.map(() => 1);
  for (let it = 0; it < iterations; it++) {
    const recv = adj.map(() => 0);
    adj.forEach((out, u) => {
      for (const v of out) recv[v] = (recv[v] ?? 0) + (score[u] ?? 0) / out.length;
    });
    const next = score.slice();
    let diff = 0;
    adj.forEach((out, u) => {
      if (out.length === 0) return;
      next[u] = 1 - damping + damping * (recv[u] ?? 0);
      diff = Math.max(diff, Math.abs((next[u] ?? 0) - (score[u] ?? 0)));
    });
    score = next;
    if (diff <= maxChange) break;
  }
  return score;
}

/** Closeness: reached / sum of distances, times reached / (n - 1) with wf. */
export function closeness(adj: number[][], wf: boolean): number[] {
  const n = adj.length;
  return adj.map((_, v) => {
    const d = bfsLevels(adj, v).filter((x) => x > 0);
    const sum = d.reduce((a, b) => a + b, 0);
    if (sum === 0) return 0;
    const c = d.length / sum;
    return wf ? (c * d.length) / (n - 1) : c;
  });
}

/** |N(a) ∩ N(b)| / |N(a) ∪ N(b)|. */
export function jaccard(adj: number[][], a: number, b: number): number {
  const na = new Set(adj[a]);
  const nb = new Set(adj[b]);
  const inter = [...na].filter((x) => nb.has(x)).length;
  const union = na.size + nb.size - inter;
  return union === 0 ? 0 : inter / union;
}

export function commonNeighbors(adj: number[][], a: number, b: number): number {
  const nb = new Set(adj[b]);
  return new Set((adj[a] ?? []).filter((x) => nb.has(x))).size;
}
