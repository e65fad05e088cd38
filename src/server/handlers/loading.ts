// Loading endpoints: POST /restpp/ddl (one filename variable of a job on the streamed request
// body) and the /gsql/v1/loading-jobs endpoints (list, get, update, drop, run on local files in
// the background, status, abort, resume). Jobs are stored as GSQL text in the catalog.
import { putLoadingJob, dropLoadingJob, findLoadingJob } from '../engine/catalog/jobs.js';
import type { Engine } from '../engine/engine.js';
import { EngineError } from '../engine/errors.js';
import {
  compileJobText,
  describeLoadingJob,
  LoadingJobRegistry,
  parseLoadingJob,
  runLoadingJob,
} from '../engine/loading/index.js';
import type { HandlerMap } from '../http/context.js';
import { GraphScope } from '../engine/scope.js';
import { withEngineErrors } from './engine-errors.js';

/** One registry of background jobs per engine (per server). */
const registries = new WeakMap<Engine, LoadingJobRegistry>();
export function registryOf(engine: Engine): LoadingJobRegistry {
  let registry = registries.get(engine);
  if (!registry) registries.set(engine, (registry = new LoadingJobRegistry()));
  return registry;
}

function requireJob(engine: Engine, graph: string, name: string) {
  const job = findLoadingJob(engine.catalog, graph, name);
  if (!job)
    throw new EngineError(
      'ENGINE-NOT-FOUND',
      `loading job "${name}" does not exist in graph ${graph}`,
    );
  return job;
}

export const loadingHandlers: HandlerMap = withEngineErrors({
  loadData: async (ctx) => {
    const q = ctx.query;
    // All of the request's accepted lines, or none: a body refused half-way (too large, cut
    // off, aborted) or a failing batch commits nothing, and a crash keeps none of it.
    const staged = ctx.engine.beginStagedWrite();
    try {
      const results = await runLoadingJob(
        ctx.engine,
        ctx.params.graph_name,
        q.tag,
        {
          filename: q.filename,
          ...(q.sep !== undefined ? { sep: q.sep } : {}),
          ...(q.eol !== undefined ? { eol: q.eol } : {}),
          ...(q.header !== undefined ? { header: q.header } : {}),
          ...(q.concise !== undefined ? { concise: q.concise } : {}),
          signal: ctx.signal,
          // Committed by runLoadingJob, which counts what applying it left out.
          writer: staged,
        },
        ctx.body,
      );
      return { results };
    } catch (error) {
      await staged.discard().catch(() => undefined);
      throw error;
    }
  },

  getLoadingJobs: async (ctx) => {
    new GraphScope(ctx.engine.graph, ctx.query.graph); // an unknown graph is a 404
    const jobNames = ctx.engine.catalog.loadingJobs
      .filter((j) => j.graph === ctx.query.graph)
      .map((j) => j.name);
    return Promise.resolve({ whole: { error: false, message: '', jobNames } });
  },

  getLoadingJob: async (ctx) => {
    const job = requireJob(ctx.engine, ctx.query.graph, ctx.params.jobName);
    if (ctx.query.json) {
      return {
        results: describeLoadingJob(
          parseLoadingJob(job.text, job.name),
          job.graph,
          ctx.engine.catalog,
        ),
      };
    }
    return Promise.resolve({ results: { jobName: job.name, jobContent: job.text } });
  },

  updateLoadingJob: async (ctx) => {
    const graph = ctx.query.graph;
    const ast = parseLoadingJob(ctx.body);
    await ctx.engine.changeSchema((c) => {
      compileJobText(ctx.body, c, graph);
      return putLoadingJob(c, { graph, name: ast.name, text: ctx.body }, true);
    });
    return { message: `Successfully updated loading jobs: [${ast.name}].` };
  },

  dropLoadingJob: async (ctx) => {
    const name = ctx.params.jobName;
    await ctx.engine.changeSchema((c) => dropLoadingJob(c, ctx.query.graph, name));
    return { message: `Successfully dropped jobs: [${name}].` };
  },

  runLoadingJobs: async (ctx) => {
    const graph = ctx.query.graph;
    const registry = registryOf(ctx.engine);
    const jobIds: string[] = [];
    for (const spec of ctx.body) {
      requireJob(ctx.engine, graph, spec.name);
      const files: Record<string, string> = {};
      for (const source of spec.dataSources) {
        // `file` is the local-file source; any other name is a data source, read through the
        // `$source:where` locations of RUN LOADING JOB (its path, or its config as JSON).
        if (source.name.toLowerCase() !== 'file') {
          const where = source.path ?? JSON.stringify(source.config ?? {});
          files[source.filename] = `$${source.name}:${where}`;
        } else if (source.path !== undefined)
          files[source.filename] = source.path.replace(
            '$sys.data_root',
            spec['sys.data_root'] ?? '',
          );
      }
      jobIds.push(
        await registry.start(ctx.engine, graph, spec.name, files, {
          allowedDirs: ctx.server.allowFiles,
        }),
      );
    }
    return {
      whole: {
        error: false,
        message: `Successfully started loading jobs: [${jobIds.join(', ')}].`,
        jobIds,
      },
    };
  },

  getLoadingJobStatus: async (ctx) => {
    const status = registryOf(ctx.engine).status(ctx.params.jobId);
    if (!status)
      throw new EngineError('ENGINE-NOT-FOUND', `loading job run "${ctx.params.jobId}" is unknown`);
    return Promise.resolve({ results: [status] });
  },

  getLoadingJobsStatus: async (ctx) => {
    const registry = registryOf(ctx.engine);
    const unknown = ctx.query.jobIds.filter((id) => !registry.status(id));
    if (unknown.length > 0)
      throw new EngineError('ENGINE-NOT-FOUND', `loading job runs unknown: ${unknown.join(', ')}`);
    return Promise.resolve({ results: ctx.query.jobIds.map((id) => registry.status(id)) });
  },

  abortLoadingJobs: async (ctx) => {
    const done = registryOf(ctx.engine).abort(
      ctx.query.graph,
      ctx.query.jobIds,
      ctx.query.isPause === true,
    );
    return Promise.resolve({
      message: `${ctx.query.isPause ? 'Paused' : 'Aborted'} loading jobs: [${done.join(', ')}].`,
    });
  },

  abortLoadingJob: async (ctx) => {
    const done = registryOf(ctx.engine).abort(ctx.query.graph, [ctx.params.jobId]);
    if (done.length === 0)
      throw new EngineError(
        'ENGINE-NOT-FOUND',
        `loading job run "${ctx.params.jobId}" is not running`,
      );
    return Promise.resolve({ message: `Aborted loading jobs: [${done.join(', ')}].` });
  },

  resumeLoadingJob: async (ctx) => {
    if (!registryOf(ctx.engine).resume(ctx.params.jobId)) {
      throw new EngineError(
        'ENGINE-NOT-FOUND',
        `loading job run "${ctx.params.jobId}" is not paused`,
      );
    }
    return Promise.resolve({ message: `Resumed loading job: ${ctx.params.jobId}.` });
  },
});
