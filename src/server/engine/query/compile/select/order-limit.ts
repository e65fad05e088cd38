// Select layer: ORDER BY and LIMIT of a SELECT's result vertices. The sort is stable (ties keep
// the order the vertices were selected in), as Array.prototype.sort is. With a LIMIT that keeps
// a small part of the vertices, only the first `offset + count` in that order are found (a
// bounded heap over the vertices, ties broken by their position, then sorted): the same vertices
// in the same order as sorting all of them and slicing (when every key column holds values of one
// kind, which cmp orders totally), without sorting a whole-graph selection for its top 100. Keys
// are computed once per vertex, in selection order, into one array per key.
import { cmp } from '../../runtime-values.js';

/**
 * The vertices `ids` in key order (`keys(id)` writes each key of id into `into`; `desc` per key),
 * from position `start`, at most `count` of them (null: no LIMIT, `start` 0).
 */
export function orderAndLimit(
  ids: Float64Array,
  keyCount: number,
  keys: (id: number, into: unknown[]) => void,
  desc: readonly boolean[],
  window: () => { start: number; count: number } | null,
): Float64Array {
  const n = ids.length;
  const cols: unknown[][] = [];
  for (let k = 0; k < keyCount; k++) cols.push(new Array<unknown>(n));
  const one = new Array<unknown>(keyCount);
  // The kind of each key column: 'n' numbers (no NaN), 's' strings, 'b' booleans, 'x' mixed.
  const kinds: string[] = [];
  for (let i = 0; i < n; i++) {
    keys(ids[i] as number, one);
    for (let k = 0; k < keyCount; k++) {
      const v = one[k];
      (cols[k] as unknown[])[i] = v;
      const t = typeof v;
      const kind =
        (t === 'number' && !Number.isNaN(v)) || t === 'bigint'
          ? 'n'
          : t === 'string'
            ? 's'
            : t === 'boolean'
              ? 'b'
              : 'x';
      if (i === 0) kinds[k] = kind;
      else if (kinds[k] !== kind) kinds[k] = 'x';
    }
  }
  // Positions in sort order; equal keys by position (a stable sort's order).
  const before = (a: number, b: number): number => {
    for (let k = 0; k < keyCount; k++) {
      const col = cols[k] as unknown[];
      const c = cmp(col[a], col[b]);
      if (c !== 0) return desc[k] ? -c : c;
    }
    return a - b;
  };
  const w = window();
  const take = w === null ? n : Math.min(n, w.start + w.count);
  let picked: number[];
  // A column of one kind orders totally, where both ways give the same order; mixed ones (cmp
  // of text and numbers, NaN) are sorted whole, as before.
  if (take * 4 >= n || kinds.includes('x')) {
    picked = Array.from({ length: n }, (_x, i) => i);
    picked.sort(before);
  } else picked = smallest(n, take, before).sort(before);
  const from = w === null ? 0 : Math.min(w.start, picked.length);
  const out = new Float64Array(Math.max(0, Math.min(picked.length, take) - from));
  for (let i = 0; i < out.length; i++) out[i] = ids[picked[from + i] as number] as number;
  return out;
}

/** The `m` positions of 0..n-1 that come first in `before`'s order (a max-heap of m), unsorted. */
function smallest(n: number, m: number, before: (a: number, b: number) => number): number[] {
  const heap: number[] = [];
  if (m === 0) return heap;
  const down = (i: number): void => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let top = i;
      if (l < heap.length && before(heap[l] as number, heap[top] as number) > 0) top = l;
      if (r < heap.length && before(heap[r] as number, heap[top] as number) > 0) top = r;
      if (top === i) return;
      const x = heap[i] as number;
      heap[i] = heap[top] as number;
      heap[top] = x;
      i = top;
    }
  };
  for (let i = 0; i < n; i++) {
    if (heap.length < m) {
      heap.push(i);
      // Up: the heap's root is the position that comes last.
      let j = heap.length - 1;
      while (j > 0) {
        const p = (j - 1) >> 1;
        if (before(heap[j] as number, heap[p] as number) <= 0) break;
        const x = heap[j] as number;
        heap[j] = heap[p] as number;
        heap[p] = x;
        j = p;
      }
    } else if (before(i, heap[0] as number) < 0) {
      heap[0] = i;
      down(0);
    }
  }
  return heap;
}
