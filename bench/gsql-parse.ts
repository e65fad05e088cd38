// Benchmark of the GSQL front end: lex + parse of a generated 10,000-line script, and the
// latency of completion in a 300-line query. Run with `npx tsx bench/gsql-parse.ts`.
import { pathToFileURL } from 'node:url';
import { complete, lex, parse } from '../src/core/gsql/index.js';

export interface BenchResult {
  readonly name: string;
  readonly ms: number;
  readonly linesPerSec: number;
}

/** One query of 50 lines in the style of the graph algorithm library. */
function queryText(i: number): string {
  return `CREATE QUERY bench_q${i}(STRING v_type = "Person", STRING e_type = "Knows", INT k = 10,
    FLOAT damping = 0.85, BOOL print_results = TRUE, STRING file_path = "") SYNTAX V1 {
  TYPEDEF TUPLE<VERTEX v, FLOAT score> Scored;
  HeapAccum<Scored>(k, score DESC) @@top;
  MapAccum<VERTEX, SetAccum<INT>> @@groups;
  SumAccum<FLOAT> @score = 1, @received;
  MaxAccum<FLOAT> @@max_diff = 9999;
  OrAccum @visited;
  FILE f (file_path);
  INT iteration = 0;
  Start = {v_type};
  WHILE @@max_diff > 0.001 LIMIT 20 DO
    @@max_diff = 0;
    V = SELECT s
        FROM Start:s -(e_type:e)- v_type:t
        WHERE s.@visited == FALSE AND t.age BETWEEN 18 AND 65
        ACCUM t.@received += s.@score / s.outdegree(e_type),
              @@groups += (s -> getvid(t) % 7)
        POST-ACCUM s.@score = (1.0 - damping) + damping * s.@received,
                   s.@received = 0,
                   @@max_diff += abs(s.@score - s.@score');
    iteration = iteration + 1;
  END;
  # report the best vertices
  V = SELECT s FROM Start:s
      POST-ACCUM
        IF print_results THEN
          @@top += Scored(s, s.@score)
        ELSE IF file_path != "" THEN
          f.println(s, s.@score)
        END;
  FOREACH item IN @@top DO
    IF item.score > 0.5 THEN
      CONTINUE;
    END;
  END;
  FOREACH (key, vals) IN @@groups DO
    CASE WHEN vals.size() > 3 THEN
      PRINT key;
    END;
  END;
  Result = SELECT t FROM Start:s -(e_type>*1..2)- v_type:t
           WHERE t.name LIKE "A%" AND t NOT IN Start
           ORDER BY t.@score DESC
           LIMIT 10;
  IF print_results THEN
    PRINT @@top AS top_scores, Result[Result.name, Result.@score AS score];
  END;
  /* a block comment
     spanning lines */
  LOG(iteration > 5, "converged after", iteration);
}
`;
}

function script(lines: number): { text: string; lines: number } {
  const parts: string[] = [];
  let count = 0;
  for (let i = 0; count < lines; i++) {
    const q = queryText(i);
    parts.push(q);
    count += q.split('\n').length - 1;
  }
  return { text: parts.join(''), lines: count };
}

function timeIt(runs: number, fn: () => void): number {
  fn(); // warm-up: compile the hot paths first
  const start = performance.now();
  for (let i = 0; i < runs; i++) fn();
  return (performance.now() - start) / runs;
}

export function benchGsqlParse(): Promise<BenchResult> {
  const { text, lines } = script(10_000);
  const ms = timeIt(10, () => {
    const { diagnostics } = parse(text);
    if (diagnostics.length > 0)
      throw new Error(`bench script has errors: ${diagnostics[0]?.message ?? ''}`);
  });
  return Promise.resolve({
    name: 'gsql lex+parse 10k lines',
    ms,
    linesPerSec: Math.round((lines / ms) * 1000),
  });
}

/** One query of about `lines` lines: the statements of `queryText` repeated in one body. */
function longQuery(lines: number): string {
  const all = queryText(0).split('\n');
  const firstStatement = all.findIndex((l) => l.includes('Start = {v_type};'));
  const close = all.lastIndexOf('}');
  const out = all.slice(0, firstStatement);
  const statements = all.slice(firstStatement, close);
  while (out.length < lines) out.push(...statements);
  return out.join('\n');
}

/** Extra figures printed by the script: lexing alone and completion latency. */
function details(): string[] {
  const { text, lines } = script(10_000);
  const lexMs = timeIt(5, () => lex(text));
  const query = longQuery(300);
  // Worst cases: keywords after the last line (the parser reads the whole query) and
  // attributes of an alias (the query's declarations and FROM clauses are scanned).
  const atEnd = `${query}\n  S = SELECT t FROM Start:s -(e_type:e)- v_type:t `;
  const keywordMs = timeIt(20, () => complete(atEnd, atEnd.length));
  const atAlias = `${query}\n  S = SELECT t FROM Start:s -(e_type:e)- v_type:t WHERE t.`;
  const attributeMs = timeIt(20, () => complete(atAlias, atAlias.length));
  const size = `${query.split('\n').length}-line query`;
  return [
    `lex only: ${lexMs.toFixed(1)} ms (${Math.round((lines / lexMs) * 1000)} lines/s)`,
    `complete() keywords at the end of a ${size}: ${keywordMs.toFixed(2)} ms`,
    `complete() attributes at the end of a ${size}: ${attributeMs.toFixed(2)} ms`,
  ];
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchGsqlParse();
  console.log(`${result.name}: ${result.ms.toFixed(1)} ms, ${result.linesPerSec} lines/s`);
  for (const line of details()) console.log(line);
}
