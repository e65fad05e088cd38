// The BI queries' result columns (LDBC's common/result_mapping.py: name and type of each column,
// by position) and the one comparable form both drivers' answers are brought to, as LDBC's
// drivers do before cross-validating: integers as numbers, floats compared with a tolerance,
// datetimes as instants, strings as they are.
type ResultType = 'ID' | 'INT32' | 'INT64' | 'FLOAT32' | 'STRING' | 'DATETIME' | 'BOOL';

const I = 'INT32' as const;
export const resultMapping: Readonly<Record<number, readonly (readonly [string, ResultType])[]>> = {
  1: [
    ['year', I],
    ['isComment', 'BOOL'],
    ['lengthCategory', I],
    ['messageCount', I],
    ['averageMessageLength', 'FLOAT32'],
    ['sumMessageLength', I],
    ['percentageOfMessages', 'FLOAT32'],
  ],
  2: [
    ['tag.name', 'STRING'],
    ['countWindow1', I],
    ['countWindow2', I],
    ['diff', I],
  ],
  3: [
    ['forum.id', 'ID'],
    ['forum.title', 'STRING'],
    ['forum.creationDate', 'DATETIME'],
    ['person.id', 'ID'],
    ['messageCount', I],
  ],
  4: [
    ['person.id', 'ID'],
    ['person.firstName', 'STRING'],
    ['person.lastName', 'STRING'],
    ['person.creationDate', 'DATETIME'],
    ['messageCount', I],
  ],
  5: [
    ['person.id', 'ID'],
    ['replyCount', I],
    ['likeCount', I],
    ['messageCount', I],
    ['score', I],
  ],
  6: [
    ['person1.id', 'ID'],
    ['authorityScore', I],
  ],
  7: [
    ['relatedTag.name', 'STRING'],
    ['count', I],
  ],
  8: [
    ['person.id', 'ID'],
    ['score', I],
    ['friendsScore', I],
  ],
  9: [
    ['person.id', 'ID'],
    ['person.firstName', 'STRING'],
    ['person.lastName', 'STRING'],
    ['threadCount', I],
    ['messageCount', I],
  ],
  10: [
    ['expertCandidatePerson.id', 'ID'],
    ['tag.name', 'STRING'],
    ['messageCount', I],
  ],
  11: [['count', 'INT64']],
  12: [
    ['messageCount', I],
    ['personCount', I],
  ],
  13: [
    ['zombie.id', 'ID'],
    ['zombieLikeCount', I],
    ['totalLikeCount', I],
    ['zombieScore', 'FLOAT32'],
  ],
  14: [
    ['person1.id', 'ID'],
    ['person2.id', 'ID'],
    ['city1.name', 'STRING'],
    ['score', I],
  ],
  15: [['weight', 'FLOAT32']],
  16: [
    ['person.id', 'ID'],
    ['messageCountA', I],
    ['messageCountB', I],
  ],
  17: [
    ['person1.id', 'ID'],
    ['messageCount', I],
  ],
  18: [
    ['person1.id', 'ID'],
    ['person2.id', 'ID'],
    ['mutualFriendCount', I],
  ],
  19: [
    ['person1.id', 'ID'],
    ['person2.id', 'ID'],
    ['totalWeight', 'FLOAT32'],
  ],
  20: [
    ['person1.id', 'ID'],
    ['totalWeight', 'INT64'],
  ],
};

export type Cell = number | string | boolean;
export type Table = Cell[][];

function cell(value: unknown, type: ResultType, where: string): Cell {
  switch (type) {
    case 'ID':
    case 'INT32':
    case 'INT64':
    case 'FLOAT32': {
      const n = Number(value);
      if (typeof value === 'boolean' || value === null || Number.isNaN(n))
        throw new Error(`${where}: ${JSON.stringify(value)} is not a number`);
      return n;
    }
    case 'BOOL':
      if (typeof value !== 'boolean')
        throw new Error(`${where}: ${JSON.stringify(value)} is not a BOOL`);
      return value;
    case 'DATETIME': {
      const ms = value instanceof Date ? value.getTime() : Date.parse(String(value));
      if (Number.isNaN(ms)) throw new Error(`${where}: ${JSON.stringify(value)} is not a datetime`);
      return new Date(ms).toISOString();
    }
    case 'STRING':
      return String(value);
  }
}

/** Rows of positional values (either driver), typed by the query's result mapping. */
export function typedRows(query: number, rows: readonly (readonly unknown[])[]): Table {
  const mapping = resultMapping[query] ?? [];
  return rows.map((row, r) =>
    mapping.map(([name, type], i) => cell(row[i], type, `bi-${query} row ${r} ${name}`)),
  );
}

/**
 * tigergraph/queries.py run_query: the first PRINT's `result`; BI 11 and 15 print one value, the
 * others a list of tuples whose fields are taken in order.
 */
export function gsqlRows(query: number, results: unknown): Table {
  const first = (results as readonly Record<string, unknown>[])[0]?.result;
  if (query === 11 || query === 15) return typedRows(query, [[first]]);
  if (!Array.isArray(first)) throw new Error(`bi-${query}: result is not a list: ${String(first)}`);
  return typedRows(
    query,
    first.map((tuple) => Object.values(tuple as Record<string, unknown>)),
  );
}

/** The first difference between two result tables, or undefined when they agree. */
export function difference(expected: Table, actual: Table): string | undefined {
  if (expected.length !== actual.length)
    return `${actual.length} rows where ${expected.length} were expected`;
  for (let r = 0; r < expected.length; r++) {
    const e = expected[r] ?? [];
    const a = actual[r] ?? [];
    for (let c = 0; c < e.length; c++) {
      const x = e[c];
      const y = a[c];
      // Integers (ids, counts) exactly; a float (either side not integral) within 1e-5 relative,
      // as FLOAT32 columns and the two engines' summation orders allow.
      const float =
        typeof x === 'number' &&
        typeof y === 'number' &&
        !(Number.isInteger(x) && Number.isInteger(y));
      const same = float ? Math.abs(x - y) <= 1e-5 * Math.max(1, Math.abs(x)) : x === y;
      if (!same)
        return `row ${r} column ${c}: ${JSON.stringify(y)} where ${JSON.stringify(x)} was expected (row ${JSON.stringify(a)} vs ${JSON.stringify(e)})`;
    }
  }
  return undefined;
}
