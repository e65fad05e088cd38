// Running a template query on a graph: the template's text compiled against that graph (cached
// per graph and catalog version, as installed queries are, so a schema change recompiles it),
// the body checked against the template's parameters, then run through the engine's query
// service, so it shows in the running-query list and obeys GSQL-TIMEOUT and abort like any query.
// Detached mode (GSQL-ASYNC) checks the body and compiles at once, then submits the run.
import type { Engine } from '../engine.js';
import type { CompiledQuery, QueryOutput } from '../query/index.js';
import { queryService, type RunRequest } from '../queries/service.js';
import type { DetachedEntry } from '../queries/detached.js';
import { runDetachedQuery, runQuery } from '../queries/snapshot.js';
import { templateArgs } from './params.js';
import { requireTemplate, type Template } from './registry.js';

/**
 * The name the run reports as `generatedQueryName`: the template's dotted name made an
 * identifier, with the graph, because the compiled form is per graph (one generated query each).
 */
export function generatedQueryName(template: Template, graph: string): string {
  return `${template.name.replace(/\./g, '_')}_${graph}`;
}

export interface TemplateRun {
  readonly generatedQueryName: string;
  readonly output: QueryOutput;
}

class TemplateRunner {
  private readonly compiled = new Map<string, { version: number; compiled: CompiledQuery }>();

  constructor(private readonly engine: Engine) {}

  /** The template compiled for the graph at the current catalog version. */
  compiledFor(template: Template, graph: string): CompiledQuery {
    const key = `${graph}\u0000${template.name}`;
    const version = this.engine.catalog.version;
    const cached = this.compiled.get(key);
    if (cached && cached.version === version) return cached.compiled;
    const compiled = queryService(this.engine).compile(graph, template.ast);
    this.compiled.set(key, { version, compiled });
    return compiled;
  }

  /** The template, its checked arguments and its compiled form; refusals happen here. */
  private prepare(name: string, body: Readonly<Record<string, unknown>>, graph: string) {
    const template = requireTemplate(name);
    const args = templateArgs(template, body, this.engine.catalog, graph);
    return { template, args, compiled: this.compiledFor(template, graph) };
  }

  async run(
    name: string,
    body: Readonly<Record<string, unknown>>,
    request: Omit<RunRequest, 'args'>,
  ): Promise<TemplateRun> {
    const { template, args, compiled } = this.prepare(name, body, request.graph);
    const output = await runQuery(this.engine, compiled, () => template.ast, { ...request, args });
    return { generatedQueryName: generatedQueryName(template, request.graph), output };
  }

  /**
   * Detached mode: a bad body is refused at once (nothing runs); otherwise the run is submitted
   * and its entry returned, for /query_status and /query_result.
   */
  runDetached(
    name: string,
    body: Readonly<Record<string, unknown>>,
    request: Omit<RunRequest, 'args' | 'client'>,
  ): { generatedQueryName: string; entry: DetachedEntry } {
    const { template, args, compiled } = this.prepare(name, body, request.graph);
    const entry = runDetachedQuery(this.engine, compiled, () => template.ast, {
      ...request,
      args,
    });
    return { generatedQueryName: generatedQueryName(template, request.graph), entry };
  }
}

const runners = new WeakMap<Engine, TemplateRunner>();

/** The template runner of an engine (one per engine, made on first use). */
export function templateRunner(engine: Engine): TemplateRunner {
  let runner = runners.get(engine);
  if (!runner) runners.set(engine, (runner = new TemplateRunner(engine)));
  return runner;
}
