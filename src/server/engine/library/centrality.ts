// Template queries of the centrality category (GDBMS_ALGO.centrality.*): PageRank, degree and
// unweighted closeness. Written for this service in the style of the public algorithm library:
// vertex and edge type names are STRING / SET<STRING> parameters, so one text runs on any graph;
// results can be printed (top_k by score), written to an attribute or to a CSV file.

/** PageRank by power iteration; only vertices with out-edges are updated, as the library does. */
export const pagerank = `CREATE QUERY pagerank(STRING v_type, STRING e_type, FLOAT max_change = 0.001,
    INT maximum_iteration = 25, FLOAT damping = 0.85, INT top_k = 100, BOOL print_results = TRUE,
    STRING result_attribute = "", STRING file_path = "") {
  TYPEDEF TUPLE<VERTEX Vertex_ID, FLOAT score> Vertex_Score;
  HeapAccum<Vertex_Score>(top_k, score DESC) @@top_scores_heap;
  MaxAccum<FLOAT> @@max_diff = 9999;
  SumAccum<FLOAT> @sum_received_score = 0;
  SumAccum<FLOAT> @sum_score = 1;
  FILE f (file_path);
  Start = {v_type};
  WHILE @@max_diff > max_change LIMIT maximum_iteration DO
    @@max_diff = 0;
    V = SELECT s FROM Start:s -(e_type:e)- v_type:t
        ACCUM t.@sum_received_score += s.@sum_score / s.outdegree(e_type)
        POST-ACCUM s.@sum_score = (1.0 - damping) + damping * s.@sum_received_score,
                   s.@sum_received_score = 0,
                   @@max_diff += abs(s.@sum_score - s.@sum_score');
  END;
  IF file_path != "" THEN
    f.println("Vertex_ID", "PageRank");
  END;
  V = SELECT s FROM Start:s
      POST-ACCUM
        IF result_attribute != "" THEN s.setAttr(result_attribute, s.@sum_score) END,
        IF file_path != "" THEN f.println(s, s.@sum_score) END,
        IF print_results THEN @@top_scores_heap += Vertex_Score(s, s.@sum_score) END;
  IF print_results THEN
    PRINT @@top_scores_heap;
  END;
}`;

/**
 * Degree centrality: in-degree counted on the reverse edge types, out-degree on the edge types,
 * normalised by (number of vertices - 1) when asked.
 */
export const degreeCent = `CREATE QUERY degree_cent(SET<STRING> v_type_set, SET<STRING> e_type_set,
    SET<STRING> reverse_e_type_set, BOOL in_degree = TRUE, BOOL out_degree = TRUE,
    INT top_k = 100, BOOL print_results = TRUE, STRING result_attribute = "",
    STRING file_path = "", BOOL normalize = TRUE) {
  TYPEDEF TUPLE<VERTEX Vertex_ID, FLOAT score> Vertex_Score;
  HeapAccum<Vertex_Score>(top_k, score DESC) @@top_scores_heap;
  SumAccum<FLOAT> @sum_degree_score;
  FILE f (file_path);
  all = {v_type_set};
  sll = SELECT s FROM all:s
        ACCUM IF in_degree THEN s.@sum_degree_score += s.outdegree(reverse_e_type_set) END,
              IF out_degree THEN s.@sum_degree_score += s.outdegree(e_type_set) END;
  IF normalize AND all.size() > 1 THEN
    sll = SELECT s FROM all:s
          POST-ACCUM s.@sum_degree_score = s.@sum_degree_score / (all.size() - 1);
  END;
  IF file_path != "" THEN
    f.println("Vertex_ID", "Degree");
  END;
  sll = SELECT s FROM all:s
        POST-ACCUM
          IF result_attribute != "" THEN s.setAttr(result_attribute, s.@sum_degree_score) END,
          IF file_path != "" THEN f.println(s, s.@sum_degree_score) END,
          IF print_results THEN @@top_scores_heap += Vertex_Score(s, s.@sum_degree_score) END;
  IF print_results THEN
    PRINT @@top_scores_heap AS top_scores;
  END;
}`;

/**
 * Closeness without weights: a breadth-first search from every vertex (up to max_hops) along the
 * edge types; the score is reached / (sum of distances), times reached / (n - 1) with the
 * Wasserman-Faust correction (wf) so that vertices in small components do not score 1.
 */
export const closenessCent = `CREATE QUERY closeness_cent(SET<STRING> v_type_set,
    SET<STRING> e_type_set, INT max_hops = 10, INT top_k = 100, BOOL wf = TRUE,
    BOOL print_results = TRUE, STRING result_attribute = "", STRING file_path = "") {
  TYPEDEF TUPLE<VERTEX Vertex_ID, DOUBLE score> Vertex_Score;
  HeapAccum<Vertex_Score>(top_k, score DESC) @@top_scores_heap;
  OrAccum @visited;
  SumAccum<DOUBLE> @score;
  SumAccum<INT> @@dist_sum;
  SumAccum<INT> @@reached;
  INT hops;
  INT n;
  DOUBLE closeness;
  FILE f (file_path);
  all = {v_type_set};
  n = all.size();
  FOREACH src IN all DO
    Reset = SELECT v FROM all:v POST-ACCUM v.@visited = FALSE;
    Frontier = {src};
    Frontier = SELECT v FROM Frontier:v POST-ACCUM v.@visited = TRUE;
    @@dist_sum = 0;
    @@reached = 0;
    hops = 0;
    WHILE Frontier.size() > 0 AND hops < max_hops DO
      hops = hops + 1;
      Frontier = SELECT t FROM Frontier:s -(e_type_set:e)- v_type_set:t
                 WHERE NOT t.@visited
                 POST-ACCUM t.@visited = TRUE, @@dist_sum += hops, @@reached += 1;
    END;
    closeness = 0;
    IF @@dist_sum > 0 THEN
      closeness = @@reached * 1.0 / @@dist_sum;
      IF wf THEN
        closeness = closeness * @@reached / (n - 1);
      END;
    END;
    Source = {src};
    Source = SELECT s FROM Source:s POST-ACCUM s.@score = closeness;
  END;
  IF file_path != "" THEN
    f.println("Vertex_ID", "Closeness");
  END;
  all = SELECT s FROM all:s
        POST-ACCUM
          IF result_attribute != "" THEN s.setAttr(result_attribute, s.@score) END,
          IF file_path != "" THEN f.println(s, s.@score) END,
          IF print_results THEN @@top_scores_heap += Vertex_Score(s, s.@score) END;
  IF print_results THEN
    PRINT @@top_scores_heap AS top_scores;
  END;
}`;
