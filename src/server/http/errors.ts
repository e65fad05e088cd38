// Server-side errors of the embedded service: each class carries the HTTP status and a stable
// code that lands in the envelope's `code`, so clients and tests can match on it.
//
// Code choice. Where the real service has a documented REST++ return code for the condition
// (server-docs, modules/reference/pages/return-codes.adoc; pyTigerGraph matches on REST-10016
// and REST-30000), the same code is used:
//   REST-1000  the endpoint does not exist (unknown route, wrong method)
//   REST-1004  the graph cannot be found
//   REST-2001  the JSON payload is invalid (malformed, or nested deeper than the limit)
//   REST-30000 the payload is invalid (general; the body fails the operation's schema)
//   REST-30001 the parameter is invalid (general; a path or query parameter, a header value)
//   REST-10016 access denied due to an invalid token (REST++ without a valid bearer token)
//   REST-3000  timed out by the GSQL-TIMEOUT header (HTTP 504; the real status is not documented)
//   REST-12002 aborted by the user
//   SYS-0002   the memory limit was reached (a query past its budget; HTTP 503)
// Conditions the real service leaves to its nginx gateway (plain pages, no code) or that only the
// embedded service has get GWB-* codes: GWB-URL-TOO-LONG (414), GWB-BODY-TOO-LARGE (413),
// GWB-UNAUTHORIZED (401 on GSQL-server endpoints), GWB-FORBIDDEN (403), GWB-NOT-SUPPORTED (501),
// GWB-INTERNAL (500).

export const ServerErrorCodes = {
  endpointNotFound: 'REST-1000',
  graphNotFound: 'REST-1004',
  invalidJson: 'REST-2001',
  invalidPayload: 'REST-30000',
  invalidParameter: 'REST-30001',
  invalidToken: 'REST-10016',
  timeout: 'REST-3000',
  aborted: 'REST-12002',
  /** A query stopped at its memory limit (the real service's return code for it). */
  outOfMemory: 'SYS-0002',
  urlTooLong: 'GWB-URL-TOO-LONG',
  bodyTooLarge: 'GWB-BODY-TOO-LARGE',
  unauthorized: 'GWB-UNAUTHORIZED',
  forbidden: 'GWB-FORBIDDEN',
  notSupported: 'GWB-NOT-SUPPORTED',
  internal: 'GWB-INTERNAL',
} as const;

export type ServerErrorCode =
  (typeof ServerErrorCodes)[keyof typeof ServerErrorCodes] | (string & {});

/** Any failure that becomes an HTTP answer with the envelope. */
export class HttpError extends Error {
  /** Extra response headers (WWW-Authenticate, Allow...). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    readonly status: number,
    readonly code: ServerErrorCode,
    message: string,
    options: { headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HttpError';
    this.headers = options.headers ?? {};
  }
}

/** 400: the request's parameters or payload are wrong; never a 500. */
export class BadRequestError extends HttpError {
  constructor(message: string, code: ServerErrorCode = ServerErrorCodes.invalidParameter) {
    super(400, code, message);
    this.name = 'BadRequestError';
  }
}

/** 400: the body is not JSON, or nests deeper than the limit. */
export class InvalidJsonError extends BadRequestError {
  constructor(message: string) {
    super(message, ServerErrorCodes.invalidJson);
    this.name = 'InvalidJsonError';
  }
}

/** 401: no credentials, or wrong ones. */
export class UnauthorizedError extends HttpError {
  constructor(
    message: string,
    code: ServerErrorCode = ServerErrorCodes.unauthorized,
    headers: Record<string, string> = {},
  ) {
    super(401, code, message, { headers });
    this.name = 'UnauthorizedError';
  }
}

/** 403: authenticated but not allowed, or a request for a foreign Host. */
export class ForbiddenError extends HttpError {
  constructor(message: string, code: ServerErrorCode = ServerErrorCodes.forbidden) {
    super(403, code, message);
    this.name = 'ForbiddenError';
  }
}

/** 404: no such route, or no such object (graph, type, vertex...). */
export class NotFoundError extends HttpError {
  constructor(message: string, code: ServerErrorCode = ServerErrorCodes.endpointNotFound) {
    super(404, code, message);
    this.name = 'NotFoundError';
  }
}

/** 405: the path exists for other methods. */
export class MethodNotAllowedError extends HttpError {
  constructor(message: string, allowed: readonly string[]) {
    super(405, ServerErrorCodes.endpointNotFound, message, {
      headers: { allow: allowed.join(', ') },
    });
    this.name = 'MethodNotAllowedError';
  }
}

/** 413: the body exceeds the configured maximum. */
export class PayloadTooLargeError extends HttpError {
  constructor(limitBytes: number) {
    super(
      413,
      ServerErrorCodes.bodyTooLarge,
      `request body exceeds the limit of ${limitBytes} bytes (Gateway.ClientMaxBodySize)`,
    );
    this.name = 'PayloadTooLargeError';
  }
}

/** 414: the URL with its query string exceeds 8 KB. */
export class UriTooLongError extends HttpError {
  constructor(length: number, limit: number) {
    super(
      414,
      ServerErrorCodes.urlTooLong,
      `request URL is ${length} bytes, over the limit of ${limit}; send large parameter sets in a payload`,
    );
    this.name = 'UriTooLongError';
  }
}

/** 501: the operation is in the catalogue but the embedded service has no handler for it yet. */
export class NotSupportedError extends HttpError {
  constructor(operation: string) {
    super(
      501,
      ServerErrorCodes.notSupported,
      `${operation}: not supported by the embedded service yet`,
    );
    this.name = 'NotSupportedError';
  }
}

/** The request ran out of its GSQL-TIMEOUT. */
export class RequestTimeoutError extends HttpError {
  constructor(message: string) {
    super(504, ServerErrorCodes.timeout, message);
    this.name = 'RequestTimeoutError';
  }
}

/** An unexpected failure: the message sent is generic, the cause is logged. */
export class InternalError extends HttpError {
  constructor(cause: unknown) {
    super(500, ServerErrorCodes.internal, 'internal server error', { cause });
    this.name = 'InternalError';
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}
