// Vertex sets: membership (VSet.has, a bitmap per vertex type for sets of many vertices, a Set
// for small or sparse ones) and the set operators over them (vsetOp), checked against plain
// JavaScript Sets on seeded random sets: dense and sparse, one type and several, ids at the edges
// of a type's slot range, and values that are no vertex of the set.
import { describe, expect, it } from 'vitest';
import { vsetOp } from '../../../../src/server/engine/query/compile/context/runtime-helpers.js';
import { VSet, vid } from '../../../../src/server/engine/query/runtime-values.js';

/** A small seeded generator (mulberry32), so a failure repeats. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` distinct ids over `types` vertex types with slots below `range`, in random order. */
function randomIds(next: () => number, n: number, types: number, range: number): number[] {
  const seen = new Set<number>();
  while (seen.size < n) seen.add(vid(Math.floor(next() * types), Math.floor(next() * range)));
  return [...seen];
}

const shapes = [
  { name: 'small', n: 10, types: 2, range: 50 },
  { name: 'dense, one type', n: 4000, types: 1, range: 5000 },
  { name: 'dense, several types', n: 3000, types: 4, range: 1000 },
  { name: 'sparse', n: 200, types: 3, range: 60_000_000 },
  { name: 'at the end of the slot range', n: 40, types: 2, range: 2 ** 26 },
];

describe('vertex sets', () => {
  for (const shape of shapes)
    it(`membership and UNION / INTERSECT / MINUS agree with Sets (${shape.name})`, () => {
      const next = random(shape.n * 7 + shape.types);
      const a = randomIds(next, shape.n, shape.types, shape.range);
      const b = randomIds(next, Math.ceil(shape.n / 2), shape.types, shape.range).concat(
        a.slice(0, Math.floor(shape.n / 3)),
      );
      const bDistinct = [...new Set(b)];
      const x = new VSet(a);
      const y = new VSet(bDistinct);
      const inA = new Set(a);
      const inB = new Set(bDistinct);
      const probes = [
        ...a,
        ...bDistinct,
        ...randomIds(next, 100, shape.types + 1, shape.range),
        vid(0, 2 ** 26 - 1),
        vid(shape.types + 3, 0),
        -1,
        0.5,
      ];
      for (const id of probes) expect(x.has(id), `has ${id}`).toBe(inA.has(id));
      expect([...vsetOp('UNION', x, y).ids]).toEqual([
        ...a,
        ...bDistinct.filter((id) => !inA.has(id)),
      ]);
      expect([...vsetOp('INTERSECT', x, y).ids]).toEqual(a.filter((id) => inB.has(id)));
      expect([...vsetOp('MINUS', x, y).ids]).toEqual(a.filter((id) => !inB.has(id)));
    });

  it('UNION of lists (not vertex sets) keeps one of each id, in order', () => {
    expect([...vsetOp('UNION', [3, 1, 3], [1, 2, 2]).ids]).toEqual([3, 1, 2]);
    expect([...vsetOp('UNION', new VSet([]), new VSet([5, 4])).ids]).toEqual([5, 4]);
    expect([...vsetOp('UNION', new VSet([5, 4]), new VSet([])).ids]).toEqual([5, 4]);
  });
});
