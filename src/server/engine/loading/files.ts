// Local files for RUN LOADING JOB ... USING f="path": a path is allowed only when, after resolving
// symlinks, it is a regular file inside one of the folders the server allows (`--allow-files`);
// relative paths resolve against the first allowed folder. A path may name a folder (every
// non-hidden file in it loads, in name order) and carry the reference's cluster prefixes: `ALL:`
// and `ANY:` (every machine / any machine: here, this one) and machine lists (`m1:/a.csv,
// m2|m3:/b.csv`: the paths of m1, which the single-machine service is). Each file streams
// through runLoadingJob, never read whole into memory.
import { createReadStream } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { Engine } from '../engine.js';
import { compiledJob, type CompiledJob } from './compile.js';
import { LoadingJobError } from './errors.js';
import { externalFiles, type ExternalFile } from './external-sources.js';
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
  const [only] = await resolveAllowedFiles(path, allowedDirs, false);
  return only ?? refuse(path, 'no such file');
}

/** The machine the embedded service is, in machine-specific path lists. */
const thisMachine = 'm1';

/**
 * The local paths a location string names on this machine: `ALL:p` and `ANY:p` are `p`;
 * `m1:p1, m2|m3:p2` are the paths listed for m1; anything else is the path itself.
 */
export function localPaths(location: string): string[] {
  const prefixed = /^(all|any):(.*)$/is.exec(location);
  if (prefixed) return [prefixed[2] ?? ''];
  const machineList = /^\s*m\d+(\|m\d+)*:/i;
  if (!machineList.test(location)) return [location];
  const paths: string[] = [];
  for (const entry of location.split(',')) {
    const colon = entry.indexOf(':');
    const machines = entry.slice(0, colon).trim().toLowerCase().split('|');
    if (colon < 0 || !machineList.test(entry)) {
      refuse(location, `"${entry.trim()}" is not a machine:path entry`);
    }
    if (machines.includes(thisMachine)) paths.push(entry.slice(colon + 1).trim());
  }
  if (paths.length === 0) refuse(location, `it names no path for ${thisMachine}, this machine`);
  return paths;
}

/**
 * Every file a location names, as real paths inside the allowed folders: a file itself, or the
 * non-hidden regular files of a folder (when `folders`), in name order. Refuses an empty result.
 */
export async function resolveAllowedFiles(
  location: string,
  allowedDirs: readonly string[],
  folders = true,
): Promise<string[]> {
  const first = allowedDirs[0];
  if (first === undefined) refuse(location, 'no folder is allowed for loading files');
  if (location === '' || location.includes('\0')) refuse(location, 'not a valid path');
  const allowed = await Promise.all(allowedDirs.map((d) => realpath(d).catch(() => undefined)));
  const check = async (path: string): Promise<string> => {
    let real: string;
    try {
      real = await realpath(resolve(first, path));
    } catch {
      return refuse(location, 'no such file');
    }
    if (!allowed.some((folder) => folder !== undefined && inside(folder, real))) {
      refuse(location, `it is outside the allowed folders (${allowedDirs.join(', ')})`);
    }
    return real;
  };
  const files: string[] = [];
  for (const path of localPaths(location)) {
    if (path === '') refuse(location, 'not a valid path');
    const real = await check(path);
    const info = await stat(real);
    if (info.isFile()) {
      files.push(real);
      continue;
    }
    if (!folders || !info.isDirectory()) refuse(location, 'not a regular file');
    const names = (await readdir(real)).filter((name) => !name.startsWith('.')).sort();
    for (const name of names) {
      const inner = await check(join(real, name));
      if ((await stat(inner)).isFile()) files.push(inner);
    }
  }
  if (files.length === 0) refuse(location, 'the folder has no files to load');
  return files;
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
    // A legacy online-post job has no filename variables: RUN JOB ... USING FILENAME="path"
    // feeds the file to its LOAD statements, whatever the option is called.
    if (compiled.jobType === 'ONLINE_POST') continue;
    if (!compiled.filenames.has(variable)) {
      throw new LoadingJobError(
        'LOADING-UNKNOWN-FILENAME',
        `loading job "${compiled.name}" has no filename variable ${variable}`,
      );
    }
  }
  // Check every file before loading any, so a bad path loads nothing. A `$source:` location
  // names objects of a data source (external-sources.ts).
  const resolved = await Promise.all(
    runs.map(async ([variable, location]) => {
      const external = await externalFiles(engine, graph, location);
      const reals = external ? [] : await resolveAllowedFiles(location, options.allowedDirs);
      return { variable, location, reals, external: external ?? [] };
    }),
  );
  const results: LoadingResult[] = [];
  const { allowedDirs: _dirs, onFile, ...rest } = options;
  const load = async (variable: string, sourceFileName: string, stream: Readable) => {
    try {
      const run = { ...rest, filename: variable, sourceFileName };
      for (const result of await runLoadingJob(engine, graph, compiled, run, stream)) {
        results.push(result);
        onFile?.(result);
      }
    } finally {
      stream.destroy();
    }
  };
  for (const { variable, location, reals, external } of resolved) {
    for (const file of external as readonly ExternalFile[]) {
      await load(variable, file.name, await file.open(options.signal));
    }
    for (const real of reals) {
      // A plain file path is reported as given; a folder's files and prefixed paths by their
      // real paths.
      const plain = reals.length === 1 && localPaths(location)[0] === location;
      const sourceFileName = plain ? location : real;
      await load(variable, sourceFileName, createReadStream(real, { highWaterMark: 256 * 1024 }));
    }
  }
  return results;
}
