// Exports of a result: the JSON as printed (numbers written losslessly, bigints included) and
// each table as CSV (RFC 4180, guarded against spreadsheet formula injection), handed to the
// browser as a download. The text builders are pure and tested; only `download*` touch the DOM.
import { stringifyJson } from '../../../core/json.js';
import type { ResultTable } from '../../../core/results/index.js';
import { cellText } from '../../../core/results/index.js';

/** Pretty JSON of the results; lossless-json writes a bigint as its exact digits. */
export function resultsToJson(results: readonly unknown[]): string {
  return stringifyJson(results, 2);
}

/** Plain numbers are data, not formulas: "-5" or "+1.5e3" is left as it is. */
const plainNumber = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * One CSV field. A text starting with = + - @ (or tab / carriage return, which some
 * spreadsheets skip before a formula) gets a leading single quote, so a hostile attribute such as
 * `=HYPERLINK(...)` opens as text; then the field is quoted when it holds a quote, comma or line
 * break, doubling inner quotes (RFC 4180).
 */
export function csvField(value: unknown): string {
  let text = cellText(value);
  const numeric = typeof value === 'number' || typeof value === 'bigint' || plainNumber.test(text);
  if (!numeric && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A table as CSV: a header line, then one line per row, CRLF line breaks as RFC 4180 says. */
export function tableToCsv(table: ResultTable): string {
  const lines = [table.columns.map(csvField).join(',')];
  for (const row of table.rows)
    lines.push(table.columns.map((_c, i) => csvField(row[i])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A label (`RUN QUERY khop`) as a file name part: letters, digits, dot, dash, underscore. */
export function safeFilename(name: string, fallback = 'result'): string {
  const cleaned = name
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, 80);
  return cleaned === '' ? fallback : cleaned;
}

/** Starts a download of `blob` through a temporary <a download> (no server round trip). */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function downloadJson(filename: string, results: readonly unknown[]): void {
  downloadBlob(filename, new Blob([resultsToJson(results)], { type: 'application/json' }));
}

export function downloadCsv(filename: string, table: ResultTable): void {
  // The byte order mark makes spreadsheet programs read the file as UTF-8 rather than ANSI.
  downloadBlob(
    filename,
    new Blob(['\uFEFF', tableToCsv(table)], { type: 'text/csv;charset=utf-8' }),
  );
}
