// Keeps `npm ci` working against the registry these machines reach: it lacks some other
// platforms' optional native packages (e.g. @duckdb/node-bindings-darwin-arm64), so npm writes
// a lock file that names them without entries and `npm ci` then refuses the lock. This drops
// such dangling optional names from the lock. Run it after changing dependencies.
import { readFile, writeFile } from 'node:fs/promises';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(await readFile(path, 'utf8'));
const packages = lock.packages ?? {};
const present = new Set(Object.keys(packages).map((key) => key.replace(/^.*node_modules\//, '')));
const dropped = [];
for (const [name, entry] of Object.entries(packages)) {
  for (const dep of Object.keys(entry.optionalDependencies ?? {})) {
    if (!present.has(dep)) {
      delete entry.optionalDependencies[dep];
      dropped.push(`${name || '(root)'} -> ${dep}`);
    }
  }
}
await writeFile(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(dropped.length ? `pruned:\n  ${dropped.join('\n  ')}` : 'nothing to prune');
