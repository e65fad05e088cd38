// A result table as text lines fitted to a terminal width: columns get their natural width
// when it fits; otherwise the widest columns shrink first (never below a few characters) and
// long cells end with `…` so the truncation is visible. Pure: tested at several widths.
import { cellText, type ResultTable } from '../../core/results/index.js';
import type { Paint } from './ansi.js';

export interface TableOptions {
  /** Terminal width to fit (columns). */
  readonly width: number;
  readonly paint: Paint;
  /** Longest natural column width before fitting (default 60). */
  readonly maxColumn?: number;
}

const minColumn = 3;
const ellipsis = '…';

function oneLine(text: string): string {
  return text.replace(/\r?\n/g, '⏎').replace(/\t/g, ' ');
}

/** The text cut to `width` characters, with `…` when it was longer. */
export function truncate(text: string, width: number): string {
  const chars = [...text];
  if (chars.length <= width) return text;
  if (width <= 1) return ellipsis.slice(0, width);
  return chars.slice(0, width - 1).join('') + ellipsis;
}

/** Column widths that fit `width` (separators included) when at all possible. */
export function fitWidths(natural: readonly number[], width: number): number[] {
  const widths = [...natural];
  // Separators: "│ " before each column, " │" after the last: 3 per column + 1.
  const budget = width - (3 * widths.length + 1);
  let total = widths.reduce((a, b) => a + b, 0);
  while (total > budget) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++) {
      if ((widths[i] ?? 0) > minColumn && (widest < 0 || (widths[i] ?? 0) > (widths[widest] ?? 0)))
        widest = i;
    }
    if (widest < 0) break; // every column at its minimum: let the terminal wrap
    widths[widest] = (widths[widest] ?? 0) - 1;
    total -= 1;
  }
  return widths;
}

const isNumeric = (v: unknown) => typeof v === 'number' || typeof v === 'bigint';

export function renderTable(table: ResultTable, options: TableOptions): string[] {
  const maxColumn = options.maxColumn ?? 60;
  const cells = table.rows.map((row) => row.map((v) => oneLine(cellText(v))));
  const natural = table.columns.map((c, i) =>
    Math.min(maxColumn, Math.max([...c].length, ...cells.map((r) => [...(r[i] ?? '')].length), 1)),
  );
  const widths = fitWidths(natural, options.width);
  const { paint } = options;
  const pad = (text: string, w: number, right: boolean) => {
    const cut = truncate(text, w);
    const fill = ' '.repeat(Math.max(0, w - [...cut].length));
    return right ? fill + cut : cut + fill;
  };
  const rule = (l: string, m: string, r: string) =>
    paint('dim', l + widths.map((w) => '─'.repeat(w + 2)).join(m) + r);
  const bar = paint('dim', '│');
  const line = (parts: string[]) => `${bar} ${parts.join(` ${bar} `)} ${bar}`;
  const header = line(table.columns.map((c, i) => paint('bold', pad(c, widths[i] ?? 1, false))));
  const body = cells.map((r, ri) =>
    line(widths.map((w, i) => pad(r[i] ?? '', w, isNumeric(table.rows[ri]?.[i])))),
  );
  return [rule('┌', '┬', '┐'), header, rule('├', '┼', '┤'), ...body, rule('└', '┴', '┘')];
}
