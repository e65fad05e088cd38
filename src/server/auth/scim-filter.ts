// SCIM list filters as the service's samples write them: comparisons `attr op "value"` (or
// 'value') joined by `and`, operators eq, ne, sw, ew, co (case-insensitive values, as SCIM says
// for strings), and `pr` (present). Anything else is a coded 400 naming the bad part.
import { BadRequestError } from '../http/errors.js';

type Comparison = {
  readonly attribute: string;
  readonly op: 'eq' | 'ne' | 'sw' | 'ew' | 'co' | 'pr';
  readonly value: string;
};

export type ScimFilter = (attributes: Readonly<Record<string, unknown>>) => boolean;

const term =
  /^\s*([A-Za-z][A-Za-z0-9_.]*)\s+(eq|ne|sw|ew|co|pr)\b\s*(?:"([^"]*)"|'([^']*)'|(true|false))?\s*/i;

function test(c: Comparison, value: unknown): boolean {
  if (c.op === 'pr') return value !== undefined && value !== null && value !== '';
  const text =
    typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number'
      ? String(value).toLowerCase()
      : '';
  const want = c.value.toLowerCase();
  switch (c.op) {
    case 'eq':
      return text === want;
    case 'ne':
      return text !== want;
    case 'sw':
      return text.startsWith(want);
    case 'ew':
      return text.endsWith(want);
    case 'co':
      return text.includes(want);
  }
}

/** The filter as a predicate over a resource's attributes; undefined or blank matches all. */
export function parseScimFilter(filter: string | undefined): ScimFilter {
  if (filter === undefined || filter.trim() === '') return () => true;
  const comparisons: Comparison[] = [];
  let rest = filter;
  for (;;) {
    const match = term.exec(rest);
    if (!match)
      throw new BadRequestError(`filter: cannot read "${rest.trim()}" (write attr op "value")`);
    const op = (match[2] ?? '').toLowerCase() as Comparison['op'];
    const value = match[3] ?? match[4] ?? match[5];
    if (op !== 'pr' && value === undefined) {
      throw new BadRequestError(`filter: ${match[1] ?? ''} ${op} needs a quoted value`);
    }
    comparisons.push({ attribute: match[1] ?? '', op, value: value ?? '' });
    rest = rest.slice(match[0].length);
    if (rest.trim() === '') break;
    const and = /^and\s+/i.exec(rest);
    if (!and) throw new BadRequestError(`filter: expected "and" before "${rest.trim()}"`);
    rest = rest.slice(and[0].length);
  }
  return (attributes) =>
    comparisons.every((c) =>
      test(c, attributes[c.attribute] ?? attributes[c.attribute.toLowerCase()]),
    );
}
