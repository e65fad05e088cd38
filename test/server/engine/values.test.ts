// Integer coercion (INT / UINT attributes, ids read as attributes): the short-text and safe-number
// fast paths give what exact BigInt arithmetic gives (a number when safe, else a bigint; out of
// range or malformed input refused), checked on edge cases and random digit strings.
import { describe, expect, it } from 'vitest';
import { primitive } from '../../../src/server/engine/catalog/types.js';
import { coerce, ValueError } from '../../../src/server/engine/values.js';

const INT_MIN = -(2n ** 63n);
const INT_MAX = 2n ** 63n - 1n;
const UINT_MAX = 2n ** 64n - 1n;

/** The reference: the value as exact integer arithmetic reads it, or 'refused'. */
function exact(value: unknown, unsigned: boolean): number | bigint | 'refused' {
  let n: bigint;
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return 'refused';
    n = BigInt(value);
  } else if (typeof value === 'bigint') n = value;
  else if (typeof value === 'string' && /^\s*[-+]?\d+\s*$/.test(value)) n = BigInt(value.trim());
  else return 'refused';
  if (unsigned ? n < 0n || n > UINT_MAX : n < INT_MIN || n > INT_MAX) return 'refused';
  return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(n)
    : n;
}

function actual(value: unknown, unsigned: boolean): unknown {
  try {
    return coerce(primitive(unsigned ? 'UINT' : 'INT'), value);
  } catch (e) {
    if (e instanceof ValueError) return 'refused';
    throw e;
  }
}

describe('INT and UINT coercion', () => {
  const cases: unknown[] = [
    0,
    -0,
    '0',
    '-0',
    '007',
    '-',
    '',
    ' 5',
    '+5',
    '5 ',
    '1e3',
    '12.0',
    '0x10',
    '999999999999999',
    '-999999999999999',
    '9999999999999999',
    '9007199254740993',
    '-9223372036854775808',
    '9223372036854775808',
    '18446744073709551615',
    '18446744073709551616',
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    2 ** 60,
    -(2 ** 63),
    2 ** 64,
    1.5,
    NaN,
    Infinity,
    -7,
    12n,
    -(2n ** 63n),
    true,
    null,
  ];
  it('edge cases read as exact arithmetic reads them', () => {
    for (const unsigned of [false, true])
      for (const value of cases)
        expect(actual(value, unsigned), `${String(value)} as ${unsigned ? 'UINT' : 'INT'}`).toEqual(
          exact(value, unsigned),
        );
  });

  it('random digit strings of every length up to 21, signed and not', () => {
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 5000; i++) {
      const length = 1 + Math.floor(next() * 21);
      let text = next() < 0.3 ? '-' : '';
      for (let j = 0; j < length; j++) text += String(Math.floor(next() * 10));
      for (const unsigned of [false, true])
        expect(actual(text, unsigned), text).toEqual(exact(text, unsigned));
    }
  });
});
