// A few ANSI styles for plain-text output (non-interactive mode, output blocks shown by ink).
// A `Paint` is either colouring or identity, so every renderer takes colour as a parameter and
// tests compare plain text.

export type Style = 'dim' | 'bold' | 'red' | 'green' | 'yellow' | 'blue' | 'magenta' | 'cyan';

const codes: Record<Style, [number, number]> = {
  dim: [2, 22],
  bold: [1, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  blue: [34, 39],
  magenta: [35, 39],
  cyan: [36, 39],
};

export type Paint = (style: Style, text: string) => string;

export const colour: Paint = (style, text) =>
  text === '' ? text : `\x1b[${codes[style][0]}m${text}\x1b[${codes[style][1]}m`;

export const plain: Paint = (_style, text) => text;

// eslint-disable-next-line no-control-regex
const ansiPattern = /\x1b\[[0-9;]*m/g;

/** The text without colour codes. */
export function stripAnsi(text: string): string {
  return text.replace(ansiPattern, '');
}

/** Display width of a line: code points without colour codes (wide glyphs count as one). */
export function visibleWidth(text: string): number {
  return [...stripAnsi(text)].length;
}
