// The USING clause of a LOAD or DELETE statement: separator, EOL, quote, header, JSON lines and
// the vertex-existence flags, checked once when the job compiles.
import type { Expr, Load, LoadDelete } from '../../../core/gsql/index.js';
import { jobError, type JobPlace } from './errors.js';

/** How a statement's input is read (USING SEPARATOR, EOL, QUOTE, HEADER, JSON_FILE, ...). */
export interface LoadOptions {
  readonly separator?: string;
  readonly eol?: string;
  readonly quote?: '"' | "'";
  readonly header?: boolean;
  /** USER_DEFINED_HEADER: column names from a DEFINE HEADER. */
  readonly columns?: readonly string[];
  readonly json: boolean;
  readonly newVertexOnly: boolean;
  readonly vertexMustExist: boolean;
}

const knownOptions = new Set([
  'SEPARATOR',
  'EOL',
  'QUOTE',
  'HEADER',
  'USER_DEFINED_HEADER',
  'JSON_FILE',
  'NEW_VERTEX_ONLY',
  'VERTEX_MUST_EXIST',
]);

/** Separator and EOL text: `\t`, `\n`, `\r`, `\xy` (decimal ASCII code) as the reference allows. */
export function unescapeText(value: string): string {
  return value.replace(/\\(t|n|r|\d{1,3})/g, (_m, c: string) =>
    c === 't' ? '\t' : c === 'n' ? '\n' : c === 'r' ? '\r' : String.fromCharCode(Number(c)),
  );
}

function optionText(value: Expr, place: JobPlace, name: string): string {
  if (value.kind === 'StringLit') return value.value;
  if (value.kind === 'BoolLit') return String(value.value);
  if (value.kind === 'Name') return value.name;
  return jobError('LOADING-BAD-OPTION', place, `USING ${name} takes a quoted value`);
}

function flag(value: string, place: JobPlace, name: string): boolean {
  const v = value.toLowerCase();
  if (v === 'true' || v === 'false') return v === 'true';
  return jobError('LOADING-BAD-OPTION', place, `USING ${name} must be "true" or "false"`);
}

export function readOptions(
  load: Load | LoadDelete,
  job: string,
  headers: ReadonlyMap<string, readonly string[]>,
): LoadOptions {
  const out: {
    -readonly [K in keyof LoadOptions]: LoadOptions[K];
  } = { json: false, newVertexOnly: false, vertexMustExist: false };
  for (const option of load.using) {
    const place = { job, range: option.range };
    const name = option.name.toUpperCase();
    if (!knownOptions.has(name))
      jobError('LOADING-BAD-OPTION', place, `unknown option ${option.name}`);
    const value = optionText(option.value, place, name);
    if (name === 'SEPARATOR' || name === 'EOL') {
      const v = unescapeText(value);
      if (v === '') jobError('LOADING-BAD-OPTION', place, `USING ${name} cannot be empty`);
      if (name === 'SEPARATOR') out.separator = v;
      else out.eol = v;
    } else if (name === 'QUOTE') {
      const v = value.toLowerCase();
      if (v !== 'single' && v !== 'double') {
        jobError('LOADING-BAD-OPTION', place, 'USING QUOTE must be "single" or "double"');
      }
      out.quote = v === 'single' ? "'" : '"';
    } else if (name === 'USER_DEFINED_HEADER') {
      const columns = headers.get(value);
      if (!columns) jobError('LOADING-UNKNOWN-HEADER', place, `no DEFINE HEADER ${value}`);
      out.columns = columns;
    } else {
      const on = flag(value, place, name);
      if (name === 'HEADER') out.header = on;
      else if (name === 'JSON_FILE') out.json = on;
      else if (name === 'NEW_VERTEX_ONLY') out.newVertexOnly = on;
      else out.vertexMustExist = on;
    }
  }
  return out;
}
