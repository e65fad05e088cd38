// One notebook file on disk: loaded (or created) on open, kept in memory, and saved atomically
// after every change (write a temporary file, fsync, rename over the old one, fsync the folder),
// so a crash or a reload never leaves a half-written notebook. Saves are serialized per file.
// The browser owns the cells' sources; the runs own the outputs: edits replace sources and keep
// the outputs stored for the same cell id, runs record outputs without touching sources.
// Concurrent writers (two tabs on one file, or an editor changing the file on disk) are detected:
// every edit of the sources bumps a revision, a page saves against the revision it last saw and
// is refused with GWB-NOTEBOOK-CONFLICT when another writer came first; a change of the file on
// disk (its mtime moved without us) is read back in and counts as another writer.
import { open, readFile, rename, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseJson, stringifyJson } from '../../core/json.js';
import {
  emptyNotebook,
  notebookSchema,
  type Cell,
  type CellEdit,
  type CellOutput,
  type CellRun,
  type Notebook,
} from '../format/notebook.js';
import { NotebookError } from './errors.js';

/** Outputs larger than this are cut when stored, so the file stays diffable and quick to load. */
const maxStoredOutputChars = 2_000_000;

/** Two-space JSON with bigints kept exact, keys in the order the format defines. */
export function serializeNotebook(notebook: Notebook): string {
  const ordered: Notebook = {
    format: notebook.format,
    version: notebook.version,
    metadata: notebook.metadata,
    cells: notebook.cells.map(orderCell),
  };
  return `${stringifyJson(ordered, 2)}\n`;
}

function orderCell(cell: Cell): Cell {
  return {
    id: cell.id,
    kind: cell.kind,
    source: cell.source,
    ...(cell.parameters !== undefined ? { parameters: cell.parameters } : {}),
    ...(cell.outputs !== undefined ? { outputs: cell.outputs } : {}),
    ...(cell.run !== undefined ? { run: cell.run } : {}),
  };
}

export function parseNotebook(text: string, file: string): Notebook {
  let json: unknown;
  try {
    json = parseJson(text);
  } catch (error) {
    throw new NotebookError('GWB-NOTEBOOK-FORMAT', `${file}: not JSON (${String(error)})`);
  }
  const parsed = notebookSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? issue.path.join('.') : '';
    throw new NotebookError(
      'GWB-NOTEBOOK-FORMAT',
      `${file}: not a gwb notebook (${where ? `${where}: ` : ''}${issue?.message ?? 'invalid'})`,
    );
  }
  return parsed.data;
}

/** Stored outputs are capped: a too-large results output keeps its label and a note. */
function capOutputs(outputs: CellOutput[]): CellOutput[] {
  return outputs.map((output) => {
    if (output.kind !== 'results') return output;
    const size = stringifyJson(output.results).length;
    if (size <= maxStoredOutputChars) return output;
    return { ...output, results: [], truncated: true };
  });
}

export async function writeAtomically(file: string, text: string): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  const handle = await open(temp, 'w', 0o644);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, file);
  const dir = await open(dirname(file), 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}

async function mtimeOf(file: string): Promise<number | undefined> {
  return stat(file).then(
    (s) => s.mtimeMs,
    () => undefined,
  );
}

export class NotebookStore {
  private queue: Promise<void> = Promise.resolve();
  /** Bumped by every change of the sources (edit, import, a change on disk); runs keep it. */
  private editRevision = 0;
  /** The file's mtime after our last write or read: anything else means another writer. */
  private diskMtime: number | undefined;

  private constructor(
    readonly file: string,
    private notebook: Notebook,
  ) {}

  /** Opens `file`, creating an empty notebook there when it does not exist. */
  static async open(file: string, graph?: string): Promise<NotebookStore> {
    const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (text !== undefined) {
      const opened = new NotebookStore(file, parseNotebook(text, file));
      opened.diskMtime = await mtimeOf(file);
      return opened;
    }
    const store = new NotebookStore(file, emptyNotebook(graph));
    await store.save();
    return store;
  }

  get current(): Notebook {
    return this.notebook;
  }

  /** The revision of the sources a page must save against. */
  get revision(): number {
    return this.editRevision;
  }

  /** The notebook and its revision, after taking in a change made to the file on disk. */
  async read(): Promise<{ notebook: Notebook; revision: number }> {
    await this.takeDiskChange();
    return { notebook: this.notebook, revision: this.editRevision };
  }

  /**
   * Replaces metadata and cell sources; outputs of cells that keep their id are kept. With
   * `baseRevision` (what the page last loaded or saved), refuses when another writer came since.
   * Answers the new revision.
   */
  async edit(
    metadata: Notebook['metadata'],
    cells: readonly CellEdit[],
    baseRevision?: number,
  ): Promise<number> {
    await this.takeDiskChange();
    if (baseRevision !== undefined && baseRevision !== this.editRevision) {
      throw new NotebookError(
        'GWB-NOTEBOOK-CONFLICT',
        `save ${this.file}: the notebook was changed by another page or program since this ` +
          `page loaded it (revision ${this.editRevision}, this page has ${baseRevision}); ` +
          'reload it, or overwrite the other changes',
      );
    }
    const ids = new Set<string>();
    for (const cell of cells) {
      if (ids.has(cell.id)) {
        throw new NotebookError('GWB-NOTEBOOK-EDIT', `two cells have the id '${cell.id}'`);
      }
      ids.add(cell.id);
    }
    const old = new Map(this.notebook.cells.map((c) => [c.id, c]));
    this.notebook = {
      ...this.notebook,
      metadata,
      cells: cells.map((edit) => {
        const before = old.get(edit.id);
        return {
          ...edit,
          ...(before?.outputs !== undefined ? { outputs: before.outputs } : {}),
          ...(before?.run !== undefined ? { run: before.run } : {}),
        };
      }),
    };
    this.editRevision += 1;
    await this.save();
    return this.editRevision;
  }

  /** Records a run's outputs on the cell with that id, if it still exists. */
  async recordRun(cellId: string, outputs: CellOutput[], run: CellRun): Promise<void> {
    if (!this.notebook.cells.some((c) => c.id === cellId)) return;
    const stored = capOutputs(outputs);
    this.notebook = {
      ...this.notebook,
      cells: this.notebook.cells.map((c) => (c.id === cellId ? { ...c, outputs: stored, run } : c)),
    };
    await this.save();
  }

  /** Replaces the whole notebook (import). */
  async replace(notebook: Notebook): Promise<void> {
    this.notebook = notebook;
    this.editRevision += 1;
    await this.save();
  }

  /** When the file's mtime moved without us, reads it back in as a new revision. */
  private async takeDiskChange(): Promise<void> {
    await this.queue; // our own writes first: their mtimes are recorded when they finish
    const mtime = await mtimeOf(this.file);
    if (mtime === undefined || mtime === this.diskMtime) return;
    const text = await readFile(this.file, 'utf8').catch(() => undefined);
    if (text === undefined) return;
    this.diskMtime = mtime;
    if (text === serializeNotebook(this.notebook)) return;
    this.notebook = parseNotebook(text, this.file);
    this.editRevision += 1;
  }

  private save(): Promise<void> {
    const snapshot = this.notebook;
    const next = this.queue.then(async () => {
      await writeAtomically(this.file, serializeNotebook(snapshot));
      this.diskMtime = await mtimeOf(this.file);
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}
