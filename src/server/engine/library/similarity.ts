// Template queries of the similarity and link-prediction categories (GDBMS_ALGO.similarity.*,
// GDBMS_ALGO.topological_link_prediction.*): Jaccard similarity of neighbourhoods from one
// source, and the number of common neighbours of two vertices. Read-only on purpose (no FILE,
// no setAttr), like the path templates, so read-only clients can run them.

/** Jaccard similarity |N(s) ∩ N(t)| / |N(s) ∪ N(t)| of the source with every 2-hop vertex. */
export const jaccardNborSs = `CREATE QUERY jaccard_nbor_ss(VERTEX source, STRING e_type,
    STRING reverse_e_type, INT top_k = 100, BOOL print_results = TRUE) {
  SumAccum<INT> @sum_intersection_size, @@sum_set_size_a, @sum_set_size_b;
  SumAccum<DOUBLE> @sum_similarity;
  Start (ANY) = {source};
  Start = SELECT s FROM Start:s ACCUM @@sum_set_size_a += s.outdegree(e_type);
  Neighbors = SELECT t FROM Start:s -(e_type:e)- :t;
  Others = SELECT t FROM Neighbors:m -(reverse_e_type:e)- :t
           WHERE t != source
           ACCUM t.@sum_intersection_size += 1, t.@sum_set_size_b = t.outdegree(e_type)
           POST-ACCUM t.@sum_similarity = t.@sum_intersection_size * 1.0 /
                        (@@sum_set_size_a + t.@sum_set_size_b - t.@sum_intersection_size)
           ORDER BY t.@sum_similarity DESC
           LIMIT top_k;
  IF print_results THEN
    PRINT Others[Others.@sum_similarity] AS Others;
  END;
}`;

/** The number of vertices adjacent to both v_source and v_target along the edge types. */
export const commonNeighbors = `CREATE QUERY common_neighbors(VERTEX v_source, VERTEX v_target,
    SET<STRING> e_type_set, BOOL print_results = TRUE) {
  A = {v_source};
  B = {v_target};
  NA = SELECT t FROM A:s -(e_type_set:e)- :t;
  NB = SELECT t FROM B:s -(e_type_set:e)- :t;
  Both = NA INTERSECT NB;
  IF print_results THEN
    PRINT Both.size() AS num_common_neighbors;
  END;
}`;
