// Records kept per graph beside the catalog follow their graph: when a graph is dropped, its
// local data sources, the grants of global sources to it and its optimizer statistics go too,
// so a graph created again under the same name starts clean. They are pruned after every schema
// change (before it is acknowledged) and once when the service opens, which heals a crash
// between the catalog's write and theirs.
import { dataSourceStore, type DataSourceRecord } from './datasources/store.js';
import type { CatalogData } from './engine/catalog/types.js';
import type { Engine } from './engine/engine.js';
import { statisticsStore, type StatisticsData } from './engine/stats/store.js';

/** The data sources that may stay while only `live` graphs exist; null when nothing changes. */
export function dataSourcesOf(
  all: readonly DataSourceRecord[],
  live: ReadonlySet<string>,
): DataSourceRecord[] | null {
  let changed = false;
  const kept: DataSourceRecord[] = [];
  for (const source of all) {
    if (source.graph !== null && !live.has(source.graph)) {
      changed = true;
      continue;
    }
    const grants = source.grants.filter((g) => live.has(g));
    if (grants.length !== source.grants.length) changed = true;
    kept.push(grants.length === source.grants.length ? source : { ...source, grants });
  }
  return changed ? kept : null;
}

/** The statistics that may stay while only `live` graphs exist; null when nothing changes. */
export function statisticsOf(
  data: StatisticsData,
  live: ReadonlySet<string>,
): StatisticsData | null {
  const cardinality = Object.fromEntries(
    Object.entries(data.cardinality).filter(([graph]) => live.has(graph)),
  );
  const histograms = Object.fromEntries(
    Object.entries(data.histograms).filter(([, h]) => live.has(h.target.graph)),
  );
  const same =
    Object.keys(cardinality).length === Object.keys(data.cardinality).length &&
    Object.keys(histograms).length === Object.keys(data.histograms).length;
  return same ? null : { cardinality, histograms };
}

/** Prunes now and after every schema change. */
export async function keepGraphRecordsInStep(engine: Engine): Promise<void> {
  const sources = dataSourceStore(engine);
  const statistics = statisticsStore(engine);
  const prune = async (catalog: CatalogData) => {
    const live = new Set(catalog.graphs.map((g) => g.name));
    // Most schema changes drop no graph: write only when something goes.
    if (dataSourcesOf(sources.current, live) !== null) {
      await sources.update((all) => ({ next: dataSourcesOf(all, live) ?? all, result: undefined }));
    }
    if (statisticsOf(statistics.current, live) !== null) {
      await statistics.update((s) => ({ next: statisticsOf(s, live) ?? s, result: undefined }));
    }
  };
  engine.onSchemaChange(prune);
  await prune(engine.catalog);
}
