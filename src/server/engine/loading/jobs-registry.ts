// Running and finished loading jobs, for /gsql/v1/loading-jobs/run|status|abort|resume. A job id
// has the spec's form `<graph>.<job>.<source type>.<scope>.<number>` (here `file.m1.<epoch ms>`);
// a status is the spec's loading-job-status object. Abort goes through an AbortController,
// pause/resume through a gate awaited between batches.
import { stat } from 'node:fs/promises';
import type { Engine } from '../engine.js';
import { compiledJob } from './compile.js';
import { externalFiles } from './external-sources.js';
import { resolveAllowedFiles, runLoadingJobOnFiles } from './files.js';
import type { LoadProgress } from './run.js';
import {
  objectStatistics,
  type FileStatistics,
  type LoadingResult,
  type LoadStatistics,
  type ObjectStatistics,
} from './stats.js';

export type LoadingJobState = 'RUNNING' | 'PAUSED' | 'FINISHED' | 'FAILED' | 'ABORTED';

interface ObjectLevel {
  invalidAttribute: number;
  /** Present when not zero (the real service's status shows it so), as invalidSecondaryId. */
  invalidPrimaryId?: number;
  invalidSecondaryId?: number;
  noIdFound: number;
  typeName: string;
  validObject: number;
}

export interface LoadingJobStatus {
  readonly overall: {
    readonly averageSpeed: number;
    readonly currentSpeed: number;
    readonly duration: number;
    readonly endTime: number;
    readonly id: string;
    readonly progress: number;
    readonly size: number;
    readonly startTime: number;
    /** Not in the spec's sample: RUNNING, PAUSED, FINISHED, FAILED or ABORTED. */
    readonly status: LoadingJobState;
    readonly statistics: {
      readonly fileLevel: { readonly validLine: number };
      readonly objectLevel: { readonly vertex: ObjectLevel[]; readonly edge: ObjectLevel[] };
    };
  };
  readonly workers: { readonly tasks: { readonly filename: string }[] }[];
}

interface JobRecord {
  readonly id: string;
  readonly graph: string;
  readonly filenames: readonly string[];
  readonly size: number;
  readonly startTime: number;
  readonly controller: AbortController;
  done: Promise<LoadingResult[]>;
  state: LoadingJobState;
  endTime: number;
  error?: string;
  /** Statistics of finished files plus the progress of the current one. */
  finished: LoadStatistics[];
  current?: LoadProgress;
  bytesDone: number;
  lastSample: { at: number; lines: number; speed: number };
  resume?: () => void;
  paused?: Promise<void>;
}

export interface StartOptions {
  readonly allowedDirs: readonly string[];
  readonly batchSize?: number;
  readonly now?: () => number;
}

/**
 * The object-level statistics of a job's files, summed per type: the spec's counters always, and
 * the rejected ids (objects the graph refused: loading/stats.ts) when there are any, so every
 * line read is either a valid object or counted here.
 */
function sumObjects(all: readonly LoadStatistics[], kind: 'vertex' | 'edge'): ObjectLevel[] {
  const byType = new Map<string, ObjectStatistics>();
  for (const s of all) {
    for (const o of s[kind]) {
      let sum = byType.get(o.typeName);
      if (!sum) byType.set(o.typeName, (sum = objectStatistics(o.typeName)));
      sum.validObject += o.validObject;
      sum.noIdFound += o.noIdFound;
      sum.invalidAttribute += o.invalidAttribute;
      sum.invalidPrimaryId += o.invalidPrimaryId;
      sum.invalidSecondaryId += o.invalidSecondaryId;
    }
  }
  return [...byType.values()].map((o) => ({
    invalidAttribute: o.invalidAttribute,
    ...(o.invalidPrimaryId > 0 ? { invalidPrimaryId: o.invalidPrimaryId } : {}),
    ...(o.invalidSecondaryId > 0 ? { invalidSecondaryId: o.invalidSecondaryId } : {}),
    noIdFound: o.noIdFound,
    typeName: o.typeName,
    validObject: o.validObject,
  }));
}

export class LoadingJobRegistry {
  private readonly jobs = new Map<string, JobRecord>();
  private lastNumber = 0;

  constructor(private readonly now: () => number = Date.now) {}

  private nextId(graph: string, job: string): string {
    this.lastNumber = Math.max(this.now(), this.lastNumber + 1);
    return `${graph}.${job}.file.m1.${this.lastNumber}`;
  }

  /**
   * Starts RUN LOADING JOB over local files in the background; returns its job id at once.
   * Throws before starting when the job, a variable or a file is refused.
   */
  async start(
    engine: Engine,
    graph: string,
    jobName: string,
    files: Readonly<{ [variable: string]: string }>,
    options: StartOptions,
  ): Promise<string> {
    const job = compiledJob(engine.catalog, graph, jobName);
    const given = Object.keys(files).length > 0;
    const entries = given
      ? Object.entries(files)
      : [...job.filenames].filter((e): e is [string, string] => e[1] !== null);
    // Data-source locations (`$source:...`) are checked and sized by their resolver.
    const located = await Promise.all(
      entries.map(async ([, path]) => {
        const external = await externalFiles(engine, graph, path);
        if (external) return { reals: [], external: external.map((f) => f.size) };
        return { reals: await resolveAllowedFiles(path, options.allowedDirs), external: [] };
      }),
    );
    const reals = located.flatMap((l) => l.reals);
    const sizes = [
      ...(await Promise.all(reals.map(async (p) => (await stat(p)).size))),
      ...located.flatMap((l) => l.external),
    ];
    const id = this.nextId(graph, jobName);
    const controller = new AbortController();
    const record: JobRecord = {
      id,
      graph,
      filenames: entries.map(([variable]) => variable),
      size: sizes.reduce((a, b) => a + b, 0),
      startTime: this.now(),
      controller,
      state: 'RUNNING',
      endTime: 0,
      finished: [],
      bytesDone: 0,
      lastSample: { at: this.now(), lines: 0, speed: 0 },
      done: Promise.resolve([]),
    };
    const onProgress = (p: LoadProgress) => {
      const at = this.now();
      const elapsed = at - record.lastSample.at;
      if (elapsed > 0) {
        const lines = p.lines - (record.current?.lines ?? 0);
        record.lastSample = { at, lines: p.lines, speed: Math.round((lines * 1000) / elapsed) };
      }
      record.current = p;
    };
    const gate = () => record.paused ?? Promise.resolve();
    const run = runLoadingJobOnFiles(engine, graph, job, Object.fromEntries(entries), {
      allowedDirs: options.allowedDirs,
      signal: controller.signal,
      gate,
      onProgress,
      onFile: (result) => {
        record.finished.push((result as FileStatistics).statistics);
        record.bytesDone += record.current?.bytes ?? 0;
        record.current = undefined;
      },
      ...(options.batchSize ? { batchSize: options.batchSize } : {}),
    });
    const done = run.then(
      (results) => {
        record.current = undefined;
        record.state = 'FINISHED';
        record.endTime = this.now();
        return results;
      },
      (error: unknown) => {
        record.state = controller.signal.aborted ? 'ABORTED' : 'FAILED';
        record.error = error instanceof Error ? error.message : String(error);
        record.endTime = this.now();
        return [];
      },
    );
    record.done = done;
    this.jobs.set(id, record);
    this.forgetOld();
    return id;
  }

  /** Keeps at most `keep` jobs: the oldest ended ones are forgotten first. */
  private forgetOld(keep = 1000): void {
    for (const [id, job] of this.jobs) {
      if (this.jobs.size <= keep) return;
      if (job.endTime) this.jobs.delete(id);
    }
  }

  /** Resolves with the job's statistics when it ends (empty when it failed or was aborted). */
  wait(id: string): Promise<LoadingResult[]> | undefined {
    return this.jobs.get(id)?.done;
  }

  ids(graph?: string): string[] {
    return [...this.jobs.values()].filter((j) => !graph || j.graph === graph).map((j) => j.id);
  }

  error(id: string): string | undefined {
    return this.jobs.get(id)?.error;
  }

  status(id: string): LoadingJobStatus | undefined {
    const job = this.jobs.get(id);
    if (!job) return undefined;
    const all = job.current ? [...job.finished, job.current.statistics] : job.finished;
    const end = job.endTime || this.now();
    const duration = end - job.startTime;
    const lines = all.reduce((sum, s) => sum + s.validLine + s.rejectLine, 0);
    const bytes = job.state === 'FINISHED' ? job.size : job.bytesDone + (job.current?.bytes ?? 0);
    return {
      overall: {
        averageSpeed: duration > 0 ? Math.round((lines * 1000) / duration) : lines,
        currentSpeed: job.endTime ? 0 : job.lastSample.speed,
        duration,
        endTime: job.endTime,
        id: job.id,
        progress: job.size > 0 ? Math.min(1, bytes / job.size) : job.endTime ? 1 : 0,
        size: job.size,
        startTime: job.startTime,
        status: job.state,
        statistics: {
          fileLevel: { validLine: all.reduce((sum, s) => sum + s.validLine, 0) },
          objectLevel: { vertex: sumObjects(all, 'vertex'), edge: sumObjects(all, 'edge') },
        },
      },
      workers: [{ tasks: job.filenames.map((filename) => ({ filename })) }],
    };
  }

  /** Aborts (or pauses) running jobs of `graph`; returns the ids it acted on. */
  abort(graph: string, ids: readonly string[], pause = false): string[] {
    const acted: string[] = [];
    for (const id of ids) {
      const job = this.jobs.get(id);
      if (!job || job.graph !== graph || (job.state !== 'RUNNING' && job.state !== 'PAUSED')) {
        continue;
      }
      if (pause) {
        if (job.state === 'RUNNING') {
          job.paused = new Promise((resolve) => (job.resume = resolve));
          job.state = 'PAUSED';
        }
      } else {
        job.controller.abort(new Error(`aborted by request (${id})`));
        job.resume?.();
        job.paused = undefined;
      }
      acted.push(id);
    }
    return acted;
  }

  /** Resumes a paused job; false when there is no paused job of that id. */
  resume(id: string): boolean {
    const job = this.jobs.get(id);
    if (!job || job.state !== 'PAUSED') return false;
    job.state = 'RUNNING';
    const resume = job.resume;
    job.paused = undefined;
    job.resume = undefined;
    resume?.();
    return true;
  }
}
