// Word lists of the language: keywords for highlighting and completion, type and accumulator
// names, and the reserved words that can never be used as a plain name in an expression.

import { CYPHER_KEYWORDS } from './cypher/facts.js';

const words = (s: string): ReadonlySet<string> => new Set(s.trim().split(/\s+/));

/** Words highlighted as keywords (matched upper-cased); openCypher's are among them. */
export const KEYWORDS: ReadonlySet<string> = new Set([
  ...words(`
  ABORT ACCUM ADD ALL ALTER AND ANY API AS ASC ATTRIBUTE BAG BETWEEN BREAK BY CASCADE CASE CLEAR
  COMPRESS CONTINUE CREATE DEFAULT DEFINE DELETE DESC DIRECTED DISCRIMINATOR DISTINCT DISTRIBUTED
  DO DROP EDGE ELSE END EOL ESCAPE EXCEPTION FALSE FILE FILENAME FOR FOREACH FROM GLOBAL GRANT
  GRAPH GROUP HAVING HEADER IF IMPORT IN INDEX INSERT INSTALL INTERPRET INTERSECT INTO IS JOB JSON LIKE LIMIT
  LIST LOAD LOADING LOG LS MAP MINUS NOT NULL OFFSET ON ONLINE_POST OR ORDER PER PINNED POST-ACCUM
  PACKAGE PRIMARY PRIMARY_ID KEY PRINT QUERY QUOTE RAISE RANGE REDUCE REPLACE RETURN RETURNS REVERSE_EDGE
  REVOKE ROLE RUN SAMPLE SCHEMA_CHANGE SECRET SELECT SEPARATOR SET SHOW STATS STEP STORE SYNTAX
  TARGET TEMP_TABLE THEN TO TO_CSV TRUE TRY TUPLE TYPEDEF UNDIRECTED UNION UPDATE USE USER USING VALUES
  VERTEX NUMERIC EMPTY
  WHEN WHERE WHILE WITH
  INTERVAL YEAR MONTH DAY HOUR MINUTE SECOND PUT GET
`),
  ...CYPHER_KEYWORDS,
]);

/** The syntax versions a query (`SYNTAX v2`) or a session (`SET syntax_version = "v2"`) names. */
export const SYNTAX_VERSIONS = ['v1', 'v2', 'v3'] as const;

/** The user-defined function files the shell's PUT and GET transfer, as spelled. */
export const UDF_FILES = ['ExprFunctions', 'ExprUtil', 'TokenBank'] as const;

/** Session parameters of the shell's `SET name = value` that completion offers. */
export const SESSION_PARAMETERS = ['syntax_version', 'exit_on_error'] as const;

/** The time units of `INTERVAL n UNIT`, as the datetime functions take them. */
export const INTERVAL_UNITS = ['YEAR', 'MONTH', 'DAY', 'HOUR', 'MINUTE', 'SECOND'] as const;

export type IntervalUnitName = (typeof INTERVAL_UNITS)[number];

export function isIntervalUnit(word: string): word is IntervalUnitName {
  return (INTERVAL_UNITS as readonly string[]).includes(word);
}

/** Base type names (attribute, parameter and variable types). */
export const BASE_TYPES = words(`
  INT UINT INT8 INT16 INT32 INT64 UINT8 UINT16 UINT32 UINT64 FLOAT DOUBLE STRING BOOL DATETIME
  VERTEX EDGE JSONOBJECT JSONARRAY FIXED_BINARY
`);

/** Accumulator type names by their upper-cased spelling, mapped to the canonical spelling. */
export const ACCUM_TYPES: ReadonlyMap<string, AccumName> = new Map(
  (
    [
      'SumAccum',
      'MaxAccum',
      'MinAccum',
      'AvgAccum',
      'OrAccum',
      'AndAccum',
      'BitwiseAndAccum',
      'BitwiseOrAccum',
      'ListAccum',
      'SetAccum',
      'BagAccum',
      'MapAccum',
      'ArrayAccum',
      'HeapAccum',
      'GroupByAccum',
      'PercentileContAccum',
    ] as const
  ).map((n) => [n.toUpperCase(), n]),
);

export type AccumName =
  | 'SumAccum'
  | 'MaxAccum'
  | 'MinAccum'
  | 'AvgAccum'
  | 'OrAccum'
  | 'AndAccum'
  | 'BitwiseAndAccum'
  | 'BitwiseOrAccum'
  | 'ListAccum'
  | 'SetAccum'
  | 'BagAccum'
  | 'MapAccum'
  | 'ArrayAccum'
  | 'HeapAccum'
  | 'GroupByAccum'
  | 'PercentileContAccum';

/**
 * Words that end an expression or start a clause. They are refused as names in expressions so
 * that a missing operand is reported where it is missing rather than swallowing the next clause.
 */
export const RESERVED = words(`
  ACCUM AND BETWEEN CASE DO ELSE END EXCEPTION FOREACH FROM HAVING IF IN INSERT IS LIKE LIMIT
  NOT OR ORDER POST-ACCUM PRINT SAMPLE SELECT THEN TO_CSV WHEN WHERE WHILE UNION INTERSECT MINUS
  RETURN BREAK CONTINUE TRY RAISE OFFSET VALUES USING
`);

/** Words that start a statement of the GSQL shell (top level of a script). */
export const SHELL_STATEMENT_KEYWORDS = words(`
  CREATE USE DROP INSTALL RUN INTERPRET LS SHOW GRANT REVOKE CLEAR TYPEDEF IMPORT SET PUT GET ALTER
`);

/** Words that start a statement inside a query body. */
export const QUERY_STATEMENT_KEYWORDS = words(`
  IF WHILE FOREACH CASE BREAK CONTINUE RETURN PRINT INSERT DELETE UPDATE LOG RAISE TRY TYPEDEF FILE
  EXCEPTION SELECT
`);

/** Methods of vertex and edge aliases offered after `alias.` (besides attributes). */
export const VERTEX_METHODS = words(`
  outdegree neighbors neighborAttribute edgeAttribute getAttr setAttr type isDirected
`);

/** Methods of accumulators offered after `@@acc.` and `alias.@acc.`. */
export const ACCUM_METHODS = words(`
  size get contains containsKey clear top pop remove filter values keys update reallocate
  setPercent getPercent
`);
