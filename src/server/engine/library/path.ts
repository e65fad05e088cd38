// Template queries of the path category (GDBMS_ALGO.path.*): breadth-first search levels and
// unweighted single-source shortest paths. Read-only on purpose: no result attribute and no FILE
// (a read-only client, the MCP server without --allow-writes, refuses any text that declares a
// FILE or calls setAttr, whatever the parameters), so such clients can run them.

/** BFS from one vertex: every reached vertex with its level (hops from v_start). */
export const bfs = `CREATE QUERY bfs(SET<STRING> v_type_set, SET<STRING> e_type_set, VERTEX v_start,
    INT max_hops = 10, BOOL print_results = TRUE, BOOL display_edges = FALSE) {
  SumAccum<INT> @@current_level;
  MinAccum<INT> @level;
  OrAccum @visited;
  SetAccum<EDGE> @@edge_set;
  Frontier = {v_start};
  Frontier = SELECT s FROM Frontier:s POST-ACCUM s.@visited = TRUE, s.@level = 0;
  WHILE Frontier.size() > 0 LIMIT max_hops DO
    @@current_level += 1;
    Frontier = SELECT t FROM Frontier:s -(e_type_set:e)- v_type_set:t
               WHERE NOT t.@visited
               ACCUM IF display_edges THEN @@edge_set += e END
               POST-ACCUM t.@visited = TRUE, t.@level = @@current_level;
  END;
  Reached = {v_type_set};
  Reached = SELECT s FROM Reached:s WHERE s.@visited;
  IF print_results THEN
    PRINT Reached[Reached.@level];
    IF display_edges THEN
      PRINT @@edge_set;
    END;
  END;
}`;

/**
 * Unweighted shortest paths from one source: the distance to every reachable vertex and one
 * shortest path to it (ties broken by the internal vertex order, so runs are repeatable).
 */
export const shortestSsNoWt = `CREATE QUERY shortest_ss_no_wt(VERTEX source,
    SET<STRING> v_type_set, SET<STRING> e_type_set, BOOL print_results = TRUE) {
  MinAccum<INT> @min_dis;
  OrAccum @visited;
  ListAccum<VERTEX> @path_list;
  Frontier = {source};
  Frontier = SELECT s FROM Frontier:s
             POST-ACCUM s.@visited = TRUE, s.@min_dis = 0, s.@path_list = s;
  Done = {source};
  WHILE Frontier.size() > 0 DO
    Frontier = SELECT t FROM Frontier:s -(e_type_set:e)- v_type_set:t
               WHERE NOT t.@visited
               ACCUM t.@min_dis += s.@min_dis + 1, t.@path_list = s.@path_list + [t],
                     t.@visited += TRUE
               ORDER BY getvid(t);
    Done = Done UNION Frontier;
  END;
  IF print_results THEN
    PRINT Done[Done.@min_dis, Done.@path_list] AS ResultSet;
  END;
}`;
