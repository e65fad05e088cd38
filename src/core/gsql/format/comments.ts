// Comments are not part of the AST (the interpreter has no use for them), so the formatter
// takes them from the source text: each comment is placed before the statement that follows
// it, or at the end of the previous statement's line when it was written there.
import { lex } from '../lexer.js';
import type { Token } from '../tokens.js';

export interface CommentSource {
  /** Comments starting before `offset` that have not been placed yet, in order. */
  take(offset: number): readonly Token[];
  /** Whether single blank lines between statements are kept (only with the source text). */
  readonly keepBlankLines: boolean;
}

export const NO_COMMENTS: CommentSource = { take: () => [], keepBlankLines: false };

export function commentsOf(source: string): CommentSource {
  const comments = lex(source, { comments: true }).filter((t) => t.kind === 'comment');
  let next = 0;
  return {
    keepBlankLines: true,
    take(offset) {
      const start = next;
      while (next < comments.length && (comments[next]?.start ?? Infinity) < offset) next++;
      return comments.slice(start, next);
    },
  };
}

/**
 * Splits comments into those written at the end of the line where the previous statement
 * ended (they stay there) and those that go on lines of their own.
 */
export function splitTrailing(
  comments: readonly Token[],
  prevEndLine: number | null,
): [trailing: Token[], own: Token[]] {
  const trailing = comments.filter((c) => c.line === prevEndLine && !c.text.includes('\n'));
  return [trailing, comments.filter((c) => !trailing.includes(c))];
}

/** Appends trailing comments to the last line, own-line comments as lines of their own. */
export function placeComments(
  out: string[],
  trailing: readonly Token[],
  own: readonly Token[],
): void {
  for (const c of trailing) {
    if (out.length === 0) out.push(c.text);
    else out[out.length - 1] = `${out[out.length - 1] ?? ''}  ${c.text}`;
  }
  for (const c of own) out.push(...commentLines(c));
}

/**
 * The lines of a comment. Continuation lines of a block comment keep their indentation
 * relative to where the comment starts, so that formatting twice changes nothing.
 */
function commentLines(c: Token): string[] {
  const [first = '', ...rest] = c.text.split('\n');
  const column = c.column - 1;
  const relative = rest.map((l) => {
    const spaces = l.length - l.trimStart().length;
    return l.slice(Math.min(spaces, column)).trimEnd();
  });
  return [first.trimEnd(), ...relative];
}

/** Whether the source has an empty line between the previous statement and `line`. */
export function blankLineBefore(
  cs: CommentSource,
  prevEndLine: number | null,
  line: number,
): boolean {
  return cs.keepBlankLines && prevEndLine !== null && line - prevEndLine > 1;
}
