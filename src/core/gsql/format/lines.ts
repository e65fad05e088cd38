// Tiny layout helpers: the formatter builds arrays of lines and indents nested blocks.

export const INDENT = '  ';

export function indent(lines: readonly string[]): string[] {
  return lines.map((l) => (l === '' ? l : INDENT + l));
}

/** Appends `suffix` to the last line (a `;` or `,` after a multi-line statement). */
export function endWith(lines: readonly string[], suffix: string): string[] {
  if (lines.length === 0) return [];
  const out = [...lines];
  out[out.length - 1] = `${out[out.length - 1] ?? ''}${suffix}`;
  return out;
}
