// Errors of the template (library) queries, with stable codes the HTTP layer maps to statuses:
// LIBRARY-NOT-FOUND (404: no template of that name), LIBRARY-BAD-PARAM (400: a parameter is
// unknown, missing or of the wrong type), LIBRARY-BAD-PATTERN (400: an invalid name pattern).

export type LibraryErrorCode = 'LIBRARY-NOT-FOUND' | 'LIBRARY-BAD-PARAM' | 'LIBRARY-BAD-PATTERN';

export class LibraryError extends Error {
  constructor(
    readonly code: LibraryErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'LibraryError';
  }
}
