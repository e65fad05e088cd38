// GFM pipe tables: a header row, a delimiter row (`| --- | :-: |`) giving the alignment of each
// column, then body rows until a blank line or another block.
import { parseInline } from './inline.js';
import type { MdAlign, MdBlock, MdInline } from './types.js';

const delimiterCell = /^:?-+:?$/;

/** The cells of a row: outer pipes optional, `\|` is a literal pipe (left for the inline parser). */
function cells(line: string): string[] {
  let text = line.trim();
  if (text.startsWith('|')) text = text.slice(1);
  if (text.endsWith('|') && !text.endsWith('\\|')) text = text.slice(0, -1);
  const out: string[] = [];
  let cell = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    if (ch === '\\' && text[i + 1] === '|') {
      cell += '\\|';
      i++;
    } else if (ch === '|') {
      out.push(cell.trim());
      cell = '';
    } else {
      cell += ch;
    }
  }
  out.push(cell.trim());
  return out;
}

function alignments(line: string): MdAlign[] | undefined {
  if (!line.includes('-')) return undefined;
  const row = cells(line);
  if (!row.every((c) => delimiterCell.test(c))) return undefined;
  return row.map((c) =>
    c.startsWith(':') && c.endsWith(':')
      ? 'center'
      : c.endsWith(':')
        ? 'right'
        : c.startsWith(':')
          ? 'left'
          : null,
  );
}

/** A header row with a pipe, then a delimiter row with as many columns. */
export function tableStarts(lines: readonly string[], i: number): boolean {
  const head = lines[i] ?? '';
  const align = alignments(lines[i + 1] ?? '');
  return head.includes('|') && align !== undefined && cells(head).length === align.length;
}

export function parseTable(
  lines: readonly string[],
  i: number,
  endsTable: (line: string) => boolean,
): [MdBlock, number] {
  const align = alignments(lines[i + 1] ?? '') ?? [];
  const row = (line: string): MdInline[][] => {
    const texts = cells(line);
    return align.map((_, column) => parseInline(texts[column] ?? ''));
  };
  const head = row(lines[i] ?? '');
  const rows: MdInline[][][] = [];
  let j = i + 2;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (endsTable(line)) break;
    rows.push(row(line));
  }
  return [{ type: 'table', align, head, rows }, j];
}
