// What a cell shows for each of its outputs. Results get a tab bar (Table | JSON | Graph, the
// graph only when the result holds vertices or edges) and a toolbar of exports; text is shown
// as preformatted text and errors with their code and position. Views are built the first time
// their tab opens, and every value from the server reaches the DOM as text, never as HTML.
import type { GraphElements } from './graph-elements.js';
import { extractGraph } from './graph-elements.js';
import type { ExpandVertex, GraphView } from './graph-view.js';
import { createGraphView } from './graph-view.js';
import { downloadBlob, downloadCsv, downloadJson, safeFilename } from './export.js';
import type { JsonView } from './json-view.js';
import { createJsonView } from './json-view.js';
import type { TableView } from './table-view.js';
import { createTableView } from './table-view.js';
import type { TableSection } from './tables.js';
import { resultSections } from './tables.js';
import { el } from './node.js';

/** The `results` output of a cell (see src/notebook/format/notebook.ts). */
export interface ResultsOutput {
  readonly kind?: 'results';
  readonly results: readonly unknown[];
  readonly label?: string;
  readonly truncated?: boolean;
}

export interface ErrorOutput {
  readonly code: string;
  readonly message: string;
  readonly line?: number;
  readonly column?: number;
}

export interface RenderOptions {
  /** Fetches a vertex's neighbourhood for the graph view's "Expand"; without it there is none. */
  readonly onExpand?: ExpandVertex;
  /** Elements above which the graph waits for confirmation (default 5,000). */
  readonly confirmGraphAbove?: number;
}

export interface RenderedOutput {
  /** Removes the output and releases its listeners and canvas. */
  dispose(): void;
}

type Tab = 'table' | 'json' | 'graph';

function button(text: string, testid: string, title: string): HTMLButtonElement {
  const b = el('button', 'gwb-out-button', text);
  b.type = 'button';
  b.dataset.testid = testid;
  b.title = title;
  return b;
}

export function renderResultsOutput(
  container: HTMLElement,
  output: ResultsOutput,
  options: RenderOptions = {},
): RenderedOutput {
  const results = output.results;
  const base = safeFilename(output.label ?? 'result');
  const sections = resultSections(results);
  const graph: GraphElements = extractGraph(results);
  const tabs: Tab[] = graph.count > 0 ? ['table', 'json', 'graph'] : ['table', 'json'];
  const titles: Record<Tab, string> = { table: 'Table', json: 'JSON', graph: 'Graph' };

  const root = el('div', 'gwb-out-results');
  const bar = el('div', 'gwb-out-bar');
  const tablist = el('div', 'gwb-out-tabs');
  tablist.setAttribute('role', 'tablist');
  const toolbar = el('div', 'gwb-out-toolbar');
  bar.append(tablist, toolbar);
  root.append(bar);
  if (output.truncated === true) {
    root.append(
      el(
        'p',
        'gwb-out-note',
        'Only part of this result was stored with the notebook. Run the cell again to see all of it.',
      ),
    );
  }

  const panels = new Map<Tab, HTMLElement>();
  const tabButtons = new Map<Tab, HTMLButtonElement>();
  let tableViews: TableView[] = [];
  let jsonView: JsonView | undefined;
  let graphView: GraphView | undefined;
  let active: Tab = 'table';

  const csv = button('Export CSV', 'export-csv', 'Download each table as a CSV file');
  const json = button('Export JSON', 'export-json', 'Download the result as JSON');
  const png = button('Export PNG', 'export-png', 'Download the graph as a PNG image');
  csv.hidden = sections.length === 0;
  png.hidden = true;
  toolbar.append(csv, json, png);

  const exportSection = (section: TableSection, many: boolean): void =>
    downloadCsv(
      many ? `${base}-${safeFilename(section.title, 'table')}.csv` : `${base}.csv`,
      section.table,
    );
  csv.addEventListener('click', () => {
    // One file per table: a CSV file holds one rectangle.
    const current = tableViews.map((v) => v.current());
    for (const section of current) exportSection(section, current.length > 1);
  });
  json.addEventListener('click', () => downloadJson(`${base}.json`, results));
  png.addEventListener('click', () => graphView?.exportPng(`${base}.png`, downloadBlob));

  function build(tab: Tab, panel: HTMLElement): void {
    if (tab === 'table') {
      if (sections.length === 0) {
        panel.append(el('p', 'gwb-out-empty', 'Nothing was printed.'));
        return;
      }
      tableViews = sections.map((section) =>
        createTableView(section, {
          onExportCsv: sections.length > 1 ? (s) => exportSection(s, true) : undefined,
        }),
      );
      panel.append(...tableViews.map((v) => v.element));
    } else if (tab === 'json') {
      jsonView = createJsonView(results);
      panel.append(jsonView.element);
    } else {
      graphView = createGraphView(panel, graph, {
        onExpand: options.onExpand,
        confirmAbove: options.confirmGraphAbove,
        onDrawn: () => {
          png.disabled = false;
        },
      });
    }
  }

  function select(tab: Tab): void {
    active = tab;
    for (const t of tabs) {
      const b = tabButtons.get(t)!;
      b.setAttribute('aria-selected', String(t === tab));
      b.tabIndex = t === tab ? 0 : -1;
      const panel = panels.get(t);
      if (panel !== undefined) panel.hidden = t !== tab;
    }
    let panel = panels.get(tab);
    if (panel === undefined) {
      panel = el('div', `gwb-out-panel gwb-out-panel-${tab}`);
      panel.setAttribute('role', 'tabpanel');
      panel.id = `${tabButtons.get(tab)!.id}-panel`;
      panel.setAttribute('aria-labelledby', tabButtons.get(tab)!.id);
      panels.set(tab, panel);
      root.append(panel);
      // Built once visible: cytoscape measures its container when it starts.
      build(tab, panel);
    }
    png.hidden = tab !== 'graph';
    png.disabled = !(graphView?.isDrawn() ?? false);
  }

  const idBase = `gwb-out-${Math.random().toString(36).slice(2, 10)}`;
  for (const tab of tabs) {
    const b = el('button', 'gwb-out-tab', titles[tab]);
    b.type = 'button';
    b.id = `${idBase}-${tab}`;
    b.dataset.testid = `tab-${tab}`;
    b.setAttribute('role', 'tab');
    b.setAttribute('aria-controls', `${b.id}-panel`);
    b.addEventListener('click', () => select(tab));
    tabButtons.set(tab, b);
    tablist.append(b);
  }
  // Arrow keys move between tabs, as the ARIA tabs pattern expects.
  tablist.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next =
      tabs[
        (tabs.indexOf(active) + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length
      ]!;
    select(next);
    tabButtons.get(next)?.focus();
    event.preventDefault();
  });

  container.append(root);
  select('table');

  return {
    dispose(): void {
      for (const v of tableViews) v.dispose();
      jsonView?.dispose();
      graphView?.dispose();
      root.remove();
    },
  };
}

/** Shell text or a message: preformatted, as text. Accepts the output or its text. */
export function renderTextOutput(
  container: HTMLElement,
  output: string | { readonly text: string },
): RenderedOutput {
  const pre = el('pre', 'gwb-out-text', typeof output === 'string' ? output : output.text);
  container.append(pre);
  return { dispose: () => pre.remove() };
}

/** Where an error points, e.g. "line 3, column 7"; empty without a line. */
export function errorPosition(error: Pick<ErrorOutput, 'line' | 'column'>): string {
  if (error.line === undefined) return '';
  return error.column === undefined
    ? `line ${error.line}`
    : `line ${error.line}, column ${error.column}`;
}

/** An error: its message, then its code and position (the editor marks the line itself). */
export function renderErrorOutput(container: HTMLElement, error: ErrorOutput): RenderedOutput {
  const box = el('div', 'gwb-out-error');
  box.setAttribute('role', 'alert');
  box.dataset.testid = 'output-error';
  box.append(el('pre', 'gwb-out-error-message', error.message));
  const meta = el('div', 'gwb-out-error-meta');
  meta.append(el('span', 'gwb-out-error-code', error.code));
  const position = errorPosition(error);
  if (position !== '') meta.append(el('span', 'gwb-out-error-position', position));
  box.append(meta);
  container.append(box);
  return { dispose: () => box.remove() };
}
