// NumList (query/num-list.ts): the lists a run fills one number at a time keep every number in
// order through many growths, clear and release empty them, and a list that takes a buffer kept
// by an earlier one reads only what it pushed itself.
import { describe, expect, it } from 'vitest';
import { NumList } from '../../../../src/server/engine/query/num-list.js';

describe('NumList', () => {
  it('keeps every number through growths, and reuses released buffers cleanly', () => {
    const a = new NumList();
    const n = 100_000;
    for (let i = 0; i < n; i++) a.push(i * 3 + 0.5);
    expect(a.length).toBe(n);
    for (let i = 0; i < n; i++) expect(a.items[i]).toBe(i * 3 + 0.5);
    a.release();
    expect(a.length).toBe(0);
    // A second list grows through the sizes the first one gave back.
    const b = new NumList();
    for (let i = 0; i < n; i++) b.push(-i);
    expect(Array.from(b.items.subarray(0, b.length))).toEqual(
      Array.from({ length: n }, (_x, i) => -i),
    );
    b.clear();
    b.push(7);
    expect(b.length).toBe(1);
    expect(b.items[0]).toBe(7);
    // A released list can be filled again.
    a.push(1);
    a.push(2);
    expect(Array.from(a.items.subarray(0, a.length))).toEqual([1, 2]);
  });
});
