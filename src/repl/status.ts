// What a step of the REPL ended with, and how a thrown error maps to it: connection and
// authentication failures (exit code 2) apart from GSQL and query errors (exit code 1).
import { GraphError } from '../core/errors.js';
import type { Paint } from './render/ansi.js';
import { renderError, type ScriptOrigin } from './render/error.js';

export type StepStatus = 'ok' | 'error' | 'connection' | 'quit';

const connectionCodes = new Set(['GWB-CONNECT', 'GWB-AUTH']);

export function statusOf(error: unknown): StepStatus {
  if (error instanceof GraphError) {
    if (connectionCodes.has(error.code) || error.status === 401 || error.status === 403) {
      return 'connection';
    }
  }
  return 'error';
}

/** A thrown error as text: message, code, and a caret into `source` when it names a position. */
export function describeError(
  error: unknown,
  paint: Paint,
  source?: string,
  origin?: ScriptOrigin,
): string {
  if (error instanceof GraphError) {
    return renderError({ message: error.message, code: error.code, source, origin }, paint);
  }
  const message = error instanceof Error ? error.message : String(error);
  return renderError({ message, source, origin }, paint);
}

/** The worse of two statuses (a script's exit reflects its worst step). */
export function worse(a: StepStatus, b: StepStatus): StepStatus {
  const rank: Record<StepStatus, number> = { ok: 0, quit: 0, error: 1, connection: 2 };
  return rank[b] > rank[a] ? b : a;
}
