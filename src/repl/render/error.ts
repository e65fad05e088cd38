// Errors for people: the message and code, and for GSQL errors that name a position
// ("line:column" in the message) the offending line of the source with a caret under it.
import type { Paint } from './ansi.js';

export interface ShownError {
  readonly message: string;
  readonly code?: string | undefined;
  /** The text that was sent, to point into. */
  readonly source?: string | undefined;
}

const position = /\b(?:at |line )?(\d+):(\d+)\b/;

/** The 1-based line and column a message names, if any. */
export function errorPosition(message: string): { line: number; column: number } | undefined {
  const match = position.exec(message);
  if (!match) return undefined;
  return { line: Number(match[1]), column: Number(match[2]) };
}

export function renderError(error: ShownError, paint: Paint): string {
  const code = error.code ? ` ${paint('dim', `[${error.code}]`)}` : '';
  const lines = [`${paint('red', 'ERROR')}${code} ${error.message}`];
  const at = error.source === undefined ? undefined : errorPosition(error.message);
  const sourceLine = at === undefined ? undefined : error.source?.split('\n')[at.line - 1];
  if (at !== undefined && sourceLine !== undefined) {
    const gutter = `${at.line} | `;
    lines.push(paint('dim', gutter) + sourceLine);
    const caretAt = Math.max(0, Math.min(at.column - 1, sourceLine.length));
    lines.push(' '.repeat(gutter.length + caretAt) + paint('red', '^'));
  }
  return lines.join('\n');
}
