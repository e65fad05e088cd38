// Statement splitting as the GSQL shell does it: a block with braces (a query, a job) is one
// statement, `;` and line breaks end shell commands, comments never split. The parser already
// knows where statements end, so splitting reuses its ranges.
import type { Statement } from './ast/index.js';
import { parse } from './parse.js';
import type { Range } from './tokens.js';

export interface SplitStatement {
  /** Source text of the statement, without the terminating `;`. */
  readonly text: string;
  readonly range: Range;
  /** The statement's AST kind; 'Error' for text that does not parse. */
  readonly kind: Statement['kind'];
}

export function splitStatements(script: string): SplitStatement[] {
  return parse(script).ast.statements.map((s) => {
    let end = s.range.end;
    // A statement's range ends at its last token; a trailing `;` is not part of the text.
    let text = script.slice(s.range.start.offset, end.offset);
    if (text.endsWith(';')) {
      text = text.slice(0, -1);
      end = { ...end, offset: end.offset - 1, column: end.column - 1 };
    }
    return { text, range: { start: s.range.start, end }, kind: s.kind };
  });
}
