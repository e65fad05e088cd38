// The notebook as the page holds it: cells in order with their sources and last outputs, the graph
// in use, and a saver that sends the editable part to the server shortly after every change (and
// at once before a run or when the page is hidden), so nothing typed is lost on reload. Saves
// carry the revision the page last saw: when another tab or program wrote the file first, the
// server refuses, the doc stops saving and says 'conflict', and the page offers reload or
// overwrite (as Jupyter does).
import { api, ApiError } from './api.js';
import {
  sourceLines,
  sourceText,
  type Cell,
  type CellEdit,
  type CellKind,
  type Notebook,
} from '../format/notebook.js';

const saveDelayMs = 300;

export type SaveState = 'saved' | 'pending' | 'saving' | 'failed' | 'conflict';

export class NotebookDoc {
  cells: Cell[];
  metadata: Notebook['metadata'];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private saving: Promise<void> = Promise.resolve();
  private dirty = false;
  /** Another writer came first: nothing is saved until the user picks reload or overwrite. */
  private conflicted = false;
  onSaveState: (state: SaveState, error?: unknown) => void = () => undefined;

  constructor(
    notebook: Notebook,
    private revision: number,
  ) {
    this.cells = notebook.cells;
    this.metadata = notebook.metadata;
  }

  get inConflict(): boolean {
    return this.conflicted;
  }

  /** Saves this page's version over the other writer's (the user chose to overwrite). */
  async overwrite(): Promise<void> {
    const latest = await api.notebook();
    this.revision = latest.revision;
    this.conflicted = false;
    this.dirty = true;
    await this.flush();
  }

  get graph(): string | undefined {
    return this.metadata.graph;
  }

  cell(id: string): Cell | undefined {
    return this.cells.find((c) => c.id === id);
  }

  text(id: string): string {
    return sourceText(this.cell(id)?.source ?? []);
  }

  setGraph(graph: string | undefined): void {
    this.metadata = { ...this.metadata, ...(graph === undefined ? {} : { graph }) };
    if (graph === undefined) delete (this.metadata as { graph?: string }).graph;
    this.changed();
  }

  setSource(id: string, text: string): void {
    this.update(id, (c) => ({ ...c, source: sourceLines(text) }));
  }

  setParameters(id: string, parameters: Record<string, unknown>): void {
    this.update(id, (c) => ({ ...c, parameters }));
  }

  setKind(id: string, kind: CellKind): void {
    this.update(id, (c) => {
      const { outputs: _o, run: _r, parameters: _p, ...rest } = c;
      return { ...rest, kind };
    });
  }

  setRun(id: string, outputs: Cell['outputs'], run: Cell['run']): void {
    const cell = this.cell(id);
    if (!cell) return;
    this.cells = this.cells.map((c) =>
      c.id === id ? { ...c, ...(outputs ? { outputs } : {}), ...(run ? { run } : {}) } : c,
    );
  }

  /** Inserts a new cell after `after` (or at the end) and answers it. */
  insert(kind: CellKind, after?: string, source = ''): Cell {
    const cell: Cell = { id: newCellId(), kind, source: sourceLines(source) };
    const at =
      after === undefined ? this.cells.length : this.cells.findIndex((c) => c.id === after) + 1;
    this.cells = [...this.cells.slice(0, at), cell, ...this.cells.slice(at)];
    this.changed();
    return cell;
  }

  remove(id: string): void {
    this.cells = this.cells.filter((c) => c.id !== id);
    this.changed();
  }

  move(id: string, by: -1 | 1): void {
    const at = this.cells.findIndex((c) => c.id === id);
    const to = at + by;
    if (at < 0 || to < 0 || to >= this.cells.length) return;
    const cells = [...this.cells];
    const [cell] = cells.splice(at, 1);
    if (cell) cells.splice(to, 0, cell);
    this.cells = cells;
    this.changed();
  }

  edits(): CellEdit[] {
    return this.cells.map((c) => ({
      id: c.id,
      kind: c.kind,
      source: c.source,
      ...(c.parameters !== undefined ? { parameters: c.parameters } : {}),
    }));
  }

  /** Saves now if anything changed; resolves when the server has it. */
  flush(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.dirty || this.conflicted) return this.saving;
    this.dirty = false;
    const metadata = this.metadata;
    const cells = this.edits();
    this.onSaveState('saving');
    this.saving = this.saving
      .then(() => api.save(metadata, cells, this.revision))
      .then(
        (answer) => {
          this.revision = answer.revision;
          this.onSaveState(this.dirty ? 'pending' : 'saved');
        },
        (error: unknown) => {
          this.dirty = true;
          this.conflicted = error instanceof ApiError && error.code === 'GWB-NOTEBOOK-CONFLICT';
          this.onSaveState(this.conflicted ? 'conflict' : 'failed', error);
        },
      );
    return this.saving;
  }

  private update(id: string, change: (cell: Cell) => Cell): void {
    this.cells = this.cells.map((c) => (c.id === id ? change(c) : c));
    this.changed();
  }

  private changed(): void {
    this.dirty = true;
    if (this.conflicted) return;
    this.onSaveState('pending');
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), saveDelayMs);
  }
}

function newCellId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `c${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
