// Records kept per graph follow their graph: what goes when a graph is no longer in the catalog.
import { describe, expect, it } from 'vitest';
import type { DataSourceRecord } from '../../src/server/datasources/store.js';
import { dataSourcesOf, statisticsOf } from '../../src/server/graph-records.js';

const source = (name: string, graph: string | null, grants: string[] = []): DataSourceRecord => ({
  name,
  type: 'S3',
  graph,
  config: {},
  secrets: {},
  grants,
});

describe('records of dropped graphs', () => {
  it('drops local data sources of a dropped graph and grants to it', () => {
    const all = [
      source('mine', 'shop'),
      source('theirs', 'gone'),
      source('g', null, ['shop', 'gone']),
    ];
    expect(dataSourcesOf(all, new Set(['shop']))).toEqual([
      source('mine', 'shop'),
      source('g', null, ['shop']),
    ]);
    expect(dataSourcesOf([source('mine', 'shop')], new Set(['shop']))).toBeNull();
  });

  it('drops cardinalities and histograms of a dropped graph', () => {
    const histogram = (graph: string) => ({
      target: { kind: 'vertex' as const, graph, vertex: 'V', attribute: 'a' },
      buckets: [],
      gatherStart: '',
      gatherEnd: '',
    });
    const data = {
      cardinality: {
        shop: { vertex_counts: [], edge_counts: [] },
        gone: { vertex_counts: [], edge_counts: [] },
      },
      histograms: { a: histogram('shop'), b: histogram('gone') },
    };
    expect(statisticsOf(data, new Set(['shop']))).toEqual({
      cardinality: { shop: data.cardinality.shop },
      histograms: { a: data.histograms.a },
    });
    expect(statisticsOf(data, new Set(['shop', 'gone']))).toBeNull();
  });
});
