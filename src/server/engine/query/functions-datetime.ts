// The datetime built-ins and the INTERVAL value: DATETIME is epoch seconds at run time; an
// `INTERVAL n unit` expression evaluates to an Interval, which datetime_add / datetime_sub apply.
// Calendar months and years move the date the way the real service's C++ date library (boost
// gregorian `months`/`years`) does, since the datetime-functions page shows only month starts
// (`1970-01-01 + 1 MONTH -> 1970-02-01`): the day of month is kept, clamped to the new month's
// last day (Jan 31 + 1 MONTH is Feb 28), and a date on its month's last day stays on the last day
// (Feb 28 2023 + 1 MONTH is Mar 31; Feb 29 2024 + 1 YEAR is Feb 28 2025, and back is Feb 29).
import { formatDatetime, parseDatetime, ValueError } from '../values.js';
import { QueryRuntimeError } from './errors.js';
import type { Implementation } from './functions-types.js';
import { num } from './runtime-values.js';

export type IntervalUnit = 'YEAR' | 'MONTH' | 'DAY' | 'HOUR' | 'MINUTE' | 'SECOND';

const unitSeconds: Readonly<Record<string, number>> = {
  SECOND: 1,
  MINUTE: 60,
  HOUR: 3600,
  DAY: 86400,
  WEEK: 604800,
};

/** The value of `INTERVAL n unit`. */
export class Interval {
  constructor(
    readonly amount: number,
    readonly unit: IntervalUnit,
  ) {}
}

export function datetimeOf(v: unknown): number {
  if (typeof v === 'number') return v;
  try {
    return parseDatetime(v);
  } catch (e) {
    if (e instanceof ValueError) throw new QueryRuntimeError('QUERY-BAD-VALUE', e.message);
    throw e;
  }
}

/** The number of days of the month of `d` (UTC). */
function monthDays(d: Date): number {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
}

function addMonths(dt: number, months: number): number {
  const d = new Date(dt * 1000);
  const day = d.getUTCDate();
  const atMonthEnd = day === monthDays(d);
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = monthDays(d);
  d.setUTCDate(atMonthEnd ? last : Math.min(day, last));
  return Math.floor(d.getTime() / 1000);
}

/** `dt` moved by `n` units (`sign` -1 subtracts). */
export function addInterval(dt: number, n: number, unit: string, sign: 1 | -1): number {
  const u = unit.toUpperCase();
  const secs = unitSeconds[u];
  if (secs !== undefined) return dt + sign * n * secs;
  if (u === 'MONTH') return addMonths(dt, sign * n);
  if (u === 'YEAR') return addMonths(dt, sign * n * 12);
  throw new QueryRuntimeError('QUERY-BAD-VALUE', `unknown interval unit ${unit}`);
}

/** datetime_add(dt, INTERVAL n unit) or the older datetime_add(dt, n, "unit"). */
function shift(sign: 1 | -1): Implementation {
  return (a) => {
    const dt = datetimeOf(a[0]);
    const by = a[1];
    if (by instanceof Interval) return addInterval(dt, by.amount, by.unit, sign);
    if (a.length < 3)
      throw new QueryRuntimeError(
        'QUERY-BAD-VALUE',
        `datetime_${sign > 0 ? 'add' : 'sub'} needs an INTERVAL (INTERVAL n DAY), got ${String(by)}`,
      );
    return addInterval(dt, num(by), String(a[2]), sign);
  };
}

function strftime(dt: number, fmt: string): string {
  const d = new Date(dt * 1000);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return fmt.replace(/%([YmdHMSjy%])/g, (_m, c: string) => {
    switch (c) {
      case 'Y':
        return p(d.getUTCFullYear(), 4);
      case 'y':
        return p(d.getUTCFullYear() % 100);
      case 'm':
        return p(d.getUTCMonth() + 1);
      case 'd':
        return p(d.getUTCDate());
      case 'H':
        return p(d.getUTCHours());
      case 'M':
        return p(d.getUTCMinutes());
      case 'S':
        return p(d.getUTCSeconds());
      case 'j': {
        const start = Date.UTC(d.getUTCFullYear(), 0, 1);
        return p(Math.floor((d.getTime() - start) / 86400000) + 1, 3);
      }
      default:
        return '%';
    }
  });
}

/** The Date range (ms): within it the parts are computed without a Date per call. */
const MAX_MS = 8.64e15;

/** Days since 1970-01-01 as [year, month, day] of the proleptic Gregorian calendar (UTC). */
function civil(days: number, want: 0 | 1 | 2): number {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  if (want === 2) return doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  if (want === 1) return month;
  return yoe + era * 400 + (month <= 2 ? 1 : 0);
}

/**
 * year() ... second(): arithmetic on the epoch value (the same answers as a Date's UTC getters,
 * milliseconds truncated as a Date truncates them), since a query may call them once per vertex;
 * values outside a Date's range go through a Date as before (NaN).
 */
const part =
  (get: (d: Date) => number, unit: 'y' | 'mo' | 'd' | 'h' | 'mi' | 's'): Implementation =>
  (a) => {
    const ms = Math.trunc(datetimeOf(a[0]) * 1000);
    if (!(ms >= -MAX_MS && ms <= MAX_MS)) return get(new Date(ms));
    const days = Math.floor(ms / 86400000);
    const inDay = ms - days * 86400000;
    switch (unit) {
      case 'y':
        return civil(days, 0);
      case 'mo':
        return civil(days, 1);
      case 'd':
        return civil(days, 2);
      case 'h':
        return Math.floor(inDay / 3600000);
      case 'mi':
        return Math.floor(inDay / 60000) % 60;
      case 's':
        return Math.floor(inDay / 1000) % 60;
    }
  };

export const DATETIME_FUNCTIONS: ReadonlyMap<string, Implementation> = new Map<
  string,
  Implementation
>([
  ['now', (_a, r) => Math.floor(r.now() / 1000)],
  ['to_datetime', (a) => datetimeOf(a[0])],
  ['epoch_to_datetime', (a) => num(a[0])],
  ['datetime_to_epoch', (a) => datetimeOf(a[0])],
  ['datetime_diff', (a) => datetimeOf(a[0]) - datetimeOf(a[1])],
  ['datetime_add', shift(1)],
  ['datetime_sub', shift(-1)],
  [
    'datetime_format',
    (a) =>
      a.length > 1 ? strftime(datetimeOf(a[0]), String(a[1])) : formatDatetime(datetimeOf(a[0])),
  ],
  ['year', part((d) => d.getUTCFullYear(), 'y')],
  ['month', part((d) => d.getUTCMonth() + 1, 'mo')],
  ['day', part((d) => d.getUTCDate(), 'd')],
  ['hour', part((d) => d.getUTCHours(), 'h')],
  ['minute', part((d) => d.getUTCMinutes(), 'mi')],
  ['second', part((d) => d.getUTCSeconds(), 's')],
]);
