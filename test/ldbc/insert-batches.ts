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

/** The rows of one folder of the initial snapshot, split on `|`, header dropped. */
function snapshotRows(dataDir: string, part: 'static' | 'dynamic', entity: string): string[][] {
  const folder = join(dataDir, 'initial_snapshot', part, entity);
  const rows: string[][] = [];
  for (const file of readdirSync(folder).sort()) {
    const lines = readFileSync(join(folder, file), 'utf8').split('\n').filter(Boolean);
    for (const line of lines.slice(1)) rows.push(line.split('|'));
  }
  return rows;
}

/**
 * Adds to the batch of `day` friendships that close triangles inside each of the `countries` most
 * populous countries (three persons of the country pairwise KNOWS). The generated network's
 * friendships mostly cross countries, which leaves BI 11 (friend triangles in a country) with
 * nothing to count; these rows give it triangles, inserted like every other batch row.
 * Answers the friendships added.
 */
export function addFriendTriangles(dataDir: string, day: string, countries = 4): number {
  const countryOfCity = new Map(
    snapshotRows(dataDir, 'static', 'Place_isPartOf_Place').map((r) => [r[0], r[1]]),
  );
  const byCountry = new Map<string, string[]>();
  for (const [, person = '', city] of snapshotRows(dataDir, 'dynamic', 'Person_isLocatedIn_City')) {
    const country = countryOfCity.get(city) ?? '';
    const persons = byCountry.get(country) ?? [];
    persons.push(person);
    byCountry.set(country, persons);
  }
  const known = new Set(
    snapshotRows(dataDir, 'dynamic', 'Person_knows_Person').map((r) =>
      [r[1], r[2]].sort().join('|'),
    ),
  );
  const rows: string[] = [];
  const populous = [...byCountry].sort(
    (a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1),
  );
  for (const [, persons] of populous.slice(0, countries)) {
    const [a, b, c] = [...persons].sort((x, y) => Number(x) - Number(y));
    if (a === undefined || b === undefined || c === undefined) continue;
    for (const [x, y] of [
      [a, b],
      [b, c],
      [a, c],
    ] as const) {
      if (known.has([x, y].sort().join('|'))) continue;
      rows.push(`${day}T10:00:00.000+00:00|${x}|${y}`);
    }
  }
  if (rows.length === 0) return 0;
  const folder = batchFolder(dataDir, 'Person_knows_Person', day);
  mkdirSync(folder, { recursive: true });
  const header = 'creationDate|Person1Id|Person2Id';
  writeFileSync(join(folder, 'part-00001.csv'), `${[header, ...rows].join('\n')}\n`);
  return rows.length;
}
