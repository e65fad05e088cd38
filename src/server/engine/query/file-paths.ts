// Where a query's FILE objects may write: the real path of the target (symlinks resolved, for
// the file itself when it exists, else for its folder) must lie inside one of the allowed
// folders' real paths, so a symlink inside --allow-files cannot lead a write outside them.
import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve } from 'node:path';

function realOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/** The real path `path` names: the file's own when it exists, else its folder's plus its name. */
function realTarget(path: string): string | undefined {
  const full = resolve(path);
  const own = realOrUndefined(full);
  if (own !== undefined) return own;
  const folder = realOrUndefined(dirname(full));
  return folder === undefined ? undefined : resolve(folder, basename(full));
}

/** The real path of a write target inside an allowed folder, or undefined when it is not. */
export function allowedWritePath(path: string, allowedDirs: readonly string[]): string | undefined {
  const real = realTarget(path);
  if (real === undefined) return undefined;
  for (const dir of allowedDirs) {
    const base = realOrUndefined(resolve(dir));
    if (base === undefined) continue;
    const rel = relative(base, real);
    if (rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))) return real;
  }
  return undefined;
}
