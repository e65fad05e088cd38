// Circular calls between queries: the reference lets a query call itself (recursion) but
// refuses a query whose calls lead back to it through other queries (`a` calls `b`, `b` calls
// `a`), at CREATE and at INSTALL. The call graph is read from the queries' texts.
import { walk, type CreateQuery } from '../../../core/gsql/index.js';
import { QueryCompileError } from '../query/index.js';

/** Names called like functions in a query (queries among them). */
function calledNames(q: CreateQuery): Set<string> {
  const names = new Set<string>();
  walk(q, {
    enter(node) {
      if (node.kind === 'Call') names.add(node.name);
    },
  });
  return names;
}

/**
 * The cycle through other queries that leads from `start` back to it (`[a, b, a]`), or null.
 * `lookup` gives the other queries by name (catalog or same script).
 */
export function callCycle(
  start: CreateQuery,
  lookup: (name: string) => CreateQuery | undefined,
): string[] | null {
  const visited = new Set<string>([start.name]);
  const search = (q: CreateQuery, path: string[]): string[] | null => {
    for (const name of calledNames(q)) {
      if (name === q.name) continue; // recursion is allowed
      if (name === start.name) return [...path, name];
      if (visited.has(name)) continue;
      visited.add(name);
      const next = lookup(name);
      const found = next ? search(next, [...path, name]) : null;
      if (found) return found;
    }
    return null;
  };
  return search(start, [start.name]);
}

/** Throws a compile error placed at the query when its calls are circular. */
export function refuseCallCycle(
  start: CreateQuery,
  lookup: (name: string) => CreateQuery | undefined,
): void {
  const cycle = callCycle(start, lookup);
  if (!cycle) return;
  throw new QueryCompileError([
    {
      code: 'QUERY-CIRCULAR-CALL',
      message:
        `circular query calls ${cycle.join(' -> ')}: a query may call itself, ` +
        'but not be called back through other queries',
      line: start.range.start.line,
      column: start.range.start.column,
    },
  ]);
}
