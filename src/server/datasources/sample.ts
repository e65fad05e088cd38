// POST /gsql/v1/sample-data: the first rows of a file, parsed as a loading job would read them,
// so a user can see the columns before writing the job. The file is an object of a data source
// the graph may use (`dataSource`, `path` an s3:// URI), or a local file inside the folders the
// service may read (`type` "local" or no `dataSource`). CSV rows come back as arrays of fields
// (the first row as `header` when parsing.header is true); JSON lines as objects (`json` true).
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { Engine } from '../engine/engine.js';
import { readLines, splitTokens } from '../engine/loading/csv.js';
import { resolveAllowedFile } from '../engine/loading/files.js';
import { s3Connection } from './config.js';
import { DataSourceError, DataSourceErrorCodes as C } from './errors.js';
import { requireLoadable } from './loading.js';
import { objectsOf, openObject } from './s3.js';
import { dataSourceStore, openConfig, usableSource } from './store.js';

export interface SampleRequest {
  readonly graphName: string;
  readonly dataSource: string;
  readonly type?: string | undefined;
  readonly path: string;
  readonly dataFormat?: string | undefined;
  readonly parsing: Readonly<Record<string, unknown>>;
  readonly size?: number | undefined;
}

export interface Sample {
  readonly data: unknown[];
  readonly header: string[];
  readonly json: boolean;
}

const defaultRows = 10;
const maxRows = 1000;

function option(parsing: SampleRequest['parsing'], key: string): string | undefined {
  const value = parsing[key];
  return typeof value === 'string' ? value : typeof value === 'boolean' ? String(value) : undefined;
}

/** "\\n" as JSON bodies often write it, or the character itself. */
function unescaped(text: string | undefined, fallback: string): string {
  if (text === undefined || text === '') return fallback;
  return text.replace(/\\n/g, '\n').replace(/\\r/g, '\r').replace(/\\t/g, '\t');
}

async function openSampled(engine: Engine, request: SampleRequest, allowedDirs: readonly string[]) {
  const local = request.type?.toLowerCase() === 'local' || request.dataSource === '';
  if (local) {
    const real = await resolveAllowedFile(request.path, allowedDirs);
    return createReadStream(real);
  }
  const source = usableSource(
    dataSourceStore(engine).current,
    request.graphName,
    request.dataSource,
  );
  requireLoadable(source);
  const connection = s3Connection(openConfig(engine.dir, source));
  const [first] = await objectsOf(connection, request.path);
  if (!first) throw new DataSourceError(C.readFailed, `${request.path} holds no object`);
  return openObject(connection, first);
}

export async function sampleData(
  engine: Engine,
  request: SampleRequest,
  allowedDirs: readonly string[],
): Promise<Sample> {
  const rows = Math.min(request.size ?? defaultRows, maxRows);
  const json = request.dataFormat?.toLowerCase() === 'json';
  const eol = unescaped(option(request.parsing, 'eol'), '\n');
  const separator = unescaped(option(request.parsing, 'separator'), ',');
  const quote = option(request.parsing, 'quote');
  const quoteChar = quote === 'double' ? '"' : quote === 'single' ? "'" : undefined;
  const withHeader = option(request.parsing, 'header')?.toLowerCase() === 'true';
  const gzip = option(request.parsing, 'fileFormat')?.toLowerCase() === 'gzip';
  const raw: Readable = await openSampled(engine, request, allowedDirs);
  const stream: Readable = gzip ? raw.pipe(createGunzip()) : raw;
  const data: unknown[] = [];
  let header: string[] = [];
  try {
    const lines = readLines(stream, { eol, ...(quoteChar ? { quote: quoteChar, separator } : {}) });
    for await (const line of lines) {
      if (typeof line !== 'string' || line.trim() === '') continue;
      if (json) {
        try {
          data.push(JSON.parse(line) as unknown);
        } catch {
          throw new DataSourceError(C.invalid, `sample-data: line ${data.length + 1} is not JSON`);
        }
      } else if (withHeader && header.length === 0) {
        header = splitTokens(line, separator, quoteChar);
        continue;
      } else {
        data.push(splitTokens(line, separator, quoteChar));
      }
      if (data.length >= rows) break;
    }
  } finally {
    stream.destroy();
    raw.destroy();
  }
  return { data, header, json };
}
