// core/json.ts parseJson: integers past 2^53 come back exact (bigint), whatever else the text
// holds; every other number is what JSON.parse gives, including floats with 16 or more fraction
// digits (which take the native parser).
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../../src/core/json.js';

describe('parseJson', () => {
  it('keeps integers past 2^53 exact, in any position', () => {
    expect(parseJson('9007199254740993')).toBe(9007199254740993n);
    expect(parseJson('{"a":[1.5,-12345678901234567]}')).toEqual({ a: [1.5, -12345678901234567n] });
    expect(parseJson('[0.1234567890123456789, 18446744073709551615]')).toEqual([
      Number('0.1234567890123456789'),
      18446744073709551615n,
    ]);
  });

  it('reads floats with long fractions as JSON.parse does', () => {
    for (const text of [
      '0.1234567890123456789',
      '[13680.39489561613, 0.00000000000000001234, 1.2345678901234567e-300]',
      '{"score":0.8887959000000001,"n":9007199254740991}',
    ])
      expect(parseJson(text)).toEqual(JSON.parse(text));
  });

  it('leaves digits inside strings as they are', () => {
    expect(parseJson('{"id":"12345678901234567890","x":1}')).toEqual({
      id: '12345678901234567890',
      x: 1,
    });
  });
});
