// CSV for `--format csv` and `\format csv`: RFC 4180 quoting, one table per block.
import { cellText, type ResultTable } from '../../core/results/index.js';

function field(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function renderCsv(table: ResultTable): string[] {
  return [
    table.columns.map(field).join(','),
    ...table.rows.map((row) => row.map((v) => field(cellText(v))).join(',')),
  ];
}
