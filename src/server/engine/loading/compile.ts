// Compiles a CREATE LOADING JOB into a CompiledJob, checked against the schema once: the filename
// variables (DEFINE FILENAME, and a generated `__GSQL_FILENAME_<n>__` for each LOAD "path"), the
// USING options of each statement, and per destination clause a closure from a line to a mutation
// (or to temp-table rows, read by the LOAD TEMP_TABLE statements of `tables`).
// Compiled jobs are cached by (graph, job text, catalog version).
import { parse, type CreateLoadingJob, type Expr } from '../../../core/gsql/index.js';
import type { CatalogData } from '../catalog/types.js';
import { findLoadingJob } from '../catalog/jobs.js';
import { compileDelete } from './deletes.js';
import { jobError, LoadingJobError } from './errors.js';
import type { ExprContext } from './expr.js';
import { readOptions, type LoadOptions } from './options.js';
import { compileTarget, type CompiledTarget } from './targets.js';

export { unescapeText, type LoadOptions } from './options.js';

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
  /** Per temp table, the LOAD TEMP_TABLE statements reading its rows. */
  readonly tables: ReadonlyMap<string, readonly CompiledLoad[]>;
}

/** The filename variable a statement reads; a LOAD "path" gets a generated one. */
function sourceVariable(
  source: Expr,
  job: string,
  filenames: Map<string, string | null>,
  literal: Map<string, string>,
): string {
  if (source.kind === 'Name') {
    if (!filenames.has(source.name)) {
      jobError(
        'LOADING-UNKNOWN-FILENAME',
        { job, range: source.range },
        `filename variable ${source.name} is not defined`,
      );
    }
    return source.name;
  }
  if (source.kind === 'StringLit') {
    const variable = literal.get(source.value) ?? `__GSQL_FILENAME_${literal.size}__`;
    literal.set(source.value, variable);
    filenames.set(variable, source.value);
    return variable;
  }
  return jobError(
    'LOADING-UNSUPPORTED',
    { job, range: source.range },
    'a LOAD reads a filename variable, a quoted path or a TEMP_TABLE',
  );
}

/** A LOAD TEMP_TABLE may read only the columns the table has. */
function checkTableColumns(ctx: ExprContext, columns: readonly string[], table: string): void {
  const missing = [...ctx.names].find((n) => !columns.includes(n));
  if (missing !== undefined || ctx.maxColumn >= columns.length) {
    const what = missing === undefined ? `$${ctx.maxColumn}` : `"${missing}"`;
    jobError('LOADING-UNKNOWN-HEADER', ctx.place, `temp table ${table} has no column ${what}`);
  }
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
  const tableColumns = new Map<string, readonly string[]>();
  const tables = new Map<string, CompiledLoad[]>();
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
    const source = stmt.source;
    const table = stmt.kind === 'Load' && stmt.tempTable && source?.kind === 'Name';
    let variable = '';
    if (table) {
      if (!tableColumns.has(source.name)) {
        jobError(
          'LOADING-UNKNOWN-FILENAME',
          place,
          `temp table ${source.name} is not loaded before`,
        );
      }
    } else if (source !== null) variable = sourceVariable(source, job, filenames, literal);
    const options = readOptions(stmt, job, headers);
    const ctx: ExprContext = { place, tuples: catalog.tuples, maxColumn: -1, names: new Set() };
    const targets =
      stmt.kind === 'LoadDelete'
        ? [compileDelete(stmt, graph, catalog, ctx)]
        : stmt.targets.map((t) => compileTarget(t, graph, catalog, ctx, options));
    if (stmt.kind === 'Load') {
      for (const t of stmt.targets)
        if (t.what === 'TEMP_TABLE') tableColumns.set(t.name, t.columns);
    }
    const { line, column } = stmt.range.start;
    const compiled = {
      variable,
      line,
      column,
      options,
      targets,
      maxColumn: ctx.maxColumn,
      names: [...ctx.names],
    };
    if (table) {
      checkTableColumns(ctx, tableColumns.get(source.name) ?? [], source.name);
      tables.set(source.name, [...(tables.get(source.name) ?? []), compiled]);
      continue;
    }
    const same = statements.find((s) => s.variable === variable);
    if (same && JSON.stringify(same.options) !== JSON.stringify(options)) {
      jobError(
        'LOADING-BAD-OPTION',
        place,
        `statements reading ${variable} must have the same USING clause`,
      );
    }
    statements.push(compiled);
  }
  return {
    name: job,
    graph: graph.name,
    jobType: ast.jobType,
    catalogVersion: catalog.version,
    filenames,
    statements,
    tables,
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
