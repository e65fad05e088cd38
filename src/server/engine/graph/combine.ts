// How an upsert op code combines a payload value with the stored one (the real service's
// op codes: overwrite, ignore_if_exists, add, and, or, max, min).
import type { OpCode } from '../mutations.js';

function add(current: unknown, value: unknown): unknown {
  if (typeof current === 'number' && typeof value === 'number') return current + value;
  if (
    (typeof current === 'bigint' || typeof current === 'number') &&
    (typeof value === 'bigint' || typeof value === 'number')
  ) {
    if (Number.isInteger(current) && Number.isInteger(value)) {
      const sum = BigInt(current) + BigInt(value);
      return sum >= BigInt(Number.MIN_SAFE_INTEGER) && sum <= BigInt(Number.MAX_SAFE_INTEGER)
        ? Number(sum)
        : sum;
    }
    return Number(current) + Number(value);
  }
  if (typeof current === 'string' && typeof value === 'string') return current + value;
  if (Array.isArray(current) && Array.isArray(value)) {
    return [...(current as unknown[]), ...(value as unknown[])];
  }
  if (current instanceof Map && value instanceof Map) {
    return new Map<unknown, unknown>([
      ...(current as Map<unknown, unknown>),
      ...(value as Map<unknown, unknown>),
    ]);
  }
  return value;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  const x = a as number | bigint;
  const y = b as number | bigint;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The new stored value. `created`: the vertex or edge did not exist before this upsert. */
export function combine(op: OpCode, current: unknown, value: unknown, created: boolean): unknown {
  switch (op) {
    case '=':
      return value;
    case '~':
      return created ? value : current;
    case '+':
      return created ? value : add(current, value);
    case '&':
      if (created) return value;
      return typeof current === 'boolean'
        ? current && value === true
        : (current as number) & (value as number);
    case '|':
      if (created) return value;
      return typeof current === 'boolean'
        ? current || value === true
        : (current as number) | (value as number);
    case '>':
      return created || compare(value, current) > 0 ? value : current;
    case '<':
      return created || compare(value, current) < 0 ? value : current;
  }
}
