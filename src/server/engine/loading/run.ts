// Runs a compiled loading job over one stream of input for one filename variable (POST /ddl, or
// one file of RUN LOADING JOB): only the LOAD and DELETE statements reading that variable run
// (and, through temp tables, the LOAD TEMP_TABLE statements fed by them). Input is read as bytes
// (csv-bytes.ts) and lines become batch mutations (batch.ts: ids as key lists, attributes as
// columns; no object per line); each batch is written with engine.write (durable before
// acknowledged), or kept aside by a staged write committed whole after the last line, never
// splitting one line's objects, so memory is bounded by the batch size. Bad lines and bad objects
// are counted and skipped; the abort signal is checked between batches. The objects the graph
// leaves out when a batch is applied (new-only, must-exist, ids deleted permanently) are taken
// from what applying it reports, after each write or at the commit, so validObject counts only
// what was stored.
import type { Engine, StagedWrite } from '../engine.js';
import type { Graph } from '../graph/graph.js';
import { BatchBuilder } from '../batch.js';
import { compiledJob, type CompiledJob } from './compile.js';
import { parseJsonLine } from './csv.js';
import { ByteRow, CsvScanner, Scan } from './csv-bytes.js';
import { LoadingJobError } from './errors.js';
import {
  conciseOf,
  copyStatistics,
  countSkipped,
  emptyStatistics,
  type FileStatistics,
  type LoadingResult,
  type LoadStatistics,
} from './stats.js';
import { InputRow, LineSink } from './rows.js';
import { SimpleEdgeLines } from './simple-edges.js';

export interface RunOptions {
  /** The filename variable, a generated `__GSQL_FILENAME_<n>__`, or the path of a LOAD "path". */
  readonly filename: string;
  /** Overrides of the job's USING SEPARATOR / EOL / HEADER. */
  readonly sep?: string;
  readonly eol?: string;
  readonly header?: boolean;
  readonly concise?: boolean;
  readonly signal?: AbortSignal;
  /** `sourceFileName` of the statistics and `$sys.file_name`; default "Online_POST". */
  readonly sourceFileName?: string;
  /** Mutations per engine write; default 20,000. */
  readonly batchSize?: number;
  readonly maxLineLength?: number;
  /**
   * Where batches are written; default the engine (each batch durable on its own). POST /ddl
   * passes a staged write so the request commits whole or not at all: it is committed here after
   * the last batch (the caller discards it when this throws).
   */
  readonly writer?: Pick<StagedWrite, 'write' | 'commit'>;
  /** Awaited before each batch is written (pause/resume). */
  readonly gate?: () => Promise<void>;
  /** Called after each batch and at the end. */
  readonly onProgress?: (progress: LoadProgress) => void;
}

export interface LoadProgress {
  readonly bytes: number;
  readonly lines: number;
  readonly statistics: LoadStatistics;
}

/** The filename variable that `filename` names in `job`. */
export function resolveVariable(job: CompiledJob, filename: string): string {
  if (job.jobType === 'ONLINE_POST') return '';
  if (job.filenames.has(filename)) return filename;
  for (const [variable, path] of job.filenames) if (path === filename) return variable;
  throw new LoadingJobError(
    'LOADING-UNKNOWN-FILENAME',
    `loading job "${job.name}" has no filename variable or path "${filename}"`,
  );
}

function aborted(signal: AbortSignal): LoadingJobError {
  const why = signal.reason instanceof Error ? `: ${signal.reason.message}` : '';
  return new LoadingJobError('LOADING-ABORTED', `the loading job was aborted${why}`);
}

/** `\r\n` written out (as a query parameter may carry it) is the CRLF special case. */
function eolOf(value: string | undefined): string | undefined {
  return value === '\\r\\n' || value?.toUpperCase() === 'CRLF' ? '\r\n' : value;
}

/** Runs `job` (a compiled job, or the name of a job of `graphName`) over `source`. */
export async function runLoadingJob(
  engine: Engine,
  graphName: string,
  job: string | CompiledJob,
  options: RunOptions,
  source: AsyncIterable<Uint8Array | string>,
): Promise<LoadingResult[]> {
  const compiled = typeof job === 'string' ? compiledJob(engine.catalog, graphName, job) : job;
  const variable = resolveVariable(compiled, options.filename);
  const stmts = compiled.statements.filter((s) => s.variable === variable);
  const statistics = emptyStatistics();
  const sink = new LineSink(compiled, stmts, statistics);
  const first = stmts[0];
  const fileName = options.sourceFileName ?? 'Online_POST';
  const result: FileStatistics = { sourceFileName: fileName, statistics };
  if (!first) {
    await options.writer?.commit();
    return [options.concise ? conciseOf(result) : result];
  }

  const json = first.options.json;
  const sep = options.sep ?? first.options.separator ?? ',';
  const eol = eolOf(options.eol) ?? first.options.eol ?? '\n';
  const quote = json ? undefined : first.options.quote;
  const columns = first.options.columns;
  let needHeader = !json && (options.header ?? first.options.header ?? false);
  const names = new Set(stmts.flatMap((s) => s.names));
  let minTokens = stmts.reduce((most, st) => Math.max(most, st.maxColumn), -1) + 1;
  const row = new ByteRow(fileName);
  const jsonRow = new InputRow(fileName);
  const useHeader = (header: readonly string[]) => {
    header.forEach((name, i) => row.columns.set(name, i));
    for (const name of names) {
      const index = row.columns.get(name);
      if (index === undefined) {
        throw new LoadingJobError(
          'LOADING-UNKNOWN-HEADER',
          `loading job "${compiled.name}": column "${name}" is not in the header`,
        );
      }
      minTokens = Math.max(minTokens, index + 1);
    }
  };
  if (columns) useHeader(columns);
  else if (!json && !needHeader && names.size > 0) {
    throw new LoadingJobError(
      'LOADING-NO-HEADER',
      `loading job "${compiled.name}" reads columns by name but the input has no header`,
    );
  }

  const batchSize = Math.max(1, options.batchSize ?? 20_000);
  const signal = options.signal;
  const out = new BatchBuilder(sink.strictOrder);
  let bytes = 0;
  let lines = 0;
  const report = () =>
    options.onProgress?.({ bytes, lines, statistics: copyStatistics(statistics) });
  const flush = async () => {
    if (signal?.aborted) throw aborted(signal);
    await options.gate?.();
    if (signal?.aborted) throw aborted(signal);
    if (out.size > 0) {
      const plan = (graph: Graph) => ({ mutations: out.take(graph) });
      if (options.writer) await options.writer.write(plan);
      else countSkipped(statistics, (await engine.write(plan)).report);
    }
    report();
  };

  const scanner = new CsvScanner({
    eol,
    separator: sep,
    ...(quote ? { quote } : {}),
    ...(options.maxLineLength ? { maxLineLength: options.maxLineLength } : {}),
  });
  // The lines of the simplest edge loads are read in one loop while they are simple.
  const simpleTarget = json ? undefined : sink.simpleEdge();
  const separatorBytes = Buffer.from(sep);
  const eolBytes = Buffer.from(eol);
  const simple =
    simpleTarget && separatorBytes.length === 1 && eolBytes.length === 1 && sep !== eol
      ? new SimpleEdgeLines(
          simpleTarget.edge,
          simpleTarget.objects,
          statistics,
          separatorBytes[0] as number,
          eolBytes[0] as number,
          minTokens,
          options.maxLineLength ?? 16 * 1024 * 1024,
        )
      : undefined;
  let sinceCheck = 0;
  /** Reads every complete line of what the scanner holds. */
  const drain = async () => {
    for (;;) {
      const from = simple && !needHeader ? scanner.plainFrom : -1;
      if (simple && from >= 0) {
        const limit = Math.min(batchSize - out.size, 10_000 - sinceCheck);
        const to = simple.read(scanner.bytes, from, out, limit);
        if (to > from) {
          scanner.skipTo(to);
          lines += simple.taken;
          sinceCheck += simple.taken;
          if (sinceCheck >= 10_000) {
            sinceCheck = 0;
            if (signal?.aborted) throw aborted(signal);
          }
          if (out.size >= batchSize) await flush();
          continue;
        }
      }
      const found = scanner.next();
      if (found === Scan.More || found === Scan.Done) return;
      if (found === Scan.Oversize) {
        statistics.rejectLine += 1;
        statistics.oversizeToken += 1;
        continue;
      }
      if (scanner.lineEnd === scanner.lineStart) continue;
      if (needHeader) {
        needHeader = false;
        scanner.split(row);
        useHeader(row.tokens());
        continue;
      }
      lines += 1;
      if (++sinceCheck >= 10_000) {
        sinceCheck = 0;
        if (signal?.aborted) throw aborted(signal);
      }
      let line: ByteRow | InputRow = row;
      if (json) {
        jsonRow.object = parseJsonLine(scanner.lineText());
        if (!jsonRow.object) {
          statistics.rejectLine += 1;
          statistics.invalidJson += 1;
          continue;
        }
        line = jsonRow;
      } else {
        scanner.split(row);
        if (row.count < minTokens) {
          statistics.rejectLine += 1;
          statistics.notEnoughToken += 1;
          continue;
        }
      }
      statistics.validLine += 1;
      if (sink.apply(line, out)) statistics.failedConditionLine += 1;
      if (out.size >= batchSize) await flush();
    }
  };
  for await (const chunk of source) {
    const data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    bytes += data.byteLength;
    scanner.push(data);
    await drain();
  }
  scanner.finish();
  await drain();
  await flush();
  if (options.writer) {
    countSkipped(statistics, await options.writer.commit());
    report();
  }
  return [options.concise ? conciseOf(result) : result];
}
