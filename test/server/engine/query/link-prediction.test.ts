// Conformance of the link-prediction family, written here in the algorithm library's style
// (two vertices and a SET<STRING> of edge types as parameters, global accumulators, set
// operations): Adamic-Adar, resource allocation, preferential attachment and total neighbours on
// generated undirected graphs, against plain TypeScript references. DOUBLE results within 1e-9,
// never tighter than the 5-decimal rounding PRINT applies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleGraphs } from '../../../helpers/graph-reference.js';
import { openFixture, plainCatalog, plainData, runText, type Fixture } from './fixtures.js';
import { printRounding } from '../../../../src/server/engine/query/output.js';

const cases = simpleGraphs(false, 20261122, { maxN: 20 });

const fixtures: Fixture[] = [];
beforeAll(async () => {
  for (const g of cases)
    fixtures.push(await openFixture(plainCatalog(false), 'g', plainData(g.n, g.edges)));
});
afterAll(async () => {
  for (const f of fixtures) await f.close();
});

function neighbours(g: (typeof cases)[number]): Set<number>[] {
  const adj = Array.from({ length: g.n }, () => new Set<number>());
  for (const [a, b] of g.edges) {
    adj[a]?.add(b);
    adj[b]?.add(a);
  }
  return adj;
}

const SCORES = `CREATE QUERY link_scores(VERTEX a, VERTEX b, SET<STRING> e_type_set) FOR GRAPH g {
  SumAccum<DOUBLE> @@adamic_adar, @@resource_allocation;
  SumAccum<INT> @@degree_a, @@degree_b;
  OrAccum @near_a;
  A = {a};
  B = {b};
  NA = SELECT t FROM A:s -(e_type_set:e)- :t
       ACCUM t.@near_a += TRUE
       POST-ACCUM @@degree_a += 1;
  NB = SELECT t FROM B:s -(e_type_set:e)- :t POST-ACCUM @@degree_b += 1;
  Common = SELECT t FROM NB:t
           WHERE t.@near_a
           POST-ACCUM @@adamic_adar += 1.0 / log(t.outdegree(e_type_set)),
                      @@resource_allocation += 1.0 / t.outdegree(e_type_set);
  Either = NA UNION NB;
  PRINT @@adamic_adar AS adamic_adar, @@resource_allocation AS resource_allocation,
        @@degree_a * @@degree_b AS preferential_attachment, Either.size() AS total_neighbors,
        Common.size() AS common;
}`;

interface Scores {
  adamic_adar: number;
  resource_allocation: number;
  preferential_attachment: number;
  total_neighbors: number;
  common: number;
}

function close(got: number, want: number): void {
  const tol = Math.max(1e-9 * Math.max(1, Math.abs(want)), printRounding(want));
  expect(Math.abs(got - want)).toBeLessThanOrEqual(tol);
}

describe('link prediction in the library style', () => {
  it('Adamic-Adar, resource allocation, preferential attachment and total neighbours', async () => {
    for (const [i, g] of cases.entries()) {
      const adj = neighbours(g);
      for (const [x, y] of [
        [0, 1],
        [0, g.n - 1],
        [1, Math.floor(g.n / 2)],
      ] as const) {
        if (x === y) continue;
        const out = await runText(fixtures[i] as Fixture, SCORES, {
          a: { id: `v${x}`, type: 'V' },
          b: { id: `v${y}`, type: 'V' },
          e_type_set: ['E'],
        });
        const got = out.results[0] as unknown as Scores;
        const na = adj[x] as Set<number>;
        const nb = adj[y] as Set<number>;
        const common = [...na].filter((z) => nb.has(z));
        const degree = (z: number) => (adj[z] as Set<number>).size;
        close(
          got.adamic_adar,
          common.reduce((s, z) => s + 1 / Math.log(degree(z)), 0),
        );
        close(
          got.resource_allocation,
          common.reduce((s, z) => s + 1 / degree(z), 0),
        );
        expect(got.preferential_attachment).toBe(na.size * nb.size);
        expect(got.total_neighbors).toBe(new Set([...na, ...nb]).size);
        expect(got.common).toBe(common.length);
      }
    }
  });
});
