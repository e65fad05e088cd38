// A real `gwb notebook` in front of a real `gwb serve` holding the social graph of ./fixture.ts,
// with the notebook file in a folder of its own: the stack every browser test of the notebook
// starts, and stops (notebook, server, folder) in one call.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGwbNotebook, type GwbNotebook } from '../helpers/notebook.js';
import { startGwbServe, type GwbServe } from '../helpers/serve.js';
import { createSocialGraph } from './fixture.js';

export interface SocialNotebook {
  readonly serve: GwbServe;
  readonly notebook: GwbNotebook;
  /** The folder of the notebook file (removed by stop). */
  readonly folder: string;
  stop(this: void): Promise<void>;
}

/**
 * Starts the stack: the notebook opens `file` in a fresh folder named after `prefix`; `args` go to
 * `gwb notebook` (e.g. `--graph social`).
 */
export async function startSocialNotebook(options: {
  prefix: string;
  file: string;
  args?: readonly string[];
}): Promise<SocialNotebook> {
  const serve = await startGwbServe();
  const folder = mkdtempSync(join(tmpdir(), options.prefix));
  try {
    await createSocialGraph(serve.url);
    const notebook = await startGwbNotebook({
      file: join(folder, options.file),
      serverUrl: serve.url,
      ...(options.args ? { args: options.args } : {}),
    });
    return {
      serve,
      notebook,
      folder,
      stop: async () => {
        await notebook.stop();
        await serve.stop();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await serve.stop();
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}
