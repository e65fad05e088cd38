// The pure half of the table view: which PRINT entries become which tables, how cells sort, and
// which rows a scrolled viewport shows. Kept free of the DOM so it is tested directly; the
// tables themselves come from src/core/results, so the REPL and the notebook show the same rows.
import type { ResultTable } from '../../../core/results/index.js';
import { cellText, toTable } from '../../../core/results/index.js';

/** One table of the Table tab: a titled PRINT item. */
export interface TableSection {
  readonly title: string;
  readonly table: ResultTable;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): boolean {
  return typeof value !== 'object' || value === null;
}

/** A printed value as a table: vertex sets and object lists by core; the rest by shape. */
function valueTable(value: unknown): ResultTable {
  const table = toTable(value);
  if (table !== undefined) return table;
  if (Array.isArray(value)) {
    // A list of scalars (a ListAccum<INT>) or of mixed values: one row per item.
    return { columns: ['value'], rows: (value as unknown[]).map((v) => [v]) };
  }
  if (isRecord(value)) {
    // A map (MapAccum, a tuple): one row per key.
    return { columns: ['key', 'value'], rows: Object.entries(value).map(([k, v]) => [k, v]) };
  }
  return { columns: ['value'], rows: [[value]] };
}

/**
 * The tables of a result: each PRINT entry is an object of printed items; tabular items (vertex
 * sets, lists, maps) get a table each, and the scalars of one PRINT share a key/value table so
 * `PRINT @@total, @@max` reads as two rows, not two one-cell tables.
 */
export function resultSections(results: readonly unknown[]): TableSection[] {
  const sections: TableSection[] = [];
  results.forEach((entry, index) => {
    const printTitle = results.length > 1 ? `PRINT ${index + 1}` : 'PRINT';
    if (!isRecord(entry)) {
      sections.push({ title: `${printTitle}`, table: valueTable(entry) });
      return;
    }
    const scalars: (readonly unknown[])[] = [];
    const tables: TableSection[] = [];
    for (const [key, value] of Object.entries(entry)) {
      if (isScalar(value)) scalars.push([key, value]);
      else tables.push({ title: key, table: valueTable(value) });
    }
    // Scalars first: they are usually the headline numbers of the PRINT.
    if (scalars.length > 0) {
      sections.push({ title: printTitle, table: { columns: ['key', 'value'], rows: scalars } });
    }
    sections.push(...tables);
  });
  return sections;
}

/** Integers and decimals as the service prints them in strings (ids are strings in TigerGraph). */
const numericText = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

type SortKey =
  | { readonly rank: 0; readonly n: number | bigint }
  | { readonly rank: 1; readonly s: string }
  | { readonly rank: 2 };

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function sortKey(value: unknown): SortKey {
  if (value === undefined || value === null || value === '') return { rank: 2 };
  if (typeof value === 'number') return Number.isNaN(value) ? { rank: 2 } : { rank: 0, n: value };
  if (typeof value === 'bigint') return { rank: 0, n: value };
  if (typeof value === 'string' && numericText.test(value)) {
    // Big integer strings compare exactly; Number would round ids past 2^53.
    return /^-?\d+$/.test(value) && value.length > 15
      ? { rank: 0, n: BigInt(value) }
      : { rank: 0, n: Number(value) };
  }
  return { rank: 1, s: cellText(value) };
}

/**
 * Ascending order of two cells: numbers (also numeric strings and bigints) numerically and
 * before text, text in natural order ("item2" < "item10"), empty cells last.
 */
export function compareCells(a: unknown, b: unknown): number {
  return compareKeys(sortKey(a), sortKey(b));
}

function compareKeys(x: SortKey, y: SortKey): number {
  if (x.rank !== y.rank) return x.rank - y.rank;
  if (x.rank === 0 && y.rank === 0) return x.n < y.n ? -1 : x.n > y.n ? 1 : 0;
  if (x.rank === 1 && y.rank === 1) return collator.compare(x.s, y.s);
  return 0;
}

export type SortDirection = 'asc' | 'desc';

/**
 * Row order for a sort by one column, as indexes into `rows`: stable (equal cells keep their
 * printed order, in both directions), and empty cells stay last when descending too.
 */
export function sortedOrder(
  rows: readonly (readonly unknown[])[],
  column: number,
  direction: SortDirection,
): number[] {
  // Keys once per row, not once per comparison: cellText of an object cell is not free.
  const keys = rows.map((row) => sortKey(row[column]));
  const order = rows.map((_row, i) => i);
  const sign = direction === 'asc' ? 1 : -1;
  order.sort((i, j) => {
    const a = keys[i]!;
    const b = keys[j]!;
    const aEmpty = a.rank === 2;
    const bEmpty = b.rank === 2;
    if (aEmpty !== bEmpty) return aEmpty ? 1 : -1;
    return sign * compareKeys(a, b) || i - j;
  });
  return order;
}

export interface WindowInput {
  readonly scrollTop: number;
  readonly viewportHeight: number;
  readonly rowHeight: number;
  readonly rowCount: number;
  /** Rows rendered beyond each edge so fast scrolling shows no gaps (default 8). */
  readonly overscan?: number;
}

export interface RowWindow {
  /** First rendered row (inclusive). */
  readonly start: number;
  /** Row after the last rendered one (exclusive). */
  readonly end: number;
  /** Pixel offset of row `start` from the top of the body. */
  readonly offset: number;
  /** Height of the whole body: what the spacer makes scrollable. */
  readonly totalHeight: number;
}

/** The rows a viewport scrolled to `scrollTop` shows, plus overscan, clamped to the data. */
export function visibleWindow(input: WindowInput): RowWindow {
  const { rowHeight, rowCount } = input;
  const overscan = input.overscan ?? 8;
  const totalHeight = rowCount * rowHeight;
  if (rowCount === 0 || rowHeight <= 0) return { start: 0, end: 0, offset: 0, totalHeight };
  const scrollTop = Math.max(0, Math.min(input.scrollTop, Math.max(0, totalHeight - 1)));
  const first = Math.floor(scrollTop / rowHeight);
  const shown = Math.ceil(Math.max(0, input.viewportHeight) / rowHeight) + 1;
  const start = Math.max(0, first - overscan);
  const end = Math.min(rowCount, first + shown + overscan);
  return { start, end, offset: start * rowHeight, totalHeight };
}

/**
 * Column widths in pixels from the header and a sample of cell texts: a virtualised table
 * cannot let the browser size columns from rows that are not in the DOM.
 */
export function columnWidths(
  table: ResultTable,
  options: { charWidth?: number; min?: number; max?: number; sample?: number } = {},
): number[] {
  const charWidth = options.charWidth ?? 7.5;
  const min = options.min ?? 64;
  const max = options.max ?? 360;
  const sample = table.rows.slice(0, options.sample ?? 200);
  return table.columns.map((name, c) => {
    let chars = name.length + 3; // room for the sort arrow
    for (const row of sample) chars = Math.max(chars, Math.min(cellText(row[c]).length, 200));
    return Math.round(Math.min(max, Math.max(min, chars * charWidth + 16)));
  });
}
