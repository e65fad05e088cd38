// What the GSQL shell reaches beyond the schema, for one request: loading jobs (checked against
// the schema when created, run on allowed local files) with the shell's report text, and the
// files PUT reads and GET writes (inside the allowed folders too).
import { readFile, realpath, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { RunJob } from '../../core/gsql/index.js';
import type { Engine } from '../engine/engine.js';
import {
  compileJobText,
  resolveAllowedFile,
  runLoadingJobOnFiles,
  type LoadingResult,
} from '../engine/loading/index.js';
import type { ShellServices } from '../engine/shell/context.js';
import { ShellError } from '../engine/shell/errors.js';

function optionText(option: RunJob['using'][number]): string {
  const v = option.value;
  if (v.kind === 'StringLit') return v.value;
  if (v.kind === 'Name') return v.name;
  throw new ShellError(`USING ${option.name}: give the file path as a quoted string.`);
}

/** What each object-level counter of the statistics means, as the shell's warnings say it. */
const objectErrors = [
  ['noIdFound', 'have no id'],
  ['invalidAttribute', 'have invalid attributes'],
  ['invalidPrimaryId', 'have an invalid primary id'],
  ['invalidSecondaryId', 'have an invalid secondary id'],
  ['incorrectFixedBinaryLength', 'have an incorrect fixed binary length'],
] as const;

/**
 * The shell's report of a finished loading job: lines read, then a warning for each kind of bad
 * data (as the real shell's "[WARNING] bad data in ...: N object(s) have invalid attributes"),
 * so a line that was read but whose object was not loaded is never silent.
 */
function report(results: readonly LoadingResult[]): string[] {
  const lines: string[] = [];
  for (const r of results) {
    const s = r.statistics;
    const file = r.sourceFileName;
    lines.push(`[FINISHED] ${file}`);
    if (!('validLine' in s)) continue;
    lines.push(`  valid lines: ${s.validLine}, rejected lines: ${s.rejectLine}`);
    const bad = (what: string) => lines.push(`[WARNING] bad data in ${what}`);
    if (s.notEnoughToken > 0)
      bad(`${file}: ${s.notEnoughToken} line(s) do not have enough number of tokens.`);
    if (s.invalidJson > 0) bad(`${file}: ${s.invalidJson} line(s) are not valid JSON.`);
    if (s.oversizeToken > 0) bad(`${file}: ${s.oversizeToken} line(s) have an oversize token.`);
    for (const o of [...s.vertex, ...s.edge, ...s.deleteVertex, ...s.deleteEdge])
      for (const [key, text] of objectErrors)
        if (o[key] > 0) bad(`${file}:${o.typeName}: ${o[key]} object(s) ${text}.`);
  }
  lines.push('LOAD SUCCESSFUL for loading jobid');
  return lines;
}

/** Largest file PUT reads (UDF sources are small). */
const maxPutBytes = 1024 * 1024;

async function readAllowed(path: string, allowedDirs: readonly string[]): Promise<string> {
  const real = await resolveAllowedFile(path, allowedDirs).catch((e: unknown) => {
    throw new ShellError(`PUT: ${e instanceof Error ? e.message : String(e)}`);
  });
  const bytes = await readFile(real);
  if (bytes.length > maxPutBytes)
    throw new ShellError(`PUT: "${path}" is larger than ${maxPutBytes} bytes`);
  return bytes.toString('utf8');
}

/** Writes `text` to `path` when its folder is (after symlinks) inside an allowed folder. */
async function writeAllowed(
  path: string,
  text: string,
  allowedDirs: readonly string[],
): Promise<void> {
  const first = allowedDirs[0];
  if (first === undefined) throw new ShellError(`GET: no folder is allowed for files`);
  const target = resolve(first, path);
  const folder = await realpath(dirname(target)).catch(() => {
    throw new ShellError(`GET: the folder of "${path}" does not exist`);
  });
  const allowed = await Promise.all(allowedDirs.map((d) => realpath(d).catch(() => undefined)));
  const inside = allowed.some((a) => {
    if (a === undefined) return false;
    const rel = relative(a, folder);
    return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
  });
  if (!inside)
    throw new ShellError(
      `GET: "${path}" is outside the allowed folders (${allowedDirs.join(', ')})`,
    );
  await writeFile(join(folder, basename(target)), text);
}

export function shellServices(engine: Engine, allowedDirs: readonly string[]): ShellServices {
  return {
    fileDirs: allowedDirs,
    files: {
      read: (path) => readAllowed(path, allowedDirs),
      write: (path, text) => writeAllowed(path, text, allowedDirs),
    },
    checkLoadingJob: (graph, text) => {
      compileJobText(text, engine.catalog, graph);
    },
    runLoadingJob: async (graph, statement) => {
      // USING lists filename variables (or the legacy FILENAME=) and the legacy run options
      // SEPARATOR=, EOL= and HEADER= of `RUN JOB ... USING FILENAME="f", SEPARATOR=",", ...`.
      const files: Record<string, string> = {};
      const overrides: { sep?: string; eol?: string; header?: boolean } = {};
      for (const option of statement.using) {
        const text = optionText(option);
        const name = option.name.toUpperCase();
        if (name === 'SEPARATOR') overrides.sep = text;
        else if (name === 'EOL') overrides.eol = text;
        else if (name === 'HEADER') overrides.header = text.toLowerCase() === 'true';
        else files[option.name] = text;
      }
      const results = await runLoadingJobOnFiles(engine, graph, statement.name, files, {
        allowedDirs,
        ...overrides,
      });
      return report(results);
    },
  };
}
