// Checksums of the graph workloads, compared across systems so that a fast wrong answer shows:
// per-seed k-hop counts, PageRank sum and top-10 ids, shortest-path lengths.

export type Checksum =
  | { readonly kind: 'counts'; readonly values: readonly number[] }
  | { readonly kind: 'pagerank'; readonly sum: number; readonly top: readonly number[] }
  | { readonly kind: 'lengths'; readonly values: readonly number[] }
  | { readonly kind: 'text'; readonly value: string };

/** FNV-1a over the decimal text of the values: a short stable fingerprint for the table. */
export function fingerprint(values: readonly (number | string)[]): string {
  let h = 0x811c9dc5;
  const text = values.join(',');
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

function total(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

export function describe(c: Checksum): string {
  switch (c.kind) {
    case 'counts':
      return `sum=${total(c.values)} #${fingerprint(c.values)}`;
    case 'lengths':
      return `sum=${total(c.values)} #${fingerprint(c.values)}`;
    case 'pagerank':
      return `sum=${c.sum.toFixed(4)} top10#${fingerprint([...c.top].sort((a, b) => a - b))}`;
    case 'text':
      return c.value;
  }
}

/** Whether two checksums agree (PageRank sums to a relative 1e-6; top-10 as a set). */
export function agree(a: Checksum, b: Checksum): boolean {
  if (a.kind === 'pagerank' && b.kind === 'pagerank') {
    const scale = Math.max(1, Math.abs(a.sum));
    const sameTop =
      fingerprint([...a.top].sort((x, y) => x - y)) ===
      fingerprint([...b.top].sort((x, y) => x - y));
    return Math.abs(a.sum - b.sum) / scale < 1e-6 && sameTop;
  }
  if (
    (a.kind === 'counts' && b.kind === 'counts') ||
    (a.kind === 'lengths' && b.kind === 'lengths')
  ) {
    return fingerprint(a.values) === fingerprint(b.values);
  }
  if (a.kind === 'text' && b.kind === 'text') return a.value === b.value;
  return false;
}

/** The top-k vertex ids by score (ties by smaller id), and the score sum. */
export function pagerankChecksum(ids: ArrayLike<number>, scores: ArrayLike<number>, k = 10) {
  let sum = 0;
  const order: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    sum += scores[i] ?? 0;
    order.push(i);
  }
  order.sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || (ids[a] ?? 0) - (ids[b] ?? 0));
  const top = order.slice(0, k).map((i) => ids[i] ?? -1);
  return { kind: 'pagerank', sum, top } as const satisfies Checksum;
}
