// Queries of one engine: compiled installed queries (cached per catalog version and recompiled
// after a schema change), interpreted queries compiled once per text, and runs with the request's
// deadline and abort signal, admitted by the workload manager (concurrency limit and delay
// queue), registered in the running-query list while they run, and detached-mode runs whose
// status and result are kept for query_status / query_result.
import {
  parse,
  type AccumType,
  type CreateQuery,
  type InterpretBlock,
} from '../../../core/gsql/index.js';
import { accumStore } from '../../udt/accums.js';
import { catalogue } from '../../../core/ops/index.js';
import { findQuery } from '../catalog/jobs.js';
import { definedFunctionNames, udfFileText } from '../catalog/udf-files.js';
import type { Engine } from '../engine.js';
import { EngineError } from '../errors.js';
import {
  compileQuery,
  QueryCompileError,
  type CompiledQuery,
  type QueryOutput,
} from '../query/index.js';
import { UdfRegistry } from '../query/udf/index.js';
import { refuseCallCycle } from './call-cycles.js';
import { DetachedQueries, type DetachedEntry } from './detached.js';
import { RunningQueries } from './running.js';
import { QueueFullError, Workload } from './workload.js';

/** An installed query's URL as the running-query list shows it: the catalogue's REST++ path. */
export function installedQueryUrl(graph: string, name: string): string {
  const template = catalogue.runInstalledQuery.legacyPath ?? catalogue.runInstalledQuery.path;
  return template.replace('{graph_name}', graph).replace('{query_name}', name);
}

/** The interpret endpoint's path, for the running-query list. */
export const interpretUrl = catalogue.interpretQuery.path;

export interface RunRequest {
  readonly graph: string;
  readonly args: Record<string, unknown>;
  readonly requestId: string;
  readonly url: string;
  readonly timeoutMs: number;
  /** The client that asked, when one waits for the answer: its going away stops the run. */
  readonly client?: RunClient;
  readonly allowedFileDirs: readonly string[];
  /** The caller's roles on the graph when REST++ authentication is on (RunContext.roles). */
  readonly roles?: readonly string[];
}

/**
 * The client of a run. The run polls gone() (no per-request AbortSignal or listener); signal() is
 * asked for only when the run must wait in the delay queue.
 */
export interface RunClient {
  gone(): boolean;
  signal(): AbortSignal;
}

/** The one query statement of a text (CREATE QUERY or INTERPRET QUERY), or a compile error. */
export function parseQueryText(text: string): CreateQuery | InterpretBlock {
  const { ast, diagnostics } = parse(text);
  const error = diagnostics.find((d) => d.severity === 'error');
  if (error) {
    throw new QueryCompileError([
      {
        // What the language does not support (openCypher clauses) keeps that meaning.
        code: error.code === 'GSQL-UNSUPPORTED' ? 'QUERY-UNSUPPORTED' : 'QUERY-SYNTAX',
        message: error.message,
        line: error.range.start.line,
        column: error.range.start.column,
      },
    ]);
  }
  const statement = ast.statements.find(
    (s) => s.kind === 'CreateQuery' || s.kind === 'InterpretBlock',
  );
  if (!statement || (statement.kind !== 'CreateQuery' && statement.kind !== 'InterpretBlock')) {
    throw new QueryCompileError([
      {
        code: 'QUERY-SYNTAX',
        message: 'expected CREATE QUERY or INTERPRET QUERY',
        line: 1,
        column: 1,
      },
    ]);
  }
  return statement;
}

export class QueryService {
  private readonly installed = new Map<string, { version: number; compiled: CompiledQuery }>();
  private readonly interpreted = new Map<string, { version: number; compiled: CompiledQuery }>();
  readonly running = new RunningQueries();
  readonly workload = new Workload();
  /** Each run's memory budget in bytes (`gwb serve --query-memory`); undefined: the default. */
  memoryLimitBytes: number | undefined = undefined;
  readonly detached = new DetachedQueries();
  /** The user-defined functions queries of this engine may call (`gwb serve --udf`). */
  readonly udfs = new UdfRegistry();
  /**
   * false turns the generated-code tier off for every query compiled from now on (CompileEnv's
   * `generatedCode`): the reference-case tests run each fixture on both tiers, which must agree.
   */
  generatedCode: boolean | undefined = undefined;

  constructor(private readonly engine: Engine) {}

  /**
   * Compiles a query text against a graph (no caching): for CREATE QUERY checks and INSTALL.
   * A call may name a query that is not installed yet: at CREATE, one that exists or that the
   * same script creates later (`later`); at INSTALL, one installed in the same request
   * (`installing`). Calls going round through other queries are refused either way.
   */
  compile(
    graph: string,
    ast: CreateQuery | InterpretBlock,
    calls: {
      readonly later?: (name: string) => CreateQuery | undefined;
      readonly installing?: ReadonlySet<string>;
    } = {},
  ): CompiledQuery {
    const catalog = this.engine.catalog;
    const existing = (name: string): CreateQuery | undefined => {
      const def = findQuery(catalog, graph, name);
      if (!def) return calls.later?.(name);
      const parsed = parseQueryText(def.text);
      return parsed.kind === 'CreateQuery' ? parsed : undefined;
    };
    if (ast.kind === 'CreateQuery') refuseCallCycle(ast, existing);
    const installing = calls.installing;
    return compileQuery(ast, {
      catalog,
      graphName: graph,
      ...(this.generatedCode === false ? { generatedCode: false } : {}),
      queries: (name) => this.installedQuery(graph, name),
      declaredQueries: installing
        ? (name) => (installing.has(name) ? existing(name) : undefined)
        : existing,
      udf: (name) => this.udfs.lookup(name),
      accumTypedef: (name) => globalAccumType(this.engine, name),
      udfDeclaredIn: (name) => {
        const text = udfFileText(catalog, 'ExprFunctions');
        return definedFunctionNames(text).includes(name) ? 'ExprFunctions' : undefined;
      },
    });
  }

  /** An installed query, compiled for the current catalog; undefined when not installed. */
  installedQuery(graph: string, name: string): CompiledQuery | undefined {
    const def = findQuery(this.engine.catalog, graph, name);
    if (!def?.installed) return undefined;
    const key = `${graph}\u0000${name}`;
    const version = this.engine.catalog.version;
    const cached = this.installed.get(key);
    if (cached && cached.version === version) return cached.compiled;
    const compiled = this.compile(graph, parseQueryText(def.text));
    this.installed.set(key, { version, compiled });
    return compiled;
  }

  requireInstalled(graph: string, name: string): CompiledQuery {
    const compiled = this.installedQuery(graph, name);
    if (!compiled) {
      const exists = findQuery(this.engine.catalog, graph, name) !== undefined;
      throw new EngineError(
        'ENGINE-NOT-FOUND',
        exists
          ? `query ${name} is not installed`
          : `query ${name} does not exist in graph ${graph}`,
      );
    }
    return compiled;
  }

  /** An interpreted query text, compiled once per text and catalog version. */
  interpretedQuery(graph: string, text: string): CompiledQuery {
    const key = `${graph}\u0000${text}`;
    const version = this.engine.catalog.version;
    const cached = this.interpreted.get(key);
    if (cached && cached.version === version) return cached.compiled;
    const compiled = this.compile(graph, parseQueryText(text));
    if (this.interpreted.size > 500) this.interpreted.clear();
    this.interpreted.set(key, { version, compiled });
    return compiled;
  }

  /**
   * Runs a compiled query: waits for a slot of the workload manager (the deadline starts once
   * it runs, as time in the delay queue does not count), then is listed as running until it ends.
   */
  async run(
    compiled: CompiledQuery,
    request: RunRequest,
    onStart?: () => void,
  ): Promise<QueryOutput> {
    // acquire() decides admission synchronously, so a caller that checked refusal() just before
    // calling run() (detached mode) cannot be refused here.
    const release = await this.workload.acquire(
      { graph: request.graph, requestid: request.requestId, url: request.url },
      request.client && (() => (request.client as RunClient).signal()),
    );
    try {
      // Not between two slices of a load's apply (Engine.applying); from here to the read
      // gate's registration in onStart nothing yields.
      for (let a = this.engine.applying; a; a = this.engine.applying) await a;
      onStart?.();
      // Edges loaded since the last rebuild sit in per-vertex delta lists until the 30 s fold;
      // a traversal over the compact arrays is faster, so a large delta is merged first. Only
      // while no other query runs: like a fold, it replaces arrays a suspended run may be using.
      if (this.running.size === 0) this.engine.graph.compactLargeDeltas();
      // The run stops when the entry is aborted (/abortquery) or its client goes away.
      const client = request.client;
      const entry = this.running.start(
        request.graph,
        request.requestId,
        request.url,
        request.timeoutMs,
        client && (() => client.gone()),
      );
      return await compiled.run(request.args, {
        graph: this.engine.graph,
        engine: this.engine,
        signal: entry.stop,
        deadline: Date.now() + request.timeoutMs,
        allowedFileDirs: request.allowedFileDirs,
        queries: (name) => this.installedQuery(request.graph, name),
        ...(request.roles === undefined ? {} : { roles: request.roles }),
        ...(this.memoryLimitBytes === undefined ? {} : { memoryLimitBytes: this.memoryLimitBytes }),
      });
    } finally {
      this.running.end(request.requestId);
      release();
    }
  }

  /**
   * Starts a detached-mode run and returns at once; its status and result are kept under the
   * request id. A full delay queue refuses it at once (QueueFullError), like a direct run.
   */
  runDetached(compiled: CompiledQuery, request: Omit<RunRequest, 'client'>): DetachedEntry {
    if (this.workload.refuses()) throw new QueueFullError(request.requestId, this.workload.limits);
    const entry = this.detached.submit(request.graph, request.requestId, request.url);
    this.run(compiled, request, () => this.detached.started(entry, request.timeoutMs)).then(
      (output) => this.detached.finish(entry, { status: 'success', results: output.results }),
      (error: unknown) => this.detached.finish(entry, detachedFailure(error)),
    );
    return entry;
  }
}

/** How a detached run that failed is reported: timeout, aborted, or error with its code. */
function detachedFailure(error: unknown): {
  status: 'timeout' | 'aborted' | 'error';
  code: string;
  message: string;
} {
  const message = error instanceof Error ? error.message : String(error);
  const code =
    typeof (error as { code?: unknown } | undefined)?.code === 'string'
      ? (error as { code: string }).code
      : 'GWB-INTERNAL';
  if (code === 'QUERY-TIMEOUT') return { status: 'timeout', code, message };
  if (code === 'QUERY-ABORTED') return { status: 'aborted', code, message };
  return { status: 'error', code, message };
}

/** The accumulator type a top-level TYPEDEF named `name` (kept by the /udt/accum store). */
function globalAccumType(engine: Engine, name: string): AccumType | undefined {
  const stored = accumStore(engine).current.find((a) => a.name === name);
  if (!stored) return undefined;
  const statement = parse(`TYPEDEF ${stored.text}`).ast.statements[0];
  return statement?.kind === 'TypedefAccum' ? statement.type : undefined;
}

const services = new WeakMap<Engine, QueryService>();

/** The query service of an engine (one per engine, made on first use). */
export function queryService(engine: Engine): QueryService {
  let service = services.get(engine);
  if (!service) services.set(engine, (service = new QueryService(engine)));
  return service;
}
