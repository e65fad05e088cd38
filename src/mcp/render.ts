// The compact text beside each structured result: one headline (what, how many, whether cut),
// then the rows as one JSON line each, so a model that reads only text still gets everything.
import type { Capped } from './cap.js';

/** "3 vertices", "1 vertex": counts in words. */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The truncation note of a headline. */
export function truncationNote(capped: Pick<Capped, 'truncated' | 'total'>): string {
  if (!capped.truncated) return '';
  return capped.total === undefined
    ? ' (truncated)'
    : ` (truncated; ${capped.total} in the largest list)`;
}

/** Headline, then each row as one line of JSON. */
export function rowsText(headline: string, rows: readonly unknown[]): string {
  return [headline, ...rows.map((row) => JSON.stringify(row))].join('\n');
}

/** Headline, then the value as compact JSON. */
export function jsonText(headline: string, value: unknown): string {
  return `${headline}\n${JSON.stringify(value)}`;
}
