// Errors of the engine's data operations, with stable codes; the HTTP layer maps them to 400/404.

export type EngineErrorCode =
  | 'ENGINE-UNKNOWN-GRAPH'
  | 'ENGINE-UNKNOWN-TYPE'
  | 'ENGINE-UNKNOWN-ATTRIBUTE'
  | 'ENGINE-BAD-VALUE'
  | 'ENGINE-BAD-REQUEST'
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
