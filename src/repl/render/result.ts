// A query result for people: the service answers with one object per PRINT, each shown as its
// own block; inside a block, vertex sets and row lists become tables, scalars and flat maps
// key/value lines, anything nested pretty JSON. Also the json and csv forms of the same result.
import { previewJson, toTable } from '../../core/results/index.js';
import type { Paint } from './ansi.js';
import { renderCsv } from './csv.js';
import { renderJson, stringifyPlain } from './json.js';
import { renderTable } from './table.js';

export type OutputFormat = 'table' | 'json' | 'csv';

export interface RenderOptions {
  readonly format: OutputFormat;
  readonly width: number;
  readonly paint: Paint;
}

const isScalar = (v: unknown) => v === null || typeof v !== 'object';

function isFlatMap(v: unknown): v is Record<string, unknown> {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    Object.values(v as Record<string, unknown>).every(isScalar)
  );
}

function scalarText(v: unknown, paint: Paint): string {
  return renderJson(v, paint);
}

function rowCount(n: number, paint: Paint): string {
  return paint('dim', `(${n} ${n === 1 ? 'row' : 'rows'})`);
}

/** One PRINT block as table-format lines. */
function blockLines(block: unknown, options: RenderOptions): string[] {
  const { paint, width } = options;
  if (typeof block !== 'object' || block === null || Array.isArray(block)) {
    return renderJson(previewJson(block).value, paint).split('\n');
  }
  const lines: string[] = [];
  for (const [key, value] of Object.entries(block as Record<string, unknown>)) {
    const table = toTable(value);
    if (table) {
      lines.push(`${paint('bold', key)} ${rowCount(table.rows.length, paint)}`);
      lines.push(...renderTable(table, { width, paint }));
    } else if (isScalar(value)) {
      lines.push(`${paint('bold', key)}: ${scalarText(value, paint)}`);
    } else if (isFlatMap(value)) {
      lines.push(`${paint('bold', key)}:`);
      for (const [k, v] of Object.entries(value)) lines.push(`  ${k}: ${scalarText(v, paint)}`);
    } else {
      const preview = previewJson(value);
      lines.push(`${paint('bold', key)}:`);
      lines.push(...renderJson(preview.value, paint).split('\n'));
      if (Array.isArray(value)) lines.push(rowCount(value.length, paint));
    }
  }
  return lines;
}

function csvLines(block: unknown): string[] {
  if (typeof block !== 'object' || block === null || Array.isArray(block)) {
    return [stringifyPlain(block)];
  }
  const lines: string[] = [];
  const scalars: [string, unknown][] = [];
  for (const [key, value] of Object.entries(block as Record<string, unknown>)) {
    const table = toTable(value);
    if (table) {
      if (lines.length > 0) lines.push('');
      lines.push(...renderCsv(table));
    } else {
      scalars.push([key, value]);
    }
  }
  if (scalars.length > 0) {
    if (lines.length > 0) lines.push('');
    lines.push(...renderCsv({ columns: ['key', 'value'], rows: scalars }));
  }
  return lines;
}

/** The printed result of a query (the envelope's `results`) in the chosen format. */
export function renderResult(results: readonly unknown[], options: RenderOptions): string {
  if (options.format === 'json') return stringifyPlain(results);
  const blocks = results.map((b) =>
    options.format === 'csv' ? csvLines(b) : blockLines(b, options),
  );
  return blocks
    .filter((b) => b.length > 0)
    .map((b) => b.join('\n'))
    .join('\n\n');
}

/** A plain list of rows (a vertex listing, a path) in the chosen format, with its row count. */
export function renderRows(title: string, value: unknown, options: RenderOptions): string {
  return renderResult([{ [title]: value }], options);
}
