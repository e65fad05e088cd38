// Template queries of the community category (GDBMS_ALGO.community.*): weakly connected
// components, triangle counting and k-core decomposition, in the algorithm library's style
// (type names as parameters; results printed, written to an attribute or to a CSV file).

/** WCC by label propagation of the smallest internal id; prints component sizes and labels. */
export const wcc = `CREATE QUERY wcc(SET<STRING> v_type_set, SET<STRING> e_type_set,
    BOOL print_results = TRUE, STRING result_attribute = "", STRING file_path = "") {
  MinAccum<INT> @min_cc_id;
  MapAccum<INT, INT> @@comp_sizes_map;
  FILE f (file_path);
  Start = {v_type_set};
  Changed = SELECT x FROM Start:x POST-ACCUM x.@min_cc_id = getvid(x);
  WHILE Changed.size() > 0 DO
    Changed = SELECT t FROM Changed:s -(e_type_set:e)- v_type_set:t
              ACCUM t.@min_cc_id += s.@min_cc_id
              HAVING t.@min_cc_id != t.@min_cc_id';
  END;
  IF file_path != "" THEN
    f.println("Vertex_ID", "Component_ID");
  END;
  Start = SELECT s FROM Start:s
          POST-ACCUM @@comp_sizes_map += (s.@min_cc_id -> 1),
            IF result_attribute != "" THEN s.setAttr(result_attribute, s.@min_cc_id) END,
            IF file_path != "" THEN f.println(s, s.@min_cc_id) END;
  IF print_results THEN
    PRINT @@comp_sizes_map.size() AS num_components, @@comp_sizes_map AS comp_sizes;
    PRINT Start[Start.@min_cc_id] AS Start;
  END;
}`;

/** Triangles of an undirected edge type: common neighbours of each edge's ends, each counted 3 times. */
export const triCount = `CREATE QUERY tri_count(STRING v_type, STRING e_type) {
  SetAccum<VERTEX> @neighbors;
  SumAccum<INT> @@sum_cnt;
  All = {v_type};
  All = SELECT s FROM All:s -(e_type:e)- v_type:t ACCUM s.@neighbors += t;
  Pairs = SELECT s FROM All:s -(e_type:e)- v_type:t
          WHERE getvid(s) < getvid(t)
          ACCUM @@sum_cnt += COUNT(s.@neighbors INTERSECT t.@neighbors);
  PRINT @@sum_cnt / 3 AS num_triangles;
}`;

/**
 * k-core decomposition by peeling: every vertex gets its core number (the largest k such that it
 * belongs to a subgraph where every vertex has degree >= k). Prints the vertices whose core
 * number is between k_min and k_max (k_max < 0: no upper bound) and the largest k found.
 */
export const kcore = `CREATE QUERY kcore(STRING v_type, STRING e_type, INT k_min = 0, INT k_max = -1,
    BOOL print_results = TRUE, STRING result_attribute = "", STRING file_path = "") {
  SumAccum<INT> @sum_deg;
  MaxAccum<INT> @core;
  MaxAccum<INT> @@max_k;
  INT k = 0;
  FILE f (file_path);
  active = {v_type};
  active = SELECT v FROM active:v POST-ACCUM v.@sum_deg += v.outdegree(e_type);
  WHILE active.size() > 0 DO
    peel = SELECT v FROM active:v WHERE v.@sum_deg <= k;
    IF peel.size() == 0 THEN
      k = k + 1;
      CONTINUE;
    END;
    peel = SELECT v FROM peel:v POST-ACCUM v.@core += k, @@max_k += k;
    active = active MINUS peel;
    U = SELECT u FROM peel:v -(e_type:e)- :u ACCUM u.@sum_deg += -1;
  END;
  all = {v_type};
  result = SELECT v FROM all:v WHERE v.@core >= k_min AND (k_max < 0 OR v.@core <= k_max);
  IF file_path != "" THEN
    f.println("Vertex_ID", "Core");
  END;
  all = SELECT v FROM all:v
        POST-ACCUM
          IF result_attribute != "" THEN v.setAttr(result_attribute, v.@core) END,
          IF file_path != "" THEN f.println(v, v.@core) END;
  IF print_results THEN
    PRINT @@max_k AS max_k, result[result.@core] AS cores;
  END;
}`;
