// Local files for RUN LOADING JOB ... USING f="path": a path is allowed only when, after resolving
// symlinks, it is a regular file inside one of the folders the server allows (`--allow-files`);
// relative paths resolve against the first allowed folder. Each file streams through
// runLoadingJob, never read whole into memory.
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { Engine } from '../engine.js';
import { compiledJob, type CompiledJob } from './compile.js';
import { LoadingJobError } from './errors.js';
import { runLoadingJob, type RunOptions } from './run.js';
import type { LoadingResult } from './stats.js';

function refuse(path: string, reason: string): never {
  throw new LoadingJobError('LOADING-FILE', `cannot load "${path}": ${reason}`);
}

const inside = (folder: string, path: string) => {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
};

/** The real path of `path` when it is a regular file inside an allowed folder; else an error. */
export async function resolveAllowedFile(
  path: string,
  allowedDirs: readonly string[],
): Promise<string> {
  const first = allowedDirs[0];
  if (first === undefined) refuse(path, 'no folder is allowed for loading files');
  if (path === '' || path.includes('\0')) refuse(path, 'not a valid path');
  const candidate = resolve(first, path);
  let real: string;
  try {
    real = await realpath(candidate);
  } catch {
    return refuse(path, 'no such file');
  }
  const folders = await Promise.all(allowedDirs.map((d) => realpath(d).catch(() => undefined)));
  if (!folders.some((folder) => folder !== undefined && inside(folder, real))) {
    refuse(path, `it is outside the allowed folders (${allowedDirs.join(', ')})`);
  }
  const info = await stat(real);
  if (!info.isFile()) refuse(path, 'not a regular file');
  return real;
}

export interface FileRunOptions extends Omit<RunOptions, 'filename' | 'sourceFileName'> {
  /** Folders files may be read from; the first resolves relative paths. */
  readonly allowedDirs: readonly string[];
  /** Called with each file's statistics when that file is done. */
  readonly onFile?: (result: LoadingResult) => void;
}

/**
 * RUN LOADING JOB with files: `files` maps filename variables (or generated names) to paths; a
 * variable not given uses the path of its DEFINE FILENAME or LOAD "path", and with no files at
 * all every variable with a path runs. One statistics entry per file, in order.
 */
export async function runLoadingJobOnFiles(
  engine: Engine,
  graph: string,
  job: string | CompiledJob,
  files: Readonly<Record<string, string>>,
  options: FileRunOptions,
): Promise<LoadingResult[]> {
  const compiled = typeof job === 'string' ? compiledJob(engine.catalog, graph, job) : job;
  const runs: [string, string][] = Object.entries(files);
  if (runs.length === 0) {
    for (const [variable, path] of compiled.filenames) {
      if (path !== null) runs.push([variable, path]);
    }
  }
  for (const [variable] of runs) {
    if (!compiled.filenames.has(variable)) {
      throw new LoadingJobError(
        'LOADING-UNKNOWN-FILENAME',
        `loading job "${compiled.name}" has no filename variable ${variable}`,
      );
    }
  }
  // Check every file before loading any, so a bad path loads nothing.
  const resolved = await Promise.all(
    runs.map(async ([variable, path]) => {
      const real = await resolveAllowedFile(path, options.allowedDirs);
      return [variable, path, real] as const;
    }),
  );
  const results: LoadingResult[] = [];
  for (const [variable, path, real] of resolved) {
    const { allowedDirs: _dirs, onFile, ...rest } = options;
    const stream = createReadStream(real, { highWaterMark: 256 * 1024 });
    try {
      const run = { ...rest, filename: variable, sourceFileName: path };
      for (const result of await runLoadingJob(engine, graph, compiled, run, stream)) {
        results.push(result);
        onFile?.(result);
      }
    } finally {
      stream.destroy();
    }
  }
  return results;
}
