// Running a template query on a graph: the template's text compiled against that graph (cached
// per graph and catalog version, as installed queries are, so a schema change recompiles it),
// the body checked against the template's parameters, then run through the engine's query
// service, so it shows in the running-query list and obeys GSQL-TIMEOUT and abort like any query.
import type { Engine } from '../engine.js';
import type { CompiledQuery, QueryOutput } from '../query/index.js';
import { queryService, type RunRequest } from '../queries/service.js';
import { runQuery } from '../queries/snapshot.js';
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

  async run(
    name: string,
    body: Readonly<Record<string, unknown>>,
    request: Omit<RunRequest, 'args'>,
  ): Promise<TemplateRun> {
    const template = requireTemplate(name);
    const args = templateArgs(template, body, this.engine.catalog, request.graph);
    const compiled = this.compiledFor(template, request.graph);
    const output = await runQuery(this.engine, compiled, () => template.ast, { ...request, args });
    return { generatedQueryName: generatedQueryName(template, request.graph), output };
  }
}

const runners = new WeakMap<Engine, TemplateRunner>();

/** The template runner of an engine (one per engine, made on first use). */
export function templateRunner(engine: Engine): TemplateRunner {
  let runner = runners.get(engine);
  if (!runner) runners.set(engine, (runner = new TemplateRunner(engine)));
  return runner;
}
