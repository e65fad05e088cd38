// Errors of loading jobs: compile-time schema problems and run-time refusals, each with a stable
// code; messages name the job and, for a statement, its line:column in the job's text.
import type { Range } from '../../../core/gsql/index.js';

export type LoadingJobErrorCode =
  | 'LOADING-SYNTAX'
  | 'LOADING-UNKNOWN-JOB'
  | 'LOADING-UNKNOWN-GRAPH'
  | 'LOADING-UNKNOWN-TYPE'
  | 'LOADING-VALUE-COUNT'
  | 'LOADING-UNKNOWN-FILENAME'
  | 'LOADING-UNKNOWN-FUNCTION'
  | 'LOADING-UNKNOWN-HEADER'
  | 'LOADING-BAD-OPTION'
  | 'LOADING-BAD-ARGUMENTS'
  | 'LOADING-UNSUPPORTED'
  | 'LOADING-SKIPPED-KEY'
  | 'LOADING-AMBIGUOUS-ENDPOINT'
  /** Named endpoint types that are none of the edge type's FROM/TO pairs. */
  | 'LOADING-EDGE-PAIR'
  | 'LOADING-NO-HEADER'
  | 'LOADING-ABORTED'
  | 'LOADING-FILE';

export class LoadingJobError extends Error {
  constructor(
    readonly code: LoadingJobErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'LoadingJobError';
  }
}

/** Where in a job a problem is: the job's name and the node's start position. */
export interface JobPlace {
  readonly job: string;
  readonly range?: Range;
}

/** An error naming the job and the statement's line:column. */
export function jobError(code: LoadingJobErrorCode, place: JobPlace, problem: string): never {
  const at = place.range ? ` (line ${place.range.start.line}:${place.range.start.column})` : '';
  throw new LoadingJobError(code, `loading job "${place.job}"${at}: ${problem}`);
}
