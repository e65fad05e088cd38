// The Table tab: one sortable, virtualised table per tabular PRINT item. Only the rows in view
// (plus a little overscan) are in the DOM, placed at fixed row heights inside a body as tall as
// all rows, so 100,000 rows scroll as smoothly as 10. Cells are set with textContent only.
import type { ResultTable } from '../../../core/results/index.js';
import { cellText } from '../../../core/results/index.js';
import type { SortDirection, TableSection } from './tables.js';
import { columnWidths, sortedOrder, visibleWindow } from './tables.js';
import { el } from './node.js';

export interface TableViewOptions {
  /** Height of every row and of the header in pixels (default 28; must match outputs.css). */
  readonly rowHeight?: number;
  /** Called by the section's CSV button with the rows in their shown order. */
  readonly onExportCsv?: (section: TableSection) => void;
}

export interface TableView {
  readonly element: HTMLElement;
  /** The table in its shown (sorted) order, for exports. */
  current(): TableSection;
  dispose(): void;
}

/** A cell longer than this is cut in the DOM (the tooltip and exports keep more). */
const maxCellChars = 1_000;

function rowsLabel(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;
}

export function createTableView(section: TableSection, options: TableViewOptions = {}): TableView {
  const rowHeight = options.rowHeight ?? 28;
  const { table } = section;
  const widths = columnWidths(table);
  const totalWidth = widths.reduce((a, b) => a + b, 0);
  let order: number[] | undefined; // undefined: printed order
  let sort: { column: number; direction: SortDirection } | undefined;
  let shown: { start: number; end: number } | undefined;
  let frame = 0;

  const root = el('section', 'gwb-out-table-section');
  const heading = el('div', 'gwb-out-table-heading');
  heading.append(
    el('span', 'gwb-out-table-title', section.title),
    el('span', 'gwb-out-table-count', rowsLabel(table.rows.length)),
  );
  if (options.onExportCsv !== undefined) {
    const onExport = options.onExportCsv;
    const csv = el('button', 'gwb-out-button gwb-out-small', 'CSV');
    csv.type = 'button';
    csv.title = `Export ${section.title} as CSV`;
    csv.dataset.testid = 'export-csv-table';
    csv.addEventListener('click', () => onExport(view.current()));
    heading.append(csv);
  }

  const viewport = el('div', 'gwb-out-table-viewport');
  viewport.dataset.testid = 'result-table';
  viewport.setAttribute('role', 'table');
  viewport.setAttribute('aria-label', section.title);
  viewport.setAttribute('aria-rowcount', String(table.rows.length + 1));
  viewport.tabIndex = 0; // keyboard scrolling
  viewport.style.setProperty('--gwb-out-row-height', `${rowHeight}px`);

  const inner = el('div', 'gwb-out-table-inner');
  inner.style.width = `${totalWidth}px`;
  const header = el('div', 'gwb-out-table-header');
  header.setAttribute('role', 'row');
  header.setAttribute('aria-rowindex', '1');
  const headerCells = table.columns.map((name, c) => {
    const th = el('button', 'gwb-out-th');
    th.type = 'button';
    th.setAttribute('role', 'columnheader');
    th.setAttribute('aria-sort', 'none');
    th.style.width = `${widths[c] ?? 100}px`;
    th.title = `Sort by ${name}`;
    th.append(el('span', 'gwb-out-th-name', name), el('span', 'gwb-out-th-arrow'));
    th.addEventListener('click', () => toggleSort(c));
    header.append(th);
    return th;
  });
  const body = el('div', 'gwb-out-table-body');
  body.style.height = `${table.rows.length * rowHeight}px`;
  inner.append(header, body);
  viewport.append(inner);
  if (table.rows.length === 0) viewport.append(el('div', 'gwb-out-table-empty', 'No rows.'));
  root.append(heading, viewport);

  const rowAt = (i: number): readonly unknown[] =>
    table.rows[order === undefined ? i : order[i]!] ?? [];

  function renderRow(i: number): HTMLElement {
    const row = el('div', i % 2 === 0 ? 'gwb-out-tr' : 'gwb-out-tr gwb-out-odd');
    row.setAttribute('role', 'row');
    row.setAttribute('aria-rowindex', String(i + 2));
    row.style.top = `${i * rowHeight}px`;
    const values = rowAt(i);
    table.columns.forEach((_name, c) => {
      const value = values[c];
      const text = cellText(value);
      const numeric = typeof value === 'number' || typeof value === 'bigint';
      const td = el('div', numeric ? 'gwb-out-td gwb-out-num' : 'gwb-out-td');
      td.setAttribute('role', 'cell');
      td.style.width = `${widths[c] ?? 100}px`;
      td.textContent = text.length > maxCellChars ? `${text.slice(0, maxCellChars)}…` : text;
      if (text.length > 20) td.title = text.slice(0, 4 * maxCellChars);
      row.append(td);
    });
    return row;
  }

  function render(force = false): void {
    const range = visibleWindow({
      // The sticky header sits above the body inside the scrolled box.
      scrollTop: viewport.scrollTop - rowHeight,
      viewportHeight: viewport.clientHeight || 400,
      rowHeight,
      rowCount: table.rows.length,
    });
    if (!force && shown?.start === range.start && shown.end === range.end) return;
    shown = { start: range.start, end: range.end };
    const rows: HTMLElement[] = [];
    for (let i = range.start; i < range.end; i++) rows.push(renderRow(i));
    body.replaceChildren(...rows);
  }

  function schedule(): void {
    if (frame !== 0) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      render();
    });
  }

  function toggleSort(column: number): void {
    // asc -> desc -> printed order, the usual three-state header.
    if (sort?.column !== column) sort = { column, direction: 'asc' };
    else if (sort.direction === 'asc') sort = { column, direction: 'desc' };
    else sort = undefined;
    order = sort === undefined ? undefined : sortedOrder(table.rows, sort.column, sort.direction);
    headerCells.forEach((th, c) => {
      const state = sort?.column === c ? sort.direction : undefined;
      th.setAttribute(
        'aria-sort',
        state === 'asc' ? 'ascending' : state === 'desc' ? 'descending' : 'none',
      );
      const arrow = th.querySelector('.gwb-out-th-arrow');
      if (arrow !== null) arrow.textContent = state === 'asc' ? ' ▲' : state === 'desc' ? ' ▼' : '';
    });
    render(true);
  }

  viewport.addEventListener('scroll', schedule, { passive: true });
  // A table built in a hidden tab has no height yet; draw again once it is laid out.
  const resize = new ResizeObserver(() => render());
  resize.observe(viewport);
  render(true);

  const view: TableView = {
    element: root,
    current(): TableSection {
      const rows: ResultTable['rows'] =
        order === undefined ? table.rows : order.map((i) => table.rows[i] ?? []);
      return { title: section.title, table: { columns: table.columns, rows } };
    },
    dispose(): void {
      viewport.removeEventListener('scroll', schedule);
      resize.disconnect();
      if (frame !== 0) cancelAnimationFrame(frame);
      root.remove();
    },
  };
  return view;
}
