// The control plane's durable state: one JSON file (state.json) in its data folder, replaced
// atomically (written beside, fsynced, renamed, folder fsynced) after every change, so a kill -9
// leaves either the old or the new state. Changes run one at a time, in order.
import { randomBytes } from 'node:crypto';
import { open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { emptyState, type CloudState } from './records.js';

export class StateStore {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly file: string,
    readonly state: CloudState,
  ) {}

  static async open(dir: string): Promise<StateStore> {
    const file = join(dir, 'state.json');
    let state = emptyState();
    try {
      state = { ...state, ...(JSON.parse(await readFile(file, 'utf8')) as Partial<CloudState>) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw new Error(`gwb cloud: cannot read its state ${file}: ${(error as Error).message}`);
      }
    }
    return new StateStore(file, state);
  }

  /** Applies `change` to the state and resolves once the new state is on disk. */
  update<T>(change: (state: CloudState) => T): Promise<T> {
    const run = this.queue.then(async () => {
      const result = change(this.state);
      await this.write();
      return result;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async write(): Promise<void> {
    const temp = `${this.file}.${randomBytes(4).toString('hex')}.tmp`;
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(JSON.stringify(this.state, null, 1), 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, this.file);
    await syncFolder(join(this.file, '..'));
  }
}

/** fsyncs a folder so a rename in it survives a crash. */
export async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A new id: a prefix and 12 hex digits. */
export function newId(prefix: string): string {
  return `${prefix}-${randomBytes(6).toString('hex')}`;
}
