// What the GSQL shell reaches beyond the schema, for one request: loading jobs (checked against
// the schema when created, run on allowed local files) with the shell's report text.
import type { RunJob } from '../../core/gsql/index.js';
import type { Engine } from '../engine/engine.js';
import {
  compileJobText,
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

/** The shell's report of a finished loading job. */
function report(results: readonly LoadingResult[]): string[] {
  const lines: string[] = [];
  for (const r of results) {
    const s = r.statistics;
    lines.push(`[FINISHED] ${r.sourceFileName}`);
    if ('validLine' in s)
      lines.push(`  valid lines: ${s.validLine}, rejected lines: ${s.rejectLine}`);
  }
  lines.push('LOAD SUCCESSFUL for loading jobid');
  return lines;
}

export function shellServices(engine: Engine, allowedDirs: readonly string[]): ShellServices {
  return {
    checkLoadingJob: (graph, text) => {
      compileJobText(text, engine.catalog, graph);
    },
    runLoadingJob: async (graph, statement) => {
      const files: Record<string, string> = {};
      for (const option of statement.using) files[option.name] = optionText(option);
      const results = await runLoadingJobOnFiles(engine, graph, statement.name, files, {
        allowedDirs,
      });
      return report(results);
    },
  };
}
