// One cell on the page: a toolbar (kind, run, stop, move, delete, add), the cell's editor or form,
// its run status (state, time, request ids) and its outputs. The view asks the app to run or stop;
// it never talks to the server about runs itself.
import type { Cell, CellKind, CellOutput } from '../../format/notebook.js';
import { sourceText } from '../../format/notebook.js';
import { button, el, select } from '../dom.js';
import { createCellEditor, type CellEditorHandle } from '../editor/cell-editor.js';
import { renderMarkdown } from '../markdown.js';
import {
  renderErrorOutput,
  renderResultsOutput,
  renderTextOutput,
} from '../outputs/render-output.js';
import { pathForm } from './path-form.js';
import { queryForm } from './query-form.js';

export interface CellHost {
  readonly graph: string | undefined;
  readonly vertexTypes: readonly string[];
  setSource(id: string, text: string): void;
  setParameters(id: string, parameters: Record<string, unknown>): void;
  setKind(id: string, kind: CellKind): void;
  run(id: string, advance: boolean): void;
  stop(id: string): void;
  move(id: string, by: -1 | 1): void;
  remove(id: string): void;
  insertAfter(id: string, kind: CellKind): void;
  expand(vertex: { type: string; id: string }): Promise<unknown[]>;
}

const kindLabels: [CellKind, string][] = [
  ['gsql', 'GSQL'],
  ['query', 'Installed query'],
  ['path', 'Path'],
  ['markdown', 'Markdown'],
];

export class CellView {
  readonly root: HTMLElement;
  private readonly body = el('div', { class: 'gwb-cell-body' });
  private readonly status = el('div', { class: 'gwb-cell-status', 'data-testid': 'cell-status' });
  private readonly outputs = el('div', {
    class: 'gwb-cell-outputs',
    'data-testid': 'cell-outputs',
  });
  private editor: CellEditorHandle | undefined;
  private disposers: (() => void)[] = [];
  private editingMarkdown = false;

  constructor(
    private cell: Cell,
    private readonly host: CellHost,
  ) {
    const toolbar = el(
      'div',
      { class: 'gwb-cell-toolbar' },
      select(kindLabels, cell.kind, { 'data-testid': 'cell-kind' }, (kind) =>
        host.setKind(cell.id, kind as CellKind),
      ),
      button('▶ Run', { 'data-testid': 'run-cell', title: 'Run (Ctrl+Enter)' }, () =>
        host.run(cell.id, false),
      ),
      button('■ Stop', { 'data-testid': 'stop-cell', class: 'gwb-stop' }, () => host.stop(cell.id)),
      el('span', { class: 'gwb-spacer' }),
      button('↑', { title: 'Move up' }, () => host.move(cell.id, -1)),
      button('↓', { title: 'Move down' }, () => host.move(cell.id, 1)),
      button('+', { title: 'Add a cell below', 'data-testid': 'add-below' }, () =>
        host.insertAfter(cell.id, 'gsql'),
      ),
      button('✕', { title: 'Delete the cell', 'data-testid': 'delete-cell' }, () =>
        host.remove(cell.id),
      ),
    );
    this.root = el(
      'section',
      { class: `gwb-cell gwb-cell-${cell.kind}`, 'data-cell-id': cell.id, 'data-testid': 'cell' },
      toolbar,
      this.body,
      this.status,
      this.outputs,
    );
    this.renderBody();
    this.showRun();
    this.showOutputs(cell.outputs ?? []);
  }

  get id(): string {
    return this.cell.id;
  }

  focus(): void {
    if (this.editor) this.editor.focus();
    else this.root.querySelector<HTMLElement>('input,select,textarea')?.focus();
  }

  setRunning(running: boolean): void {
    this.root.classList.toggle('gwb-running', running);
    if (running) {
      this.status.textContent = 'running…';
      this.editor?.clearRunError();
    }
  }

  /** After a run: the new status and outputs; a GSQL error with a position marks the line. */
  update(cell: Cell): void {
    this.cell = cell;
    this.showRun();
    this.showOutputs(cell.outputs ?? []);
    const error = (cell.outputs ?? []).find((o) => o.kind === 'error');
    if (error?.kind === 'error' && error.line !== undefined && this.editor) {
      this.editor.markError(error.line, error.column ?? 1, `${error.code}: ${error.message}`);
    }
    if (cell.kind === 'markdown') {
      this.editingMarkdown = false;
      this.renderBody();
    }
  }

  dispose(): void {
    for (const d of this.disposers) d();
    this.disposers = [];
    this.editor?.dispose();
    this.editor = undefined;
  }

  private renderBody(): void {
    this.editor?.dispose();
    this.editor = undefined;
    this.body.replaceChildren();
    const cell = this.cell;
    const host = this.host;
    switch (cell.kind) {
      case 'gsql':
        this.mountEditor('gsql');
        return;
      case 'markdown': {
        const text = sourceText(cell.source);
        if (this.editingMarkdown || text.trim() === '') {
          this.mountEditor('markdown');
          return;
        }
        const view = el('div', { class: 'gwb-markdown', 'data-testid': 'markdown-view' });
        renderMarkdown(view, text);
        view.addEventListener('dblclick', () => {
          this.editingMarkdown = true;
          this.renderBody();
          this.editor?.focus();
        });
        this.body.append(view);
        return;
      }
      case 'query':
      case 'path': {
        // Both forms edit the cell's parameters against the page's graph and vertex types.
        const form = cell.kind === 'query' ? queryForm : pathForm;
        this.body.append(
          form({
            graph: host.graph,
            vertexTypes: host.vertexTypes,
            parameters: cell.parameters,
            onChange: (p) => host.setParameters(cell.id, p),
          }),
        );
        return;
      }
    }
  }

  private mountEditor(language: 'gsql' | 'markdown'): void {
    const box = el('div', { class: 'gwb-editor', 'data-testid': 'cell-editor' });
    this.body.append(box);
    const id = this.cell.id;
    this.editor = createCellEditor(box, {
      value: sourceText(this.cell.source),
      language,
      onChange: (text) => this.host.setSource(id, text),
      onRun: () => this.host.run(id, false),
      onRunAndAdvance: () => this.host.run(id, true),
    });
  }

  private showRun(): void {
    const run = this.cell.run;
    if (!run) {
      this.status.textContent = '';
      return;
    }
    const parts = [
      run.status,
      `${run.ms < 1000 ? `${run.ms} ms` : `${(run.ms / 1000).toFixed(2)} s`}`,
      run.graph ? `graph ${run.graph}` : undefined,
      run.requestIds?.length ? `request ${run.requestIds.join(', ')}` : undefined,
      new Date(run.at).toLocaleTimeString(),
    ].filter((p) => p !== undefined);
    this.status.textContent = parts.join(' · ');
    this.status.dataset.status = run.status;
  }

  private showOutputs(outputs: readonly CellOutput[]): void {
    for (const d of this.disposers) d();
    this.disposers = [];
    this.outputs.replaceChildren();
    for (const output of outputs) {
      const box = el('div', { class: 'gwb-output' });
      this.outputs.append(box);
      if (output.kind === 'results') {
        if (output.label) box.append(el('div', { class: 'gwb-output-label' }, output.label));
        const view = el('div');
        box.append(view);
        const handle = renderResultsOutput(view, output, {
          onExpand: (v) => this.host.expand({ type: v.type, id: String(v.id) }),
        });
        this.disposers.push(() => handle.dispose());
      } else if (output.kind === 'text') renderTextOutput(box, output.text);
      else renderErrorOutput(box, output);
    }
  }
}
