// The algorithm library's UDFs as built-ins, instr's 3- and 4-argument forms and POST-ACCUM
// bound to an alias, one case per behaviour on the `social` fixture (see
// ../engine/query/fixtures.ts). Values marked "C++" were computed by compiling the library's
// formulas with g++/libstdc++; run by udf-cases.test.ts.
import type { QueryCase } from './cases.js';

const q = (body: string, params = '') => `CREATE QUERY q(${params}) FOR GRAPH social {\n${body}\n}`;

export const udfCases: QueryCase[] = [
  // ---------------------------------------------------------------- math and randomness
  {
    name: 'tg_log_2 is log base 2',
    query: q('PRINT tg_log_2(8) AS a, tg_log_2(0.5) AS b;'),
    expect: [{ a: 3, b: -1 }],
  },
  {
    name: 'tg_rand_int, rand_int and tg_random_range stay in range; tg_random in [0, 1)',
    query: q(`SetAccum<INT> @@ints; OrAccum @@bad; INT i = 0; INT r = 0; FLOAT x = 0;
      WHILE i < 300 DO
        r = tg_rand_int(2, 4); @@ints += r;
        IF rand_int(-1, 1) < -1 OR rand_int(-1, 1) > 1 THEN @@bad += TRUE; END;
        r = tg_random_range(10, 12); IF r < 10 OR r > 11 THEN @@bad += TRUE; END;
        x = tg_random(); IF x < 0 OR x >= 1 THEN @@bad += TRUE; END;
        i = i + 1;
      END;
      PRINT @@ints.size() AS distinct, @@bad AS bad;`),
    expect: [{ distinct: 3, bad: false }],
  },
  {
    name: 'tg_random_distribution picks only indexes of positive weights',
    query: q(`ListAccum<FLOAT> @@p = [0.0, 0.7, 0.0, 0.3]; SetAccum<INT> @@seen; INT i = 0;
      WHILE i < 200 DO @@seen += tg_random_distribution(@@p); i = i + 1; END;
      PRINT @@seen.contains(0) OR @@seen.contains(2) AS zero, @@seen.size() AS n;`),
    expect: [{ zero: false, n: 2 }],
  },
  {
    name: 'tg_fastrp_rand_func matches the C++ (std::hash seeding mt19937)',
    query: q(`ListAccum<FLOAT> @@r; INT i = 0;
      WHILE i < 12 DO @@r += tg_fastrp_rand_func(12, i, 7, 3); i = i + 1; END;
      PRINT @@r AS r;`),
    // C++: 0 0 -1.73205078 1.73205078 0 0 0 1.73205078 1.73205078 0 -1.73205078 0
    expect: [{ r: [0, 0, -1.732051, 1.732051, 0, 0, 0, 1.732051, 1.732051, 0, -1.732051, 0] }],
  },
  // ---------------------------------------------------------------- hashing and patterns
  {
    name: 'tg_hash_label hashes the sorted labels as std::hash does',
    query: q(`ListAccum<STRING> @@l = ["c", "a", "b"]; ListAccum<STRING> @@m = ["2", "11"];
      PRINT tg_hash_label(@@l) AS abc, tg_hash_label(@@m) AS n;`),
    // C++: std::hash("abc"), std::hash("112")
    expect: [{ abc: '3663726644998027833', n: '2885160922373450041' }],
  },
  {
    name: 'frequent-pattern hashes: BASE 2^63 is 25 modulo MOD',
    query:
      q(`ListAccum<INT> @@c; ListAccum<INT> @@sub = [1, 2]; ListAccum<INT> @@sup = [1, 3, 2, 4, 5];
      @@c = tg_initiate_hash_const(3);
      PRINT @@c AS consts, tg_get_hash_concat(5, 7) AS cat, tg_get_hash_without_last_element(132, 7) AS last,
        tg_get_hash_without_first_element(53, 2, 2, @@c) AS first, tg_get_hash(9223372036854775790) AS h,
        tg_is_subset(@@sub, 5, @@sup) AS yes, tg_is_subset(@@sub, 3, @@sup) AS no,
        tg_concat(@@sub, 9) AS longer;`),
    expect: [
      {
        consts: [1, 25, 625, 15625],
        cat: 132,
        last: 125,
        first: 75,
        h: 7,
        yes: true,
        no: false,
        longer: [1, 2, 9],
      },
    ],
  },
  {
    name: 'tuple helpers of a MaxAccum<tuple> value and tg_to_vertex_list of internal ids',
    query: q(`TYPEDEF TUPLE<INT pattern_key, INT suffix_key> kp;
      MapAccum<INT, MaxAccum<kp>> @@m; ListAccum<INT> @@ids; ListAccum<VERTEX> @@vs;
      @@m += (1 -> kp(4, 9));
      S = SELECT s FROM person:s WHERE s.age > 30 ACCUM @@ids += getvid(s);
      @@vs = tg_to_vertex_list(@@ids);
      PRINT tg_get_pattern_key(@@m.get(1)) AS p, tg_get_suffix_key(@@m.get(1)) AS s,
        tg_get_tup(@@m.get(1)) AS t, @@vs.size() AS n;`),
    expect: [{ p: 4, s: 9, t: { pattern_key: 4, suffix_key: 9 }, n: 2 }],
  },
  // ---------------------------------------------------------------- vectors and similarity
  {
    name: 'pairwise cosine, cosine against a MapAccum of embeddings, tg_similarity_accum kinds',
    query: q(`ListAccum<DOUBLE> @@a = [3.0, 4.0]; ListAccum<DOUBLE> @@b = [4.0, 3.0];
      MapAccum<INT, ListAccum<DOUBLE>> @@others; MapAccum<INT, DOUBLE> @@sim;
      ListAccum<INT> @@x = [1, 2, 3]; ListAccum<INT> @@y = [2, 3, 4];
      ListAccum<DOUBLE> @@z = [0.0, 0.0]; ListAccum<DOUBLE> @@p = [1.0, 2.0, 3.0]; ListAccum<DOUBLE> @@p2 = [2.0, 4.0, 6.0];
      @@others += (7 -> [3.0, 4.0]); @@others += (8 -> [-3.0, -4.0]);
      @@sim = tg_cosine_similarity(@@a, @@others, 2);
      PRINT tg_pairwise_cosine_similarity(@@a, @@b, 2) AS pair, @@sim AS sim,
        tg_similarity_accum(@@x, @@y, "JACCARD") AS j, tg_similarity_accum(@@x, @@y, "OVERLAP") AS o,
        tg_similarity_accum(@@z, @@a, "EUCLIDEAN") AS e, tg_similarity_accum(@@p, @@p2, "PEARSON") AS r,
        tg_similarity_accum(@@a, @@b, "COSINE") AS c, tg_similarity_accum(@@a, @@b, "OTHER") AS none;`),
    expect: [
      {
        pair: 0.96,
        sim: { '7': 1, '8': -1 },
        j: 0.5,
        o: 0.6666666666666666,
        e: 5,
        r: 1,
        c: 0.96,
        none: 0,
      },
    ],
  },
  // ---------------------------------------------------------------- strings, lists, geography
  {
    name: 'tg_extract_list, tg_str_to_float, tg_getVal / getVal',
    query: q(`ListAccum<FLOAT> @@w; ListAccum<DOUBLE> @@d = [0.5, 1.5];
      @@w = tg_extract_list("1.5,2, 3");
      PRINT @@w AS w, tg_str_to_float("2.25") AS f, tg_getVal(@@d, 1) AS g, getVal(@@d, 0) AS h;`),
    expect: [{ w: [1.5, 2, 3], f: 2.25, g: 1.5, h: 0.5 }],
  },
  {
    name: 'tg_GetDistance is the C++ haversine distance (km / 1000), in FLOAT',
    query: q(
      'PRINT tg_GetDistance(0, 0, 0, 1) AS a, tg_GetDistance(37.7749, -122.4194, 34.0522, -118.2437) AS b;',
    ),
    // C++ (g++ -O0, glibc): 0.11131949 0.5597467422
    expect: [{ a: 0.1113195, b: 0.5597467 }],
  },
  {
    name: 'instr: 0-based index, -1 when absent, start index and n-th occurrence',
    query: q(`STRING s = "a,b,c,d";
      PRINT instr(s, ",") AS a, instr(s, ",", 0, 2) AS b, instr(s, ",", 2) AS c, instr(s, "x") AS d,
        instr(s, ",", 0, 4) AS e, instr(s, ",", 4, 1) AS f;`),
    expect: [{ a: 1, b: 3, c: 3, d: -1, e: -1, f: 5 }],
  },
  {
    name: 'a library UDF needing an external system is a compile error',
    query: q('PRINT tg_searchInMilvus("h", 1, "c", "v", "id", "1,2", "L2", 3);'),
    error: 'QUERY-UNSUPPORTED',
  },
  // ---------------------------------------------------------------- POST-ACCUM (alias)
  {
    name: 'a POST-ACCUM clause naming two aliases runs each statement over its own alias',
    query: q(`SumAccum<INT> @src; SumAccum<INT> @dst; SumAccum<INT> @@g;
      S = SELECT s FROM person:s -(knows:e)- person:t WHERE s.name == "Ann"
          POST_ACCUM s.@src += 1, t.@dst += 1, @@g += 1;
      A = SELECT v FROM person:v WHERE v.@src > 0 OR v.@dst > 0 ORDER BY v.name;
      PRINT @@g AS g;
      PRINT A[A.@src AS src, A.@dst AS dst];`),
    expect: [
      { g: 2 },
      {
        A: [
          { v_id: 'ann', v_type: 'person', attributes: { src: 1, dst: 0 } },
          { v_id: 'bob', v_type: 'person', attributes: { src: 0, dst: 1 } },
          { v_id: 'cat', v_type: 'person', attributes: { src: 0, dst: 1 } },
        ],
      },
    ],
  },
  {
    name: 'POST-ACCUM (t) runs once per distinct target; (s) once per source',
    query: q(`SumAccum<INT> @@n; SumAccum<INT> @@m; SumAccum<INT> @@k; SumAccum<INT> @c;
      S = SELECT s FROM person:s -(knows:e)- person:t WHERE s.name == "Ann"
          POST-ACCUM (t) @@n += 10, t.@c += 1
          POST_ACCUM(s) @@m += 1
          POST-ACCUM @@k += 1;
      T = SELECT t FROM person:t WHERE t.@c > 0 ORDER BY t.name;
      PRINT @@n AS n, @@m AS m, @@k AS k, S.size() AS out;
      PRINT T[T.@c AS c];`),
    expect: [
      { n: 20, m: 1, k: 1, out: 1 },
      {
        T: [
          { v_id: 'bob', v_type: 'person', attributes: { c: 1 } },
          { v_id: 'cat', v_type: 'person', attributes: { c: 1 } },
        ],
      },
    ],
  },
  {
    name: 'POST-ACCUM naming an alias that is not a vertex alias of FROM is a compile error',
    query: q(`SumAccum<INT> @@n;
      S = SELECT s FROM person:s -(knows:e)- person:t POST-ACCUM (x) @@n += 1;`),
    error: 'QUERY-UNKNOWN-VARIABLE',
  },
  // ---------------------------------------------------------------- PercentileContAccum
  {
    name: 'PercentileContAccum interpolates; percent from the type, setPercent and getPercent',
    query:
      q(`PercentileContAccum<0.9> @@p; PercentileContAccum<0.5> @@med; PercentileContAccum<0.25> @@none;
      @@p += 10; @@p += 40; @@p += 20; @@p += 30;
      @@med += 1; @@med += 3; @@med += 2;
      PRINT @@p AS p90, @@p.getPercent() AS pc, @@med AS median, @@none AS empty, @@none.getPercent() AS q;
      @@p.setPercent(0.5);
      PRINT @@p AS p50, @@p.getPercent() AS pc;`),
    expect: [
      { p90: 37, pc: 0.9, median: 2, empty: 0, q: 0.25 },
      { p50: 25, pc: 0.5 },
    ],
  },
  {
    name: 'vertex PercentileContAccum collects values in ACCUM',
    query: q(`PercentileContAccum<0.5> @ages;
      S = SELECT s FROM person:s -(knows:e)- person:t ACCUM s.@ages += t.age ORDER BY s.name;
      PRINT S[S.@ages AS m];`),
    expect: [
      {
        S: [
          { v_id: 'ann', v_type: 'person', attributes: { m: 19.5 } },
          { v_id: 'bob', v_type: 'person', attributes: { m: 35.5 } },
          { v_id: 'cat', v_type: 'person', attributes: { m: 25 } },
          { v_id: 'dan', v_type: 'person', attributes: { m: 30 } },
        ],
      },
    ],
  },
  {
    name: 'setPercent outside [0, 1] is a run-time error',
    query: q('PercentileContAccum @@p; @@p += 1; @@p.setPercent(1.5); PRINT @@p;'),
    error: 'QUERY-BAD-VALUE',
  },
];
