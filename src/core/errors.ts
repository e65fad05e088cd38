// Error classes of the workbench core, each with a stable code that tests and faces match on.
// Server-side failures keep the service's own code (e.g. REST-4000) and HTTP status.

/** Codes the workbench itself assigns (the service's own codes pass through as they are). */
export const ErrorCodes = {
  input: 'GWB-INPUT', // the caller's input fails the operation's schema
  encode: 'GWB-ENCODE', // a value cannot be put in the requested form (e.g. a MAP in a query string)
  connect: 'GWB-CONNECT', // no answer from the server
  aborted: 'GWB-ABORTED', // the caller's AbortSignal fired
  timeout: 'GWB-TIMEOUT', // no answer within the client-side deadline
  response: 'GWB-RESPONSE', // the answer is not what the operation promises
  http: 'GWB-HTTP', // an HTTP failure without the service's envelope
  unauthorized: 'GWB-AUTH', // 401/403 without a service code
  unknownOperation: 'GWB-UNKNOWN-OP',
  server: 'GWB-SERVER', // the service reported an error without a code of its own
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes] | (string & {});

export interface GraphErrorDetails {
  readonly code: ErrorCode;
  readonly operation?: string;
  readonly status?: number;
  readonly cause?: unknown;
  /** The service's response body, when there was one. */
  readonly body?: unknown;
}

/** Every failure the core reports: the operation, the service's or the workbench's code, status. */
export class GraphError extends Error {
  readonly code: ErrorCode;
  readonly operation: string | undefined;
  readonly status: number | undefined;
  readonly body: unknown;

  constructor(message: string, details: GraphErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'GraphError';
    this.code = details.code;
    this.operation = details.operation;
    this.status = details.status;
    this.body = details.body;
  }
}

/** The caller's input does not fit the operation; nothing was sent. */
export class InputError extends GraphError {
  constructor(operation: string, message: string) {
    super(`${operation}: ${message}`, { code: ErrorCodes.input, operation });
    this.name = 'InputError';
  }
}

/** The server could not be reached (refused, reset, DNS...). */
export class ConnectionError extends GraphError {
  constructor(operation: string, url: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`${operation}: cannot reach ${url}: ${reason}`, {
      code: ErrorCodes.connect,
      operation,
      cause,
    });
    this.name = 'ConnectionError';
  }
}

/** The request was cancelled by the caller's AbortSignal. */
export class AbortedError extends GraphError {
  constructor(operation: string) {
    super(`${operation}: aborted`, { code: ErrorCodes.aborted, operation });
    this.name = 'AbortedError';
  }
}

/** The server refused the credentials or the privilege. */
export class AuthError extends GraphError {
  constructor(message: string, details: GraphErrorDetails) {
    super(message, details);
    this.name = 'AuthError';
  }
}

export function isGraphError(error: unknown): error is GraphError {
  return error instanceof GraphError;
}
