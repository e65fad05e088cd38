// Reading S3 data sources through the AWS SDK for JavaScript (v3): any S3-compatible store (AWS,
// MinIO, a local test server via `endpoint`). Lists buckets, expands an object location into the
// objects it names (a key, or every non-hidden object under a prefix ending in `/`, in key
// order), and opens each object as a stream when the loader reaches it. The SDK is loaded on
// first use: a service without S3 sources never pays for it (nor sees its start-up notices).
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { ListObjectsV2CommandOutput, S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { S3Connection } from './config.js';
import { DataSourceError, DataSourceErrorCodes as C } from './errors.js';

export interface S3Object {
  readonly bucket: string;
  readonly key: string;
  readonly size: number;
}

type Sdk = typeof S3Sdk;
let sdkLoading: Promise<Sdk> | undefined;
const sdk = (): Promise<Sdk> => (sdkLoading ??= import('@aws-sdk/client-s3'));

async function client(connection: S3Connection): Promise<S3Client> {
  const { S3Client } = await sdk();
  return new S3Client({
    region: connection.region,
    credentials: {
      accessKeyId: connection.accessKeyId,
      secretAccessKey: connection.secretAccessKey,
    },
    // A custom endpoint is an S3-compatible store: they address buckets by path.
    ...(connection.endpoint === undefined
      ? {}
      : { endpoint: connection.endpoint, forcePathStyle: true }),
    maxAttempts: 2,
  });
}

function failure(what: string, error: unknown): DataSourceError {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : `${String(error)}`;
  return new DataSourceError(C.readFailed, `${what} failed: ${detail}`);
}

export async function listBuckets(connection: S3Connection): Promise<string[]> {
  const { ListBucketsCommand } = await sdk();
  const s3 = await client(connection);
  try {
    const answer = await s3.send(new ListBucketsCommand({}));
    return (answer.Buckets ?? []).map((b) => b.Name ?? '').filter((n) => n !== '');
  } catch (error) {
    throw failure('listing the buckets', error);
  } finally {
    s3.destroy();
  }
}

/** `s3://bucket/key` (or `s3a://`) as bucket and key. */
export function parseS3Uri(uri: string): { bucket: string; key: string } {
  const match = /^s3a?:\/\/([^/\s]+)\/?(.*)$/i.exec(uri.trim());
  if (!match) {
    throw new DataSourceError(C.invalid, `"${uri}" is not an s3://bucket/key location`);
  }
  return { bucket: match[1] ?? '', key: match[2] ?? '' };
}

/** The objects a URI names: the key itself, or the non-hidden objects under a `/` prefix. */
export async function objectsOf(connection: S3Connection, uri: string): Promise<S3Object[]> {
  const { bucket, key } = parseS3Uri(uri);
  const { ListObjectsV2Command } = await sdk();
  const s3 = await client(connection);
  try {
    if (key !== '' && !key.endsWith('/')) {
      const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: key }));
      const exact = (listed.Contents ?? []).find((o) => o.Key === key);
      if (!exact) throw new DataSourceError(C.readFailed, `s3://${bucket}/${key} does not exist`);
      return [{ bucket, key, size: exact.Size ?? 0 }];
    }
    const objects: S3Object[] = [];
    let token: string | undefined;
    do {
      const page: ListObjectsV2CommandOutput = await s3.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: key, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) {
        const name = o.Key ?? '';
        const base = name.slice(name.lastIndexOf('/') + 1);
        if (base !== '' && !base.startsWith('.'))
          objects.push({ bucket, key: name, size: o.Size ?? 0 });
      }
      token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
    if (objects.length === 0) {
      throw new DataSourceError(C.readFailed, `s3://${bucket}/${key} holds no objects to load`);
    }
    return objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  } catch (error) {
    if (error instanceof DataSourceError) throw error;
    throw failure(`listing s3://${bucket}/${key}`, error);
  } finally {
    s3.destroy();
  }
}

/** The object's bytes as a stream; the client closes when the stream ends. */
export async function openObject(
  connection: S3Connection,
  object: S3Object,
  signal?: AbortSignal,
): Promise<Readable> {
  const { GetObjectCommand } = await sdk();
  const s3 = await client(connection);
  try {
    const answer = await s3.send(new GetObjectCommand({ Bucket: object.bucket, Key: object.key }), {
      ...(signal ? { abortSignal: signal } : {}),
    });
    const body = answer.Body;
    if (!(body instanceof Readable)) {
      throw new DataSourceError(C.readFailed, `s3://${object.bucket}/${object.key}: no body`);
    }
    body.once('close', () => s3.destroy());
    return body;
  } catch (error) {
    s3.destroy();
    if (error instanceof DataSourceError) throw error;
    throw failure(`reading s3://${object.bucket}/${object.key}`, error);
  }
}
