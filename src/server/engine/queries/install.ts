// INSTALL QUERY as the spec's request state machine (document 1, States): a request is NEW when
// accepted, and install requests of one engine are picked up one at a time in arrival order
// (NEW while another is being worked on, "the resource manager is busy"). A picked-up request
// is RUNNING while its queries compile, each query RUNNING until it is SUCCESS or FAILED; then
// the ones that compiled are marked installed (one catalog change) and the request ends
// SUCCESS (every query was given its chance, even if some failed) or FAILURE (the job itself
// failed, e.g. the catalog change could not be written), with a message.
// POST /gsql/v1/queries/install answers with the NEW request; GET .../install/{id} reports it;
// the shell's INSTALL QUERY waits for the end (the GSQL shell waits too).
import { setInstalled } from '../catalog/jobs.js';
import type { Engine } from '../engine.js';
import { EngineError } from '../errors.js';
import { QueryCompileError } from '../query/index.js';
import { parseQueryText, queryService } from './service.js';

export type InstallState = 'NEW' | 'RUNNING' | 'SUCCESS' | 'FAILURE';
export type QueryInstallState = 'RUNNING' | 'SUCCESS' | 'FAILED';

export interface InstallStatus {
  readonly requestId: string;
  readonly state: InstallState;
  readonly graph: string;
  readonly message: string;
  readonly queries: readonly { name: string; state: QueryInstallState; error?: string }[];
}

interface Job {
  readonly requestId: string;
  readonly graph: string;
  readonly names: readonly string[];
  state: InstallState;
  message: string;
  queries: { name: string; state: QueryInstallState; error?: string }[];
  readonly done: Promise<void>;
  finish: () => void;
}

interface Installer {
  readonly jobs: Map<string, Job>;
  readonly waiting: Job[];
  busy: boolean;
}

/** Finished requests kept for status look-ups (oldest forgotten first). */
const keepFinished = 1000;
const installers = new WeakMap<Engine, Installer>();
let counter = 0;

function installer(engine: Engine): Installer {
  let found = installers.get(engine);
  if (!found) installers.set(engine, (found = { jobs: new Map(), waiting: [], busy: false }));
  return found;
}

function snapshot(job: Job): InstallStatus {
  return {
    requestId: job.requestId,
    state: job.state,
    graph: job.graph,
    message: job.message,
    queries: job.queries.map((q) => ({ ...q })),
  };
}

export function installStatus(engine: Engine, requestId: string): InstallStatus | undefined {
  const job = installers.get(engine)?.jobs.get(requestId);
  return job && snapshot(job);
}

/**
 * Accepts an installation request for `names` (or every query of the graph for `*` / `all`) and
 * answers its NEW status; the work happens later (see the module comment). Unknown names are
 * refused at once.
 */
export function startInstall(
  engine: Engine,
  graph: string,
  names: readonly string[],
): InstallStatus {
  const all = names.some((n) => n === '*' || n.toLowerCase() === 'all');
  const defs = engine.catalog.queries.filter(
    (q) => q.graph === graph && (all || names.includes(q.name)),
  );
  const missing = all ? [] : names.filter((n) => !defs.some((d) => d.name === n));
  if (missing.length > 0) {
    throw new EngineError(
      'ENGINE-NOT-FOUND',
      `queries do not exist in graph ${graph}: ${missing.join(', ')}`,
    );
  }
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  const job: Job = {
    requestId: `install_${Date.now()}_${++counter}`,
    graph,
    names: defs.map((d) => d.name),
    state: 'NEW',
    message: 'the installation request is waiting to be picked up',
    queries: [],
    done,
    finish,
  };
  const inst = installer(engine);
  inst.jobs.set(job.requestId, job);
  inst.waiting.push(job);
  schedule(engine, inst);
  return snapshot(job);
}

/** Installs and waits for the end (the shell's INSTALL QUERY). */
export async function installQueries(
  engine: Engine,
  graph: string,
  names: readonly string[],
): Promise<InstallStatus> {
  const started = startInstall(engine, graph, names);
  const job = installer(engine).jobs.get(started.requestId);
  if (job) await job.done;
  return installStatus(engine, started.requestId) ?? started;
}

/** Picks up the next waiting request on a later turn of the event loop. */
function schedule(engine: Engine, inst: Installer): void {
  if (inst.busy || inst.waiting.length === 0) return;
  inst.busy = true;
  setImmediate(() => {
    const job = inst.waiting.shift();
    if (!job) {
      inst.busy = false;
      return;
    }
    void work(engine, job).finally(() => {
      job.finish();
      forgetOld(inst);
      inst.busy = false;
      schedule(engine, inst);
    });
  });
}

async function work(engine: Engine, job: Job): Promise<void> {
  job.state = 'RUNNING';
  job.message = 'installing';
  job.queries = job.names.map((name) => ({ name, state: 'RUNNING' }));
  try {
    // Passes until no progress: a query calling another query of the same request compiles once
    // that one is installed, so each pass installs what compiled and retries the rest.
    let pending = job.queries;
    const ok: string[] = [];
    while (pending.length > 0) {
      const installed = await compileAll(engine, job.graph, pending);
      if (installed.length === 0) break;
      await engine.changeSchema((c) => setInstalled(c, job.graph, installed));
      ok.push(...installed);
      pending = pending.filter((q) => q.state === 'FAILED');
      for (const q of pending) {
        q.state = 'RUNNING';
        delete q.error;
      }
    }
    const failed = job.queries.filter((q) => q.state === 'FAILED');
    job.state = 'SUCCESS';
    job.message =
      failed.length === 0
        ? `installed: ${ok.join(', ') || '(no queries)'}`
        : `installed: ${ok.join(', ') || '(none)'}; failed: ${failed.map((q) => `${q.name}: ${q.error ?? ''}`).join('; ')}`;
  } catch (error) {
    job.state = 'FAILURE';
    job.message = `the installation job failed: ${error instanceof Error ? error.message : String(error)}`;
    for (const q of job.queries) if (q.state === 'RUNNING') q.state = 'FAILED';
  }
}

/** Compiles each query (one per turn of the event loop); gives the names that compiled. */
async function compileAll(engine: Engine, graph: string, queries: Job['queries']) {
  const service = queryService(engine);
  const compiled: string[] = [];
  // Queries of one request may call each other: each finds the others installed once it runs.
  const installing = new Set(queries.map((q) => q.name));
  for (const query of queries) {
    // Other requests (and status look-ups) are answered while a long list installs.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const def = engine.catalog.queries.find((q) => q.graph === graph && q.name === query.name);
    if (!def) {
      query.state = 'FAILED';
      query.error = `query ${query.name} was dropped before it could be installed`;
      continue;
    }
    try {
      service.compile(graph, parseQueryText(def.text), { installing });
      query.state = 'SUCCESS';
      compiled.push(query.name);
    } catch (error) {
      if (!(error instanceof QueryCompileError)) throw error;
      query.state = 'FAILED';
      query.error = error.message;
    }
  }
  return compiled;
}

function forgetOld(inst: Installer): void {
  for (const [id, job] of inst.jobs) {
    if (inst.jobs.size <= keepFinished) return;
    if (job.state === 'SUCCESS' || job.state === 'FAILURE') inst.jobs.delete(id);
  }
}
