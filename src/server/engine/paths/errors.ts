// Errors of path finding, with stable codes for the HTTP layer: a bad condition (with its
// column), unknown types, missing source or target vertices, bad parameters, and work that ran
// over its limits.

/** A filter condition that does not parse or does not fit its type's attributes. */
export class ConditionError extends Error {
  readonly code = 'PATH-BAD-CONDITION';

  constructor(
    /** The whole condition text. */
    readonly condition: string,
    /** 1-based column where the problem is. */
    readonly column: number,
    /** What the parser expected there. */
    readonly expected: string,
    /** What it found ('end' for the end of the text). */
    readonly found: string,
  ) {
    // String literals arrive already quoted; other tokens are quoted here.
    const foundText =
      found === 'end'
        ? 'the end of the condition'
        : found.startsWith('"')
          ? found
          : JSON.stringify(found);
    super(
      `invalid condition ${JSON.stringify(condition)} at column ${column}: expected ${expected}, found ${foundText}`,
    );
    this.name = 'ConditionError';
  }
}

export type PathErrorCode =
  | 'PATH-BAD-REQUEST'
  | 'PATH-UNKNOWN-GRAPH'
  | 'PATH-UNKNOWN-TYPE'
  | 'PATH-VERTEX-NOT-FOUND'
  | 'PATH-TOO-MANY-PATHS'
  | 'PATH-ABORTED'
  | 'PATH-TIMEOUT';

export class PathError extends Error {
  constructor(
    readonly code: PathErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PathError';
  }
}
