// The notebook page: header (server, graph, notebooks, run all, add, export/import), the cells, and
// the runs. Runs go to the notebook server one at a time per cell; the answer's outputs replace the
// cell's, a USE GRAPH switches the page's graph, DDL refreshes the completion schema.
import type { CompletionSchema } from '../../core/gsql/index.js';
import type { CellKind } from '../format/notebook.js';
import { api, ApiError } from './api.js';
import type { SessionInfo } from '../protocol.js';
import { CellView, type CellHost } from './cells/cell-view.js';
import type { NotebookDoc } from './doc.js';
import { type SaveState } from './doc.js';
import { button, el, select } from './dom.js';
import { setSchemaProvider } from './editor/monaco-setup.js';
import { renderSidePanel, type SidePanelHost } from './side-panel.js';
import { workspacePicker } from './workspace-picker.js';

const emptySchema: CompletionSchema = { graphs: [], vertexTypes: [], edgeTypes: [], queries: [] };

export class App implements CellHost, SidePanelHost {
  private readonly views = new Map<string, CellView>();
  private readonly list = el('main', { class: 'gwb-cells', 'data-testid': 'cells' });
  private readonly side = el('aside', { class: 'gwb-side', 'data-testid': 'side-panel' });
  private readonly saveState = el('span', { class: 'gwb-save-state', 'data-testid': 'save-state' });
  private readonly graphSlot = el('span');
  /** One line under the header: the demo's progress, or a hint when the server has no graphs. */
  private readonly notice = el('div', { class: 'gwb-notice', 'data-testid': 'notice' });
  /** Shown when another tab or program saved the file first: reload or overwrite. */
  private readonly conflictBar = el('div', {
    class: 'gwb-conflict',
    'data-testid': 'conflict',
    role: 'alert',
    hidden: '',
  });
  private schema: CompletionSchema = emptySchema;
  private running = new Set<string>();

  constructor(
    private readonly root: HTMLElement,
    private readonly session: SessionInfo,
    private readonly doc: NotebookDoc,
    private readonly file: string,
    private readonly notebooks: string[],
  ) {
    setSchemaProvider(() => this.schema);
    doc.onSaveState = (state: SaveState, error?: unknown) => {
      this.saveState.textContent =
        state === 'failed'
          ? `not saved: ${String(error)}`
          : state === 'conflict'
            ? 'not saved: changed elsewhere'
            : state === 'saved'
              ? 'saved'
              : 'saving…';
      this.saveState.dataset.state = state;
      if (state === 'conflict') this.showConflict(error);
    };
    addEventListener('pagehide', () => void doc.flush());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') void doc.flush();
    });
  }

  get graph(): string | undefined {
    return this.doc.graph;
  }

  private showConflict(error: unknown): void {
    const detail = error instanceof Error ? error.message : String(error);
    this.conflictBar.replaceChildren(
      el(
        'span',
        { title: detail },
        'This notebook was changed in another tab or program since this page loaded it. ' +
          'Your edits here are not saved.',
      ),
      button('Reload theirs', { 'data-testid': 'conflict-reload' }, () => location.reload()),
      button('Overwrite with mine', { 'data-testid': 'conflict-overwrite' }, () => {
        this.conflictBar.hidden = true;
        void this.doc.overwrite();
      }),
    );
    this.conflictBar.hidden = false;
  }

  get vertexTypes(): readonly string[] {
    return this.schema.vertexTypes.map((t) => t.name);
  }

  async start(): Promise<void> {
    // The graph in use: the notebook's, else the one given on the command line, else the only
    // (or first) graph of the server; "(global)" only when there is none.
    if (this.doc.graph === undefined) {
      const start = this.session.graph ?? this.session.graphs[0];
      if (start !== undefined) this.doc.setGraph(start);
    }
    this.root.replaceChildren(
      this.header(),
      this.conflictBar,
      this.notice,
      el('div', { class: 'gwb-body' }, this.side, this.list),
    );
    if (this.session.serverError !== undefined) {
      this.notice.textContent =
        `The graph server ${this.session.server.url} does not answer ` +
        `(${this.session.serverError}); the notebook is editable, runs fail until it is back.`;
    } else if (this.session.graphs.length === 0) {
      this.notice.textContent =
        'This server has no graphs yet: "Load demo graph" creates one (people, companies and ' +
        'cities, with four installed example queries) to try the notebook on.';
    }
    await this.refreshSchema();
    this.renderCells();
    if (this.doc.cells.length === 0) this.insertAfter(undefined, 'gsql');
  }

  private header(): HTMLElement {
    const fileName = this.file.split('/').pop() ?? this.file;
    const notebookChoice = select(
      this.notebooks,
      fileName,
      { 'data-testid': 'notebook-select' },
      (name) => {
        void this.doc.flush().then(() => location.assign(`/?file=${encodeURIComponent(name)}`));
      },
    );
    this.renderGraphChoice();
    const importInput = el('input', {
      type: 'file',
      accept: '.ipynb,application/json',
      hidden: '',
    });
    importInput.addEventListener('change', () => void this.importFile(importInput));
    const add = (kind: CellKind, label: string) =>
      button(label, { 'data-testid': `add-${kind}` }, () => this.insertAfter(undefined, kind));
    return el(
      'header',
      { class: 'gwb-header' },
      el('strong', {}, 'gwb notebook'),
      notebookChoice,
      el(
        'span',
        { class: 'gwb-server', 'data-testid': 'server', title: this.session.server.via },
        this.session.server.url,
      ),
      this.session.cloud
        ? workspacePicker(
            this.session.workspace,
            (text) => (this.notice.textContent = text),
            () => this.doc.flush(),
          )
        : undefined,
      this.graphSlot,
      button('Run all', { 'data-testid': 'run-all' }, () => void this.runAll()),
      button(
        'Load demo graph',
        { 'data-testid': 'load-demo', title: 'Create the demo graph (as \\demo in the REPL)' },
        () => void this.loadDemo(),
      ),
      add('gsql', '+ GSQL'),
      add('query', '+ Query'),
      add('path', '+ Path'),
      add('markdown', '+ Markdown'),
      el(
        'a',
        { href: api.exportUrl(), download: '', 'data-testid': 'export-ipynb' },
        'Export .ipynb',
      ),
      button('Import .ipynb', {}, () => importInput.click()),
      importInput,
      this.saveState,
    );
  }

  private renderGraphChoice(): void {
    const graphs = this.session.graphs;
    const current = this.doc.graph;
    const choices: [string, string][] = [
      ['', '(global)'],
      ...graphs.map((g): [string, string] => [g, g]),
    ];
    this.graphSlot.replaceChildren(
      el('span', {}, 'graph '),
      select(
        choices,
        current ?? '',
        { 'data-testid': 'graph-select' },
        (g) => void this.useGraph(g || undefined),
      ),
    );
  }

  private async useGraph(graph: string | undefined): Promise<void> {
    if (graph === this.doc.graph) return;
    this.doc.setGraph(graph);
    if (graph !== undefined && !this.session.graphs.includes(graph))
      this.session.graphs.push(graph);
    this.renderGraphChoice();
    await this.refreshSchema();
    this.renderCells();
  }

  private async refreshSchema(): Promise<void> {
    try {
      this.schema = await api.schema(this.doc.graph);
      for (const g of this.schema.graphs ?? [])
        if (!this.session.graphs.includes(g)) this.session.graphs.push(g);
    } catch {
      this.schema = emptySchema;
    }
    renderSidePanel(this.side, this.doc.graph, this.schema, this);
  }

  addGsqlCell(source: string): void {
    const cell = this.doc.insert('gsql', undefined, source);
    this.renderCells();
    this.views.get(cell.id)?.focus();
  }

  addQueryCell(query: string): void {
    const cell = this.doc.insert('query');
    this.doc.setParameters(cell.id, { query, inputs: {} });
    this.renderCells();
  }

  private renderCells(): void {
    for (const view of this.views.values()) view.dispose();
    this.views.clear();
    this.list.replaceChildren(
      ...this.doc.cells.map((cell) => {
        const view = new CellView(cell, this);
        this.views.set(cell.id, view);
        if (this.running.has(cell.id)) view.setRunning(true);
        return view.root;
      }),
    );
  }

  setSource(id: string, text: string): void {
    this.doc.setSource(id, text);
  }

  setParameters(id: string, parameters: Record<string, unknown>): void {
    this.doc.setParameters(id, parameters);
  }

  setKind(id: string, kind: CellKind): void {
    this.doc.setKind(id, kind);
    this.renderCells();
  }

  move(id: string, by: -1 | 1): void {
    this.doc.move(id, by);
    this.renderCells();
  }

  remove(id: string): void {
    this.doc.remove(id);
    this.renderCells();
  }

  insertAfter(id: string | undefined, kind: CellKind): void {
    const cell = this.doc.insert(kind, id);
    this.renderCells();
    this.views.get(cell.id)?.focus();
  }

  expand(vertex: { type: string; id: string }): Promise<unknown[]> {
    if (this.doc.graph === undefined) return Promise.resolve([]);
    return api.expand(this.doc.graph, vertex.type, vertex.id);
  }

  run(id: string, advance: boolean): void {
    void this.runCell(id).then(() => {
      if (!advance) return;
      const at = this.doc.cells.findIndex((c) => c.id === id);
      const next = this.doc.cells[at + 1];
      if (next) this.views.get(next.id)?.focus();
      else this.insertAfter(id, 'gsql');
    });
  }

  stop(id: string): void {
    if (!this.running.has(id)) return;
    api.stop(id).catch(() => undefined);
  }

  /** Runs one cell; answers whether it succeeded. */
  async runCell(id: string): Promise<boolean> {
    const cell = this.doc.cell(id);
    if (!cell || this.running.has(id)) return false;
    if (cell.kind === 'markdown') {
      this.views.get(id)?.update(cell);
      return true;
    }
    this.running.add(id);
    this.views.get(id)?.setRunning(true);
    try {
      await this.doc.flush();
      const edit = this.doc.edits().find((c) => c.id === id);
      if (!edit) return false;
      const answer = await api.run(edit, this.doc.graph);
      this.doc.setRun(id, answer.outputs, answer.run);
      if (answer.graph !== this.doc.graph) await this.useGraph(answer.graph);
      else if (answer.changesSchema) await this.refreshSchema();
      return answer.run.status === 'ok';
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 'GWB-NOTEBOOK';
      const message = error instanceof Error ? error.message : String(error);
      this.doc.setRun(id, [{ kind: 'error', code, message }], {
        status: 'error',
        ms: 0,
        at: new Date().toISOString(),
      });
      return false;
    } finally {
      this.running.delete(id);
      const view = this.views.get(id);
      const updated = this.doc.cell(id);
      view?.setRunning(false);
      if (view && updated) view.update(updated);
    }
  }

  async runAll(): Promise<void> {
    for (const cell of [...this.doc.cells]) {
      if (cell.kind === 'markdown') continue;
      if (!(await this.runCell(cell.id))) return;
    }
  }

  private async loadDemo(): Promise<void> {
    this.notice.textContent = 'loading the demo graph…';
    try {
      const outcome = await api.demo();
      if (!this.session.graphs.includes(outcome.graph)) this.session.graphs.push(outcome.graph);
      await this.useGraph(outcome.graph);
      this.notice.textContent = outcome.queryFailure
        ? `demo loaded; queries not installed: ${outcome.queryFailure}`
        : `demo graph loaded (${outcome.installed.join(', ')})`;
    } catch (error) {
      this.notice.textContent = `demo failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  private async importFile(input: HTMLInputElement): Promise<void> {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    try {
      const answer = await api.importIpynb(file.name, JSON.parse(await file.text()) as unknown);
      location.assign(`/?file=${encodeURIComponent(answer.file)}`);
    } catch (error) {
      alert(`Import failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
