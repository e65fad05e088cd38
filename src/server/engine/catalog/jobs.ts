// Loading jobs and queries in the catalog: named per graph, kept as their GSQL text.
import { requireGraph } from './catalog.js';
import { CatalogError } from './errors.js';
import type { CatalogData, LoadingJobDef, QueryDef } from './types.js';

const bump = (catalog: CatalogData, change: Partial<CatalogData>): CatalogData => ({
  ...catalog,
  ...change,
  version: catalog.version + 1,
});

export function findLoadingJob(
  catalog: CatalogData,
  graph: string,
  name: string,
): LoadingJobDef | undefined {
  return catalog.loadingJobs.find((j) => j.graph === graph && j.name === name);
}

/** Adds a loading job, or replaces it when `replace` (PUT /gsql/v1/loading-jobs). */
export function putLoadingJob(
  catalog: CatalogData,
  job: LoadingJobDef,
  replace = false,
): CatalogData {
  requireGraph(catalog, job.graph);
  const exists = findLoadingJob(catalog, job.graph, job.name) !== undefined;
  if (exists && !replace) {
    throw new CatalogError(
      'SCHEMA-EXISTS',
      `loading job "${job.name}" already exists in graph ${job.graph}`,
    );
  }
  if (!exists && replace) {
    throw new CatalogError(
      'SCHEMA-NOT-FOUND',
      `loading job "${job.name}" does not exist in graph ${job.graph}`,
    );
  }
  const others = catalog.loadingJobs.filter((j) => !(j.graph === job.graph && j.name === job.name));
  return bump(catalog, { loadingJobs: [...others, job] });
}

export function dropLoadingJob(catalog: CatalogData, graph: string, name: string): CatalogData {
  if (!findLoadingJob(catalog, graph, name)) {
    throw new CatalogError(
      'SCHEMA-NOT-FOUND',
      `loading job "${name}" does not exist in graph ${graph}`,
    );
  }
  return bump(catalog, {
    loadingJobs: catalog.loadingJobs.filter((j) => !(j.graph === graph && j.name === name)),
  });
}

export function findQuery(catalog: CatalogData, graph: string, name: string): QueryDef | undefined {
  return catalog.queries.find((q) => q.graph === graph && q.name === name);
}

/** CREATE [OR REPLACE] QUERY: a replaced query must be installed again. */
export function putQuery(catalog: CatalogData, query: QueryDef, replace: boolean): CatalogData {
  requireGraph(catalog, query.graph);
  const exists = findQuery(catalog, query.graph, query.name) !== undefined;
  if (exists && !replace) {
    throw new CatalogError(
      'SCHEMA-EXISTS',
      `query "${query.name}" already exists in graph ${query.graph}`,
    );
  }
  const others = catalog.queries.filter((q) => !(q.graph === query.graph && q.name === query.name));
  return bump(catalog, { queries: [...others, query] });
}

export function setInstalled(
  catalog: CatalogData,
  graph: string,
  names: readonly string[],
): CatalogData {
  return bump(catalog, {
    queries: catalog.queries.map((q) =>
      q.graph === graph && names.includes(q.name) ? { ...q, installed: true } : q,
    ),
  });
}

export function dropQuery(catalog: CatalogData, graph: string, name: string): CatalogData {
  if (!findQuery(catalog, graph, name)) {
    throw new CatalogError('SCHEMA-NOT-FOUND', `query "${name}" does not exist in graph ${graph}`);
  }
  return bump(catalog, {
    queries: catalog.queries.filter((q) => !(q.graph === graph && q.name === name)),
  });
}
