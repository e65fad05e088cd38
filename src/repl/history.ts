// Persistent input history: a JSON-lines file under $XDG_CONFIG_HOME/gwb (or ~/.config/gwb),
// newest last, without consecutive or repeated duplicates, capped in size. Navigation (Up/Down)
// and reverse search (Ctrl+R) are pure functions over the entries.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export const historyLimit = 1000;

export function historyFile(env: NodeJS.ProcessEnv = process.env): string {
  const base =
    env.XDG_CONFIG_HOME !== undefined && env.XDG_CONFIG_HOME !== ''
      ? env.XDG_CONFIG_HOME
      : join(homedir(), '.config');
  return join(base, 'gwb', 'repl_history');
}

/** Adds an entry: an older identical entry is dropped, the list is cut to the limit. */
export function addEntry(
  entries: readonly string[],
  entry: string,
  limit = historyLimit,
): string[] {
  if (entry.trim() === '') return [...entries];
  const next = entries.filter((e) => e !== entry);
  next.push(entry);
  return next.slice(Math.max(0, next.length - limit));
}

export function loadHistory(file: string): string[] {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as unknown)
      .filter((e): e is string => typeof e === 'string');
  } catch {
    return [];
  }
}

/** Writes the whole list (small: capped); failures are ignored (history is a convenience). */
export function saveHistory(file: string, entries: readonly string[]): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, entries.map((e) => `${JSON.stringify(e)}\n`).join(''), { mode: 0o600 });
  } catch {
    // read-only home, full disk: the shell works without history
  }
}

/** The newest entry before index `from` (exclusive) containing `query`, as an index. */
export function searchBackward(
  entries: readonly string[],
  query: string,
  from = entries.length,
): number | undefined {
  for (let i = Math.min(from, entries.length) - 1; i >= 0; i--) {
    if ((entries[i] ?? '').includes(query)) return i;
  }
  return undefined;
}
