// The hook through which RUN LOADING JOB reads a file of a data source: a location written
// `$<source>:<where>` (the reference's form, e.g. `$s3ds:s3://bucket/data.csv` or
// `$s3ds:{"file.uris": "s3://bucket/a.csv"}`) is handed to the resolver the server registered
// for the engine (src/server/datasources), which checks the source is usable by the graph and
// answers the objects to load, each opened as a stream when its turn comes.
import type { Readable } from 'node:stream';
import type { Engine } from '../engine.js';
import { LoadingJobError } from './errors.js';

/** One object of a data source to load. */
export interface ExternalFile {
  /** Shown as the file's name in the loading statistics (e.g. `s3://bucket/key`). */
  readonly name: string;
  /** Bytes, when known (for the job's progress). */
  readonly size: number;
  open(signal?: AbortSignal): Promise<Readable>;
}

export type ExternalResolver = (
  graph: string,
  source: string,
  where: string,
) => Promise<ExternalFile[]>;

const resolvers = new WeakMap<Engine, ExternalResolver>();

export function setExternalResolver(engine: Engine, resolver: ExternalResolver): void {
  resolvers.set(engine, resolver);
}

/** `$name:rest` -> [name, rest]; undefined for a local path. */
export function externalLocation(location: string): [string, string] | undefined {
  const match = /^\$([A-Za-z_][A-Za-z0-9_]*):(.*)$/s.exec(location.trim());
  return match ? [match[1] ?? '', match[2] ?? ''] : undefined;
}

/** The objects a `$source:where` location names, for the graph's loading job. */
export function externalFiles(
  engine: Engine,
  graph: string,
  location: string,
): Promise<ExternalFile[]> | undefined {
  const parts = externalLocation(location);
  if (!parts) return undefined;
  const resolver = resolvers.get(engine);
  if (!resolver) {
    throw new LoadingJobError(
      'LOADING-FILE',
      `cannot load "${location}": this service reads no data sources`,
    );
  }
  return resolver(graph, parts[0], parts[1]);
}
