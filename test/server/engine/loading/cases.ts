// Loading fixtures: a job's text, input text and run options, and the statistics and data the
// load must produce. Run by fixtures.test.ts, one engine per case.
import type { RunOptions } from '../../../../src/server/engine/loading/run.js';
import type { LoadStatistics } from '../../../../src/server/engine/loading/stats.js';
import { stats, type Dump } from './helpers.js';

export interface LoadingCase {
  readonly name: string;
  /** The job's body (inside `CREATE LOADING JOB j FOR GRAPH social { ... }`). */
  readonly body: string;
  readonly input: string;
  readonly options?: Partial<RunOptions>;
  readonly statistics: LoadStatistics;
  /** The graph's data afterwards (only the types named are compared). */
  readonly data?: Partial<Dump>;
}

const person = (name: string, age: number, score = 0) => ({ name, age, score });

export const cases: LoadingCase[] = [
  {
    name: 'comma-separated vertices, default options',
    body: 'DEFINE FILENAME f; LOAD f TO VERTEX person VALUES ($0, $1, $2, $3);',
    input: 'ann,Ann,41,1.5\nbob,Bob,9,2\n',
    statistics: stats({ validLine: 2 }, [['person', { validObject: 2 }]]),
    data: { vertices: { person: { ann: person('Ann', 41, 1.5), bob: person('Bob', 9, 2) } } },
  },
  {
    name: 'tab separator, no final EOL',
    body: 'DEFINE FILENAME f; LOAD f TO VERTEX person VALUES ($0, $1, $2, _) USING SEPARATOR="\\t";',
    input: 'ann\tAnn, Jr.\t41\nbob\tBob\t9',
    statistics: stats({ validLine: 2 }, [['person', { validObject: 2 }]]),
    data: { vertices: { person: { ann: person('Ann, Jr.', 41), bob: person('Bob', 9) } } },
  },
  {
    name: 'pipe separator given at run time overrides the job',
    body: 'DEFINE FILENAME f; LOAD f TO VERTEX person VALUES ($0, $1, _, _);',
    input: 'ann|Ann\n',
    options: { sep: '|' },
    statistics: stats({ validLine: 1 }, [['person', { validObject: 1 }]]),
    data: { vertices: { person: { ann: person('Ann', 0) } } },
  },
  {
    name: 'double quotes keep separators and EOL inside a token',
    body: 'DEFINE FILENAME f; LOAD f TO VERTEX person VALUES ($0, $1, $2, _) USING QUOTE="double";',
    input: 'ann,"Smith, Ann",41\nbob,"Bob\nRoss",9\ncid,O"Neil,3\n',
    statistics: stats({ validLine: 3 }, [['person', { validObject: 3 }]]),
    data: {
      vertices: {
        person: {
          ann: person('Smith, Ann', 41),
          bob: person('Bob\nRoss', 9),
          cid: person('O"Neil', 3),
        },
      },
    },
  },
  {
    name: 'single quotes; without QUOTE quotes are ordinary characters',
    body:
      'DEFINE FILENAME f; DEFINE FILENAME g;' +
      ' LOAD f TO VERTEX person VALUES ($0, $1, _, _) USING QUOTE="single";' +
      ' LOAD g TO VERTEX post VALUES ($0, $1, _);',
    input: "ann,'a|b,c'\n",
    statistics: stats({ validLine: 1 }, [['person', { validObject: 1 }]]),
    data: { vertices: { person: { ann: person('a|b,c', 0) } } },
  },
  {
    name: 'header line and $"name" columns (HEADER="true")',
    body: 'DEFINE FILENAME f; LOAD f TO VERTEX person VALUES ($"id", $"name", $"age", _) USING HEADER="true";',
    input: 'age,id,name\n41,ann,Ann\n',
    statistics: stats({ validLine: 1 }, [['person', { validObject: 1 }]]),
    data: { vertices: { person: { ann: person('Ann', 41) } } },
  },
  {
    name: 'header flag given at run time (the /ddl parameter)',
    body: 'DEFINE FILENAME f; LOAD f TO VERTEX person VALUES ($"id", $"name", _, _);',
    input: 'id,name\nann,Ann\n',
    options: { header: true },
    statistics: stats({ validLine: 1 }, [['person', { validObject: 1 }]]),
  },
  {
    name: 'DEFINE HEADER with USER_DEFINED_HEADER',
    body:
      'DEFINE FILENAME f; DEFINE HEADER h = "k", "n";' +
      ' LOAD f TO VERTEX person VALUES ($"k", $"n", _, _) USING USER_DEFINED_HEADER="h";',
    input: 'ann,Ann\n',
    statistics: stats({ validLine: 1 }, [['person', { validObject: 1 }]]),
    data: { vertices: { person: { ann: person('Ann', 0) } } },
  },
  {
    name: 'CRLF end of line',
    body: 'DEFINE FILENAME f; LOAD f TO VERTEX person VALUES ($0, $1, $2, _) USING EOL="\\r\\n";',
    input: 'ann,Ann,41\r\nbob,Bob,9\r\n',
    statistics: stats({ validLine: 2 }, [['person', { validObject: 2 }]]),
    data: { vertices: { person: { ann: person('Ann', 41), bob: person('Bob', 9) } } },
  },
  {
    name: 'a one-character EOL given at run time',
    body: 'DEFINE FILENAME f; LOAD f TO VERTEX person VALUES ($0, $1, _, _);',
    input: 'ann,Ann;bob,Bob;',
    options: { eol: ';' },
    statistics: stats({ validLine: 2 }, [['person', { validObject: 2 }]]),
  },
  {
    name: 'WHERE: comparisons, AND/OR/NOT, IN, BETWEEN, functions; failed lines counted',
    body:
      'DEFINE FILENAME f; LOAD f TO VERTEX person VALUES ($0, $1, $2, _)' +
      ' WHERE (to_int($2) >= 18 AND NOT $1 == "Zed") OR $0 IN ("kid1") OR to_float($2) BETWEEN 100 AND 101' +
      ' AND gsql_is_not_empty_string($1);',
    input: 'ann,Ann,41\nkid,Kid,9\nkid1,Kid,8\nzed,Zed,50\nold,Old,100\n',
    statistics: stats({ validLine: 5, failedConditionLine: 2 }, [['person', { validObject: 3 }]]),
    data: {
      vertices: {
        person: { ann: person('Ann', 41), kid1: person('Kid', 8), old: person('Old', 100) },
      },
    },
  },
  {
    name: 'token functions in VALUES',
    body:
      'DEFINE FILENAME f; LOAD f TO VERTEX person VALUES (gsql_lower(gsql_trim($0)),' +
      ' gsql_concat(gsql_upper($1), "-", gsql_substring($1, 1, 2), "-", gsql_replace($1, "n", "N")),' +
      ' gsql_to_int($2), gsql_length($1));',
    input: ' ANN ,ann,41.9\n',
    statistics: stats({ validLine: 1 }, [['person', { validObject: 1 }]]),
    data: { vertices: { person: { ann: person('ANN-nn-aNN', 41, 3) } } },
  },
  {
    name: 'date token functions and DATETIME attributes',
    body:
      'DEFINE FILENAME f; LOAD f TO VERTEX post VALUES ($0,' +
      ' gsql_concat(gsql_year($1), "/", gsql_month($1), "/", gsql_day_epoch(gsql_ts_to_epoch_seconds($1))), $1);',
    input: 'p1,2024-03-05 10:11:12\n',
    statistics: stats({ validLine: 1 }, [['post', { validObject: 1 }]]),
    data: { vertices: { post: { p1: { title: '2024/3/5', at: '2024-03-05 10:11:12' } } } },
  },
  {
    name: 'token UDF known by name: ToMiliSeconds (LDBC TokenBank) reads datetimes and dates',
    body: 'DEFINE FILENAME f; LOAD f TO VERTEX person VALUES ($0, _, ToMiliSeconds($1), _) USING SEPARATOR="|";',
    input: 'ann|2010-02-14T15:32:10.447+00:00\nbob|1989-12-03\ncid|not a date\n',
    statistics: stats({ validLine: 3 }, [['person', { validObject: 2, invalidAttribute: 1 }]]),
    data: {
      vertices: {
        person: { ann: person('', 1266161530447), bob: person('', 628646400000) },
      },
    },
  },
  {
    name: '`_` keeps the stored value; an empty numeric token is missing',
    body: 'DEFINE FILENAME f; LOAD f TO VERTEX person VALUES ($0, $1, $2, _);',
    input: 'ann,Ann,41\nann,Annie,\n',
    statistics: stats({ validLine: 2 }, [['person', { validObject: 2 }]]),
    data: { vertices: { person: { ann: person('Annie', 41) } } },
  },
  {
    name: 'bad lines: too few tokens, bad attribute, bad id, empty id',
    body: 'DEFINE FILENAME f; LOAD f TO VERTEX bag VALUES ($0, _, _, _, $1), TO VERTEX person VALUES ($2, _, $3, _);',
    input: '1,true,ann,41\n2\nx,true,bob,9\n3,maybe,cid,old\n4,false,,5\n',
    statistics: stats({ validLine: 4, rejectLine: 1, notEnoughToken: 1 }, [
      ['bag', { validObject: 2, invalidPrimaryId: 1, invalidAttribute: 1 }],
      ['person', { validObject: 2, invalidAttribute: 1, noIdFound: 1 }],
    ]),
    data: {
      vertices: {
        bag: {
          1: { tags: [], nums: [], counts: {}, flag: true },
          4: { tags: [], nums: [], counts: {}, flag: false },
        },
        person: { ann: person('', 41), bob: person('', 9) },
      },
    },
  },
  {
    name: 'JSON_FILE: keys by name, missing keys, invalid JSON lines',
    body: 'DEFINE FILENAME f; LOAD f TO VERTEX person VALUES ($"id", $"name", $"age", _) USING JSON_FILE="true";',
    input:
      '{"id": "ann", "name": "Ann", "age": 41}\n{"name": "Nobody"}\nnot json\n[1]\n{"age": 9, "id": "bob"}\n',
    statistics: stats({ validLine: 3, rejectLine: 2, invalidJson: 2 }, [
      ['person', { validObject: 2, noIdFound: 1 }],
    ]),
    data: { vertices: { person: { ann: person('Ann', 41), bob: person('', 9) } } },
  },
  {
    name: 'edges create their endpoint vertices; undirected and directed',
    body: 'DEFINE FILENAME f; LOAD f TO EDGE knows VALUES ($0, $1, $2), TO EDGE likes VALUES ($0, $3);',
    input: 'ann,bob,2015,p1\n',
    statistics: stats(
      { validLine: 1 },
      [],
      [
        ['knows', { validObject: 1 }],
        ['likes', { validObject: 1 }],
      ],
    ),
    data: {
      vertices: {
        person: { ann: person('', 0), bob: person('', 0) },
        post: { p1: { title: '', at: '1970-01-01 00:00:00' } },
      },
      edges: { knows: ['ann->bob {"since":2015}'], likes: ['ann->p1 {}'] },
    },
  },
  {
    name: 'an edge type with several pairs: named end types, and types read from a column',
    body:
      'DEFINE FILENAME f; LOAD f TO EDGE placed VALUES ($0 person, $1 bag, "named") WHERE $2 == "x",' +
      ' TO EDGE placed VALUES ($0 $2, $1 $3, "typed") WHERE $2 != "x";',
    input: 'ann,7,x,-\np1,bob,post,person\np2,8,post,bag\nbob,9,person,bag\ncid,p3,person,post\n',
    statistics: stats(
      { validLine: 5, failedConditionLine: 5 },
      [],
      [['placed', { validObject: 3, invalidSecondaryId: 2 }]],
    ),
    data: {
      edges: {
        placed: ['ann->7 {"note":"named"}', 'bob->9 {"note":"typed"}', 'p1->bob {"note":"typed"}'],
      },
    },
  },
  {
    name: 'discriminated edges: one edge per discriminator value',
    body: 'DEFINE FILENAME f; LOAD f TO EDGE transfer VALUES ($0, $1, $2, $3);',
    input: 'a,b,1,10\na,b,2,20\na,b,1,15\na,b,,5\n',
    statistics: stats(
      { validLine: 4 },
      [],
      [['transfer', { validObject: 3, invalidAttribute: 1 }]],
    ),
    data: { edges: { transfer: ['a->b {"ts":1,"amount":15}', 'a->b {"ts":2,"amount":20}'] } },
  },
  {
    name: 'composite keys for vertices and edge ends',
    body:
      'DEFINE FILENAME f; LOAD f TO VERTEX member VALUES ($1, $0, $2),' +
      ' TO EDGE joined VALUES (($0, $1), $3);',
    input: 'ann,7,hello,p9\n',
    statistics: stats(
      { validLine: 1 },
      [['member', { validObject: 1 }]],
      [['joined', { validObject: 1 }]],
    ),
    data: { edges: { joined: ['ann,7->p9 {}'] } },
  },
  {
    name: 'LIST, SET and MAP attributes: SPLIT, cumulative loading, (k -> v), REDUCE',
    body:
      'DEFINE FILENAME f;' +
      ' LOAD f TO VERTEX bag VALUES ($0, $1, SPLIT($2, "#"), ($3 -> $4), REDUCE(ignore_if_exists($5)));',
    input: '1,a,1#2#2,x,5,false\n1,b,,y,6,true\n1,c,,x,7,true\n',
    statistics: stats({ validLine: 3 }, [['bag', { validObject: 3 }]]),
    data: {
      vertices: {
        bag: { 1: { tags: ['a', 'b', 'c'], nums: [1, 2], counts: { x: 7, y: 6 }, flag: false } },
      },
    },
  },
  {
    name: 'several filename variables: only the requested one runs',
    body:
      'DEFINE FILENAME f; DEFINE FILENAME g; LOAD f TO VERTEX person VALUES ($0, $1, _, _);' +
      ' LOAD g TO VERTEX post VALUES ($0, $1, _);',
    input: 'p1,Title\n',
    options: { filename: 'g' },
    statistics: stats({ validLine: 1 }, [['post', { validObject: 1 }]]),
    data: { vertices: { post: { p1: { title: 'Title', at: '1970-01-01 00:00:00' } } } },
  },
  {
    name: 'LOAD "path" gets the variable __GSQL_FILENAME_0__; $sys.file_name',
    body: 'DEFINE FILENAME f; LOAD "/data/posts.csv" TO VERTEX post VALUES ($0, $sys.file_name, _);',
    input: 'p1\n',
    options: { filename: '__GSQL_FILENAME_0__' },
    statistics: stats({ validLine: 1 }, [['post', { validObject: 1 }]]),
    data: { vertices: { post: { p1: { title: 'Online_POST', at: '1970-01-01 00:00:00' } } } },
  },
  {
    name: 'two LOAD statements on one variable share one pass; blank lines are skipped',
    body:
      'DEFINE FILENAME f; LOAD f TO VERTEX person VALUES ($0, _, _, _);' +
      ' LOAD f TO VERTEX account VALUES ($1, $2);',
    input: 'ann,acc,5\n\nbob,acc2,x\n',
    statistics: stats({ validLine: 2 }, [
      ['person', { validObject: 2 }],
      ['account', { validObject: 1, invalidAttribute: 1 }],
    ]),
  },
  {
    name: 'NEW_VERTEX_ONLY leaves existing vertices alone',
    body: 'DEFINE FILENAME f; LOAD f TO VERTEX person VALUES ($0, $1, _, _) USING NEW_VERTEX_ONLY="true";',
    input: 'ann,First\nann,Second\n',
    // The second line's vertex exists by then: it is not stored, so it is no valid object.
    statistics: stats({ validLine: 2 }, [['person', { validObject: 1, invalidPrimaryId: 1 }]]),
    data: { vertices: { person: { ann: person('First', 0) } } },
  },
  {
    name: 'VERTEX_MUST_EXIST, one line per write: an edge to a vertex of an earlier line is loaded; one to a missing vertex is an invalid secondary id and creates nothing',
    body:
      'DEFINE FILENAME f; LOAD f TO VERTEX person VALUES ($0, $0, _, _),' +
      ' TO EDGE knows VALUES ($0, $1, $2) USING VERTEX_MUST_EXIST="true";',
    input: 'ann,bob,1\nbob,ann,2\nbob,cid,3\n',
    options: { batchSize: 1 },
    statistics: stats(
      { validLine: 3 },
      [['person', { validObject: 3 }]],
      [['knows', { validObject: 1, invalidSecondaryId: 2 }]],
    ),
    data: {
      vertices: { person: { ann: person('ann', 0), bob: person('bob', 0) } },
      edges: { knows: ['ann->bob {"since":2}'] },
    },
  },
  {
    name: 'an oversize line is counted and skipped',
    body: 'DEFINE FILENAME f; LOAD f TO VERTEX person VALUES ($0, $1, _, _);',
    input: `ann,Ann\nbob,${'B'.repeat(100)}\ncid,Cid\n`,
    options: { maxLineLength: 50 },
    statistics: stats({ validLine: 2, rejectLine: 1, oversizeToken: 1 }, [
      ['person', { validObject: 2 }],
    ]),
  },
  {
    name: 'JSON_FILE: WHERE on a missing key reads it as empty',
    body:
      'DEFINE FILENAME f; LOAD f TO VERTEX person VALUES ($"id", $"name", _, _)' +
      ' WHERE gsql_is_not_empty_string($"name") USING JSON_FILE="true";',
    input: '{"id": "ann", "name": "Ann"}\n{"id": "bob"}\n',
    statistics: stats({ validLine: 2, failedConditionLine: 1 }, [['person', { validObject: 1 }]]),
  },
];
