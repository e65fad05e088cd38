// Data-source configurations by type, as CREATE DATA_SOURCE and POST /gsql/v1/data-sources give
// them: which keys each type needs, which values are secrets (kept sealed, shown empty), and the
// S3 connection they describe. Types: S3 (read here through an S3-compatible client), KAFKA,
// GCS and ABS (stored and checked; loading from them needs connectors this service lacks).
import { DataSourceError, DataSourceErrorCodes } from './errors.js';

export type DataSourceType = 'S3' | 'KAFKA' | 'GCS' | 'ABS';
export const dataSourceTypes: readonly DataSourceType[] = ['S3', 'KAFKA', 'GCS', 'ABS'];

export type Config = Readonly<Record<string, unknown>>;

/** Whether a configuration key holds a secret (its value is sealed and shown empty). */
export function isSecretKey(key: string): boolean {
  return /(secret|password|private_key|account\.key|sas\.token|jaas)/i.test(key);
}

const fail = (message: string): never => {
  throw new DataSourceError(DataSourceErrorCodes.invalid, message);
};

function text(config: Config, key: string): string | undefined {
  const value = config[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    fail(`config.${key}: expected a string, got ${JSON.stringify(value)}`);
  return value as string;
}

/** The first of the keys present (the short form, or the reader-settings form). */
function either(config: Config, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = text(config, key);
    if (value !== undefined) return value;
  }
  return undefined;
}

const s3AccessKeys = ['access.key', 'file.reader.settings.fs.s3a.access.key'];
const s3SecretKeys = ['secret.key', 'file.reader.settings.fs.s3a.secret.key'];
const s3EndpointKeys = ['endpoint', 'file.reader.settings.fs.s3a.endpoint'];

export function typeOf(config: Config): DataSourceType {
  const given = config.type;
  if (typeof given !== 'string') return fail('config.type: expected one of s3, kafka, gcs, abs');
  const upper = given.toUpperCase() as DataSourceType;
  if (!dataSourceTypes.includes(upper)) {
    fail(`config.type: "${given}" is not a data source type (s3, kafka, gcs, abs)`);
  }
  return upper;
}

/** Checks the keys a type needs; `secretsKept` names secrets already stored (an update). */
export function checkConfig(
  type: DataSourceType,
  config: Config,
  secretsKept: ReadonlySet<string>,
) {
  const needs = (keys: readonly string[], what: string) => {
    const present = keys.some((k) => {
      const value = either(config, [k]);
      return (value !== undefined && value !== '') || secretsKept.has(k);
    });
    if (!present) fail(`a ${type} data source needs ${what} (config key ${keys.join(' or ')})`);
  };
  switch (type) {
    case 'S3': {
      needs(s3AccessKeys, 'an access key');
      needs(s3SecretKeys, 'a secret key');
      const endpoint = either(config, s3EndpointKeys);
      if (endpoint !== undefined && endpoint !== '' && !/^https?:\/\/[^\s/]+/i.test(endpoint)) {
        fail(`config.endpoint: "${endpoint}" is not an http(s) URL`);
      }
      return;
    }
    case 'KAFKA': {
      needs(['broker'], 'a broker list');
      const broker = text(config, 'broker') ?? '';
      for (const entry of broker.split(',')) {
        if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(entry.trim())) {
          fail(`config.broker: "${entry.trim()}" is not host[:port]`);
        }
      }
      const extra = config.kafka_config;
      if (
        extra !== undefined &&
        (typeof extra !== 'object' || extra === null || Array.isArray(extra))
      ) {
        fail('config.kafka_config: expected an object of Kafka client settings');
      }
      return;
    }
    case 'GCS':
      for (const key of ['project_id', 'private_key_id', 'private_key', 'client_email']) {
        needs([key], `the service account's ${key}`);
      }
      return;
    case 'ABS':
      needs(['account.name'], 'a storage account name');
      needs(['account.key', 'sas.token'], 'an account key or a SAS token');
      return;
  }
}

/** What loading from a type needs that this service does not have (S3: nothing). */
export function missingForLoading(type: DataSourceType): string | undefined {
  switch (type) {
    case 'S3':
      return undefined;
    case 'KAFKA':
      return 'a Kafka consumer (the Kafka loader connector), which the embedded service does not include';
    case 'GCS':
      return 'a Google Cloud Storage client, which the embedded service does not include';
    case 'ABS':
      return 'an Azure Blob Storage client, which the embedded service does not include';
  }
}

export interface S3Connection {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly region: string;
  /** An S3-compatible endpoint (MinIO, a local test server); the AWS one when absent. */
  readonly endpoint: string | undefined;
}

/** The S3 connection of a configuration whose secrets are opened. */
export function s3Connection(config: Config): S3Connection {
  const endpoint = either(config, s3EndpointKeys);
  return {
    accessKeyId: either(config, s3AccessKeys) ?? '',
    secretAccessKey: either(config, s3SecretKeys) ?? '',
    region:
      either(config, ['region', 'file.reader.settings.fs.s3a.endpoint.region']) ?? 'us-east-1',
    endpoint: endpoint === '' ? undefined : endpoint,
  };
}
