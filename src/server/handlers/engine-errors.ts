// Engine-side failures as HTTP answers: the engine's errors carry their own codes; here they
// get the status and the REST++ code the envelope shows. One place, wrapped around every
// handler map that reaches the engine.
import { DataSourceError, dataSourceHttpError } from '../datasources/errors.js';
import { CatalogError } from '../engine/catalog/errors.js';
import { EngineError } from '../engine/errors.js';
import { LibraryError } from '../engine/library/index.js';
import { LoadingJobError } from '../engine/loading/errors.js';
import { ConditionError, PathError } from '../engine/paths/errors.js';
import { QueueCancelledError, QueueFullError } from '../engine/queries/workload.js';
import { QueryCompileError, QueryRuntimeError } from '../engine/query/index.js';
import type { Handler, HandlerMap } from '../http/context.js';
import {
  BadRequestError,
  HttpError,
  NotFoundError,
  RequestTimeoutError,
  ServerErrorCodes,
} from '../http/errors.js';

/** Codes for conditions the REST++ return-code list has no entry for. */
export const EngineHttpCodes = {
  objectNotFound: 'GWB-NOT-FOUND',
  schemaConflict: 'GWB-SCHEMA-CONFLICT',
  /** The delay queue is full (the real service's code for it is not documented). */
  queueFull: 'GWB-QUEUE-FULL',
} as const;

/** The HTTP error for an engine-side failure, or undefined when it is not one. */
export function engineHttpError(error: unknown): HttpError | undefined {
  if (error instanceof EngineError) {
    switch (error.code) {
      case 'ENGINE-UNKNOWN-GRAPH':
        return new NotFoundError(error.message, ServerErrorCodes.graphNotFound);
      case 'ENGINE-NOT-FOUND':
        return new NotFoundError(error.message, EngineHttpCodes.objectNotFound);
      case 'ENGINE-BAD-REQUEST':
      case 'ENGINE-BAD-VALUE':
      case 'ENGINE-EDGE-PAIR':
      case 'ENGINE-UNKNOWN-ATTRIBUTE':
      case 'ENGINE-UNKNOWN-TYPE':
        return new BadRequestError(error.message, ServerErrorCodes.invalidPayload);
    }
  }
  if (error instanceof CatalogError) {
    if (error.code === 'SCHEMA-NOT-FOUND')
      return new NotFoundError(error.message, EngineHttpCodes.objectNotFound);
    if (error.code === 'SCHEMA-EXISTS' || error.code === 'SCHEMA-IN-USE') {
      return new HttpError(409, EngineHttpCodes.schemaConflict, error.message);
    }
    return new BadRequestError(error.message, ServerErrorCodes.invalidPayload);
  }
  if (error instanceof LoadingJobError) {
    if (error.code === 'LOADING-UNKNOWN-JOB') {
      return new NotFoundError(error.message, EngineHttpCodes.objectNotFound);
    }
    if (error.code === 'LOADING-UNKNOWN-GRAPH') {
      return new NotFoundError(error.message, ServerErrorCodes.graphNotFound);
    }
    return new BadRequestError(error.message, error.code);
  }
  if (error instanceof LibraryError) {
    if (error.code === 'LIBRARY-NOT-FOUND')
      return new NotFoundError(error.message, EngineHttpCodes.objectNotFound);
    return new BadRequestError(error.message, error.code);
  }
  if (error instanceof QueueFullError)
    return new HttpError(503, EngineHttpCodes.queueFull, error.message);
  if (error instanceof QueueCancelledError)
    return new HttpError(499, ServerErrorCodes.aborted, error.message);
  if (error instanceof QueryCompileError) return new BadRequestError(error.message, error.code);
  if (error instanceof QueryRuntimeError) {
    if (error.code === 'QUERY-TIMEOUT') return new RequestTimeoutError(error.message);
    if (error.code === 'QUERY-ABORTED')
      return new HttpError(499, ServerErrorCodes.aborted, error.message);
    // The real service's code for a query stopped at its memory limit (return codes: SYS-0002).
    if (error.code === 'QUERY-OUT-OF-MEMORY')
      return new HttpError(503, ServerErrorCodes.outOfMemory, error.message);
    // A user exception (RAISE) answers its own code, as text (the exception statements page).
    if (error.exception !== undefined)
      return new BadRequestError(error.message, String(error.exception.errorCode));
    return new BadRequestError(error.message, error.code);
  }
  if (error instanceof DataSourceError) return dataSourceHttpError(error);
  if (error instanceof ConditionError) return new BadRequestError(error.message, error.code);
  if (error instanceof PathError) {
    switch (error.code) {
      case 'PATH-UNKNOWN-GRAPH':
        return new NotFoundError(error.message, ServerErrorCodes.graphNotFound);
      case 'PATH-TIMEOUT':
        return new RequestTimeoutError(error.message);
      case 'PATH-ABORTED':
        return new HttpError(499, ServerErrorCodes.aborted, error.message);
      case 'PATH-BAD-REQUEST':
      case 'PATH-TOO-MANY-PATHS':
      case 'PATH-UNKNOWN-TYPE':
      case 'PATH-VERTEX-NOT-FOUND':
        return new BadRequestError(error.message, error.code);
    }
  }
  return undefined;
}

/** Wraps every handler of a map so engine errors become HTTP errors. */
export function withEngineErrors(handlers: HandlerMap): HandlerMap {
  const wrapped: Record<string, Handler> = {};
  for (const [name, handler] of Object.entries(handlers) as [string, Handler][]) {
    wrapped[name] = async (ctx) => {
      try {
        return await handler(ctx);
      } catch (error) {
        throw engineHttpError(error) ?? error;
      }
    };
  }
  return wrapped;
}
