// Disk measurements of the data folder: the bytes its files take (a walk of the folder) and the
// free space of the file system holding it (statfs), with that file system's mount point. The
// real service reports its Home, Gstore, Kafka and Log folders; the embedded one has a data
// folder (Home) holding the store (Gstore) and no Kafka or log folders of its own.
import { readFile, readdir, lstat, statfs } from 'node:fs/promises';
import { join } from 'node:path';

export interface DiskReading {
  /** The folder's name in the real service's terms: Home, Gstore. */
  readonly pathName: string;
  readonly path: string;
  readonly mountPoint: string;
  /** Megabytes the folder's files take. */
  readonly usageMb: number;
  /** Megabytes free on the folder's file system (for an unprivileged user). */
  readonly freeMb: number;
}

const megabyte = 1024 * 1024;

/** Bytes taken by the files under `dir` (symbolic links are not followed). */
export async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop() as string;
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      continue; // removed meanwhile, or unreadable: it takes nothing we can count
    }
    for (const entry of entries) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if (entry.isFile()) {
        const info = await lstat(path).catch(() => undefined);
        // Sparse files (lmdb maps) count what they hold on disk, not their nominal size.
        if (info) total += Math.min(info.size, info.blocks * 512);
      }
    }
  }
  return total;
}

/** The mount point holding `path`: the longest mount path that prefixes it (Linux), else `/`. */
export async function mountPointOf(path: string): Promise<string> {
  const mounts = await readFile('/proc/mounts', 'utf8').catch(() => '');
  let best = '/';
  for (const line of mounts.split('\n')) {
    const point = line.split(' ')[1]?.replace(/\\040/g, ' ');
    if (point === undefined) continue;
    const inside = point === '/' || path === point || path.startsWith(`${point}/`);
    if (inside && point.length > best.length) best = point;
  }
  return best;
}

export async function measureFolder(pathName: string, path: string): Promise<DiskReading> {
  const [bytes, fs, mountPoint] = await Promise.all([
    folderBytes(path),
    statfs(path).catch(() => undefined),
    mountPointOf(path),
  ]);
  const freeBytes = fs ? fs.bavail * fs.bsize : 0;
  return { pathName, path, mountPoint, usageMb: bytes / megabyte, freeMb: freeBytes / megabyte };
}
