// HeapAccum's early rejection (accum-heap.ts: a full heap drops a value ordering at or after its
// last element without searching) must keep exactly the answer of the search it skips: checked
// against that search, written out here, over seeded value streams with ties, -0, NaN (cmp(NaN,
// x) is 0, so a list holding NaN is not monotone and must still be searched) and two order keys.
import { describe, expect, it } from 'vitest';
import { HeapAcc } from '../../../../src/server/engine/query/accum.js';
import { cmp } from '../../../../src/server/engine/query/runtime-values.js';
import type { AccSpec, HeapKey } from '../../../../src/server/engine/query/types.js';

type Row = Record<string, unknown>;

function specOf(keys: HeapKey[]): AccSpec {
  return {
    name: 'HeapAccum',
    el: {
      k: 'tuple',
      name: 'Pair',
      fields: [
        { name: 'a', type: { k: 'double' } },
        { name: 'b', type: { k: 'double' } },
      ],
    },
    heapOrder: keys,
  };
}

/** The insertion the heap made before the early rejection: search, insert, trim. */
function searched(keys: HeapKey[], cap: number, values: Row[]): Row[] {
  const names = ['a', 'b'];
  const order = (x: Row, y: Row): number => {
    for (const k of keys) {
      const c = cmp(x[names[k.index] as string], y[names[k.index] as string]);
      if (c !== 0) return k.desc ? -c : c;
    }
    return 0;
  };
  const list: Row[] = [];
  for (const t of values) {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (order(list[mid] as Row, t) <= 0) lo = mid + 1;
      else hi = mid;
    }
    if (lo >= cap) continue;
    list.splice(lo, 0, t);
    if (list.length > cap) list.length = cap;
  }
  return list;
}

/** A seeded stream of pairs: small integers (many ties), -0, and NaN when asked. */
function stream(seed: number, n: number, nan: boolean): Row[] {
  let x = seed;
  const next = (): number => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
  const value = (): number => {
    const u = next();
    if (nan && u < 0.08) return NaN;
    if (u < 0.12) return -0;
    return Math.floor(next() * 20) - 5;
  };
  const out: Row[] = [];
  for (let i = 0; i < n; i++) out.push({ a: value(), b: value(), i });
  return out;
}

const orders: HeapKey[][] = [
  [{ index: 0, desc: true }],
  [{ index: 0, desc: false }],
  [
    { index: 0, desc: true },
    { index: 1, desc: false },
  ],
];

describe('HeapAccum early rejection', () => {
  for (const keys of orders)
    for (const nan of [false, true])
      it(`keeps the search's answer (${keys.map((k) => `${k.index}${k.desc ? ' desc' : ''}`).join(', ')}${nan ? ', with NaN' : ''})`, () => {
        for (let seed = 1; seed <= 40; seed++)
          for (const cap of [0, 1, 3, 10]) {
            const values = stream(seed, 300, nan);
            const heap = new HeapAcc(specOf(keys), cap);
            for (const v of values) {
              // What generated code asks before building a tuple: a yes must mean add() drops it.
              const rejected = heap.rejectsKey(keys[0]?.index === 1 ? v.b : v.a);
              const before = heap.list.slice();
              heap.add(v);
              if (rejected) expect(heap.list).toEqual(before);
              if (keys.length > 1) expect(rejected).toBe(false);
            }
            expect(heap.list.map((r) => r.i)).toEqual(searched(keys, cap, values).map((r) => r.i));
          }
      });

  it('searches again after a NaN key leaves the list by clear() or assignment', () => {
    const keys = orders[0] as HeapKey[];
    const heap = new HeapAcc(specOf(keys), 3);
    const first = stream(7, 50, true);
    for (const v of first) heap.add(v);
    heap.clear();
    const second = stream(8, 200, false);
    for (const v of second) heap.add(v);
    expect(heap.list.map((r) => r.i)).toEqual(searched(keys, 3, second).map((r) => r.i));
    const third = stream(9, 200, true);
    heap.assign(third[0]);
    for (const v of third.slice(1)) heap.add(v);
    expect(heap.list.map((r) => r.i)).toEqual(searched(keys, 3, third).map((r) => r.i));
  });
});
