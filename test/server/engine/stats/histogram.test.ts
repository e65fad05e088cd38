// Equi-width histograms from the in-memory graph: integral ranges narrower than the bucket count
// get one bucket per value, doubles get the buckets asked for, DATETIME bounds are text.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVertexType, createGraph } from '../../../../src/server/engine/catalog/catalog.js';
import { primitive } from '../../../../src/server/engine/catalog/types.js';
import { Engine } from '../../../../src/server/engine/engine.js';
import { GraphScope } from '../../../../src/server/engine/scope.js';
import { computeHistogram } from '../../../../src/server/engine/stats/histogram.js';

let dir: string;
let engine: Engine;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gwb-hist-'));
  engine = await Engine.open({ dir, rebuildIntervalMs: 0 });
  await engine.changeSchema((c) =>
    createGraph(
      addVertexType(c, {
        name: 'P',
        primaryId: { name: 'id', type: primitive('STRING') },
        primaryIdAsAttribute: false,
        compositeKey: [],
        primaryKeySyntax: false,
        attributes: [
          { name: 'n', type: primitive('INT') },
          { name: 'x', type: primitive('DOUBLE') },
          { name: 'd', type: primitive('DATETIME') },
        ],
        stats: 'OUTDEGREE_BY_EDGETYPE',
      }),
      'G',
      ['P'],
      [],
    ),
  );
  const rows: [string, number, number, number][] = [
    ['a', 1, 0.0, 0],
    ['b', 2, 0.5, 86_400],
    ['c', 2, 1.0, 86_400],
  ];
  await engine.write(() => ({
    mutations: rows.map(([id, n, x, d]) => ({
      k: 'v' as const,
      t: 'P',
      id,
      u: [
        [0, '=', n],
        [1, '=', x],
        [2, '=', d],
      ] as const,
    })),
  }));
});

afterAll(async () => {
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
});

const target = (attribute: string) => ({
  kind: 'vertex' as const,
  graph: 'G',
  vertex: 'P',
  attribute,
});

describe('histograms', () => {
  it('uses one bucket per value when the integral range is narrower', () => {
    const buckets = computeHistogram(new GraphScope(engine.graph, 'G'), target('n'), 256);
    expect(buckets).toEqual([
      { ndv: 1, upperBound: 1, rowsUpper: 1, rowsTotal: 1 },
      { ndv: 1, upperBound: 2, rowsUpper: 2, rowsTotal: 2 },
    ]);
  });

  it('cuts doubles into the buckets asked for; the last holds the maximum', () => {
    const buckets = computeHistogram(new GraphScope(engine.graph, 'G'), target('x'), 2);
    expect(buckets.map((b) => [b.upperBound, b.rowsTotal])).toEqual([
      [0.5, 1],
      [1, 2],
    ]);
  });

  it('shows DATETIME bounds as text', () => {
    const buckets = computeHistogram(new GraphScope(engine.graph, 'G'), target('d'), 1);
    expect(buckets).toEqual([
      { ndv: 2, upperBound: '1970-01-02 00:00:00', rowsUpper: 2, rowsTotal: 3 },
    ]);
  });
});
