// The line:column positions a GSQL error message names ("Syntax error at 2:12: ...", "line 4:9:
// ..."; a message may hold several, one per line), found and rewritten in one place: the
// statements channel shifts them back over the `USE GRAPH` line it adds, the REPL moves them to
// the line and column of the script file the statement came from.

/** `at L:C` or `line L:C` (or `L:C` at the start of a line of the message). */
const positionPattern = /(^|\bat\s+|\bline\s+)(\d+):(\d+)\b/gm;

export interface MessagePosition {
  readonly line: number;
  readonly column: number;
}

/** Every position the message names, in order. */
export function messagePositions(message: string): MessagePosition[] {
  return Array.from(message.matchAll(positionPattern), (m) => ({
    line: Number(m[2]),
    column: Number(m[3]),
  }));
}

/** The message with every position it names replaced by `move(position)`. */
export function movePositions(
  message: string,
  move: (at: MessagePosition) => MessagePosition,
): string {
  return message.replace(positionPattern, (_m, lead: string, line: string, column: string) => {
    const to = move({ line: Number(line), column: Number(column) });
    return `${lead}${to.line}:${to.column}`;
  });
}
