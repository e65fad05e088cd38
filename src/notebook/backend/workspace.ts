// The notebooks of the working folder (the folder of the file `gwb notebook` opened): the page
// lists them and may open another, by plain file name only, so no request reaches outside it.
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { NotebookError } from './errors.js';
import { NotebookStore } from './store.js';

const notebookName = /^[^/\\\0]{1,200}\.gwbnb$/;

export interface NotebookEntry {
  readonly name: string;
  readonly modified: string;
  readonly bytes: number;
}

export class Workspace {
  readonly folder: string;
  readonly first: string;
  private readonly stores = new Map<string, Promise<NotebookStore>>();

  constructor(
    file: string,
    private readonly graph: string | undefined,
  ) {
    const full = resolve(file);
    this.folder = dirname(full);
    this.first = basename(full);
  }

  /** The store of a notebook of the folder, opened (or created) on first use. */
  open(name: string = this.first): Promise<NotebookStore> {
    if (!notebookName.test(name) || name.startsWith('.')) {
      throw new NotebookError(
        'GWB-NOTEBOOK-FILE',
        `notebook '${name}' must be a plain file name ending in .gwbnb in ${this.folder}`,
      );
    }
    let store = this.stores.get(name);
    if (!store) {
      store = NotebookStore.open(join(this.folder, name), this.graph);
      this.stores.set(name, store);
      store.catch(() => this.stores.delete(name));
    }
    return store;
  }

  async list(): Promise<NotebookEntry[]> {
    const names = (await readdir(this.folder)).filter(
      (n) => notebookName.test(n) && !n.startsWith('.'),
    );
    const entries = await Promise.all(
      names.map(async (name) => {
        const info = await stat(join(this.folder, name)).catch(() => undefined);
        return info?.isFile()
          ? { name, modified: info.mtime.toISOString(), bytes: info.size }
          : undefined;
      }),
    );
    return entries
      .filter((e): e is NotebookEntry => e !== undefined)
      .sort((a, b) => a.name.localeCompare(b.name));
  }
}
