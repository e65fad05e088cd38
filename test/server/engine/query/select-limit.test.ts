// A SELECT whose LIMIT nothing after the matching could tell from a shorter matching stops
// matching once it has that many vertices (compile/select/select.ts, stopEarly). It must select
// exactly what the whole matching sliced to LIMIT selects: checked against the same SELECT with
// `HAVING TRUE` (which keeps the whole matching), on both code tiers, over more sources than one
// call of the generated scan takes, with and without an edge step, for limits from 0 past the
// number of matches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFixture, plainCatalog, plainData, runText, type Fixture } from './fixtures.js';

const n = 12_000;
const edges: [number, number][] = [];
for (let i = 0; i < n; i++) edges.push([i, (i * 7 + 1) % n], [i, (i * 13 + 5) % n]);

let fx: Fixture;
beforeAll(async () => {
  fx = await openFixture(plainCatalog(true), 'g', plainData(n, edges));
});
afterAll(async () => {
  await fx.close();
});

const selects = {
  sources: 'SELECT s FROM All:s WHERE s.label % 3 == 1',
  targets: 'SELECT t FROM All:s -(E:e)- V:t WHERE t.label % 5 == 0 AND s.label > 100',
};

function text(select: string, limit: number, keepAll: boolean): string {
  return `INTERPRET QUERY () FOR GRAPH g {
  All = {V.*};
  S = ${select}${keepAll ? ' HAVING TRUE' : ''} LIMIT ${limit};
  PRINT S.size() AS size, S AS picked;
}`;
}

describe('SELECT ... LIMIT without anything after the matching', () => {
  for (const [name, select] of Object.entries(selects))
    for (const generatedCode of [true, false])
      it(`${name}, ${generatedCode ? 'generated code' : 'closures'}: the same vertices as the whole matching`, async () => {
        const everything = await runText(fx, text(select, n * 2, true), {}, {}, { generatedCode });
        const total = everything.results[0]?.size as number;
        expect(total).toBeGreaterThan(2000);
        for (const limit of [0, 1, 3, 1500, total - 1, total, total + 5]) {
          const early = await runText(fx, text(select, limit, false), {}, {}, { generatedCode });
          const whole = await runText(fx, text(select, limit, true), {}, {}, { generatedCode });
          expect(early.results[0]?.size).toBe(Math.min(limit, total));
          expect(early.results).toEqual(whole.results);
        }
      });
});
