// GSQL texts of the embedded-service workloads: the schema and loading job, the installed k-hop
// and PageRank queries (PageRank in the graph algorithm library's form: type names as STRING
// parameters, tg_pagerank's update rule), and the small and 300-line interpreted queries.

export const graphName = 'bench';
export const vertexType = 'v';
export const edgeType = 'e';
export const loadingJob = 'load_e';
export const fileVar = 'f';

export const schemaScript = `CREATE VERTEX ${vertexType} (PRIMARY_ID id UINT)
CREATE DIRECTED EDGE ${edgeType} (FROM ${vertexType}, TO ${vertexType})
CREATE GRAPH ${graphName} (${vertexType}, ${edgeType})
CREATE LOADING JOB ${loadingJob} FOR GRAPH ${graphName} {
  DEFINE FILENAME ${fileVar};
  LOAD ${fileVar} TO EDGE ${edgeType} VALUES ($0, $1) USING SEPARATOR=",";
}
`;

/** Distinct vertices reached from `seed` within k hops along out-edges (seed excluded). */
export const khopQuery = `CREATE QUERY bench_khop(VERTEX<${vertexType}> seed, STRING v_type, STRING e_type,
  INT k = 2) FOR GRAPH ${graphName} SYNTAX V1 {
  OrAccum @visited;
  INT reached = 0;
  Frontier = {seed};
  Frontier = SELECT s FROM Frontier:s POST-ACCUM s.@visited = TRUE;
  WHILE Frontier.size() > 0 LIMIT k DO
    Frontier = SELECT t
               FROM Frontier:s -(e_type:e)- v_type:t
               WHERE t.@visited == FALSE
               POST-ACCUM t.@visited = TRUE;
    reached = reached + Frontier.size();
  END;
  PRINT reached AS reached;
}
INSTALL QUERY bench_khop
`;

/**
 * PageRank written in the style of the library's tg_pagerank (STRING type parameters,
 * max_change / maximum_iteration / damping, score = (1 - damping) + damping * received, shares
 * divided by outdegree, POST-ACCUM over the sources); prints the top_k and the score sum. Scores
 * are DOUBLE where the library says FLOAT: GSQL's FLOAT is 32-bit, and the checksum is compared
 * with float64 peers (with FLOAT the sum on size S drifts by about 1e-5 relative).
 */
export const pagerankQuery = `CREATE QUERY bench_pagerank(STRING v_type, STRING e_type,
  DOUBLE max_change = 0.001, INT maximum_iteration = 25, DOUBLE damping = 0.85,
  INT top_k = 10) FOR GRAPH ${graphName} SYNTAX V1 {
  TYPEDEF TUPLE<VERTEX vertex_id, DOUBLE score> Ranked;
  HeapAccum<Ranked>(top_k, score DESC) @@top_scores;
  MaxAccum<DOUBLE> @@max_diff = 9999;
  SumAccum<DOUBLE> @received = 0;
  SumAccum<DOUBLE> @score = 1;
  SumAccum<DOUBLE> @@score_sum = 0;
  All = {v_type};
  WHILE @@max_diff > max_change LIMIT maximum_iteration DO
    @@max_diff = 0;
    Active = SELECT s
             FROM All:s -(e_type:e)- v_type:t
             ACCUM t.@received += s.@score / s.outdegree(e_type)
             POST-ACCUM s.@score = (1.0 - damping) + damping * s.@received,
                        s.@received = 0,
                        @@max_diff += abs(s.@score - s.@score');
  END;
  All = SELECT s FROM All:s
        POST-ACCUM @@top_scores += Ranked(s, s.@score), @@score_sum += s.@score;
  PRINT @@top_scores AS top_scores, @@score_sum AS score_sum;
}
INSTALL QUERY bench_pagerank
`;

/**
 * Parse + compile + run of a small query: vertex and edge counts (checkable against the data).
 * Neither query declares parameters: each run sends a new text, so no cache can answer it.
 */
export const smallInterpret = `INTERPRET QUERY () FOR GRAPH ${graphName} {
  SumAccum<INT> @@edges;
  Start = {${vertexType}.*};
  Start = SELECT s FROM Start:s ACCUM @@edges += s.outdegree();
  PRINT Start.size() AS vertices, @@edges AS edges;
}`;

/**
 * Parse + compile + run of a small query that starts from one vertex: its out-neighbours, marked
 * in a vertex accumulator, and their out-edges. Nothing in it touches the whole graph, so its
 * cost must not grow with the graph (issue 19: the same on S, M and L).
 */
export const oneVertexInterpret = `INTERPRET QUERY (VERTEX<${vertexType}> seed) FOR GRAPH ${graphName} {
  OrAccum @seen;
  SumAccum<INT> @@edges;
  SumAccum<INT> @@second;
  Start = {seed};
  Hop1 = SELECT t FROM Start:s -(${edgeType}:e)- ${vertexType}:t
         WHERE t.@seen == FALSE
         ACCUM @@edges += 1, t.@seen += TRUE
         POST-ACCUM @@second += t.outdegree();
  PRINT Hop1.size() AS neighbours, @@edges AS edges, @@second AS second_hop_edges;
}`;

/** A 300-line interpreted query: many accumulators, selects and branches from one vertex. */
export function longInterpret(lines = 300): string {
  const counters = 20;
  const out: string[] = [`INTERPRET QUERY () FOR GRAPH ${graphName} {`];
  for (let i = 0; i < counters; i++) out.push(`  SumAccum<INT> @@c${i};`);
  out.push(
    `  All = {${vertexType}.*};`,
    '  Start = SELECT s FROM All:s WHERE s.outdegree() > 0 LIMIT 1;',
  );
  const tail = [`  PRINT @@c0 AS c0, @@c1 AS c1, @@c${counters - 1} AS last;`, '}'];
  let i = 0;
  while (out.length + 7 + tail.length <= lines) {
    out.push(
      `  # block ${i}`,
      `  S${i} = SELECT t FROM Start:s -(${edgeType}:e)- ${vertexType}:t`,
      `        WHERE t.outdegree() >= ${i % 5}`,
      `        ACCUM @@c${i % counters} += 1;`,
      `  IF @@c${i % counters} > ${i} THEN`,
      `    @@c${(i + 1) % counters} += 1;`,
      '  END;',
    );
    i++;
  }
  while (out.length + tail.length < lines) out.push(`  @@c${out.length % counters} += 0;`);
  out.push(...tail);
  return out.join('\n');
}
