// Substitution parameters of the 20 BI queries, in the shape of LDBC's parameter files
// (parameters/bi-N.csv: a `name:TYPE` header, values as text), picked from the generated data with
// SQL over the reference tables so that each query has something to find. The two drivers'
// conversions are those of LDBC's own: tigergraph/queries.py (query-string values) and
// umbra/queries.py (SQL literals).
import type { SqlReference } from './sql-reference.js';

export type ParameterType = 'ID' | 'INT' | 'STRING' | 'STRING[]' | 'DATE' | 'DATETIME';

export interface Parameter {
  readonly name: string;
  readonly type: ParameterType;
  /** The value as the parameter file writes it (lists `;`-separated). */
  readonly value: string;
}

/** The headers of LDBC's parameter files (paramgen/paramgen-queries/pg-Na.sql). */
export const parameterHeaders: Readonly<Record<number, readonly string[]>> = {
  1: ['datetime:DATETIME'],
  2: ['date:DATE', 'tagClass:STRING'],
  3: ['tagClass:STRING', 'country:STRING'],
  4: ['date:DATE'],
  5: ['tag:STRING'],
  6: ['tag:STRING'],
  7: ['tag:STRING'],
  8: ['tag:STRING', 'startDate:DATE', 'endDate:DATE'],
  9: ['startDate:DATE', 'endDate:DATE'],
  10: ['personId:ID', 'country:STRING', 'tagClass:STRING'],
  11: ['country:STRING', 'startDate:DATE', 'endDate:DATE'],
  12: ['startDate:DATE', 'lengthThreshold:INT', 'languages:STRING[]'],
  13: ['country:STRING', 'endDate:DATE'],
  14: ['country1:STRING', 'country2:STRING'],
  15: ['person1Id:ID', 'person2Id:ID', 'startDate:DATE', 'endDate:DATE'],
  16: ['tagA:STRING', 'dateA:DATE', 'tagB:STRING', 'dateB:DATE', 'maxKnowsLimit:INT'],
  17: ['tag:STRING', 'delta:INT'],
  18: ['tag:STRING'],
  19: ['city1Id:ID', 'city2Id:ID'],
  20: ['company:STRING', 'person2Id:ID'],
};

type Picks = Record<string, string>;

const text = (v: unknown) => (v instanceof Date ? isoDay(v) : String(v));

function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

// Reused candidate lists of the picks, most frequent first.
const tagClasses = `SELECT TagClass.name AS tagClass, count(*) AS n FROM TagClass
  JOIN Tag ON Tag.TypeTagClassId = TagClass.id JOIN Message_hasTag_Tag mt ON mt.TagId = Tag.id
  GROUP BY TagClass.name ORDER BY n DESC, TagClass.name LIMIT 4`;
const topTags = (limit: number) => `SELECT Tag.name AS tag, count(*) AS n FROM Tag
  JOIN Message_hasTag_Tag mt ON mt.TagId = Tag.id GROUP BY Tag.name ORDER BY n DESC, Tag.name LIMIT ${limit}`;
const tags = topTags(6);
const interestTags = `SELECT Tag.name AS tag, count(*) AS n FROM Tag JOIN Person_hasInterest_Tag pt ON pt.TagId = Tag.id
  GROUP BY Tag.name ORDER BY n DESC, Tag.name LIMIT 6`;
const countries = `SELECT Country.name AS country, count(*) AS n FROM Country
  JOIN City ON City.PartOfCountryId = Country.id JOIN Person ON Person.LocationCityId = City.id
  GROUP BY Country.name ORDER BY n DESC, Country.name`;
const messageDays = (fractions: readonly number[]) =>
  `SELECT unnest(quantile_disc(creationDate, [${fractions.join(', ')}]))::date AS day,
     unnest([${fractions.join(', ')}]) AS f FROM Message`;
const knowsPairs = (
  place: string,
) => `SELECT ${place}1.name AS place1, ${place}2.name AS place2, count(*) AS n
  FROM Person_knows_Person k
  JOIN Person p1 ON p1.id = k.Person1Id JOIN City ci1 ON ci1.id = p1.LocationCityId
  JOIN Country Country1 ON Country1.id = ci1.PartOfCountryId
  JOIN Person p2 ON p2.id = k.Person2Id JOIN City ci2 ON ci2.id = p2.LocationCityId
  JOIN Country Country2 ON Country2.id = ci2.PartOfCountryId
  WHERE Country1.id <> Country2.id GROUP BY 1, 2`;

/** City pairs in different countries joined by the rows of `edges` (most rows first), numbered
 * `list` so that several lists can follow each other. */
const cityPairs = (list: number, edges: string, src: string, dst: string) =>
  `SELECT ${list} AS list, p1.LocationCityId AS city1Id, p2.LocationCityId AS city2Id, count(*) AS n
   FROM ${edges} JOIN Person p1 ON p1.id = ${src} JOIN Person p2 ON p2.id = ${dst}
   JOIN City c1 ON c1.id = p1.LocationCityId JOIN City c2 ON c2.id = p2.LocationCityId
   WHERE c1.PartOfCountryId <> c2.PartOfCountryId
   GROUP BY 1, 2, 3 ORDER BY n DESC, 2, 3 LIMIT 12`;

/**
 * SELECTs listing each query's candidate values (column names are the parameter names), in a
 * deterministic order, most promising first.
 */
const pickers: Readonly<Record<number, string>> = {
  1: `SELECT strftime(day::timestamp + INTERVAL 13 HOUR + INTERVAL 37 MINUTE, '%Y-%m-%dT%H:%M:%S.000+00:00') AS datetime
      FROM (${messageDays([0.7, 0.3, 1, 0.5, 0.9])}) ORDER BY f`,
  2: `SELECT d.day AS date, c.tagClass FROM (${messageDays([0.3, 0.6])}) d, (${tagClasses}) c ORDER BY c.n DESC, c.tagClass, d.f`,
  3: `SELECT c.tagClass, m.country FROM (${tagClasses}) c,
       (SELECT Country.name AS country, count(*) AS n FROM Forum JOIN Person ON Person.id = Forum.ModeratorPersonId
          JOIN City ON City.id = Person.LocationCityId JOIN Country ON Country.id = City.PartOfCountryId
          GROUP BY Country.name ORDER BY n DESC, Country.name LIMIT 3) m
      ORDER BY c.n DESC, m.n DESC, c.tagClass, m.country`,
  4: `SELECT unnest(quantile_disc(creationDate, [0.2, 0.5, 0.8, 0.35, 0.65]))::date AS date FROM Forum`,
  5: `SELECT tag FROM (${tags}) ORDER BY n DESC, tag`,
  6: `SELECT tag FROM (${tags}) ORDER BY n DESC, tag`,
  7: `SELECT tag FROM (${tags}) ORDER BY n DESC, tag`,
  8: `SELECT t.tag, a.day AS startDate, b.day AS endDate FROM (${interestTags}) t,
       (${messageDays([0.2])}) a, (${messageDays([0.8])}) b ORDER BY t.n DESC, t.tag`,
  9: `SELECT unnest(quantile_disc(creationDate, [0.4, 0.1, 0.6, 0.25, 0.05]))::date AS startDate,
       unnest(quantile_disc(creationDate, [0.6, 0.9, 0.8, 0.45, 0.95]))::date AS endDate FROM Message`,
  10: `SELECT p.personId, c.country, t.tagClass FROM
       (SELECT Person1Id AS personId, count(*) AS n FROM Person_knows_Person GROUP BY 1 ORDER BY n DESC, 1 LIMIT 3) p,
       (${countries} LIMIT 2) c, (${tagClasses}) t ORDER BY p.n DESC, p.personId, c.n DESC, c.country, t.n DESC, t.tagClass`,
  11: `SELECT country, DATE '2010-01-01' AS startDate, DATE '2013-01-01' AS endDate FROM (${countries})
       ORDER BY n DESC, country`,
  12: `SELECT d.day AS startDate, t AS lengthThreshold, l.languages FROM (${messageDays([0.2, 0.5])}) d,
       unnest([120, 60, 200]) AS th(t),
       (SELECT string_agg(language, ';' ORDER BY n DESC, language) AS languages FROM
          (SELECT language, count(*) AS n FROM Post WHERE language IS NOT NULL GROUP BY language
           ORDER BY n DESC, language LIMIT 2)) l
       ORDER BY d.f, t DESC`,
  13: `SELECT country, DATE '2013-01-01' AS endDate FROM (${countries}) ORDER BY n DESC, country`,
  14: `SELECT place1 AS country1, place2 AS country2 FROM (${knowsPairs('Country')})
       ORDER BY n DESC, place1, place2 LIMIT 8`,
  15: `SELECT k1.Person1Id AS person1Id, k2.Person2Id AS person2Id,
       (SELECT quantile_disc(creationDate, 0.1)::date FROM Forum) AS startDate,
       (SELECT quantile_disc(creationDate, 0.9)::date FROM Forum) AS endDate
       FROM Person_knows_Person k1 JOIN Person_knows_Person k2 ON k2.Person1Id = k1.Person2Id
       WHERE k2.Person2Id <> k1.Person1Id AND NOT EXISTS (SELECT 1 FROM Person_knows_Person k
         WHERE k.Person1Id = k1.Person1Id AND k.Person2Id = k2.Person2Id)
       ORDER BY k1.Person1Id, k2.Person2Id LIMIT 8`,
  16: `WITH tagDays AS (SELECT DISTINCT Tag.name AS tag, Message.creationDate::date AS day,
            Message.CreatorPersonId AS person FROM Message
          JOIN Message_hasTag_Tag mt ON mt.MessageId = Message.MessageId JOIN Tag ON Tag.id = mt.TagId)
       SELECT a.tag AS tagA, a.day AS dateA, b.tag AS tagB, b.day AS dateB, 5 AS maxKnowsLimit
       FROM tagDays a JOIN tagDays b ON a.person = b.person AND a.tag <> b.tag
       GROUP BY 1, 2, 3, 4 ORDER BY count(*) DESC, 1, 2, 3, 4 LIMIT 8`,
  // The most frequent tags first, then the others down to the 40th: on a larger network the
  // propagation pattern is rarer and the frequent tags alone may find none.
  17: `SELECT tag, d AS delta FROM (${topTags(40)}), unnest([4, 16]) AS ds(d)
       ORDER BY n DESC, tag, d`,
  18: `SELECT tag FROM (${interestTags}) ORDER BY n DESC, tag`,
  // The city pairs with the most friendships across countries, then those joined by an edge of
  // the interaction graph itself (PathQ19), which on a larger network is too sparse to join the
  // first ones.
  19: `SELECT city1Id, city2Id FROM (
         (${cityPairs(1, 'Person_knows_Person k', 'k.Person1Id', 'k.Person2Id')})
         UNION ALL (${cityPairs(2, 'PathQ19 q', 'q.src', 'q.dst')}))
       ORDER BY list, n DESC, city1Id, city2Id`,
  20: `SELECT c.name AS company, q.src AS person2Id FROM PathQ20 q
       JOIN Person_workAt_Company w ON w.PersonId = q.dst JOIN Company c ON c.id = w.CompanyId
       WHERE q.src NOT IN (SELECT PersonId FROM Person_workAt_Company x WHERE x.CompanyId = c.id)
       ORDER BY c.name, q.src LIMIT 12`,
};

function parameters(query: number, picked: Picks): Parameter[] {
  return (parameterHeaders[query] ?? []).map((header) => {
    const [name = '', type = ''] = header.split(':');
    const value = picked[name];
    if (value === undefined) throw new Error(`bi-${query}: no value for ${name}`);
    return { name, type: type as ParameterType, value };
  });
}

/** Whether the reference finds something (BI 11 counts, BI 15 answers -1 for no path). */
function findsSomething(query: number, rows: readonly (readonly unknown[])[]): boolean {
  const value = rows[0]?.[0];
  if (query === 11) return Number(value) > 0;
  if (query === 15) return Number(value) !== -1;
  return rows.length > 0;
}

/** How many parameter sets each query runs with. */
export const setsPerQuery = 5;

/**
 * Parameter sets of a BI query picked from the data the reference holds, as LDBC's parameter
 * generator picks values of known frequency: the first `setsPerQuery` candidates (in the picker's
 * deterministic order) for which the SQL reference finds something, topped up with the next
 * candidates when fewer do (an empty answer is an answer to compare too).
 */
export async function pickParameters(ref: SqlReference, query: number): Promise<Parameter[][]> {
  const rows = await ref.all(pickers[query] ?? '');
  const seen = new Set<string>();
  const candidates = rows
    .map((row) =>
      parameters(query, Object.fromEntries(Object.entries(row).map(([k, v]) => [k, text(v)]))),
    )
    .filter((c) => {
      const key = JSON.stringify(c);
      return !seen.has(key) && seen.add(key);
    });
  const fruitful: Parameter[][] = [];
  const rest: Parameter[][] = [];
  for (const candidate of candidates) {
    if (fruitful.length === setsPerQuery) break;
    const found = findsSomething(query, await ref.bi(query, sqlLiterals(candidate)));
    (found ? fruitful : rest).push(candidate);
  }
  const picked = [...fruitful, ...rest].slice(0, setsPerQuery);
  if (picked.length === 0) throw new Error(`bi-${query}: the picker found no candidate`);
  return picked;
}

/** tigergraph/queries.py cast_parameter_to_driver_input, plus its BI 1 rename (`datetime` is a
 * GSQL keyword, so the query calls it `date`). */
export function gsqlParameters(query: number, params: readonly Parameter[]) {
  const out: Record<string, string | number | string[] | number[]> = {};
  for (const p of params) {
    const name = query === 1 && p.name === 'datetime' ? 'date' : p.name;
    if (p.type === 'ID' || p.type === 'INT') out[name] = Number(p.value);
    else if (p.type === 'STRING[]') out[name] = p.value.split(';');
    else out[name] = p.value;
  }
  return out;
}

/** umbra/queries.py cast_parameter_to_driver_input: each value as an SQL literal. */
export function sqlLiterals(params: readonly Parameter[]): Record<string, string> {
  const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;
  const out: Record<string, string> = {};
  for (const p of params) {
    if (p.type === 'INT') out[p.name] = p.value;
    else if (p.type === 'ID') out[p.name] = `${p.value}::bigint`;
    else if (p.type === 'STRING[]')
      out[p.name] = `(${p.value
        .split(';')
        .map((s) => `'${s}'`)
        .join(', ')})`;
    else if (p.type === 'STRING') out[p.name] = quote(p.value);
    else if (p.type === 'DATETIME')
      out[p.name] = `'${p.value.replace('T', ' ').replace(/\+00:00$/, '')}'::timestamp`;
    else out[p.name] = `'${p.value} 00:00:00'::date`;
  }
  return out;
}
