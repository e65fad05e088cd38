// Whole-type seeds ({T.*}, {type_param}) share one list of a type's live vertices while the type
// is unchanged (graph-lookups.ts allOf): every insertion, deletion and clear in between must show
// in the next run, including a deletion and an insertion that leave the count as it was.
import { afterEach, describe, expect, it } from 'vitest';
import type { Mutation } from '../../../../src/server/engine/mutations.js';
import { openFixture, plainCatalog, plainData, runText, type Fixture } from './fixtures.js';

const query = `CREATE QUERY q(STRING vt) FOR GRAPH g {
  SumAccum<INT> @@labels;
  A = {V.*};
  B = {vt};
  B = SELECT s FROM B:s ACCUM @@labels += s.label;
  PRINT A AS a, B.size() AS b, @@labels AS labels;
}`;

let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

const ids = async (f: Fixture) => {
  const out = await runText(f, query, { vt: 'V' });
  const row = out.results[0] as { a: { v_id: string }[]; b: number; labels: number };
  return { a: row.a.map((v) => v.v_id).sort(), b: row.b, labels: row.labels };
};

const upsert = (id: string, label: number): Mutation => ({
  k: 'v',
  t: 'V',
  id,
  u: [[0, '=', label]],
});

describe('whole-type seeds over a changing graph', () => {
  it('see every insertion, deletion and clear between runs', async () => {
    fx = await openFixture(plainCatalog(true), 'g', plainData(4, [[0, 1]]));
    const names = (...xs: string[]) => xs.sort();
    expect(await ids(fx)).toEqual({ a: names('v0', 'v1', 'v2', 'v3'), b: 4, labels: 6 });
    // Run twice on the same graph: the same answer.
    expect(await ids(fx)).toEqual({ a: names('v0', 'v1', 'v2', 'v3'), b: 4, labels: 6 });
    await fx.engine.write(() => ({ mutations: [upsert('v9', 10)] }));
    expect(await ids(fx)).toEqual({ a: names('v0', 'v1', 'v2', 'v3', 'v9'), b: 5, labels: 16 });
    await fx.engine.write(() => ({ mutations: [{ k: 'dv', t: 'V', id: 'v1' }] }));
    expect(await ids(fx)).toEqual({ a: names('v0', 'v2', 'v3', 'v9'), b: 4, labels: 15 });
    // One out, one in: the same count, other members.
    await fx.engine.write(() => ({
      mutations: [{ k: 'dv', t: 'V', id: 'v2' }, upsert('v7', 100)],
    }));
    expect(await ids(fx)).toEqual({ a: names('v0', 'v3', 'v7', 'v9'), b: 4, labels: 113 });
    await fx.engine.write(() => ({ mutations: [{ k: 'clear' }] }));
    expect(await ids(fx)).toEqual({ a: [], b: 0, labels: 0 });
    await fx.engine.write(() => ({ mutations: [upsert('w1', 1), upsert('w2', 2)] }));
    expect(await ids(fx)).toEqual({ a: names('w1', 'w2'), b: 2, labels: 3 });
  });
});
