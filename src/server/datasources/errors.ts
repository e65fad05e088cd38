// Errors of data sources, with stable codes: a bad configuration, a name taken or unknown, a
// source the graph may not use, a type this service cannot reach, a failed read of the store.
import { BadRequestError, ForbiddenError, HttpError, NotFoundError } from '../http/errors.js';
export const DataSourceErrorCodes = {
  invalid: 'DATASOURCE-INVALID',
  exists: 'DATASOURCE-EXISTS',
  notFound: 'DATASOURCE-NOT-FOUND',
  notGranted: 'DATASOURCE-NOT-GRANTED',
  unreachable: 'DATASOURCE-UNREACHABLE',
  readFailed: 'DATASOURCE-READ-FAILED',
} as const;

export type DataSourceErrorCode = (typeof DataSourceErrorCodes)[keyof typeof DataSourceErrorCodes];

export class DataSourceError extends Error {
  constructor(
    readonly code: DataSourceErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DataSourceError';
  }
}

/** The HTTP answer of a data-source failure: its code, with the status the condition calls for. */
export function dataSourceHttpError(error: DataSourceError): HttpError {
  switch (error.code) {
    case DataSourceErrorCodes.notFound:
      return new NotFoundError(error.message, error.code);
    case DataSourceErrorCodes.exists:
      return new HttpError(409, error.code, error.message);
    case DataSourceErrorCodes.notGranted:
      return new ForbiddenError(error.message, error.code);
    case DataSourceErrorCodes.readFailed:
      return new HttpError(502, error.code, error.message);
    case DataSourceErrorCodes.invalid:
    case DataSourceErrorCodes.unreachable:
      return new BadRequestError(error.message, error.code);
  }
}
