// Control statements back to text: IF, WHILE, FOREACH, CASE and TRY. Nested statement lists
// are printed by the caller's `list`, which knows the punctuation of the enclosing list.
import type { CaseStmt, Foreach, If, QueryStmt, Try, While } from '../ast/index.js';
import { formatExpr } from './expr.js';
import { indent } from './lines.js';

export type Mode = 'body' | 'dml';

/**
 * Prints a nested list; `end` is the offset where the enclosing statement ends (for the
 * statement's last list, whose trailing comments stay inside), null for the other lists.
 */
export type ListPrinter = (
  stmts: readonly QueryStmt[],
  end: number | null,
  mode?: Mode,
) => string[];

export function formatControl(
  s: If | While | Foreach | CaseStmt | Try,
  list: ListPrinter,
): string[] {
  const end = s.range.end.offset;
  switch (s.kind) {
    case 'If': {
      const lines: string[] = [];
      s.branches.forEach((b, i) => {
        const last = i === s.branches.length - 1 && s.otherwise === null;
        lines.push(
          `${i === 0 ? 'IF' : 'ELSE IF'} ${formatExpr(b.cond)} THEN`,
          ...list(b.body, last ? end : null),
        );
      });
      if (s.otherwise !== null) lines.push('ELSE', ...list(s.otherwise, end));
      return [...lines, 'END'];
    }
    case 'While': {
      const limit = s.limit === null ? '' : ` LIMIT ${formatExpr(s.limit)}`;
      return [`WHILE ${formatExpr(s.cond)}${limit} DO`, ...list(s.body, end), 'END'];
    }
    case 'Foreach': {
      const vars = s.tupleVars ? `(${s.vars.join(', ')})` : s.vars.join(', ');
      const src = s.source;
      const step =
        src.kind === 'RangeSpec' && src.step !== null ? `.STEP(${formatExpr(src.step)})` : '';
      const source =
        src.kind === 'RangeSpec'
          ? `RANGE[${formatExpr(src.start)}, ${formatExpr(src.end)}]${step}`
          : formatExpr(src);
      return [`FOREACH ${vars} IN ${source} DO`, ...list(s.body, end), 'END'];
    }
    case 'CaseStmt': {
      const lines = [s.subject === null ? 'CASE' : `CASE ${formatExpr(s.subject)}`];
      s.whens.forEach((w, i) => {
        const last = i === s.whens.length - 1 && s.otherwise === null;
        lines.push(
          ...indent([`WHEN ${formatExpr(w.cond)} THEN`, ...list(w.body, last ? end : null)]),
        );
      });
      if (s.otherwise !== null) lines.push(...indent(['ELSE', ...list(s.otherwise, end)]));
      return [...lines, 'END'];
    }
    case 'Try': {
      const lines = ['TRY', ...list(s.body, null, 'body'), 'EXCEPTION'];
      s.handlers.forEach((h, i) => {
        const last = i === s.handlers.length - 1 && s.otherwise === null;
        lines.push(...indent([`WHEN ${h.name} THEN`, ...list(h.body, last ? end : null, 'body')]));
      });
      if (s.otherwise !== null) lines.push(...indent(['ELSE', ...list(s.otherwise, end, 'body')]));
      return [...lines, 'END'];
    }
  }
}
