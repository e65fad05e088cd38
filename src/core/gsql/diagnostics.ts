// Diagnostics: what the lexer and the parser report about a text. Codes are stable so that
// editors, tests and the `gwb check` command can match on them.
import type { Range } from './tokens.js';

export type Severity = 'error' | 'warning' | 'info';

export type DiagnosticCode =
  /** A character or literal the lexer cannot read. */
  | 'GSQL-LEX'
  /** Tokens that do not fit the grammar. */
  | 'GSQL-SYNTAX'
  /** The input ends inside a construct (open brace, cut-off statement, unterminated string). */
  | 'GSQL-INCOMPLETE'
  /** A construct the service does not support where it is written (openCypher bodies). */
  | 'GSQL-UNSUPPORTED'
  /** An accumulator used in a query that does not declare it (from `check`). */
  | 'GSQL-UNDECLARED'
  /** An accumulator declared twice in one query (from `check`). */
  | 'GSQL-DUPLICATE'
  /** A built-in function called with too few or too many arguments (from `check`). */
  | 'GSQL-ARITY'
  /** A call of a name that is no built-in but one or two letters from one (from `check`). */
  | 'GSQL-UNKNOWN-FUNCTION'
  /** A vertex or edge type the graph does not have (from `checkAgainstSchema`). */
  | 'GSQL-UNKNOWN-TYPE'
  /** An attribute the alias's type does not have (from `checkAgainstSchema`). */
  | 'GSQL-UNKNOWN-ATTRIBUTE'
  /** A query the graph does not have (from `checkAgainstSchema`). */
  | 'GSQL-UNKNOWN-QUERY';

export interface Diagnostic {
  readonly severity: Severity;
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly range: Range;
  /** What the parser would have accepted here, as shown in messages (`')'`, `identifier`). */
  readonly expected?: readonly string[];
  /** What it found instead. */
  readonly found?: string;
}

/** `line:column: message`, the form used in tests and by the REPL. */
export function formatDiagnostic(d: Diagnostic): string {
  return `${d.range.start.line}:${d.range.start.column}: ${d.message}`;
}

/** Joins expected alternatives as `'a', 'b' or 'c'`. */
export function describeExpected(expected: readonly string[]): string {
  const list = [...new Set(expected)];
  if (list.length <= 1) return list[0] ?? 'something else';
  const shown = list.length > 8 ? [...list.slice(0, 7), 'more'] : list;
  return `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1] ?? ''}`;
}
