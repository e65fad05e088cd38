// The data sources, kept in the log of record (a named record beside the graph): each global
// (no graph) or local to one graph, its configuration with the secret values sealed (secrets.ts),
// and, for a global source, the graphs it is granted to. A graph may use its own sources and the
// global ones granted to it. Names are unique across all scopes, so `$name:` in a loading job
// always means one source.
import type { Engine } from '../engine/engine.js';
import { recordCell, type RecordCell } from '../stored/record-cell.js';
import { checkConfig, isSecretKey, typeOf, type Config, type DataSourceType } from './config.js';
import { DataSourceError, DataSourceErrorCodes as C } from './errors.js';
import { seal, unseal, type Sealed } from './secrets.js';

export interface DataSourceRecord {
  readonly name: string;
  readonly type: DataSourceType;
  /** The graph a local source belongs to; null for a global one. */
  readonly graph: string | null;
  /** The configuration without its secret values. */
  readonly config: Config;
  /** Secret values, sealed, by key. */
  readonly secrets: Readonly<Record<string, Sealed>>;
  /** Graphs a global source is granted to. */
  readonly grants: readonly string[];
}

const recordKey = 'datasources';

function readStored(stored: unknown): readonly DataSourceRecord[] {
  return Array.isArray(stored) ? (stored as DataSourceRecord[]) : [];
}

export function dataSourceStore(engine: Engine): RecordCell<readonly DataSourceRecord[]> {
  return recordCell(engine, recordKey, readStored);
}

const identifier = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function findSource(
  all: readonly DataSourceRecord[],
  name: string,
  graph: string | null,
): DataSourceRecord {
  const found = all.find((s) => s.name === name && s.graph === graph);
  if (!found) {
    const where = graph === null ? 'global data source' : `data source of graph ${graph}`;
    throw new DataSourceError(C.notFound, `${where} "${name}" does not exist`);
  }
  return found;
}

/** A new or replaced source: secrets sealed; an update keeps stored secrets given empty. */
export function sourceRecord(
  dir: string,
  name: string,
  graph: string | null,
  config: Config,
  previous: DataSourceRecord | undefined,
): DataSourceRecord {
  if (!identifier.test(name)) {
    throw new DataSourceError(C.invalid, `data source name "${name}" is not a valid identifier`);
  }
  const type = typeOf(config);
  if (previous && previous.type !== type) {
    throw new DataSourceError(
      C.invalid,
      `data source "${name}" is ${previous.type}: an update cannot make it ${type}`,
    );
  }
  const kept = new Set(Object.keys(previous?.secrets ?? {}));
  const plain: Record<string, unknown> = {};
  const secrets: Record<string, Sealed> = {};
  for (const [key, value] of Object.entries(config)) {
    if (!isSecretKey(key)) {
      plain[key] = value;
      continue;
    }
    if (typeof value !== 'string') {
      throw new DataSourceError(C.invalid, `config.${key}: expected a string`);
    }
    if (value !== '') {
      secrets[key] = seal(dir, value);
      kept.delete(key);
    }
  }
  // Given empty (as GET shows them) or left out: the stored secret stays.
  for (const key of kept) {
    const sealed = previous?.secrets[key];
    if (sealed) secrets[key] = sealed;
  }
  checkConfig(type, plain, new Set(Object.keys(secrets)));
  return { name, type, graph, config: plain, secrets, grants: previous?.grants ?? [] };
}

export function addSource(
  all: readonly DataSourceRecord[],
  record: DataSourceRecord,
): readonly DataSourceRecord[] {
  const taken = all.find((s) => s.name.toLowerCase() === record.name.toLowerCase());
  if (taken) {
    const where =
      taken.graph === null ? 'a global data source' : `a data source of graph ${taken.graph}`;
    throw new DataSourceError(C.exists, `data source "${record.name}" exists already (${where})`);
  }
  return [...all, record];
}

export function replaceSource(
  all: readonly DataSourceRecord[],
  record: DataSourceRecord,
): readonly DataSourceRecord[] {
  return all.map((s) => (s.name === record.name && s.graph === record.graph ? record : s));
}

/** The configuration as the service shows it: secret values empty. */
export function shownConfig(record: DataSourceRecord): Record<string, unknown> {
  const shown: Record<string, unknown> = { ...record.config };
  for (const key of Object.keys(record.secrets)) shown[key] = '';
  return shown;
}

/** The configuration with its secrets opened, to reach the source. */
export function openConfig(dir: string, record: DataSourceRecord): Config {
  const open: Record<string, unknown> = { ...record.config };
  for (const [key, sealed] of Object.entries(record.secrets)) open[key] = unseal(dir, sealed);
  return open;
}

export function sourceJson(record: DataSourceRecord) {
  return {
    name: record.name,
    ...(record.graph === null ? {} : { belongTo: record.graph }),
    type: record.type,
    content: shownConfig(record),
    isLocal: record.graph !== null,
  };
}

/** The source `name` as graph `graph` may use it: its own, or a global one granted to it. */
export function usableSource(
  all: readonly DataSourceRecord[],
  graph: string,
  name: string,
): DataSourceRecord {
  const own = all.find((s) => s.name === name && s.graph === graph);
  if (own) return own;
  const global = all.find((s) => s.name === name && s.graph === null);
  if (!global) {
    throw new DataSourceError(
      C.notFound,
      `data source "${name}" does not exist for graph ${graph}`,
    );
  }
  if (!global.grants.includes(graph)) {
    throw new DataSourceError(
      C.notGranted,
      `global data source "${name}" is not granted to graph ${graph} (POST /gsql/v1/data-sources/grant)`,
    );
  }
  return global;
}

export function grant(
  all: readonly DataSourceRecord[],
  name: string,
  graphs: readonly string[],
  on: boolean,
): readonly DataSourceRecord[] {
  const source = all.find((s) => s.name === name && s.graph === null);
  if (!source) {
    const local = all.find((s) => s.name === name);
    throw new DataSourceError(
      local ? C.invalid : C.notFound,
      local
        ? `data source "${name}" belongs to graph ${local.graph ?? ''}: only global sources are granted`
        : `global data source "${name}" does not exist`,
    );
  }
  const grants = on
    ? [...new Set([...source.grants, ...graphs])]
    : source.grants.filter((g) => !graphs.includes(g));
  return all.map((s) => (s === source ? { ...s, grants } : s));
}
