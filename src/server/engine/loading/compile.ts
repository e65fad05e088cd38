// Compiles a CREATE LOADING JOB into a CompiledJob, checked against the schema once: the filename
// variables (DEFINE FILENAME, and a generated `__GSQL_FILENAME_<n>__` for each LOAD "path"), the
// USING options of each LOAD, and per destination clause a closure from a line to a mutation.
// Compiled jobs are cached by (graph, job text, catalog version).
import { parse, type CreateLoadingJob, type Expr, type Load } from '../../../core/gsql/index.js';
import type { CatalogData } from '../catalog/types.js';
import { findLoadingJob } from '../catalog/jobs.js';
import { jobError, LoadingJobError, type JobPlace } from './errors.js';
import type { ExprContext } from './expr.js';
import { compileTarget, type CompiledTarget } from './targets.js';

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

export interface CompiledLoad {
  /** The filename variable it reads (a generated name for LOAD "path"). */
  readonly variable: string;
  readonly line: number;
  readonly column: number;
  readonly options: LoadOptions;
  readonly targets: readonly CompiledTarget[];
  /** The highest `$n` read, -1 when none. */
  readonly maxColumn: number;
  /** The `$"name"` columns read. */
  readonly names: readonly string[];
}

export interface CompiledJob {
  readonly name: string;
  readonly graph: string;
  readonly jobType: 'LOADING' | 'ONLINE_POST';
  readonly catalogVersion: number;
  /** Filename variables with their default path (null when none). */
  readonly filenames: ReadonlyMap<string, string | null>;
  readonly statements: readonly CompiledLoad[];
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

function readOptions(
  load: Load,
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

/** Compiles a parsed job for one graph of `catalog`; throws LoadingJobError on schema errors. */
export function compileLoadingJob(
  ast: CreateLoadingJob,
  catalog: CatalogData,
  graphName: string = ast.graph ?? '',
): CompiledJob {
  const job = ast.name;
  const graph = catalog.graphs.find((g) => g.name === graphName);
  if (!graph) {
    throw new LoadingJobError('LOADING-UNKNOWN-GRAPH', `graph "${graphName}" does not exist`);
  }
  const filenames = new Map<string, string | null>();
  const headers = new Map<string, readonly string[]>();
  const literal = new Map<string, string>();
  const statements: CompiledLoad[] = [];
  for (const stmt of ast.body) {
    const place = { job, range: stmt.range };
    if (stmt.kind === 'DefineFilename') {
      if (filenames.has(stmt.name))
        jobError('LOADING-BAD-OPTION', place, `filename ${stmt.name} is defined twice`);
      filenames.set(stmt.name, stmt.path);
      continue;
    }
    if (stmt.kind === 'DefineHeader') {
      headers.set(stmt.name, stmt.columns);
      continue;
    }
    let variable: string;
    const source = stmt.source;
    if (source === null) variable = '';
    else if (source.kind === 'Name') {
      if (!filenames.has(source.name)) {
        jobError(
          'LOADING-UNKNOWN-FILENAME',
          { job, range: source.range },
          `filename variable ${source.name} is not defined`,
        );
      }
      variable = source.name;
    } else if (source.kind === 'StringLit') {
      variable = literal.get(source.value) ?? `__GSQL_FILENAME_${literal.size}__`;
      literal.set(source.value, variable);
      filenames.set(variable, source.value);
    } else {
      return jobError(
        'LOADING-UNSUPPORTED',
        { job, range: source.range },
        'a LOAD reads a filename variable or a quoted path',
      );
    }
    const options = readOptions(stmt, job, headers);
    const ctx: ExprContext = { place, tuples: catalog.tuples, maxColumn: -1, names: new Set() };
    const targets = stmt.targets.map((t) => compileTarget(t, graph, catalog, ctx, options));
    const same = statements.find((s) => s.variable === variable);
    if (same && JSON.stringify(same.options) !== JSON.stringify(options)) {
      jobError(
        'LOADING-BAD-OPTION',
        place,
        `LOAD statements reading ${variable} must have the same USING clause`,
      );
    }
    const { line, column } = stmt.range.start;
    statements.push({
      variable,
      line,
      column,
      options,
      targets,
      maxColumn: ctx.maxColumn,
      names: [...ctx.names],
    });
  }
  return {
    name: job,
    graph: graph.name,
    jobType: ast.jobType,
    catalogVersion: catalog.version,
    filenames,
    statements,
  };
}

/** Parses job text; the first CREATE LOADING JOB in it, or a LOADING-SYNTAX error. */
export function parseLoadingJob(text: string, job = 'job'): CreateLoadingJob {
  const { ast, diagnostics } = parse(text);
  const error = diagnostics.find((d) => d.severity === 'error');
  if (error) {
    jobError('LOADING-SYNTAX', { job, range: error.range }, error.message);
  }
  const found = ast.statements.find((s) => s.kind === 'CreateLoadingJob');
  if (!found || found.kind !== 'CreateLoadingJob') {
    return jobError('LOADING-SYNTAX', { job }, 'the text has no CREATE LOADING JOB statement');
  }
  return found;
}

const cache = new Map<string, CompiledJob>();
const cacheLimit = 200;

/** The compiled form of a job text, cached by (graph, text, catalog version). */
export function compileJobText(text: string, catalog: CatalogData, graph: string): CompiledJob {
  const key = `${graph}\u0000${catalog.version}\u0000${text}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const compiled = compileLoadingJob(parseLoadingJob(text), catalog, graph);
  if (cache.size >= cacheLimit) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(key, compiled);
  return compiled;
}

/** The compiled form of a job stored in the catalog, by name. */
export function compiledJob(catalog: CatalogData, graph: string, name: string): CompiledJob {
  const def = findLoadingJob(catalog, graph, name);
  if (!def) {
    throw new LoadingJobError(
      'LOADING-UNKNOWN-JOB',
      `loading job "${name}" does not exist in graph ${graph}`,
    );
  }
  return compileJobText(def.text, catalog, graph);
}
