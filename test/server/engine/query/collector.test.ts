// The SELECT collector (compile/context/edge-walk.ts Collector): distinct vertices in first-seen
// order in a pooled scratch array sized for every vertex of the graph; room() grows it when the
// graph grew meanwhile (a run that writes may see a load between its slices), keeping what was
// collected; release() leaves exactly the collected ids, clears the marks and gives the arrays
// back, so the next collector starts clean.
import { afterEach, describe, expect, it } from 'vitest';
import { Collector } from '../../../../src/server/engine/query/compile/context/edge-walk.js';
import { ColumnPool, Run } from '../../../../src/server/engine/query/run.js';
import { vid } from '../../../../src/server/engine/query/runtime-values.js';
import { WriteSet } from '../../../../src/server/engine/query/writes.js';
import { openFixture, plainCatalog, plainData, type Fixture } from './fixtures.js';

let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

function newRun(f: Fixture, pool: ColumnPool): Run {
  const graph = f.engine.graph;
  return new Run({ graph, engine: f.engine }, 1, new WriteSet(graph), [], 0, pool);
}

describe('Collector', () => {
  it('keeps distinct vertices in first-seen order, and grows with the graph', async () => {
    fx = await openFixture(plainCatalog(true), 'g', plainData(5, []));
    const pool = new ColumnPool();
    const run = newRun(fx, pool);
    const c = new Collector(run);
    for (const s of [3, 1, 3, 3, 0, 1]) c.add(vid(0, s));
    expect(c.count).toBe(3);
    const before = c.ids;
    // The graph grows past the array's room (a load applied between two slices of the run).
    await fx.engine.write(() => ({ mutations: plainData(3000, []).slice(5, 3000) }));
    const ids = c.room();
    expect(ids.length).toBeGreaterThan(3000);
    expect(ids).not.toBe(before);
    expect([...ids.subarray(0, 3)]).toEqual([vid(0, 3), vid(0, 1), vid(0, 0)]);
    for (let s = 0; s < 3000; s++) c.add(vid(0, s));
    expect(c.count).toBe(3000);
    c.release();
    expect(c.ids.length).toBe(3000);
    expect([...c.ids.subarray(0, 4)]).toEqual([vid(0, 3), vid(0, 1), vid(0, 0), vid(0, 2)]);
    expect(new Set(c.ids).size).toBe(3000);
    // A second collector of the same run starts with no marks set.
    const next = new Collector(run);
    next.add(vid(0, 1));
    next.add(vid(0, 2999));
    next.release();
    expect([...next.ids]).toEqual([vid(0, 1), vid(0, 2999)]);
  });
});
