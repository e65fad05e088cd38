// Consistent copies of a database's data folder. The graph's log of record is an lmdb
// environment (`store/`): it is copied with lmdb's own backup (a read transaction, so writers go
// on and the copy is the state of one commit), opened read-only from this process beside the
// running `gwb serve` (lmdb is multi-process). The folder's other files (keys, users) are copied
// as they are; LOCK never is. Copies are made under a temporary name and renamed when complete.
import { cp, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { open } from 'lmdb';
import { syncFolder } from './state-store.js';

const storeFolder = 'store';
/** Written last into a complete restore copy: its presence says the copy may replace the data. */
export const completeMarker = 'RESTORE-COMPLETE';

async function folderSize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? await folderSize(path) : (await stat(path)).size;
  }
  return total;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Copies `dataDir` into `target` (which must not exist); answers the copy's size in bytes. */
export async function snapshotDataFolder(dataDir: string, target: string): Promise<number> {
  const partial = `${target}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(join(partial, storeFolder), { recursive: true });
  if (await exists(join(dataDir, storeFolder, 'data.mdb'))) {
    const env = open({ path: join(dataDir, storeFolder), readOnly: true });
    try {
      await env.backup(join(partial, storeFolder), false);
    } finally {
      await env.close();
    }
  }
  for (const entry of await readdir(dataDir, { withFileTypes: true })) {
    if (entry.name === 'LOCK' || entry.name === storeFolder) continue;
    await cp(join(dataDir, entry.name), join(partial, entry.name), { recursive: true });
  }
  await syncFolder(partial);
  await rename(partial, target);
  return folderSize(target);
}

/** Leftover names of an interrupted copy or restore beside a data folder. */
export function restoreNames(dataDir: string, jobId: string) {
  return { incoming: `${dataDir}.restore-${jobId}`, outgoing: `${dataDir}.old-${jobId}` };
}

/** Copies a backup into the folder that will replace `dataDir`, marked complete when done. */
export async function stageRestore(backupDir: string, dataDir: string, jobId: string) {
  const { incoming } = restoreNames(dataDir, jobId);
  await rm(incoming, { recursive: true, force: true });
  await cp(backupDir, incoming, { recursive: true });
  await writeFile(join(incoming, completeMarker), jobId, 'utf8');
  await syncFolder(incoming);
}

/**
 * Puts the staged copy in place of `dataDir`: two renames, with the old data kept until the new
 * is in place. `recoverRestore` finishes or undoes an interrupted swap.
 */
export async function swapRestore(dataDir: string, jobId: string): Promise<void> {
  const { incoming, outgoing } = restoreNames(dataDir, jobId);
  if (await exists(dataDir)) await rename(dataDir, outgoing);
  await rename(incoming, dataDir);
  await syncFolder(join(dataDir, '..'));
  await rm(join(dataDir, completeMarker), { force: true });
  await rm(outgoing, { recursive: true, force: true });
}

/**
 * After a crash: if the data folder is missing, the swap was cut between its renames; the
 * complete staged copy goes in place, or else the old data goes back. Leftovers are removed.
 */
export async function recoverRestore(dataDir: string, jobId: string): Promise<void> {
  const { incoming, outgoing } = restoreNames(dataDir, jobId);
  if (!(await exists(dataDir))) {
    if (await exists(join(incoming, completeMarker))) await rename(incoming, dataDir);
    else if (await exists(outgoing)) await rename(outgoing, dataDir);
  }
  await rm(join(dataDir, completeMarker), { force: true });
  await rm(incoming, { recursive: true, force: true });
  await rm(outgoing, { recursive: true, force: true });
}
