// Errors for people: the message and code, and for GSQL errors that name a position
// ("line:column" in the message) the offending line of the source with a caret under it. When the
// statement came from a script, every position in the message is moved to the script's line and
// column, and the error starts with `file:line:col:` as compilers print it.
import { messagePositions, movePositions } from '../../core/session/index.js';
import type { Paint } from './ansi.js';

export interface ShownError {
  readonly message: string;
  readonly code?: string | undefined;
  /** The text that was sent, to point into. */
  readonly source?: string | undefined;
  /** Where the sent text starts in the script it came from (1-based), and the script's name. */
  readonly origin?: ScriptOrigin | undefined;
}

export interface ScriptOrigin {
  /** The script file (-f, \i); absent for typed input and -c. */
  readonly file?: string | undefined;
  readonly line: number;
  readonly column: number;
}

/** The 1-based line and column a message names first, if any. */
export function errorPosition(message: string): { line: number; column: number } | undefined {
  return messagePositions(message)[0];
}

/** A position in the sent text as a position in the script it came from. */
function inScript(at: { line: number; column: number }, origin: ScriptOrigin | undefined) {
  if (origin === undefined) return at;
  return {
    line: at.line + origin.line - 1,
    column: at.line === 1 ? at.column + origin.column - 1 : at.column,
  };
}

export function renderError(error: ShownError, paint: Paint): string {
  const { origin } = error;
  const code = error.code ? ` ${paint('dim', `[${error.code}]`)}` : '';
  const at = errorPosition(error.message);
  const message =
    origin === undefined ? error.message : movePositions(error.message, (p) => inScript(p, origin));
  const where = at === undefined ? origin : inScript(at, origin);
  const prefix =
    origin?.file !== undefined && where !== undefined
      ? `${origin.file}:${where.line}:${where.column}: `
      : '';
  const lines = [`${prefix}${paint('red', 'ERROR')}${code} ${message}`];
  const sourceLine =
    at === undefined || error.source === undefined
      ? undefined
      : error.source.split('\n')[at.line - 1];
  if (at !== undefined && sourceLine !== undefined) {
    // The gutter names the line as the user knows it (the script's line).
    const gutter = `${inScript(at, origin).line} | `;
    lines.push(paint('dim', gutter) + sourceLine);
    const caretAt = Math.max(0, Math.min(at.column - 1, sourceLine.length));
    lines.push(' '.repeat(gutter.length + caretAt) + paint('red', '^'));
  }
  return lines.join('\n');
}
