// The LDBC Datagen's insert batches, cut from a generated initial snapshot: every dynamic row
// created on or after the benchmark's network start date (2012-11-29, benchmark.py) leaves
// `initial_snapshot/dynamic/<Entity>/` for `inserts/dynamic/<Entity>/batch_id=<day>/`, one folder
// per day as the Datagen writes them and tigergraph/batches.py reads them. Every dynamic file
// starts with its creationDate and an edge is never older than its ends, so the initial snapshot
// stays whole and each day's batch only refers to what exists by then.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** benchmark.py's network_start_date: the first day of insert batches. */
export const networkStartDate = '2012-11-29';

export interface InsertBatches {
  /** The days with a batch, in order (`YYYY-MM-DD`). */
  readonly days: readonly string[];
  /** Rows moved to the batches, per entity folder (Person, Comment, Person_knows_Person...). */
  readonly moved: Readonly<Record<string, number>>;
}

/** The folder of one entity's batch of one day (it exists only when the day has rows). */
export function batchFolder(dataDir: string, entity: string, day: string): string {
  return join(dataDir, 'inserts', 'dynamic', entity, `batch_id=${day}`);
}

/** Moves the rows created from `from` on into daily insert batches. */
export function splitInsertBatches(dataDir: string, from = networkStartDate): InsertBatches {
  const dynamic = join(dataDir, 'initial_snapshot', 'dynamic');
  const days = new Set<string>();
  const moved: Record<string, number> = {};
  for (const entity of readdirSync(dynamic).sort()) {
    const byDay = new Map<string, string[]>();
    let header = '';
    for (const part of readdirSync(join(dynamic, entity)).sort()) {
      const path = join(dynamic, entity, part);
      const [first = '', ...rows] = readFileSync(path, 'utf8').split('\n').filter(Boolean);
      header = first;
      const kept: string[] = [];
      for (const row of rows) {
        // The creationDate column comes first: `2012-11-29T02:14:16.455+00:00`.
        if (row < from) kept.push(row);
        else {
          const day = row.slice(0, 10);
          const batch = byDay.get(day) ?? [];
          batch.push(row);
          byDay.set(day, batch);
        }
      }
      writeFileSync(path, `${[header, ...kept].join('\n')}\n`);
    }
    for (const [day, rows] of byDay) {
      const folder = batchFolder(dataDir, entity, day);
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'part-00000.csv'), `${[header, ...rows].join('\n')}\n`);
      days.add(day);
      moved[entity] = (moved[entity] ?? 0) + rows.length;
    }
  }
  return { days: [...days].sort(), moved };
}
