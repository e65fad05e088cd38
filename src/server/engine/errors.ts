// Errors of the engine's data operations, with stable codes; the HTTP layer maps them to 400/404.

export type EngineErrorCode =
  | 'ENGINE-UNKNOWN-GRAPH'
  | 'ENGINE-UNKNOWN-TYPE'
  | 'ENGINE-UNKNOWN-ATTRIBUTE'
  | 'ENGINE-BAD-VALUE'
  | 'ENGINE-BAD-REQUEST'
  /** An edge whose endpoint types are not one of its edge type's FROM/TO pairs. */
  | 'ENGINE-EDGE-PAIR'
  | 'ENGINE-NOT-FOUND';

export class EngineError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}
