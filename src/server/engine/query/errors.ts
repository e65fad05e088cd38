// Errors of query compilation and execution, with stable codes. Compile errors carry every
// problem found (each with line:column); runtime errors end a run and change nothing.
import type { Range } from '../../../core/gsql/index.js';

export type QueryCompileCode =
  | 'QUERY-UNKNOWN-TYPE'
  | 'QUERY-UNKNOWN-ATTRIBUTE'
  | 'QUERY-UNKNOWN-ACCUM'
  | 'QUERY-UNKNOWN-VARIABLE'
  | 'QUERY-UNKNOWN-FUNCTION'
  | 'QUERY-ARITY'
  | 'QUERY-DUPLICATE'
  | 'QUERY-BAD-TARGET'
  | 'QUERY-SYNTAX'
  /** A construct the query's declared SYNTAX version does not allow (v1: one hop). */
  | 'QUERY-SYNTAX-VERSION'
  /** A SELECT clause breaking the SELECT page's rules (OFFSET without ORDER BY, HAVING on an
   *  alias the SELECT does not select). */
  | 'QUERY-BAD-CLAUSE'
  /** A declaration where the reference does not allow it (a vertex-attached accumulator in a
   *  WHILE or FOREACH loop). */
  | 'QUERY-BAD-DECLARATION'
  /** A statement the reference does not allow where it stands or as it is written (BREAK or
   *  CONTINUE outside a loop, an INSERT attribute list not starting with the ids). */
  | 'QUERY-BAD-STATEMENT'
  /** Queries calling each other in a circle (a query calling itself is fine). */
  | 'QUERY-CIRCULAR-CALL'
  | 'QUERY-UNSUPPORTED';

export type QueryRuntimeCode =
  | 'QUERY-TIMEOUT'
  | 'QUERY-ABORTED'
  | 'QUERY-BAD-PARAM'
  | 'QUERY-BAD-VALUE'
  | 'QUERY-DIVIDE-BY-ZERO'
  | 'QUERY-UNKNOWN-TYPE'
  | 'QUERY-UNKNOWN-ATTRIBUTE'
  | 'QUERY-FILE-DENIED'
  | 'QUERY-EXCEPTION'
  | 'QUERY-UNKNOWN-QUERY'
  | 'QUERY-WRITE-FAILED'
  /** A user-defined function (gwb serve --udf) threw or returned no value. */
  | 'QUERY-UDF-FAILED'
  /** Subquery calls (a recursion) nested deeper than the limit. */
  | 'QUERY-TOO-DEEP'
  /** The run passed its memory budget (gwb serve --query-memory), or the heap is nearly full. */
  | 'QUERY-OUT-OF-MEMORY'
  /** A string longer than the engine allows. */
  | 'QUERY-STRING-TOO-LONG'
  /** A context function (current_roles) without REST++ authentication: no user to ask about. */
  | 'QUERY-AUTH-REQUIRED';

export interface QueryProblem {
  readonly code: QueryCompileCode;
  readonly message: string;
  readonly line: number;
  readonly column: number;
}

/** The first problem's code and message, with every problem found in `problems`. */
export class QueryCompileError extends Error {
  readonly code: QueryCompileCode;
  constructor(readonly problems: readonly QueryProblem[]) {
    const first = problems[0];
    super(
      problems.map((p) => `line ${p.line}:${p.column}: ${p.message}`).join('\n') ||
        'query compile error',
    );
    this.name = 'QueryCompileError';
    this.code = first?.code ?? 'QUERY-SYNTAX';
  }
}

export class QueryRuntimeError extends Error {
  constructor(
    readonly code: QueryRuntimeCode,
    message: string,
    /** For QUERY-EXCEPTION: the user exception's name and code (RAISE). */
    readonly exception?: { readonly name: string; readonly errorCode: unknown },
  ) {
    super(message);
    this.name = 'QueryRuntimeError';
  }
}

export function problemAt(
  range: Range | undefined,
  code: QueryCompileCode,
  message: string,
): QueryProblem {
  return {
    code,
    message,
    line: range?.start.line ?? 0,
    column: range?.start.column ?? 0,
  };
}
