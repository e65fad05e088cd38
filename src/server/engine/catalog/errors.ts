// Schema-change failures: the message says what is wrong with which name; nothing was changed.

export type CatalogErrorCode =
  'SCHEMA-EXISTS' | 'SCHEMA-NOT-FOUND' | 'SCHEMA-INVALID' | 'SCHEMA-IN-USE';

export class CatalogError extends Error {
  constructor(
    readonly code: CatalogErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CatalogError';
  }
}
