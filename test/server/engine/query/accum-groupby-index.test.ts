// GroupByAcc finds the group of number, boolean and string keys through its per-key Map index
// (accum.ts): the groups must be exactly those groupKeyOf tells apart (1 and true and '1' apart,
// a safe bigint the same as its number, NaN one group, -0 the same as 0), in first-seen order,
// also after a group is removed, the accumulator cleared, or copied.
import { describe, expect, it } from 'vitest';
import type { GroupByAcc } from '../../../../src/server/engine/query/accum.js';
import { ArrowValue, makeAcc } from '../../../../src/server/engine/query/accum.js';
import type { AccSpec } from '../../../../src/server/engine/query/types.js';

const sum: AccSpec = { name: 'SumAccum', el: { k: 'int' } };
const spec: AccSpec = {
  name: 'GroupByAccum',
  el: { k: 'any' },
  groupKeys: [
    { name: 'a', type: { k: 'any' } },
    { name: 'b', type: { k: 'any' } },
  ],
  groupAccs: [{ name: 'n', spec: sum }],
};

function rows(g: GroupByAcc): [unknown, unknown, unknown][] {
  return [...g.map.values()].map((e) => [e.keys[0], e.keys[1], e.accs[0]?.value()]);
}

describe('GroupByAcc key index', () => {
  it('groups as groupKeyOf does, through removes, clears and copies', () => {
    const g = makeAcc(spec, new Map()) as GroupByAcc;
    const add = (a: unknown, b: unknown, n = 1) => g.add(new ArrowValue([a, b], [n]));
    add(1, true);
    add(true, true);
    add('1', true);
    add(1n, true);
    add(1, true, 5);
    add(NaN, 'x');
    add(NaN, 'x');
    add(-0, 'x');
    add(0, 'x');
    add({ o: 1 }, 'x');
    add({ o: 1 }, 'x');
    expect(rows(g)).toEqual([
      [1, true, 7],
      [true, true, 1],
      ['1', true, 1],
      [NaN, 'x', 2],
      [-0, 'x', 2],
      [{ o: 1 }, 'x', 2],
    ]);
    g.remove([1, true]);
    add(1, true, 10);
    expect(rows(g).at(-1)).toEqual([1, true, 10]);
    expect(g.map.size).toBe(6);
    const c = g.copy() as GroupByAcc;
    c.add(new ArrowValue([true, true], [3]));
    expect(rows(c)[0]).toEqual([true, true, 4]);
    expect(rows(g)[0]).toEqual([true, true, 1]);
    g.clear();
    add('1', true, 2);
    expect(rows(g)).toEqual([['1', true, 2]]);
  });
});
