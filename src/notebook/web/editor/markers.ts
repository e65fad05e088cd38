// Diagnostics from the core front end as editor markers: 1-based line/column ranges with the
// end exclusive, the same convention as monaco's IMarkerData. Pure: no monaco import, so it is
// tested in node; the monaco side only turns `severity` into its MarkerSeverity.
import {
  check,
  type CompletionSchema,
  type Diagnostic,
  type Severity,
} from '../../../core/gsql/index.js';
import { checkAgainstSchema } from '../../../core/gsql/schema-checks.js';

export interface MarkerSpec {
  readonly severity: Severity;
  readonly message: string;
  readonly code: string;
  readonly source: string;
  readonly startLineNumber: number;
  readonly startColumn: number;
  readonly endLineNumber: number;
  readonly endColumn: number;
}

/** Line and column (1-based) of an offset in the text. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  const at = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: at - lineStart + 1 };
}

/**
 * One diagnostic as a marker. A diagnostic with an empty range after the last token (the input
 * ends inside a query) is moved back onto the last character of text, where a squiggle shows;
 * monaco draws nothing for an empty range on an empty line.
 */
export function diagnosticToMarker(text: string, d: Diagnostic): MarkerSpec {
  const { start, end } = d.range;
  let range = {
    startLineNumber: start.line,
    startColumn: start.column,
    endLineNumber: end.line,
    endColumn: end.column,
  };
  if (start.offset === end.offset && text.slice(start.offset).trim() === '') {
    const last = text.trimEnd().length;
    if (last > 0) {
      const p = positionAt(text, last - 1);
      range = {
        startLineNumber: p.line,
        startColumn: p.column,
        endLineNumber: p.line,
        endColumn: p.column + 1,
      };
    }
  }
  return { severity: d.severity, message: d.message, code: d.code, source: 'gsql', ...range };
}

/**
 * Syntax errors and semantic warnings of a GSQL text, as markers; with the live schema also its
 * unknown types, attributes and queries (the server's own refusals, before a run).
 */
export function gsqlMarkers(text: string, schema?: CompletionSchema): MarkerSpec[] {
  const checked = check(text);
  const diagnostics =
    schema === undefined
      ? checked.diagnostics
      : [...checked.diagnostics, ...checkAgainstSchema(checked.ast, schema)].sort(
          (a, b) => a.range.start.offset - b.range.start.offset,
        );
  return diagnostics.map((d) => diagnosticToMarker(text, d));
}

/**
 * The marker for a run error reported at line:column (1-based, from the server). The range
 * covers the word at that column, or the whole line when the column is unknown (0) or past the
 * end. Lines outside the text are clamped to it.
 */
export function runErrorMarker(
  text: string,
  line: number,
  column: number,
  message: string,
): MarkerSpec {
  const lines = text.split('\n');
  const lineNumber = Math.max(1, Math.min(Math.trunc(line) || 1, lines.length));
  const content = lines[lineNumber - 1] ?? '';
  let startColumn = 1;
  let endColumn = content.length + 1;
  const col = Math.trunc(column);
  if (col >= 1 && col <= content.length) {
    startColumn = col;
    endColumn = col + 1;
    const isWord = (c: number): boolean => /[\w@$]/.test(content.charAt(c - 1));
    if (isWord(col)) while (endColumn <= content.length && isWord(endColumn)) endColumn++;
  }
  if (endColumn <= startColumn) {
    // An empty line: one column, so that the marker still exists.
    endColumn = startColumn + 1;
  }
  return {
    severity: 'error',
    message,
    code: 'run',
    source: 'server',
    startLineNumber: lineNumber,
    startColumn,
    endLineNumber: lineNumber,
    endColumn,
  };
}
