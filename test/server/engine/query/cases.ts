// Query semantics, one case per construct: the graph fixture, the query text, its parameters and
// the exact PRINT JSON (or the error code). Run by cases.test.ts. `social` is described in
// fixtures.ts; ids print in the order the vertices were created unless ORDER BY says otherwise.
export interface QueryCase {
  readonly name: string;
  readonly query: string;
  readonly params?: Record<string, unknown>;
  /** The `results` array. */
  readonly expect?: unknown[];
  /** An error code (compile or run time). */
  readonly error?: string;
  /** Runs on its own copy of the fixture (the query writes). */
  readonly writes?: boolean;
  /** Adjacency left unfolded (edges in the delta) instead of compacted. */
  readonly delta?: boolean;
  /**
   * Files written to a fresh folder the query may read (LOADACCUM) and write; `{dir}` in a
   * string parameter is that folder.
   */
  readonly files?: Readonly<Record<string, string>>;
}

const q = (body: string, params = '') => `CREATE QUERY q(${params}) FOR GRAPH social {\n${body}\n}`;

export const cases: QueryCase[] = [
  // ---------------------------------------------------------------- PRINT format
  {
    name: 'PRINT keys: variable names, AS, expression text without spaces',
    query: q(
      'INT number = 5; STRING str = "x"; PRINT str, number; PRINT number * 2 AS doubled, number + 1 > 5;',
    ),
    expect: [
      { str: 'x', number: 5 },
      { doubled: 10, 'number+1>5': true },
    ],
  },
  {
    name: 'the output-statements page example: keys from AS, and "A.size()>10" for an unnamed expression',
    query: q(
      `FLOAT paper_width = 8.5; INT paper_height = 11; STRING Alpha = "ABC";
       A = SELECT s FROM person:s WHERE s.age > 30;
       PRINT paper_height * paper_width AS paper_size, Alpha + "XYZ" AS Letters, A.size() > 10 AS a_size_more_than_10;
       PRINT A.size() > 10;`,
    ),
    expect: [
      { paper_size: 93.5, Letters: 'ABCXYZ', a_size_more_than_10: false },
      { 'A.size()>10': false },
    ],
  },
  {
    name: 'PRINT keys: built-in function names in their canonical lower case, whatever case was typed',
    query: q(
      'ListAccum<INT> @@v = [10, 24]; PRINT MAX(@@v), Avg(@@v), COUNT(@@v), To_String(7), ABS(-2) + 1;',
    ),
    expect: [
      { 'max(@@v)': 24, 'avg(@@v)': 17, 'count(@@v)': 2, 'to_string(7)': '7', 'abs(-2)+1': 3 },
    ],
  },
  {
    name: 'a parameter given no value (and no default) IS NULL; COALESCE skips it and converts to its first argument type',
    query: q(
      'PRINT a, s, a IS NULL AS aNull, s IS NOT NULL AS sGiven, d IS NULL AS dNull, COALESCE(a, e, 999.5) AS ca, COALESCE(s, "z") AS cs;',
      'INT a, STRING s, DOUBLE d = 2.5, DOUBLE e',
    ),
    params: { s: 'x' },
    expect: [{ a: 0, s: 'x', aNull: true, sGiven: true, dNull: false, ca: 999, cs: 'x' }],
  },
  {
    name: 'COALESCE of given parameters: the first, converted to the first argument type',
    query: q('PRINT COALESCE(a, e) AS ca, COALESCE(e, a) AS ce;', 'INT a, DOUBLE e'),
    params: { a: 3, e: 7.75 },
    expect: [{ ca: 3, ce: 7.75 }],
  },
  {
    // FLOAT with INT computes in FLOAT (operators page): 1 / log10(2) and log10(2) * 10^9 are
    // 32-bit results, which the DOUBLEs then hold.
    name: 'a built-in documented to return FLOAT (log10) gives its 32-bit value, also when a DOUBLE uses it',
    query: q(
      'SumAccum<DOUBLE> @@s; @@s += 1 / log10(2); DOUBLE scaled = log10(2) * 1000000000; PRINT @@s * 1000000000 AS sum, scaled;',
    ),
    expect: [{ sum: 3321928024.291992, scaled: 301030016 }],
  },
  {
    name: 'INT / INT is integer division; with a DOUBLE it is not; % and negative numbers',
    query: q('PRINT 7 / 2 AS a, 7.0 / 2 AS b, -7 / 2 AS c, 7 % 3 AS d, 2 * 3.5 AS e;'),
    expect: [{ a: 3, b: 3.5, c: -3, d: 1, e: 7 }],
  },
  {
    name: 'INT beyond 2^53 stays exact',
    query: q('INT big = 9007199254740993; PRINT big, big + 2 AS more;'),
    expect: [{ big: 9007199254740993n, more: 9007199254740995n }],
  },
  {
    name: 'FLOAT prints its 32-bit value to 7 significant digits, DOUBLE to 16 (attribute-types page, v3.9.2+)',
    query: q(
      'FLOAT f = 1.0 / 3; DOUBLE d = 2.0 / 3; DOUBLE s = 0.1 + 0.2; FLOAT price = 202.32; FLOAT big = 4828.7217; DOUBLE tiny = 0.000004; DOUBLE neg = -0.000004; PRINT f, d, s, price, big, tiny, neg;',
    ),
    expect: [
      {
        f: 0.3333333,
        d: 0.6666666666666666,
        s: 0.3,
        price: 202.32,
        big: 4828.722,
        tiny: 0.000004,
        neg: -0.000004,
      },
    ],
  },
  {
    name: 'DATETIME prints as YYYY-MM-DD HH:MM:SS; datetime functions',
    query: q(
      'DATETIME t = to_datetime("2024-02-29 13:14:15"); PRINT t, year(t) AS y, month(t) AS m, day(t) AS d, hour(t) AS h, datetime_add(t, 1, "DAY") AS next, datetime_diff(to_datetime("2024-03-01"), t) AS diff, datetime_format(t, "%Y/%m/%d") AS fmt;',
    ),
    expect: [
      {
        t: '2024-02-29 13:14:15',
        y: 2024,
        m: 2,
        d: 29,
        h: 13,
        next: '2024-03-01 13:14:15',
        diff: 38745,
        fmt: '2024/02/29',
      },
    ],
  },
  {
    name: 'DATETIME parameters in ISO form with a UTC designator (Z, or +00:00 as LDBC writes them)',
    query: q('PRINT d, e;', 'DATETIME d, DATETIME e'),
    params: { d: '2012-11-28T13:19:40.000+00:00', e: '2012-11-28T13:19:40Z' },
    expect: [{ d: '2012-11-28 13:19:40', e: '2012-11-28 13:19:40' }],
  },
  {
    name: 'FOREACH over a GroupByAccum with one variable reads its keys and accumulators by name',
    query: q(
      'GroupByAccum<INT year, BOOL c, SumAccum<INT> n, SumAccum<INT> total> @@g; @@g += (2012, true -> 2, 10); @@g += (2012, true -> 1, 5); @@g += (2011, false -> 1, 7); FOREACH m IN @@g DO IF m.year == 2012 THEN PRINT m.year, m.c, m.n, m.total, m.total * 1.0 / m.n AS avg; END; END;',
    ),
    expect: [{ 'm.year': 2012, 'm.c': true, 'm.n': 3, 'm.total': 15, avg: 5 }],
  },
  {
    name: 'a vertex set prints v_id, v_type and attributes with vertex accumulators as @name',
    query: q(
      'SumAccum<INT> @cnt; S = {person.*}; S = SELECT s FROM S:s WHERE s.age > 30 POST-ACCUM s.@cnt += s.age; PRINT S;',
    ),
    expect: [
      {
        S: [
          {
            v_id: 'ann',
            v_type: 'person',
            attributes: { name: 'Ann', age: 41, score: 1.5, '@cnt': 41 },
          },
          {
            v_id: 'eve',
            v_type: 'person',
            attributes: { name: 'Eve', age: 35, score: 1, '@cnt': 35 },
          },
        ],
      },
    ],
  },
  {
    name: 'projection S[...]: keys are the expression text unless AS is given',
    query: q(
      'SumAccum<INT> @cnt = 2; S = {post.*}; PRINT S[S.title, S.@cnt AS c, S.@cnt + 1, S.at] AS posts;',
    ),
    expect: [
      {
        posts: [
          {
            v_id: 'p1',
            v_type: 'post',
            attributes: { 'S.title': 'Hello', c: 2, 'S.@cnt+1': 3, 'S.at': '2023-11-14 22:13:20' },
          },
          {
            v_id: 'p2',
            v_type: 'post',
            attributes: { 'S.title': 'World', c: 2, 'S.@cnt+1': 3, 'S.at': '2023-11-15 22:13:20' },
          },
        ],
      },
    ],
  },
  {
    name: 'PRINT ... WHERE keeps the vertices of the printed sets the condition holds for',
    query: q(
      'S = {person.*}; PRINT S[S.name] WHERE S.age > 30; PRINT 1 AS one WHERE 1 > 2; PRINT 2 AS two WHERE 2 > 1;',
    ),
    expect: [
      {
        S: [
          { v_id: 'ann', v_type: 'person', attributes: { 'S.name': 'Ann' } },
          { v_id: 'eve', v_type: 'person', attributes: { 'S.name': 'Eve' } },
        ],
      },
      { two: 2 },
    ],
  },
  {
    name: 'vertices outside vertex sets print as their id; edges as edge objects',
    query: q(
      'SetAccum<VERTEX> @@vs; ListAccum<EDGE> @@es; S = SELECT t FROM person:s -(likes:e)- post:t WHERE s.name == "Ann" ACCUM @@vs += t, @@vs += s, @@es += e; PRINT @@vs, @@es;',
    ),
    expect: [
      {
        '@@vs': ['p1', 'ann'],
        '@@es': [
          {
            e_type: 'likes',
            from_id: 'ann',
            from_type: 'person',
            to_id: 'p1',
            to_type: 'post',
            directed: true,
            attributes: { weight: 0.5 },
          },
        ],
      },
    ],
  },
  {
    name: 'tuples print as objects; maps keyed by the key text; GroupByAccum as a list of objects',
    query: q(
      'TYPEDEF TUPLE<STRING name, INT age> Info; Info i = Info("Z", 3); MapAccum<INT, STRING> @@m; GroupByAccum<STRING g, SumAccum<INT> n, MaxAccum<INT> oldest> @@gb; S = SELECT s FROM person:s ACCUM @@m += (s.age -> s.name), @@gb += (CASE WHEN s.age > 30 THEN "old" ELSE "young" END -> 1, s.age); PRINT i, @@m, @@gb;',
    ),
    expect: [
      {
        i: { name: 'Z', age: 3 },
        '@@m': { '41': 'Ann', '9': 'Bob', '30': 'Cat', '25': 'Dan', '35': 'Eve' },
        '@@gb': [
          { g: 'old', n: 2, oldest: 41 },
          { g: 'young', n: 3, oldest: 30 },
        ],
      },
    ],
  },
  // ---------------------------------------------------------------- accumulators
  {
    name: 'scalar accumulators: Sum, Max, Min, Avg, Or, And, BitwiseAnd, BitwiseOr and their defaults',
    query: q(
      `SumAccum<INT> @@si; SumAccum<DOUBLE> @@sd; SumAccum<STRING> @@ss; MaxAccum<INT> @@mx; MinAccum<INT> @@mn;
       MaxAccum<INT> @@mx0; MinAccum<STRING> @@mn0; AvgAccum @@avg; OrAccum @@or; AndAccum @@and;
       BitwiseAndAccum @@band; BitwiseOrAccum @@bor;
       S = SELECT s FROM person:s ACCUM @@si += s.age, @@sd += s.score, @@mx += s.age, @@mn += s.age,
           @@avg += s.age, @@or += s.age > 40, @@and += s.age > 20, @@band += s.age, @@bor += s.age;
       @@ss += "a"; @@ss += "b";
       PRINT @@si, @@sd, @@ss, @@mx, @@mn, @@mx0, @@mn0, @@avg, @@or, @@and, @@band, @@bor;`,
    ),
    expect: [
      {
        '@@si': 140,
        '@@sd': 7.75,
        '@@ss': 'ab',
        '@@mx': 41,
        '@@mn': 9,
        '@@mx0': -9223372036854775808n,
        '@@mn0': '',
        '@@avg': 28,
        '@@or': true,
        '@@and': false,
        '@@band': '0'.repeat(64),
        '@@bor': '0'.repeat(58) + '111111',
      },
    ],
  },
  {
    name: 'BitwiseAnd/OrAccum print their 64-bit value as binary digits (globals, vertex accumulators, negatives)',
    query: q(
      `BitwiseAndAccum @@band = 14; BitwiseOrAccum @@bor; BitwiseOrAccum @flags; BitwiseOrAccum @@neg = -2;
       @@band += 7; @@bor += 8; @@bor += 1;
       S = SELECT s FROM person:s WHERE s.age > 40 ACCUM s.@flags += 2, s.@flags += 4;
       PRINT @@band, @@bor, @@neg, @@band + 1 AS plus;
       PRINT S[S.@flags];`,
    ),
    expect: [
      {
        '@@band': '0'.repeat(61) + '110',
        '@@bor': '0'.repeat(60) + '1001',
        '@@neg': '1'.repeat(63) + '0',
        plus: 7,
      },
      {
        S: [{ v_id: 'ann', v_type: 'person', attributes: { 'S.@flags': '0'.repeat(61) + '110' } }],
      },
    ],
  },
  {
    name: 'a collection accumulator += itself appends a snapshot (List doubles, Bag doubles counts, Set unchanged)',
    query: q(
      `ListAccum<INT> @@l; BagAccum<STRING> @@b; SetAccum<INT> @@s;
       @@l += 1; @@l += 2; @@l += @@l; @@l += @@l;
       @@b += "x"; @@b += "y"; @@b += "x"; @@b += @@b;
       @@s += 5; @@s += @@s;
       PRINT @@l, @@b.size() AS bagSize, @@b, @@s;`,
    ),
    expect: [
      {
        '@@l': [1, 2, 1, 2, 1, 2, 1, 2],
        bagSize: 6,
        '@@b': ['x', 'x', 'x', 'x', 'y', 'y'],
        '@@s': [5],
      },
    ],
  },
  {
    name: 'ListAccum .get past the end or negative is the element type default; list * list of STRING',
    query: q(
      `ListAccum<INT> @@l = [4, 5]; ListAccum<STRING> @@s = ["x", "y"]; ListAccum<STRING> @@t = ["1", "2"];
       LIST<INT> li = [1, 2];
       PRINT @@l.get(5) AS past, @@l.get(-1) AS neg, @@l.get(1) AS inside, @@s.get(9) AS spast, li.get(7) AS lpast;
       PRINT @@s * @@t AS prod;`,
    ),
    expect: [
      { past: 0, neg: 0, inside: 5, spast: '', lpast: 0 },
      { prod: ['x1', 'y1', 'x2', 'y2'] },
    ],
  },
  {
    name: 'UNION / INTERSECT / MINUS with a bag keep multiplicities (bag op set is a bag); set op set is a set',
    query: q(
      `SetAccum<INT> @@sa = (1, 2, 3, 4); BagAccum<INT> @@bd = (1, 2, 2, 3); BagAccum<INT> @@be = (2, 3, 5, 7);
       BagAccum<INT> @@into;
       @@into = @@bd UNION @@be;
       PRINT @@bd UNION @@be AS u, @@bd INTERSECT @@be AS i, @@bd MINUS @@be AS m, @@bd MINUS @@sa AS ms,
             @@bd UNION @@sa AS us, @@sa UNION @@sa AS ss, @@into.size() AS intoSize;`,
    ),
    expect: [
      {
        u: [1, 2, 2, 2, 3, 3, 5, 7],
        i: [2, 3],
        m: [1, 2],
        ms: [2],
        us: [1, 1, 2, 2, 2, 3, 3, 4],
        ss: [1, 2, 3, 4],
        intoSize: 8,
      },
    ],
  },
  {
    name: 'nested ListAccum: a value as deep as an element is one element, one level deeper adds its rows; 3-D lists; += itself',
    query: q(
      `ListAccum<ListAccum<INT>> @@grid; ListAccum<ListAccum<ListAccum<INT>>> @@cube; ListAccum<INT> @@row;
       SumAccum<INT> @@three = 3;
       @@row += 1; @@row += 2;
       @@grid += @@row;
       @@grid += [@@three, 4];
       @@grid += [[5], [6, 7]];
       @@row.clear(); @@grid += @@row;
       @@grid += @@grid;
       @@cube += @@grid; @@cube += [[8], [9]];
       PRINT @@grid, @@cube, @@cube.size() AS layers;`,
    ),
    expect: [
      {
        '@@grid': [[1, 2], [3, 4], [5], [6, 7], [], [1, 2], [3, 4], [5], [6, 7], []],
        '@@cube': [
          [[1, 2], [3, 4], [5], [6, 7], [], [1, 2], [3, 4], [5], [6, 7], []],
          [[8], [9]],
        ],
        layers: 2,
      },
    ],
  },
  {
    name: 'ListAccum .update answers whether the position exists (out of range changes nothing); .remove of an invalid index does nothing',
    query: q(
      `ListAccum<INT> @@l = [0, 2, 4]; ListAccum<BOOL> @@ok;
       @@ok += @@l.update(1, -9); @@ok += @@l.update(3, 7); @@ok += @@l.update(-1, 7);
       @@l.remove(-1); @@l.remove(5);
       PRINT @@l, @@ok;
       @@l.remove(0);
       PRINT @@l;`,
    ),
    expect: [{ '@@l': [0, -9, 4], '@@ok': [true, false, false] }, { '@@l': [-9, 4] }],
  },
  {
    name: 'an undirected edge reached from each end is two values in SetAccum<EDGE>, each printed from its walk source',
    query: q(
      `SetAccum<EDGE> @@es; S = {person.*};
       T = SELECT t FROM S:s -(knows:e)- person:t WHERE s.name == "Dan" OR t.name == "Dan" ACCUM @@es += e;
       PRINT @@es.size() AS n, @@es;`,
    ),
    expect: [
      {
        n: 2,
        '@@es': [
          {
            e_type: 'knows',
            from_id: 'cat',
            from_type: 'person',
            to_id: 'dan',
            to_type: 'person',
            directed: false,
            attributes: { since: 2020 },
          },
          {
            e_type: 'knows',
            from_id: 'dan',
            from_type: 'person',
            to_id: 'cat',
            to_type: 'person',
            directed: false,
            attributes: { since: 2020 },
          },
        ],
      },
    ],
  },
  {
    name: 'collection accumulators: List, Set, Bag with methods',
    query: q(
      `ListAccum<INT> @@l; SetAccum<INT> @@s; BagAccum<INT> @@b;
       @@l += 3; @@l += 1; @@l += 3; @@l += [7, 8];
       @@s += 3; @@s += 1; @@s += 3;
       @@b += 3; @@b += 1; @@b += 3;
       PRINT @@l, @@s, @@b, @@l.size() AS ls, @@s.contains(1) AS s1, @@b.contains(2) AS b2, @@l.get(0) AS first;
       @@l.update(0, 99); @@s.remove(3); @@b.removeAll(3);
       PRINT @@l, @@s, @@b;
       @@l.clear(); @@s = [5, 6]; PRINT @@l, @@s;`,
    ),
    expect: [
      {
        '@@l': [3, 1, 3, 7, 8],
        '@@s': [3, 1],
        '@@b': [3, 3, 1],
        ls: 5,
        s1: true,
        b2: false,
        first: 3,
      },
      { '@@l': [99, 1, 3, 7, 8], '@@s': [1], '@@b': [1] },
      { '@@l': [], '@@s': [5, 6] },
    ],
  },
  {
    name: 'MapAccum: base values accumulate (+ adds, strings concatenate); get, containsKey, remove',
    query: q(
      `MapAccum<STRING, INT> @@n; MapAccum<STRING, STRING> @@t;
       @@n += ("a" -> 1); @@n += ("a" -> 2); @@n += ("b" -> 5);
       @@t += ("k" -> "x"); @@t += ("k" -> "y");
       PRINT @@n, @@t, @@n.get("a") AS a, @@n.get("zz") AS missing, @@n.containsKey("b") AS hasB, @@n.size() AS size;
       @@n.remove("a"); PRINT @@n;`,
    ),
    expect: [
      { '@@n': { a: 3, b: 5 }, '@@t': { k: 'xy' }, a: 3, missing: 0, hasB: true, size: 2 },
      { '@@n': { b: 5 } },
    ],
  },
  {
    name: 'nested MapAccum of SetAccum: += (k -> v) accumulates into the inner accumulator',
    query: q(
      `MapAccum<STRING, SetAccum<STRING>> @@friends;
       S = SELECT t FROM person:s -(knows:e)- person:t ACCUM @@friends += (s.name -> t.name);
       PRINT @@friends;`,
    ),
    expect: [
      {
        '@@friends': {
          Ann: ['Bob', 'Cat'],
          Bob: ['Cat', 'Ann'],
          Cat: ['Dan', 'Ann', 'Bob'],
          Dan: ['Cat'],
        },
      },
    ],
  },
  {
    name: 'ListAccum of ListAccum: a flat list is one element, a list of lists adds each; elements have list methods',
    query: q(
      `ListAccum<ListAccum<INT>> @@paths; ListAccum<INT> @@firsts;
       @@paths = [1];
       @@paths += [[2, 3], [4]];
       FOREACH p IN @@paths DO @@firsts += p.get(0); END;
       @@paths += @@paths.get(1) + [9];
       PRINT @@paths, @@firsts, @@paths.size() AS n;`,
    ),
    expect: [{ '@@paths': [[1], [2, 3], [4], [2, 3, 9]], '@@firsts': [1, 2, 4], n: 4 }],
  },
  {
    name: 'HeapAccum of tuples: capacity from a parameter, several sort keys, top, pop, resize',
    query: q(
      `TYPEDEF TUPLE<STRING name, INT age, DOUBLE score> P;
       HeapAccum<P>(k, score DESC, name ASC) @@top;
       S = SELECT s FROM person:s ACCUM @@top += P(s.name, s.age, s.score);
       PRINT @@top;
       PRINT @@top.top() AS best, @@top.size() AS n;
       P first = @@top.pop();
       PRINT first, @@top;
       @@top.resize(1); PRINT @@top;`,
      'INT k = 3',
    ),
    expect: [
      {
        '@@top': [
          { name: 'Dan', age: 25, score: 3 },
          { name: 'Bob', age: 9, score: 2 },
          { name: 'Ann', age: 41, score: 1.5 },
        ],
      },
      { best: { name: 'Dan', age: 25, score: 3 }, n: 3 },
      {
        first: { name: 'Dan', age: 25, score: 3 },
        '@@top': [
          { name: 'Bob', age: 9, score: 2 },
          { name: 'Ann', age: 41, score: 1.5 },
        ],
      },
      { '@@top': [{ name: 'Bob', age: 9, score: 2 }] },
    ],
  },
  {
    name: 'GroupByAccum: get, containsKey, FOREACH over its groups; vertex AvgAccum',
    query: q(
      `GroupByAccum<BOOL old, SumAccum<INT> n, AvgAccum age> @@g; AvgAccum @avg; ListAccum<STRING> @@rows;
       S = SELECT t FROM person:s -(knows:e)- person:t ACCUM @@g += (s.age > 30 -> 1, s.age), t.@avg += s.age;
       FOREACH (old, n, age) IN @@g DO @@rows += to_string(old) + ":" + to_string(n); END;
       PRINT @@g.get(TRUE).n AS oldRows, @@g.containsKey(FALSE) AS hasYoung, @@rows, @@g, S[S.@avg];`,
    ),
    expect: [
      {
        oldRows: 2,
        hasYoung: true,
        '@@rows': ['true:2', 'false:6'],
        '@@g': [
          { old: true, n: 2, age: 41 },
          { old: false, n: 6, age: 22.16666666666667 },
        ],
        S: [
          { v_id: 'bob', v_type: 'person', attributes: { 'S.@avg': 35.5 } },
          { v_id: 'cat', v_type: 'person', attributes: { 'S.@avg': 25 } },
          { v_id: 'ann', v_type: 'person', attributes: { 'S.@avg': 19.5 } },
          { v_id: 'dan', v_type: 'person', attributes: { 'S.@avg': 30 } },
        ],
      },
    ],
  },
  {
    name: 'a vertex-attached ArrayAccum gets its declared size on every vertex',
    query: q(
      `ArrayAccum<SumAccum<INT>> @byType[3];
       S = {person.*};
       S = SELECT s FROM S:s -(:e)- :t
           ACCUM CASE e.type WHEN "knows" THEN s.@byType[0] += 1 WHEN "likes" THEN s.@byType[1] += 1 END;
       PRINT S[S.@byType];`,
    ),
    expect: [
      {
        S: [
          { v_id: 'ann', v_type: 'person', attributes: { 'S.@byType': [2, 1, 0] } },
          { v_id: 'bob', v_type: 'person', attributes: { 'S.@byType': [2, 1, 0] } },
          { v_id: 'cat', v_type: 'person', attributes: { 'S.@byType': [3, 1, 0] } },
          { v_id: 'dan', v_type: 'person', attributes: { 'S.@byType': [1, 0, 0] } },
          { v_id: 'eve', v_type: 'person', attributes: { 'S.@byType': [0, 0, 0] } },
        ],
      },
    ],
  },
  {
    name: 'ArrayAccum with two dimensions',
    query: q(
      'ArrayAccum<SumAccum<INT>> @@a[2][3]; @@a[0][1] += 5; @@a[1][2] += 7; @@a[1][2] += 1; PRINT @@a, @@a[1][2] AS cell;',
    ),
    expect: [
      {
        '@@a': [
          [0, 5, 0],
          [0, 0, 8],
        ],
        cell: 8,
      },
    ],
  },
  {
    name: 'MaxAccum and MinAccum of tuples order by the first field, then the next; MinAccum<tuple> starts at the default tuple (documented)',
    query: q(
      'TYPEDEF TUPLE<INT a, STRING b> T2; MaxAccum<T2> @@mx; MinAccum<T2> @@mn; @@mx += T2(1, "z"); @@mx += T2(2, "a"); @@mx += T2(2, "b"); @@mn += T2(1, "z"); @@mn += T2(1, "y"); PRINT @@mx, @@mn;',
    ),
    expect: [{ '@@mx': { a: 2, b: 'b' }, '@@mn': { a: 0, b: '' } }],
  },
  // ---------------------------------------------------------------- ACCUM semantics
  {
    name: 'ACCUM reads the values from before the clause while every row adds to them',
    query: q(
      `SumAccum<INT> @val = 1; SumAccum<INT> @@seen;
       S = SELECT t FROM person:s -(knows:e)- person:t ACCUM t.@val += s.@val, @@seen += t.@val;
       PRINT S[S.@val] AS after, @@seen;`,
    ),
    // Each t gains one per knows-neighbour (all sources read 1); @@seen sums the old value 1 per row.
    expect: [
      {
        after: [
          { v_id: 'bob', v_type: 'person', attributes: { 'S.@val': 3 } },
          { v_id: 'cat', v_type: 'person', attributes: { 'S.@val': 4 } },
          { v_id: 'ann', v_type: 'person', attributes: { 'S.@val': 3 } },
          { v_id: 'dan', v_type: 'person', attributes: { 'S.@val': 2 } },
        ],
        '@@seen': 8,
      },
    ],
  },
  {
    name: '= on a vertex accumulator in ACCUM: applied at the end of the clause (last row wins), then the += inputs',
    query: q(
      `SumAccum<INT> @v = 100;
       S = SELECT t FROM person:s -(follows:e)- person:t ACCUM t.@v = s.age, t.@v += 1;
       PRINT S[S.@v];`,
    ),
    // follows into ann: from cat (30) then dan (25): ann = 25 + 2; bob = 41 + 1; cat = 9 + 1; dan = 35 + 1.
    expect: [
      {
        S: [
          { v_id: 'bob', v_type: 'person', attributes: { 'S.@v': 42 } },
          { v_id: 'cat', v_type: 'person', attributes: { 'S.@v': 10 } },
          { v_id: 'ann', v_type: 'person', attributes: { 'S.@v': 27 } },
          { v_id: 'dan', v_type: 'person', attributes: { 'S.@v': 36 } },
        ],
      },
    ],
  },
  {
    name: "prime: in POST-ACCUM and HAVING, @x' is the value before this SELECT's ACCUM",
    query: q(
      `SumAccum<INT> @x = 10; SumAccum<INT> @@diffs;
       S = SELECT t FROM person:s -(follows:e)- person:t ACCUM t.@x += 1
           POST-ACCUM @@diffs += t.@x - t.@x'
           HAVING t.@x' == 10 AND t.@x > 11;
       PRINT @@diffs, S[S.@x];`,
    ),
    expect: [{ '@@diffs': 5, S: [{ v_id: 'ann', v_type: 'person', attributes: { 'S.@x': 12 } }] }],
  },
  {
    name: 'global accumulators in POST-ACCUM read the value from before the clause',
    query: q(
      `SumAccum<INT> @@n; ListAccum<INT> @@seen;
       S = SELECT s FROM person:s POST-ACCUM @@n += 1, @@seen += @@n;
       PRINT @@n, @@seen;`,
    ),
    expect: [{ '@@n': 5, '@@seen': [0, 0, 0, 0, 0] }],
  },
  {
    name: 'local variables declared in ACCUM are per row; statements of a row run in order',
    query: q(
      `ListAccum<INT> @@out;
       S = SELECT s FROM person:s WHERE s.age < 30 ACCUM INT x = s.age, x = x * 2, @@out += x;
       PRINT @@out;`,
    ),
    expect: [{ '@@out': [18, 50] }],
  },
  {
    name: 'several POST-ACCUM clauses, each over the distinct vertices of its alias',
    query: q(
      `SumAccum<INT> @src; SumAccum<INT> @dst;
       S = SELECT t FROM person:s -(follows:e)- person:t
           POST-ACCUM s.@src += 1
           POST-ACCUM t.@dst += 1;
       PRINT S[S.@src, S.@dst];`,
    ),
    expect: [
      {
        S: [
          { v_id: 'bob', v_type: 'person', attributes: { 'S.@src': 1, 'S.@dst': 1 } },
          { v_id: 'cat', v_type: 'person', attributes: { 'S.@src': 1, 'S.@dst': 1 } },
          { v_id: 'ann', v_type: 'person', attributes: { 'S.@src': 1, 'S.@dst': 1 } },
          { v_id: 'dan', v_type: 'person', attributes: { 'S.@src': 1, 'S.@dst': 1 } },
        ],
      },
    ],
  },
  // ---------------------------------------------------------------- SELECT forms
  {
    name: 'classic SELECT: directed edge, reverse edge, undirected edge; edge attributes in WHERE',
    query: q(
      `A = SELECT t FROM person:s -(follows)-> person:t WHERE s.name == "Ann";
       B = SELECT t FROM post:s -(liked_by)- person:t WHERE s.title == "Hello";
       C = SELECT t FROM person:s -(knows:e)- person:t WHERE s.name == "Cat" AND e.since >= 2015;
       PRINT A[A.name], B[B.name], C[C.name];`,
    ),
    expect: [
      {
        A: [{ v_id: 'bob', v_type: 'person', attributes: { 'A.name': 'Bob' } }],
        B: [
          { v_id: 'ann', v_type: 'person', attributes: { 'B.name': 'Ann' } },
          { v_id: 'bob', v_type: 'person', attributes: { 'B.name': 'Bob' } },
        ],
        C: [
          { v_id: 'dan', v_type: 'person', attributes: { 'C.name': 'Dan' } },
          { v_id: 'bob', v_type: 'person', attributes: { 'C.name': 'Bob' } },
        ],
      },
    ],
  },
  {
    name: 'pattern SELECT: directions E> and <E, several edge types, omitted target type',
    query: q(
      `A = SELECT t FROM person:s -(<follows)- :t WHERE s.name == "Ann";
       B = SELECT t FROM person:s -(follows>|likes>)- :t WHERE s.name == "Ann";
       PRINT A[A.name], B;`,
    ),
    expect: [
      {
        A: [
          { v_id: 'cat', v_type: 'person', attributes: { 'A.name': 'Cat' } },
          { v_id: 'dan', v_type: 'person', attributes: { 'A.name': 'Dan' } },
        ],
        B: [
          { v_id: 'bob', v_type: 'person', attributes: { name: 'Bob', age: 9, score: 2 } },
          { v_id: 'p1', v_type: 'post', attributes: { title: 'Hello', at: '2023-11-14 22:13:20' } },
        ],
      },
    ],
  },
  {
    name: 'SAMPLE n EDGE WHEN: at most n edges per source meeting the condition (the first ones)',
    query: q(
      `SumAccum<INT> @n;
       S = SELECT s FROM person:s -(knows:e)- person:t SAMPLE 1 EDGE WHEN s.age > 20 ACCUM s.@n += 1;
       T = SELECT s FROM person:s -(knows:e)- person:t SAMPLE 50% EDGE WHEN TRUE;
       PRINT S[S.@n], T.size() AS t;`,
    ),
    expect: [
      {
        S: [
          { v_id: 'ann', v_type: 'person', attributes: { 'S.@n': 1 } },
          { v_id: 'bob', v_type: 'person', attributes: { 'S.@n': 2 } },
          { v_id: 'cat', v_type: 'person', attributes: { 'S.@n': 1 } },
          { v_id: 'dan', v_type: 'person', attributes: { 'S.@n': 1 } },
        ],
        t: 4,
      },
    ],
  },
  {
    name: 'multi-hop pattern with an intermediate alias; *1..2 repeats (shortest distance)',
    query: q(
      `SumAccum<INT> @hits;
       A = SELECT c FROM person:a -(follows>)- person:b -(follows>)- person:c WHERE a.name == "Eve" ACCUM c.@hits += 1;
       B = SELECT t FROM person:s -(follows>*1..2)- person:t WHERE s.name == "Eve";
       PRINT A[A.name, A.@hits], B[B.name];`,
    ),
    expect: [
      {
        A: [{ v_id: 'ann', v_type: 'person', attributes: { 'A.name': 'Ann', 'A.@hits': 1 } }],
        B: [
          { v_id: 'dan', v_type: 'person', attributes: { 'B.name': 'Dan' } },
          { v_id: 'ann', v_type: 'person', attributes: { 'B.name': 'Ann' } },
        ],
      },
    ],
  },
  {
    name: 'multi-hop WHERE: the rows of a test at the end of each path, conditions reached in written order',
    query: q(
      `SumAccum<INT> @n; SumAccum<INT> @@rows;
       // bob (age 9) starts only the path bob -> cat -> ann, which b.name != "Cat" rejects before
       // the division by zero written after it is reached
       A = SELECT c FROM person:a -(follows>)- person:b -(follows>)- person:c
           WHERE b.name != "Cat" AND 100 / (a.age - 9) > 0 AND c.age > 20
           ACCUM c.@n += 1, @@rows += 1;
       // a condition on the source, one on the first edge, none on the rest
       B = SELECT c FROM person:a -(knows:e)- person:b -(likes>)- post:c
           WHERE a.age > 20 AND e.since >= 2012
           ACCUM c.@n += 1, @@rows += 1;
       PRINT A[A.@n], B[B.@n], @@rows;`,
    ),
    expect: [
      {
        A: [
          { v_id: 'cat', v_type: 'person', attributes: { 'A.@n': 1 } },
          { v_id: 'ann', v_type: 'person', attributes: { 'A.@n': 1 } },
        ],
        B: [
          { v_id: 'p2', v_type: 'post', attributes: { 'B.@n': 2 } },
          { v_id: 'p1', v_type: 'post', attributes: { 'B.@n': 2 } },
        ],
        '@@rows': 6,
      },
    ],
  },
  {
    name: 'global container accumulators in clauses: a clause reading one sees its value before the clause, others end the clause alike',
    query: q(
      `ListAccum<INT> @@l; GroupByAccum<INT k, SumAccum<INT> n> @@g; SetAccum<INT> @@seen;
       SumAccum<INT> @@sizes; ListAccum<VERTEX<person>> @@people;
       // @@l and @@g are not read in any clause; @@seen is (its size before the clause: 0)
       S = SELECT s FROM person:s
           ACCUM @@l += s.age, @@g += (s.age / 10 -> 1), @@sizes += @@seen.size(), @@seen += s.age;
       // @@g read in POST-ACCUM: every vertex sees its 4 groups
       S = SELECT s FROM person:s POST-ACCUM @@g += (99 -> 1), @@sizes += @@g.size();
       // a list read as a FROM source while the clause appends to it
       S = SELECT s FROM person:s WHERE s.age > 30 ACCUM @@people += s;
       S = SELECT s FROM @@people:s ACCUM @@people += s;
       PRINT @@l.size() AS l, @@g.size() AS g, @@sizes AS sizes, @@seen.size() AS seen,
         @@people.size() AS people;`,
    ),
    expect: [{ l: 5, g: 5, sizes: 20, seen: 5, people: 4 }],
  },
  {
    name: 'several comma-separated patterns join on their shared aliases',
    query: q(
      `SumAccum<INT> @n;
       // people followed by someone who also likes a post, and the posts they like
       S = SELECT b FROM person:a -(follows>)- person:b, person:a -(likes>)- post:p ACCUM b.@n += 1;
       // a triangle closed by a third pattern that returns to the first alias
       T = SELECT x FROM person:x -(knows)- person:y, person:y -(knows)- person:z, person:z -(knows)- person:x
           WHERE x.name < y.name AND y.name < z.name;
       PRINT S[S.@n], T[T.name];`,
    ),
    expect: [
      {
        S: [
          { v_id: 'bob', v_type: 'person', attributes: { 'S.@n': 1 } },
          { v_id: 'cat', v_type: 'person', attributes: { 'S.@n': 1 } },
          { v_id: 'ann', v_type: 'person', attributes: { 'S.@n': 1 } },
        ],
        T: [{ v_id: 'ann', v_type: 'person', attributes: { 'T.name': 'Ann' } }],
      },
    ],
  },
  {
    name: 'type names as STRING and SET<STRING> parameters: seeds, edge types and target types',
    query: q(
      `SumAccum<INT> @deg;
       Start = {v_type};
       S = SELECT s FROM Start:s -(e_types:e)- v_type:t ACCUM s.@deg += 1 ORDER BY s.@deg DESC, s.name LIMIT 2;
       PRINT S[S.@deg], Start.size() AS n;`,
      'STRING v_type, SET<STRING> e_types',
    ),
    params: { v_type: 'person', e_types: ['knows', 'follows'] },
    expect: [
      {
        S: [
          { v_id: 'cat', v_type: 'person', attributes: { 'S.@deg': 4 } },
          { v_id: 'ann', v_type: 'person', attributes: { 'S.@deg': 3 } },
        ],
        n: 5,
      },
    ],
  },
  {
    name: 'an unknown type name given as a STRING parameter fails at run time',
    query: q('Start = {v_type}; PRINT Start;', 'STRING v_type'),
    params: { v_type: 'nope' },
    error: 'QUERY-UNKNOWN-TYPE',
  },
  {
    name: 'seeds: a vertex parameter, a set of vertices, @@set, ANY; ORDER BY ASC with LIMIT and OFFSET',
    query: q(
      `SetAccum<VERTEX> @@s; @@s += p;
       A = {p}; B = {@@s}; C = {ANY};
       D = SELECT v FROM C:v ORDER BY v.type DESC, getvid(v) ASC LIMIT 2 OFFSET 1;
       E = {ps};
       PRINT A.size() AS a, B.size() AS b, C.size() AS c, D[D.type], E.size() AS e;`,
      'VERTEX<person> p, SET<VERTEX<person>> ps',
    ),
    params: { p: 'bob', ps: ['ann', 'cat'] },
    expect: [
      {
        a: 1,
        b: 1,
        c: 7,
        D: [
          { v_id: 'p2', v_type: 'post', attributes: { 'D.type': 'post' } },
          { v_id: 'ann', v_type: 'person', attributes: { 'D.type': 'person' } },
        ],
        e: 2,
      },
    ],
  },
  {
    name: 'SET parameters hold each value once, LIST and BAG parameters keep repeats',
    query: q(
      'PRINT ids.size() AS set_size, names.size() AS list_size, tags.size() AS bag_size, ps.size() AS vertices;',
      'SET<INT> ids, LIST<STRING> names, BAG<STRING> tags, SET<VERTEX<person>> ps',
    ),
    params: { ids: [1, 5, 5, 1], names: ['a', 'a'], tags: ['x', 'x'], ps: ['ann', 'ann', 'cat'] },
    expect: [{ set_size: 2, list_size: 2, bag_size: 2, vertices: 2 }],
  },
  {
    name: 'a vertex parameter that does not exist is a parameter error',
    query: q('PRINT p;', 'VERTEX<person> p'),
    params: { p: 'zed' },
    error: 'QUERY-BAD-PARAM',
  },
  {
    name: 'set operations on vertex sets: UNION, INTERSECT, MINUS',
    query: q(
      `A = SELECT s FROM person:s WHERE s.age > 28;
       B = SELECT s FROM person:s WHERE s.age < 36;
       U = A UNION B; I = A INTERSECT B; M = A MINUS B;
       PRINT U.size() AS u, I[I.name], M[M.name];`,
    ),
    expect: [
      {
        u: 5,
        I: [
          { v_id: 'cat', v_type: 'person', attributes: { 'I.name': 'Cat' } },
          { v_id: 'eve', v_type: 'person', attributes: { 'I.name': 'Eve' } },
        ],
        M: [{ v_id: 'ann', v_type: 'person', attributes: { 'M.name': 'Ann' } }],
      },
    ],
  },
  {
    name: 'built-in vertex functions: outdegree with and without edge types, neighbors, getAttr, type',
    query: q(
      `ListAccum<INT> @@d; ListAccum<INT> @@all; SetAccum<STRING> @@nb;
       S = SELECT s FROM person:s WHERE s.name == "Ann"
           ACCUM @@d += s.outdegree("knows"), @@d += s.outdegree(["follows", "likes"]), @@all += s.outdegree(),
                 @@nb += s.getAttr("name"), @@nb += s.type;
       P = SELECT p FROM post:p WHERE p.title == "Hello" ACCUM @@all += p.outdegree();
       N = SELECT s FROM person:s WHERE s.name == "Cat";
       FOREACH x IN N DO FOREACH y IN x.neighbors("knows") DO @@nb += y.name; END; END;
       PRINT @@d, @@all, @@nb;`,
    ),
    // outdegree() counts every edge type, reverse ones included: p1 has two liked_by edges.
    expect: [{ '@@d': [2, 2], '@@all': [4, 2], '@@nb': ['Ann', 'person', 'Dan', 'Bob'] }],
  },
  {
    name: 'math, string and conversion functions',
    query: q(
      `PRINT abs(-3) AS a, sqrt(16) AS b, pow(2, 10) AS c, floor(2.7) AS d, ceil(2.1) AS e, round(2.5) AS f,
             lower("AbC") AS g, upper("x") AS h, trim("  y ") AS i, substr("hello", 1, 3) AS j,
             to_string(42) AS k, str_to_int("17") + 1 AS l, length("abc") AS m, coalesce(NULL, 5) AS n,
             log(exp(1)) AS o, "a" + 1 AS p, 5 BETWEEN 1 AND 9 AS q, "abc" LIKE "a%" AS r, 3 IN (1, 2, 3) AS s;`,
    ),
    expect: [
      {
        a: 3,
        b: 4,
        c: 1024,
        d: 2,
        e: 3,
        f: 3,
        g: 'abc',
        h: 'X',
        i: 'y',
        j: 'ell',
        k: '42',
        l: 18,
        m: 3,
        n: 5,
        o: 0.99999996963214,
        p: 'a1',
        q: true,
        r: true,
        s: true,
      },
    ],
  },
  // ---------------------------------------------------------------- control flow
  {
    name: 'IF / ELSE IF / ELSE, CASE statement and CASE expression',
    query: q(
      `INT x = 5; STRING s;
       IF x > 10 THEN s = "big"; ELSE IF x > 3 THEN s = "mid"; ELSE s = "small"; END;
       CASE WHEN x == 5 THEN PRINT "five" AS c; ELSE PRINT "other" AS c; END;
       CASE x WHEN 4 THEN PRINT 4 AS d; WHEN 5 THEN PRINT 5 AS d; END;
       PRINT s, CASE WHEN x > 1 THEN "yes" ELSE "no" END AS e;`,
    ),
    expect: [{ c: 'five' }, { d: 5 }, { s: 'mid', e: 'yes' }],
  },
  {
    name: 'WHILE with LIMIT, BREAK and CONTINUE',
    query: q(
      `INT i = 0; INT n = 0; ListAccum<INT> @@l;
       WHILE TRUE LIMIT 4 DO i = i + 1; END;
       WHILE n < 10 DO n = n + 1; IF n % 2 == 0 THEN CONTINUE; END; IF n > 7 THEN BREAK; END; @@l += n; END;
       PRINT i, n, @@l;`,
    ),
    expect: [{ i: 4, n: 9, '@@l': [1, 3, 5, 7] }],
  },
  {
    name: 'FOREACH over a RANGE with STEP, a list, a set accumulator, a map (k, v) and a vertex set',
    query: q(
      `ListAccum<INT> @@r; ListAccum<STRING> @@kv; MapAccum<STRING, INT> @@m; SetAccum<STRING> @@names;
       FOREACH i IN RANGE[1, 9].STEP(3) DO @@r += i; END;
       FOREACH i IN [10, 20] DO @@r += i; END;
       @@m += ("a" -> 1); @@m += ("b" -> 2);
       FOREACH (k, v) IN @@m DO @@kv += k + to_string(v); END;
       S = {person.*};
       FOREACH p IN S DO IF p.age > 30 THEN @@names += p.name; END; END;
       PRINT @@r, @@kv, @@names;`,
    ),
    expect: [{ '@@r': [1, 4, 7, 10, 20], '@@kv': ['a1', 'b2'], '@@names': ['Ann', 'Eve'] }],
  },
  {
    name: 'FILE with an empty path writes nothing and fails nothing (the algorithm library relies on it)',
    query: q(
      'FILE f (path); f.println("header", 1); S = SELECT s FROM person:s POST-ACCUM f.println(s, s.age); PRINT S.size() AS n;',
      'STRING path = ""',
    ),
    expect: [{ n: 5 }],
  },
  {
    name: 'FILE outside the allowed folders is refused',
    query: q('FILE f ("/etc/forbidden.csv"); f.println(1);'),
    error: 'QUERY-FILE-DENIED',
  },
  {
    name: 'an uncaught RAISE ends the query with QUERY-EXCEPTION',
    query: q(
      `EXCEPTION tooBig (40001); EXCEPTION other (40002); STRING r;
       TRY IF 5 > 3 THEN RAISE tooBig("five is big"); END; r = "none";
       EXCEPTION WHEN tooBig THEN r = "caught"; END;
       PRINT r;
       RAISE other("boom");`,
    ),
    error: 'QUERY-EXCEPTION',
  },
  {
    name: 'TRY catches a RAISEd exception by name',
    query: q(
      `EXCEPTION tooBig (40001); STRING r = "none";
       TRY IF 5 > 3 THEN RAISE tooBig("five is big"); END; r = "not reached";
       EXCEPTION WHEN tooBig THEN r = "caught"; END;
       PRINT r;`,
    ),
    expect: [{ r: 'caught' }],
  },
  {
    name: 'RETURN ends the query',
    query: q('PRINT 1 AS a; IF TRUE THEN RETURN; END; PRINT 2 AS b;'),
    expect: [{ a: 1 }],
  },
  // ---------------------------------------------------------------- compile errors
  {
    name: 'unknown attribute: a compile error with its code',
    query: q('S = SELECT s FROM person:s WHERE s.height > 3; PRINT S;'),
    error: 'QUERY-UNKNOWN-ATTRIBUTE',
  },
  {
    name: 'unknown accumulator',
    query: q('PRINT @@nothing;'),
    error: 'QUERY-UNKNOWN-ACCUM',
  },
  {
    name: 'unknown variable',
    query: q('PRINT nothing + 1;'),
    error: 'QUERY-UNKNOWN-VARIABLE',
  },
  {
    name: 'wrong arity of a built-in function',
    query: q('PRINT abs(1, 2);'),
    error: 'QUERY-ARITY',
  },
  {
    name: 'unknown edge type in a pattern',
    query: q('S = SELECT t FROM person:s -(hates)- person:t; PRINT S;'),
    error: 'QUERY-UNKNOWN-TYPE',
  },
  // ---------------------------------------------------------------- adjacency in the delta
  {
    name: 'edges not yet folded into the compact adjacency are walked the same way',
    delta: true,
    query: q(
      `SumAccum<INT> @n; S = SELECT t FROM person:s -(knows:e)- person:t ACCUM t.@n += 1; PRINT S[S.@n];`,
    ),
    expect: [
      {
        S: [
          { v_id: 'bob', v_type: 'person', attributes: { 'S.@n': 2 } },
          { v_id: 'cat', v_type: 'person', attributes: { 'S.@n': 3 } },
          { v_id: 'ann', v_type: 'person', attributes: { 'S.@n': 2 } },
          { v_id: 'dan', v_type: 'person', attributes: { 'S.@n': 1 } },
        ],
      },
    ],
  },
];
