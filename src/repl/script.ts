// Runs a script or one interactive input: meta-command lines (`\...` at a statement boundary)
// and GSQL, the GSQL split into statements as the shell splits them and sent one by one, so a
// failure stops the script right there (unless told to go on) and each statement's output is
// its own block. Used by the interactive app, `-f`, `-c`, stdin and `\i`.
import { inputState, splitStatements } from '../core/gsql/index.js';
import { isMeta, runMeta } from './meta/index.js';
import { runGsqlStatement } from './run-gsql.js';
import type { Session } from './session.js';
import { describeError, statusOf, worse, type StepStatus } from './status.js';

export type Chunk =
  | { readonly kind: 'meta'; readonly text: string }
  | { readonly kind: 'gsql'; readonly text: string };

/** A script cut into meta lines and GSQL runs, in order. */
export function scriptChunks(script: string): Chunk[] {
  const chunks: Chunk[] = [];
  let buffer: string[] = [];
  const flush = () => {
    const text = buffer.join('\n');
    if (text.trim() !== '') chunks.push({ kind: 'gsql', text });
    buffer = [];
  };
  for (const line of script.split(/\r?\n/)) {
    // Parsed only for `\` lines: a long script is not re-parsed at every line.
    const atBoundary = () => {
      const pending = buffer.join('\n');
      return pending.trim() === '' || inputState(pending) !== 'incomplete';
    };
    if (isMeta(line) && atBoundary()) {
      flush();
      chunks.push({ kind: 'meta', text: line.trim() });
    } else {
      buffer.push(line);
    }
  }
  flush();
  return chunks;
}

export interface RunOptions {
  readonly signal: AbortSignal;
  readonly continueOnError?: boolean;
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
    runScript: (text: string) => runScript(session, text, options),
  };
  for (const chunk of scriptChunks(script)) {
    const steps =
      chunk.kind === 'meta'
        ? [{ run: () => runMeta(chunk.text, ctx) }]
        : splitStatements(chunk.text).map((s) => ({
            run: async () => {
              try {
                return await runGsqlStatement(session, s, options.signal);
              } catch (error) {
                session.out.error(describeError(error, session.paint, s.text));
                return statusOf(error);
              }
            },
          }));
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
