// `v.id` of a UINT primary id reads the id's value (graph-lookups.ts primaryIdValue keeps the
// values it converted, by table and slot, checked against the stored text): after the store is
// cleared and its slots go to other vertices, a run reads the new ids, not the old values.
import { afterEach, describe, expect, it } from 'vitest';
import { primitive, type CatalogData } from '../../../../src/server/engine/catalog/types.js';
import { emptyCatalog } from '../../../../src/server/engine/catalog/types.js';
import { addVertexType, createGraph } from '../../../../src/server/engine/catalog/catalog.js';
import type { Mutation } from '../../../../src/server/engine/mutations.js';
import { compileText, openFixture, type Fixture } from './fixtures.js';

function catalog(): CatalogData {
  const c = addVertexType(emptyCatalog, {
    name: 'P',
    primaryId: { name: 'id', type: primitive('UINT') },
    primaryIdAsAttribute: true,
    compositeKey: [],
    primaryKeySyntax: false,
    attributes: [],
    stats: 'OUTDEGREE_BY_EDGETYPE',
  });
  return createGraph(c, 'g', ['P'], []);
}

const vertices = (ids: number[]): Mutation[] =>
  ids.map((id) => ({ k: 'v', t: 'P', id: String(id), u: [] }));

let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

describe('primary id reads', () => {
  it('follow the store when its slots go to other vertices', async () => {
    fx = await openFixture(catalog(), 'g', vertices([5, 6, 7]));
    const f = fx;
    const q = compileText(
      f,
      `CREATE QUERY q() FOR GRAPH g {
        SumAccum<INT> @@sum; MaxAccum<UINT> @@top;
        All = {P.*};
        S = SELECT s FROM All:s ACCUM @@sum += s.id, @@top += s.id;
        PRINT @@sum AS sum, @@top AS top;
      }`,
    );
    const run = async () => (await q.run({}, { graph: f.engine.graph, engine: f.engine })).results;
    expect(await run()).toEqual([{ sum: 18, top: 7 }]);
    expect(await run()).toEqual([{ sum: 18, top: 7 }]);
    await f.engine.write(() => ({ mutations: [{ k: 'clear' }, ...vertices([40, 2])] }));
    expect(await run()).toEqual([{ sum: 42, top: 40 }]);
  });
});
