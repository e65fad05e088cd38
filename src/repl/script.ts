// Runs a script or one interactive input: meta-command lines (`\...` at a statement boundary)
// and GSQL, the GSQL split into statements as the shell splits them and sent one by one, so a
// failure stops the script right there (unless told to go on) and each statement's output is
// its own block. Used by the interactive app, `-f`, `-c`, stdin and `\i`.
import { inputState } from '../core/gsql/index.js';
import { splitForShell } from '../core/session/index.js';
import { isMeta, runMeta } from './meta/index.js';
import { runGsqlStatement } from './run-gsql.js';
import type { Session } from './session.js';
import { describeError, statusOf, worse, type StepStatus } from './status.js';

/** A meta line or a run of GSQL, with the script line it starts on (1-based). */
export type Chunk =
  | { readonly kind: 'meta'; readonly text: string; readonly line: number }
  | { readonly kind: 'gsql'; readonly text: string; readonly line: number };

/** A script cut into meta lines and GSQL runs, in order. */
export function scriptChunks(script: string): Chunk[] {
  const chunks: Chunk[] = [];
  let buffer: string[] = [];
  let bufferLine = 1;
  const flush = (next: number) => {
    const text = buffer.join('\n');
    if (text.trim() !== '') chunks.push({ kind: 'gsql', text, line: bufferLine });
    buffer = [];
    bufferLine = next;
  };
  for (const [index, line] of script.split(/\r?\n/).entries()) {
    // Parsed only for `\` lines: a long script is not re-parsed at every line.
    const atBoundary = () => {
      const pending = buffer.join('\n');
      return pending.trim() === '' || inputState(pending) !== 'incomplete';
    };
    if (isMeta(line) && atBoundary()) {
      flush(index + 2);
      chunks.push({ kind: 'meta', text: line.trim(), line: index + 1 });
    } else {
      buffer.push(line);
    }
  }
  flush(0);
  return chunks;
}

export interface RunOptions {
  readonly signal: AbortSignal;
  readonly continueOnError?: boolean;
  /** The script's file (-f, \i): errors then start with `file:line:col:`. */
  readonly file?: string;
}

function elapsed(start: number): string {
  const ms = performance.now() - start;
  return ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** Runs every step; the worst status wins; stops at the first failure unless told not to. */
export async function runScript(
  session: Session,
  script: string,
  options: RunOptions,
): Promise<StepStatus> {
  let status: StepStatus = 'ok';
  const ctx = {
    session,
    signal: options.signal,
    runScript: (text: string, file?: string) =>
      runScript(session, text, { ...options, ...(file === undefined ? {} : { file }) }),
  };
  for (const chunk of scriptChunks(script)) {
    const steps =
      chunk.kind === 'meta'
        ? [{ run: () => runMeta(chunk.text, ctx) }]
        : splitForShell(chunk.text).map((s) => {
            // Positions in errors are the script's: the chunk's line plus the statement's.
            const origin = {
              file: options.file,
              line: chunk.line + s.range.start.line - 1,
              column: s.range.start.column,
            };
            return {
              run: async () => {
                try {
                  return await runGsqlStatement(session, s, options.signal, origin);
                } catch (error) {
                  session.out.error(describeError(error, session.paint, s.text, origin));
                  return statusOf(error);
                }
              },
            };
          });
    for (const step of steps) {
      if (options.signal.aborted) return worse(status, 'error');
      const start = performance.now();
      const result = await step.run();
      if (session.timing) session.out.note(session.paint('dim', `Time: ${elapsed(start)}`));
      if (result === 'quit') return status === 'ok' ? 'quit' : status;
      status = worse(status, result);
      if (result === 'connection') return status;
      if (result === 'error' && options.continueOnError !== true) return status;
    }
  }
  return status;
}
