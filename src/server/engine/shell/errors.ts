// Statements the shell refuses: the message is what the GSQL shell prints for it, and the code
// is stable for callers that tell refusals apart (SHELL-ERROR for the general case).
export type ShellErrorCode =
  | 'SHELL-ERROR'
  | 'SHELL-BAD-ARGUMENT'
  | 'SHELL-UNKNOWN-PACKAGE'
  | 'SHELL-PERMISSION-DENIED'
  | 'SHELL-ACCESS';

export class ShellError extends Error {
  constructor(
    message: string,
    readonly code: ShellErrorCode = 'SHELL-ERROR',
  ) {
    super(message);
    this.name = 'ShellError';
  }
}

/** A bad RUN/INTERPRET QUERY argument, placed at its line:column in the script. */
export class RunArgumentError extends ShellError {
  constructor(at: { line: number; column: number }, message: string) {
    super(`${at.line}:${at.column}: ${message}`, 'SHELL-BAD-ARGUMENT');
    this.name = 'RunArgumentError';
  }
}

/** SHOW PACKAGE / IMPORT PACKAGE of a package that does not exist. */
export class UnknownPackageError extends ShellError {
  constructor(name: string) {
    super(`Package ${name} does not exist.`, 'SHELL-UNKNOWN-PACKAGE');
    this.name = 'UnknownPackageError';
  }
}
