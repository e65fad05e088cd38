// The constant an expression writes down (defaults, RUN QUERY arguments): literals and negated
// numbers are constants, anything else (NULL, names, lists, arithmetic) is not.
import { describe, expect, it } from 'vitest';
import {
  constantNumber,
  constantText,
  constantValue,
  parseExpression,
  type Expr,
} from '../../../src/core/gsql/index.js';

function expr(text: string): Expr {
  const parsed = parseExpression(text);
  expect(parsed.diagnostics).toEqual([]);
  if (parsed.ast === null) throw new Error(`no expression in ${text}`);
  return parsed.ast;
}

describe('constants of GSQL expressions', () => {
  it.each([
    ['5', 5, '5', 5],
    ['-5', -5, '-5', -5],
    ['--5', 5, '--5', 5],
    ['1.50', 1.5, '1.50', 1.5],
    ['-2.5', -2.5, '-2.5', -2.5],
    ['"abc"', 'abc', 'abc', undefined],
    ['TRUE', true, 'true', undefined],
    ['false', false, 'false', undefined],
  ])('%s is a constant', (text, value, shown, number) => {
    const e = expr(text);
    expect(constantValue(e)).toBe(value);
    expect(constantText(e)).toBe(shown);
    expect(constantNumber(e)).toBe(number);
  });

  it('keeps a 64-bit integer exact', () => {
    expect(constantValue(expr('-9223372036854775807'))).toBe(-9223372036854775807n);
  });

  it.each(['NULL', 'x', '1 + 2', '[1, 2]', '-"abc"', 'NOT TRUE', 'to_datetime("2020-01-01")'])(
    '%s is not a constant',
    (text) => {
      const e = expr(text);
      expect(constantValue(e)).toBeUndefined();
      expect(constantText(e)).toBeUndefined();
      expect(constantNumber(e)).toBeUndefined();
    },
  );
});
