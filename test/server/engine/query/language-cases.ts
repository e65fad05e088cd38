// The language constructs real-world GSQL uses, one case per behaviour on the `social` fixture
// (fixtures.ts): INTERVAL in datetime arithmetic, TYPEDEF HeapAccum in a query, open-size
// ArrayAccum, sized tuple fields, recursion, LOADACCUM, a global vertex-set accumulator as a FROM
// source, `.*` projections, ISEMPTY, rand(seed), reset_collection_accum, DISTRIBUTED / OR
// REPLACE, SYNTAX versions, property maps and `.`-composed steps. Run by cases.test.ts.
import type { QueryCase } from './cases.js';

const q = (body: string, params = '', head = 'CREATE QUERY') =>
  `${head} q(${params}) FOR GRAPH social {\n${body}\n}`;

export const languageCases: QueryCase[] = [
  // ---------------------------------------------------------------- INTERVAL
  {
    name: 'INTERVAL n unit in datetime_add / datetime_sub, every unit',
    query: q(`DATETIME t = to_datetime("2024-01-15 10:00:00");
      PRINT datetime_add(t, INTERVAL 1 MONTH) AS mo, datetime_add(t, INTERVAL 1 YEAR) AS y,
            datetime_add(t, INTERVAL 100 DAY) AS d, datetime_add(t, INTERVAL 2 HOUR) AS h,
            datetime_sub(t, INTERVAL 30 MINUTE) AS mi, datetime_add(t, INTERVAL 5 SECOND) AS s,
            datetime_sub(to_datetime("1970-02-01 00:00:00"), INTERVAL 1 MONTH) AS ref;`),
    expect: [
      {
        mo: '2024-02-15 10:00:00',
        y: '2025-01-15 10:00:00',
        d: '2024-04-24 10:00:00',
        h: '2024-01-15 12:00:00',
        mi: '2024-01-15 09:30:00',
        s: '2024-01-15 10:00:05',
        ref: '1970-01-01 00:00:00',
      },
    ],
  },
  {
    name: 'INTERVAL with a parameter amount, as LDBC bi-2 computes its window end in ms',
    query: q(
      `INT dateEnd = datetime_to_epoch(datetime_add(d, INTERVAL n DAY)) * 1000; PRINT dateEnd;`,
      'DATETIME d, INT n',
    ),
    params: { d: '2012-09-27 00:00:00', n: 100 },
    expect: [{ dateEnd: (Date.UTC(2012, 8, 27) / 1000 + 100 * 86400) * 1000 }],
  },
  // ---------------------------------------------------------------- accumulator types
  {
    name: 'TYPEDEF HeapAccum inside a query names an accumulator type for declarations',
    query: q(`TYPEDEF TUPLE<STRING name, INT age> Row;
      TYPEDEF HeapAccum<Row>(2, age DESC, name ASC) Oldest;
      Oldest @@top;
      S = SELECT s FROM person:s ACCUM @@top += Row(s.name, s.age);
      PRINT @@top;`),
    expect: [
      {
        '@@top': [
          { name: 'Ann', age: 41 },
          { name: 'Eve', age: 35 },
        ],
      },
    ],
  },
  {
    name: 'an accumulator type name nobody defined is QUERY-UNKNOWN-TYPE',
    query: q('Missing @@top; PRINT 1;'),
    error: 'QUERY-UNKNOWN-TYPE',
  },
  {
    name: 'ArrayAccum with open sizes gets its dimensions from reallocate',
    query: q(`ArrayAccum<SumAccum<INT>> @@a[][];
      PRINT @@a.size() AS before;
      @@a.reallocate(2, 3);
      @@a[1][2] += 5; @@a[0][0] += 1; @@a[1][2] += 2;
      PRINT @@a, @@a.size() AS after;`),
    expect: [
      { before: 0 },
      {
        '@@a': [
          [1, 0, 0],
          [0, 0, 7],
        ],
        after: 6,
      },
    ],
  },
  {
    name: 'tuple fields with sizes (UINT (4), STRING(20)) hold their values',
    query: q(`TYPEDEF TUPLE<UINT (4) id, STRING(20) name, INT age> Sized;
      ListAccum<Sized> @@l;
      S = SELECT s FROM person:s WHERE s.age < 26 ACCUM @@l += Sized(s.age * 2, s.name, s.age);
      PRINT @@l;`),
    expect: [
      {
        '@@l': [
          { id: 18, name: 'Bob', age: 9 },
          { id: 50, name: 'Dan', age: 25 },
        ],
      },
    ],
  },
  // ---------------------------------------------------------------- recursion
  {
    name: 'a query calls itself (recursion) and returns through every level',
    query: `CREATE QUERY fact(INT n) FOR GRAPH social RETURNS (INT) {
      INT r = 1;
      IF n > 1 THEN r = n * fact(n - 1); END;
      PRINT r;
      RETURN r;
    }`,
    params: { n: 10 },
    expect: [{ r: 3628800 }],
  },
  {
    name: 'a recursion without end stops at the depth limit with QUERY-TOO-DEEP',
    query: `CREATE QUERY down(INT n) FOR GRAPH social RETURNS (INT) {
      INT r = down(n + 1);
      RETURN r;
    }`,
    params: { n: 0 },
    error: 'QUERY-TOO-DEEP',
  },
  {
    name: 'a recursive call from an ACCUM clause (run to completion there) is bounded too',
    query: `CREATE QUERY deep(INT n) FOR GRAPH social RETURNS (INT) {
      SumAccum<INT> @@s;
      S = SELECT s FROM person:s WHERE s.name == "Ann" ACCUM @@s += deep(n + 1);
      RETURN @@s;
    }`,
    params: { n: 0 },
    error: 'QUERY-TOO-DEEP',
  },
  // ---------------------------------------------------------------- LOADACCUM
  {
    name: 'LOADACCUM fills a SetAccum of vertices from a header file, skipping unknown ids',
    files: { 'gone.csv': 'creationDate|id\n2020|ann\n2021|zed\n2022|cat\n' },
    query: q(
      `SetAccum<VERTEX<person>> @@gone;
       @@gone = { LoadAccum(file, $1, "|", header) };
       S = {@@gone};
       PRINT S.size() AS n, @@gone.contains(to_vertex("cat", "person")) AS cat;`,
      'STRING file, BOOL header = TRUE',
    ),
    params: { file: '{dir}/gone.csv' },
    expect: [{ n: 2, cat: true }],
  },
  {
    name: 'LOADACCUM into nested maps and a group-by, columns by position and by header name',
    files: { 'in.csv': 'who,n,label,w\nann,1,"a",3\neve,2,"b",4\nann,3,"c",5\n' },
    query: q(
      `TYPEDEF TUPLE<STRING label, INT w> LW;
       MapAccum<VERTEX<person>, MapAccum<INT, LW>> @@m;
       GroupByAccum<STRING who, SumAccum<INT> total> @@g;
       @@m = { LOADACCUM(f, $0, $1, $2, $3, ",", true) };
       @@g = { LOADACCUM(f, $"who", $"w", ",", true) };
       PRINT @@m, @@g;`,
      'STRING f',
    ),
    params: { f: '{dir}/in.csv' },
    expect: [
      {
        '@@m': {
          ann: { 1: { label: '"a"', w: 3 }, 3: { label: '"c"', w: 5 } },
          eve: { 2: { label: '"b"', w: 4 } },
        },
        '@@g': [
          { who: 'ann', total: 8 },
          { who: 'eve', total: 4 },
        ],
      },
    ],
  },
  {
    name: 'LOADACCUM from outside the allowed folders is QUERY-FILE-DENIED',
    query: q(
      'SetAccum<STRING> @@s; @@s = { LOADACCUM(f, $0, ",", false) }; PRINT @@s;',
      'STRING f',
    ),
    params: { f: '/etc/hostname' },
    error: 'QUERY-FILE-DENIED',
  },
  // ---------------------------------------------------------------- sources and PRINT
  {
    name: 'a global vertex-set accumulator is a FROM source',
    query: q(`SetAccum<VERTEX<person>> @@old;
      S0 = SELECT s FROM person:s WHERE s.age > 30 ACCUM @@old += s;
      S = SELECT t FROM @@old:v -(follows>)- person:t;
      PRINT S[S.name];`),
    expect: [
      {
        S: [
          { v_id: 'bob', v_type: 'person', attributes: { 'S.name': 'Bob' } },
          { v_id: 'dan', v_type: 'person', attributes: { 'S.name': 'Dan' } },
        ],
      },
    ],
  },
  {
    name: 'PRINT S[S.*] projects every attribute',
    query: q('S = SELECT s FROM person:s WHERE s.age > 40; PRINT S[S.*];'),
    expect: [
      {
        S: [
          {
            v_id: 'ann',
            v_type: 'person',
            attributes: { name: 'Ann', age: 41, score: 1.5 },
          },
        ],
      },
    ],
  },
  // ---------------------------------------------------------------- functions
  {
    name: 'ISEMPTY of an empty and a filled collection',
    query: q(
      'SetAccum<INT> @@e; SetAccum<INT> @@f; @@f += 1; PRINT ISEMPTY(@@e) AS e, ISEMPTY(@@f) AS f, isempty([1]) AS l;',
    ),
    expect: [{ e: true, f: false, l: false }],
  },
  {
    name: 'rand(seed) continues one sequence per seed; rand() stays in [0, 1)',
    query: q(`DOUBLE a = rand(7); DOUBLE b = rand(7); DOUBLE c = rand();
      PRINT a != b AS moves, a >= 0 AND a < 1 AND b >= 0 AND b < 1 AND c >= 0 AND c < 1 AS inRange;`),
    expect: [{ moves: true, inRange: true }],
  },
  {
    name: 'string built-ins of the reference: lpad, rpad, left, right, reverse, soundex, translate',
    query: q(`PRINT lpad("PQR", 5) AS a, lpad("PQR", 2) AS b, lpad("PQR", 10, "ABC") AS c,
      rpad("PQR", 5) AS d, left("tiger", 2) AS e, right("tiger", 3) AS f, reverse("abc") AS g,
      soundex("Ashcraft") AS h, soundex("Burroughs") AS i, difference("Johnson", "Jonson") AS j,
      translate("Hello world", "lo", "aU") AS k, find_in_set("a", "b,a,d") AS l, chr(322) AS m,
      ascii("A") AS n, space(2) AS p;`),
    expect: [
      {
        a: '  PQR',
        b: 'PQ',
        c: 'ABCABCAPQR',
        d: 'PQR  ',
        e: 'ti',
        f: 'ger',
        g: 'cba',
        h: 'A261',
        i: 'B620',
        j: 4,
        k: 'HeaaU wUrad',
        l: 1,
        m: 'B',
        n: 65,
        p: '  ',
      },
    ],
  },
  // ---------------------------------------------------------------- reset_collection_accum
  {
    name: 'reset_collection_accum empties vertex and global collections in a DISTRIBUTED query',
    query: q(
      `ListAccum<STRING> @stuff; ListAccum<STRING> @@all;
       S = SELECT t FROM person:s -(likes>)- post:t ACCUM t.@stuff += s.name, @@all += s.name;
       PRINT S[S.@stuff.size()] AS before, @@all.size() AS n;
       reset_collection_accum(@stuff); reset_collection_accum(@@all);
       PRINT S[S.@stuff.size()] AS after, @@all.size() AS m;`,
      '',
      'CREATE OR REPLACE DISTRIBUTED QUERY',
    ),
    expect: [
      {
        before: [
          { v_id: 'p1', v_type: 'post', attributes: { 'S.@stuff.size()': 2 } },
          { v_id: 'p2', v_type: 'post', attributes: { 'S.@stuff.size()': 1 } },
        ],
        n: 3,
      },
      {
        after: [
          { v_id: 'p1', v_type: 'post', attributes: { 'S.@stuff.size()': 0 } },
          { v_id: 'p2', v_type: 'post', attributes: { 'S.@stuff.size()': 0 } },
        ],
        m: 0,
      },
    ],
  },
  {
    name: 'reset_collection_accum does nothing outside DISTRIBUTED mode, as the reference says',
    query: q(`ListAccum<STRING> @@all;
      S = SELECT s FROM person:s ACCUM @@all += s.name;
      reset_collection_accum(@@all);
      PRINT @@all.size() AS n;`),
    expect: [{ n: 5 }],
  },
  // ---------------------------------------------------------------- syntax versions
  {
    name: 'SYNTAX v1 refuses a multi-hop FROM pattern',
    query: `CREATE QUERY q() FOR GRAPH social SYNTAX v1 {
      S = SELECT t FROM person:s -(follows>)- person:m -(follows>)- person:t;
      PRINT S;
    }`,
    error: 'QUERY-SYNTAX-VERSION',
  },
  {
    name: 'SYNTAX v1 takes a one-hop step from a vertex set, the arrow outside the parentheses',
    query: `CREATE QUERY q() FOR GRAPH social SYNTAX v1 {
      Start = {person.*};
      S = SELECT t FROM Start:s -(follows)-> person:t WHERE s.name == "Eve";
      PRINT S[S.name];
    }`,
    expect: [{ S: [{ v_id: 'dan', v_type: 'person', attributes: { 'S.name': 'Dan' } }] }],
  },
  {
    name: 'SYNTAX v1 refuses a FROM that starts at a vertex type',
    query: `CREATE QUERY q() FOR GRAPH social SYNTAX v1 {
      S = SELECT t FROM person:s -(follows)-> person:t;
      PRINT S;
    }`,
    error: 'QUERY-SYNTAX-VERSION',
  },
  {
    name: 'SYNTAX v2 refuses an arrow outside the parentheses',
    query: `CREATE QUERY q() FOR GRAPH social SYNTAX v2 {
      S = SELECT t FROM person:s -(follows)-> person:t;
      PRINT S;
    }`,
    error: 'QUERY-SYNTAX-VERSION',
  },
  // ---------------------------------------------------------------- patterns
  {
    name: 'v3 property maps on vertices and edges are alias.key == value conditions',
    query: `CREATE QUERY q(STRING who) FOR GRAPH social SYNTAX v3 {
      S = SELECT b FROM (:person {name: who}) -[:knows {since: 2012}]- (b:person);
      T = SELECT b FROM (a:person {name: "Cat", age: 30}) -[e:knows]- (b:person {age: 25});
      PRINT S[S.name] AS s, T[T.name] AS t;
    }`,
    params: { who: 'Ann' },
    expect: [
      {
        s: [{ v_id: 'cat', v_type: 'person', attributes: { 'S.name': 'Cat' } }],
        t: [{ v_id: 'dan', v_type: 'person', attributes: { 'T.name': 'Dan' } }],
      },
    ],
  },
  {
    name: '`.`-composed edges walk through an unnamed vertex, each with its direction',
    query: `CREATE QUERY q() FOR GRAPH social SYNTAX v2 {
      S = SELECT t FROM person:s -(follows>.follows>)- person:t WHERE s.name == "Eve";
      T = SELECT t FROM person:s -(<follows.likes>)- post:t WHERE s.name == "Bob";
      PRINT S[S.name] AS s, T[T.title] AS t;
    }`,
    expect: [
      {
        s: [{ v_id: 'ann', v_type: 'person', attributes: { 'S.name': 'Ann' } }],
        t: [{ v_id: 'p1', v_type: 'post', attributes: { 'T.title': 'Hello' } }],
      },
    ],
  },
  {
    name: 'a repeated edge matches by shortest paths only, each shortest path once',
    query: `CREATE QUERY q() FOR GRAPH social SYNTAX v2 {
      SumAccum<INT> @@paths; SumAccum<INT> @@near;
      S = SELECT t FROM person:s -((knows|follows>)*2)- person:t WHERE s.name == "Dan"
          ACCUM @@paths += 1;
      N = SELECT t FROM person:s -((knows|follows>)*..2)- person:t WHERE s.name == "Dan"
          ACCUM @@near += 1;
      PRINT S[S.name] AS s, @@paths AS paths, N.size() AS reached, @@near AS near;
    }`,
    // From dan: cat and ann at 1 hop; bob at 2 by dan-cat-bob (knows), dan-ann-bob (knows) and
    // dan-ann-bob (follows): three shortest paths. *..2 adds dan itself at 0 hops.
    expect: [
      {
        s: [{ v_id: 'bob', v_type: 'person', attributes: { 'S.name': 'Bob' } }],
        paths: 3,
        reached: 4,
        near: 6,
      },
    ],
  },
  {
    name: 'an alias on a repeated edge is refused',
    query: q('S = SELECT t FROM person:s -(knows*1..2:e)- person:t; PRINT S;'),
    error: 'QUERY-SYNTAX',
  },
  {
    name: 'aggregate functions with DISTINCT see each element once',
    query: q(`BagAccum<INT> @@b; @@b += 2; @@b += 2; @@b += 3;
      PRINT count(DISTINCT @@b) AS c, sum(DISTINCT @@b) AS s, avg(DISTINCT @@b) AS a, count(@@b) AS all;`),
    // avg of integers is rounded down (the reference's aggregation-functions page).
    expect: [{ c: 2, s: 5, a: 2, all: 3 }],
  },
  {
    name: "avg rounds down over integers only, as the reference's examples show",
    query: q('PRINT avg([5, 4, 1, 0, 0, 0]) AS a, avg([3, 2, 1]) AS b, avg([1.5, 2.0]) AS c;'),
    expect: [{ a: 1, b: 2, c: 1.75 }],
  },
  {
    name: 'parse_json_object / parse_json_array and the math built-ins pi, sign, fmod, ldexp',
    query: q(`JSONOBJECT o = parse_json_object("{\\"a\\": 1, \\"b\\": [true]}");
      JSONARRAY l = parse_json_array("[1, \\"x\\"]");
      PRINT o, l, sign(-2.5) AS sg, sign(0) AS z, fmod(7, 3) AS fm, ldexp(1.5, 3) AS ld,
            pi() > 3.14159 AND pi() < 3.1416 AS p, degrees(pi()) AS deg;`),
    expect: [
      { o: { a: 1, b: [true] }, l: [1, 'x'], sg: -1, z: 0, fm: 1, ld: 12, p: true, deg: 180 },
    ],
  },
  {
    name: 'parse_json_object of a text that is no JSON object is QUERY-BAD-VALUE',
    query: q('JSONOBJECT o = parse_json_object("[1]"); PRINT o;'),
    error: 'QUERY-BAD-VALUE',
  },
  {
    name: 'selectVertex seeds a vertex set from a file: a type column by header name, or a type',
    files: {
      'seed.csv': 'id,kind\nbob,person\np2,post\nbob,person\n',
      'people.txt': 'ann|x\ncat|y\n',
    },
    query: q(
      `S1 = {SelectVertex(f, $"id", $"kind", ",", true)};
       S2 = {selectVertex(g, $0, person, "|", false)};
       PRINT S1.size() AS n1, S2 AS s2;`,
      'STRING f, STRING g',
    ),
    params: { f: '{dir}/seed.csv', g: '{dir}/people.txt' },
    expect: [
      {
        n1: 2,
        s2: [
          { v_id: 'ann', v_type: 'person', attributes: { name: 'Ann', age: 41, score: 1.5 } },
          { v_id: 'cat', v_type: 'person', attributes: { name: 'Cat', age: 30, score: 0.25 } },
        ],
      },
    ],
  },
  {
    name: 'selectVertex of a vertex that does not exist is QUERY-BAD-VALUE',
    files: { 'ids.txt': 'zed\n' },
    query: q('S = {selectVertex(f, $0, person, ",", false)}; PRINT S;', 'STRING f'),
    params: { f: '{dir}/ids.txt' },
    error: 'QUERY-BAD-VALUE',
  },
  {
    name: 'evaluate compiles a text at run time in the scope of the call (aliases, accumulators)',
    query: q(
      `SetAccum<INT> @@ages; MaxAccum<INT> @m;
       S = SELECT s FROM person:s WHERE evaluate(cond)
           POST-ACCUM s.@m += s.age, @@ages += evaluate(val, "int");
       PRINT @@ages, evaluate("1 + 2", "double") AS three;`,
      'STRING cond, STRING val',
    ),
    params: { cond: 's.age > 30', val: 's.@m * 2' },
    expect: [{ '@@ages': [82, 70], three: 3 }],
  },
  {
    name: 'evaluate of a text that does not compile is QUERY-BAD-VALUE',
    query: q('PRINT evaluate(t, "int") AS x;', 'STRING t'),
    params: { t: 'no_such_name + 1' },
    error: 'QUERY-BAD-VALUE',
  },
  {
    name: "to_string formats numbers as printf %g, in the reference's written form",
    query:
      q(`PRINT to_string(1000.1) AS a, to_string(0.0000000001) AS b, to_string(12300000000) AS c,
      to_string(42) AS d, to_string(3.14159265) AS e, to_string(-0.5) AS f, to_string(1234567) AS g;`),
    expect: [
      { a: '1000.1', b: '1E-10', c: '1.23E10', d: '42', e: '3.14159', f: '-0.5', g: '1.23457E6' },
    ],
  },
];
