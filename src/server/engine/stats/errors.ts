// Errors of the optimizer statistics, with stable codes: a histogram that was never gathered, a
// target that names no attribute, an attribute whose type has no histogram.
export const StatsErrorCodes = {
  notFound: 'STATS-NOT-FOUND',
  badTarget: 'STATS-BAD-TARGET',
  unsupportedType: 'STATS-UNSUPPORTED-TYPE',
} as const;

export type StatsErrorCode = (typeof StatsErrorCodes)[keyof typeof StatsErrorCodes];

export class StatsError extends Error {
  constructor(
    readonly code: StatsErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StatsError';
  }
}
