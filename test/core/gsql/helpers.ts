// Shared test helpers: what a parse result looks like in fixtures, and the round-trip check.
import {
  format,
  parse,
  toSExpr,
  withoutRanges,
  type Diagnostic,
} from '../../../src/core/gsql/index.js';

export function diagnosticLine(d: Diagnostic): string {
  return `${d.range.start.line}:${d.range.start.column}: ${d.code} ${d.message}`;
}

/** The fixture view of a text: its diagnostics, then its tree. */
export function describeParse(input: string): string {
  const { ast, diagnostics } = parse(input);
  return [...diagnostics.map(diagnosticLine), toSExpr(ast)].join('\n');
}

/**
 * Formats the tree of `input` and parses the result again. Returns null when both trees are
 * equal without ranges and formatting is stable; otherwise a description of the difference.
 */
export function roundTripProblem(input: string): string | null {
  const first = parse(input);
  const text = format(first.ast);
  const second = parse(text);
  if (second.diagnostics.length > 0) {
    return `formatted text does not parse: ${second.diagnostics.map(diagnosticLine).join('; ')}\n${text}`;
  }
  const a = JSON.stringify(withoutRanges(first.ast), bigintSafe);
  const b = JSON.stringify(withoutRanges(second.ast), bigintSafe);
  if (a !== b)
    return `tree changed after formatting:\n${text}\n${toSExpr(first.ast)}\n${toSExpr(second.ast)}`;
  if (format(second.ast) !== text) return `formatting is not stable:\n${text}`;
  return null;
}

function bigintSafe(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? `${value}n` : value;
}
