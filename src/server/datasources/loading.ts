// Data sources for RUN LOADING JOB: the resolver behind `$source:where` locations (see
// engine/loading/external-sources.ts). `where` is an object URI (`s3://bucket/key`, several
// separated by commas, a prefix ending in `/` for every object under it) or the reference's JSON
// form `{"file.uris": "..."}`. The graph must be allowed to use the source; a type this service
// cannot reach fails with DATASOURCE-UNREACHABLE naming what is missing.
import type { Engine } from '../engine/engine.js';
import { setExternalResolver, type ExternalFile } from '../engine/loading/external-sources.js';
import { missingForLoading, s3Connection } from './config.js';
import { DataSourceError, DataSourceErrorCodes as C } from './errors.js';
import { objectsOf, openObject } from './s3.js';
import { dataSourceStore, openConfig, usableSource, type DataSourceRecord } from './store.js';

/** The object URIs of a location's `where` part. */
export function locationUris(where: string): string[] {
  let uris = where.trim();
  if (uris.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(uris);
    } catch {
      throw new DataSourceError(C.invalid, `"${where}" is not a JSON object of file settings`);
    }
    const given = (parsed as Record<string, unknown>)['file.uris'];
    if (typeof given !== 'string' || given.trim() === '') {
      throw new DataSourceError(C.invalid, `"${where}" has no "file.uris" string`);
    }
    uris = given;
  }
  const list = uris
    .split(',')
    .map((u) => u.trim())
    .filter((u) => u !== '');
  if (list.length === 0) throw new DataSourceError(C.invalid, 'the location names no object');
  return list;
}

/** Fails when loading from the source's type needs what this service does not have. */
export function requireLoadable(source: DataSourceRecord): void {
  const missing = missingForLoading(source.type);
  if (missing !== undefined) {
    throw new DataSourceError(
      C.unreachable,
      `cannot read data source "${source.name}" (${source.type}): loading from it needs ${missing}`,
    );
  }
}

export async function sourceFiles(
  engine: Engine,
  graph: string,
  sourceName: string,
  where: string,
): Promise<ExternalFile[]> {
  const source = usableSource(dataSourceStore(engine).current, graph, sourceName);
  requireLoadable(source);
  const connection = s3Connection(openConfig(engine.dir, source));
  const files: ExternalFile[] = [];
  for (const uri of locationUris(where)) {
    for (const object of await objectsOf(connection, uri)) {
      files.push({
        name: `s3://${object.bucket}/${object.key}`,
        size: object.size,
        open: (signal) => openObject(connection, object, signal),
      });
    }
  }
  return files;
}

/** Lets the engine's loading jobs read this service's data sources. */
export function enableDataSourceLoading(engine: Engine): void {
  setExternalResolver(engine, (graph, source, where) => sourceFiles(engine, graph, source, where));
}
