// User-defined token functions (the C++ TokenBank of the real service) that the embedded service
// knows by name and runs as TypeScript. The real service compiles the functions a user uploads
// with `PUT TokenBank`; an embedded TypeScript engine cannot, so the ones real workloads ship are
// here, under their exact (case-sensitive, as in C++) names. Today: the LDBC SNB BI
// implementation's ToMiliSeconds (its ddl/TokenBank.cpp), used by its loading jobs.
import { ValueError } from '../values.js';
import { text, type TokenFunction } from './functions.js';

/**
 * The leading numbers of a datetime token, any one non-digit between them, read from its first
 * 23 characters (`2010-02-14T15:32:10.447`, any zone after it ignored): year, month, day, then
 * hour, minute, second and millisecond when present.
 */
const datetimeNumbers = /^(\d+)\D(\d+)\D(\d+)(?:\D(\d+)(?:\D(\d+)(?:\D(\d+)(?:\D(\d+))?)?)?)?/;

/**
 * LDBC's ToMiliSeconds: a datetime (or date) token as epoch milliseconds, the time read as UTC.
 * The millisecond field is taken as written (`.5` is 5 ms), as the C++ reads it.
 */
function toMilliseconds(token: string): number {
  const m = datetimeNumbers.exec(token.slice(0, 23));
  if (!m) throw new ValueError(`ToMiliSeconds: ${JSON.stringify(token)} is not a datetime`);
  const n = (i: number) => Number(m[i] ?? 0);
  const month = n(2);
  if (month < 1 || month > 12) {
    throw new ValueError(`ToMiliSeconds: ${JSON.stringify(token)} has no month ${month}`);
  }
  return Date.UTC(n(1), month - 1, n(3), n(4), n(5), n(6), n(7));
}

/** Token UDFs by exact name. */
export const tokenUdfs: ReadonlyMap<string, TokenFunction> = new Map([
  ['ToMiliSeconds', { minArgs: 1, maxArgs: 1, fn: (args) => toMilliseconds(text(args[0])) }],
]);
