// The shape of a meta command (`\name args`): a row of the command table, with its usage line
// for \help and the function that runs it against the session.
import type { Session } from '../session.js';
import type { StepStatus } from '../status.js';

export interface MetaContext {
  readonly session: Session;
  readonly signal: AbortSignal;
  /** Runs a script (GSQL and meta commands) as the session would, for \i (with its file). */
  runScript(text: string, file?: string): Promise<StepStatus>;
}

export interface MetaCommand {
  readonly name: string;
  readonly usage: string;
  readonly summary: string;
  run(args: readonly string[], ctx: MetaContext): Promise<StepStatus>;
}

/** A usage error: said plainly, counted as an error for the exit code. */
export function usage(ctx: MetaContext, command: MetaCommand, why?: string): StepStatus {
  ctx.session.out.error(`${why ? `${why}\n` : ''}usage: ${command.usage}`);
  return 'error';
}
