// The line editor's state as pure functions: multi-line text and a cursor offset, with the
// edits the keys make. Kept apart from ink so the behaviour is tested without a terminal.

export interface EditorState {
  readonly text: string;
  readonly cursor: number;
}

export const emptyEditor: EditorState = { text: '', cursor: 0 };

export function insert(s: EditorState, piece: string): EditorState {
  const clean = piece.replace(/\r\n?/g, '\n');
  return {
    text: s.text.slice(0, s.cursor) + clean + s.text.slice(s.cursor),
    cursor: s.cursor + clean.length,
  };
}

export function backspace(s: EditorState): EditorState {
  if (s.cursor === 0) return s;
  return { text: s.text.slice(0, s.cursor - 1) + s.text.slice(s.cursor), cursor: s.cursor - 1 };
}

export function deleteForward(s: EditorState): EditorState {
  return { text: s.text.slice(0, s.cursor) + s.text.slice(s.cursor + 1), cursor: s.cursor };
}

export function move(s: EditorState, delta: number): EditorState {
  return { ...s, cursor: Math.max(0, Math.min(s.text.length, s.cursor + delta)) };
}

/** Line and column (0-based) of the cursor. */
export function cursorLine(s: EditorState): { line: number; column: number } {
  const before = s.text.slice(0, s.cursor).split('\n');
  return { line: before.length - 1, column: (before[before.length - 1] ?? '').length };
}

/** Up/down inside a multi-line text; undefined when already on the first/last line. */
export function moveLine(s: EditorState, delta: -1 | 1): EditorState | undefined {
  const lines = s.text.split('\n');
  const { line, column } = cursorLine(s);
  const target = line + delta;
  if (target < 0 || target >= lines.length) return undefined;
  let offset = 0;
  for (let i = 0; i < target; i++) offset += (lines[i] ?? '').length + 1;
  return { text: s.text, cursor: offset + Math.min(column, (lines[target] ?? '').length) };
}

export function lineStart(s: EditorState): EditorState {
  return { ...s, cursor: s.text.lastIndexOf('\n', s.cursor - 1) + 1 };
}

export function lineEnd(s: EditorState): EditorState {
  const end = s.text.indexOf('\n', s.cursor);
  return { ...s, cursor: end < 0 ? s.text.length : end };
}

/** Ctrl+U: delete from the start of the line to the cursor. */
export function killToLineStart(s: EditorState): EditorState {
  const start = lineStart(s).cursor;
  return { text: s.text.slice(0, start) + s.text.slice(s.cursor), cursor: start };
}

/** Replaces the `length` characters before the cursor (a completion's word) with `label`. */
export function replaceBefore(s: EditorState, length: number, label: string): EditorState {
  const start = s.cursor - length;
  return {
    text: s.text.slice(0, start) + label + s.text.slice(s.cursor),
    cursor: start + label.length,
  };
}

/** The word (with `@`/`@@`) that ends at the cursor: what a completion replaces. */
export function wordBefore(s: EditorState): string {
  return /[@\w]*$/.exec(s.text.slice(0, s.cursor))?.[0] ?? '';
}
