// Schema-change jobs on the GSQL server (spec document 2, Schema-change jobs): created from GSQL
// or JSON, kept as GSQL text in catalog.schemaJobs, checked against the schema when created,
// run as one change (all steps or none), listed, shown as JSON and dropped; POST /schema/change
// runs a JSON change at once. Answers as the service's samples (server-docs gsql-endpoints.adoc).
import { requireGraph } from '../engine/catalog/catalog.js';
import { CatalogError } from '../engine/catalog/errors.js';
import { applySchemaChange, at } from '../engine/catalog/from-ast.js';
import type { CatalogData, SchemaJobDef } from '../engine/catalog/types.js';
import type { HandlerMap } from '../http/context.js';
import {
  bracketed,
  changeableType,
  changeCatalog,
  dropTypes,
  findInScope,
} from './schema-common.js';
import { addEdgesToGraph } from './schema-edges.js';
import { addIndex, dropIndex } from './schema-indexes.js';
import {
  changeStatements,
  graphStatements,
  jobText,
  parseJob,
  type JobStep,
  type ParsedJob,
} from './schema-job-text.js';
import { jobDetail } from './schema-job-detail.js';
import { addGlobalTypes } from './schema-vertices.js';

const kindOf = (what: 'VERTEX' | 'EDGE') => (what === 'VERTEX' ? 'vertex' : 'edge');

interface MemberChange {
  readonly add: boolean;
  readonly what: 'VERTEX' | 'EDGE';
  readonly names: readonly string[];
  readonly graph: string;
}

/** ADD ... TO GRAPH / DROP ... FROM GRAPH: global types joining or leaving a graph. */
function applyMember(catalog: CatalogData, step: MemberChange): CatalogData {
  const kind = kindOf(step.what);
  if (step.add) {
    return kind === 'edge'
      ? addEdgesToGraph(catalog, step.graph, step.names)
      : addGlobalTypes(catalog, kind, step.graph, step.names);
  }
  const names = step.names.map((n) => {
    const def = findInScope(catalog, kind, n, step.graph);
    if (def.localTo !== undefined) {
      throw new CatalogError(
        'SCHEMA-INVALID',
        `${kind} type ${def.name} is local to graph ${step.graph}; drop it with a local change`,
      );
    }
    return def.name;
  });
  const graphs = catalog.graphs.map((g) => {
    if (g.name !== step.graph) return g;
    if (kind === 'edge') return { ...g, edgeTypes: g.edgeTypes.filter((e) => !names.includes(e)) };
    for (const edge of catalog.edgeTypes.filter((e) => g.edgeTypes.includes(e.name))) {
      const used = edge.pairs.find((p) => names.includes(p.from) || names.includes(p.to));
      if (used) {
        throw new CatalogError(
          'SCHEMA-IN-USE',
          `graph ${g.name}: edge type ${edge.name} uses vertex type ` +
            `${names.includes(used.from) ? used.from : used.to}; drop the edge from the graph first`,
        );
      }
    }
    return { ...g, vertexTypes: g.vertexTypes.filter((v) => !names.includes(v)) };
  });
  return { ...catalog, graphs };
}

function globalOnly(graph: string | null, what: string): void {
  if (graph !== null) {
    throw new CatalogError('SCHEMA-INVALID', `${what} belongs in a global schema change job`);
  }
}

/** One step, within the job's scope: a local job changes only its graph's local types. */
function applyStep(catalog: CatalogData, step: JobStep, graph: string | null): CatalogData {
  const scope = graph ?? undefined;
  return at(step, () => {
    switch (step.kind) {
      case 'AddType':
        return applySchemaChange(catalog, step, graph);
      case 'AddTypesToGraph':
        globalOnly(graph, 'ADD ... TO GRAPH');
        return applyMember(catalog, { ...step, add: true });
      case 'DropTypes': {
        const kind = kindOf(step.what);
        if (step.graph !== null) {
          globalOnly(graph, 'DROP ... FROM GRAPH');
          return applyMember(catalog, { ...step, graph: step.graph, add: false });
        }
        const names = step.names.map((n) => changeableType(catalog, kind, n, scope).name);
        return dropTypes(catalog, kind, names, scope);
      }
      case 'AlterEdgePairs':
      case 'AlterAddAttributes':
      case 'AlterDropAttributes': {
        const kind = step.kind === 'AlterEdgePairs' ? 'edge' : kindOf(step.what);
        const def = changeableType(catalog, kind, step.typeName, scope);
        const next = applySchemaChange(catalog, { ...step, typeName: def.name }, graph) as
          CatalogData | undefined;
        if (next === undefined) {
          throw new CatalogError('SCHEMA-INVALID', 'ALTER EDGE ... PAIR is not supported yet');
        }
        return next;
      }
      case 'AlterAddIndex':
      case 'AlterDropIndex':
        if (step.what === 'EDGE') {
          throw new CatalogError('SCHEMA-INVALID', 'indexes are on vertex attributes only');
        }
        return step.kind === 'AlterAddIndex'
          ? addIndex(catalog, step.typeName, scope, step.index, step.attribute)
          : dropIndex(catalog, step.typeName, scope, step.index);
    }
  });
}

export function applyJob(catalog: CatalogData, job: ParsedJob, graph: string | null): CatalogData {
  if (graph !== null) requireGraph(catalog, graph);
  return job.steps.reduce((acc, step) => applyStep(acc, step, graph), catalog);
}

/** JSON-made text carries line:column of text the client never saw: drop them. */
function fromJson<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof CatalogError) {
      throw new CatalogError(error.code, error.message.replace(/^\d+:\d+: /, ''));
    }
    throw error;
  }
}

const scopeText = (graph: string | null) =>
  graph === null ? 'at global level' : `in graph ${graph}`;

function findJob(catalog: CatalogData, name: string, graph: string | null): SchemaJobDef {
  if (graph !== null) requireGraph(catalog, graph);
  const job = catalog.schemaJobs.find((j) => j.name === name && j.graph === graph);
  if (!job) {
    throw new CatalogError(
      'SCHEMA-NOT-FOUND',
      `schema change job "${name}" does not exist ${scopeText(graph)}`,
    );
  }
  return job;
}

/** Stores a job after checking it against the current schema (the change is not kept). */
function createJob(catalog: CatalogData, job: SchemaJobDef, parsed: ParsedJob): CatalogData {
  if (job.graph !== null) requireGraph(catalog, job.graph);
  if (catalog.schemaJobs.some((j) => j.name === job.name && j.graph === job.graph)) {
    throw new CatalogError(
      'SCHEMA-EXISTS',
      `schema change job "${job.name}" already exists ${scopeText(job.graph)}`,
    );
  }
  applyJob(catalog, parsed, job.graph);
  return { ...catalog, schemaJobs: [...catalog.schemaJobs, job] };
}

const created = (global: boolean, name: string) =>
  `Successfully created ${global ? 'global ' : ''}schema change job: ${bracketed([name])}.`;

/** The local job graph of a GSQL-created job: `graph`, or FOR GRAPH, which must agree. */
function localGraph(query: string | undefined, text: string | null): string {
  if (query !== undefined && text !== null && query !== text) {
    throw new CatalogError('SCHEMA-INVALID', `graph is ${query} but the job is FOR GRAPH ${text}`);
  }
  const graph = query ?? text;
  if (graph === null) {
    throw new CatalogError(
      'SCHEMA-INVALID',
      'a local schema change job needs a graph: give `graph` (or FOR GRAPH in the job), or type=global for a global job',
    );
  }
  return graph;
}

export const jobHandlers: HandlerMap = {
  createSchemaJobGsql: async (ctx) => {
    const name = ctx.params.jobName;
    const text = ctx.body.gsql.trim();
    const parsed = parseJob(text, 'gsql');
    if (parsed.name !== name) {
      throw new CatalogError(
        'SCHEMA-INVALID',
        `the job in gsql is named ${parsed.name}, the path names ${name}`,
      );
    }
    if (ctx.query.type === 'global' && !parsed.global) {
      throw new CatalogError('SCHEMA-INVALID', 'type=global needs CREATE GLOBAL SCHEMA_CHANGE JOB');
    }
    if (parsed.global && ctx.query.graph !== undefined) {
      throw new CatalogError('SCHEMA-INVALID', 'a global schema change job takes no `graph`');
    }
    const graph = parsed.global ? null : localGraph(ctx.query.graph, parsed.graph);
    await changeCatalog(ctx.engine, (c) => createJob(c, { graph, name, text }, parsed));
    return { message: created(parsed.global, name) };
  },

  createGlobalSchemaJob: async (ctx) => {
    const name = ctx.params.jobName;
    await changeCatalog(ctx.engine, (c) =>
      fromJson(() => {
        const text = jobText(name, null, graphStatements(ctx.body.graphs));
        return createJob(c, { graph: null, name, text }, parseJob(text, 'job'));
      }),
    );
    return { message: created(true, name) };
  },

  createLocalSchemaJob: async (ctx) => {
    const name = ctx.params.jobName;
    const graph = ctx.query.graph;
    await changeCatalog(ctx.engine, (c) =>
      fromJson(() => {
        const text = jobText(name, graph, changeStatements(ctx.body));
        return createJob(c, { graph, name, text }, parseJob(text, 'job'));
      }),
    );
    return { message: created(false, name) };
  },

  runSchemaJob: async (ctx) => {
    const graph = ctx.query.graph ?? null;
    await changeCatalog(ctx.engine, (c) => {
      const job = findJob(c, ctx.params.jobName, graph);
      return applyJob(c, parseJob(job.text, `job ${job.name}`), graph);
    });
    return { message: 'Schema change job run successfully!' };
  },

  runSchemaChange: async (ctx) => {
    const graph = ctx.query.graph ?? null;
    const { graphs, ...change } = ctx.body;
    if (graphs !== undefined && graph !== null) {
      throw new CatalogError(
        'SCHEMA-INVALID',
        'runSchemaChange: body.graphs is the global form: give no `graph` with it',
      );
    }
    await changeCatalog(ctx.engine, (c) =>
      fromJson(() => {
        const statements = [...changeStatements(change), ...graphStatements(graphs ?? [])];
        if (statements.length === 0) {
          throw new CatalogError('SCHEMA-INVALID', 'runSchemaChange: the body names no change');
        }
        const text = jobText('schema_change', graph, statements);
        return applyJob(c, parseJob(text, 'change'), graph);
      }),
    );
    return {
      message:
        graph === null
          ? 'Global schema change runs successfully'
          : 'Schema change job runs successfully',
    };
  },

  getSchemaJob: (ctx) => {
    const catalog = ctx.engine.catalog;
    const job = findJob(catalog, ctx.params.jobName, ctx.query.graph ?? null);
    if (!ctx.query.json) return Promise.resolve({ results: { [job.name]: job.text } });
    const detail = jobDetail(catalog, parseJob(job.text, `job ${job.name}`), job.graph);
    return Promise.resolve({ results: { [job.name]: detail } });
  },

  getSchemaJobs: (ctx) => {
    const catalog = ctx.engine.catalog;
    const graph = ctx.query.graph ?? null;
    if (graph !== null) requireGraph(catalog, graph);
    const jobs = catalog.schemaJobs.filter((j) => j.graph === graph);
    return Promise.resolve({
      results: jobs.map((j) => ({
        [j.name]:
          ctx.query.json === true
            ? jobDetail(catalog, parseJob(j.text, `job ${j.name}`), j.graph)
            : j.text,
      })),
    });
  },

  dropSchemaJobs: async (ctx) => {
    const graph = ctx.query.graph ?? null;
    const names = [...new Set(ctx.query.jobName)];
    if (names.length === 0) {
      throw new CatalogError('SCHEMA-INVALID', 'query.jobName: name the jobs to drop');
    }
    await changeCatalog(ctx.engine, (c) => {
      for (const name of names) findJob(c, name, graph);
      return {
        ...c,
        schemaJobs: c.schemaJobs.filter((j) => !(j.graph === graph && names.includes(j.name))),
      };
    });
    return { message: `Successfully dropped schema change jobs: ${bracketed(names)}.` };
  },
};
