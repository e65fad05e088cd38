// Semantic warnings of `check`: accumulators used without a declaration or declared twice.
import { describe, expect, it } from 'vitest';
import { check, parse } from '../../../src/core/gsql/index.js';
import { diagnosticLine } from './helpers.js';

describe('check', () => {
  it('warns about undeclared and duplicate accumulators, once each', () => {
    const text = [
      'CREATE QUERY q() {',
      '  SumAccum<INT> @@n;',
      '  MaxAccum<INT> @@n, @best;',
      '  S = SELECT s FROM S:s ACCUM @@missing += 1, s.@best += 1, s.@gone += @@missing;',
      '}',
    ].join('\n');
    expect(check(text).diagnostics.map(diagnosticLine)).toEqual([
      '3:17: GSQL-DUPLICATE accumulator @@n is declared twice',
      '4:31: GSQL-UNDECLARED accumulator @@missing is not declared in this query',
      '4:61: GSQL-UNDECLARED accumulator @gone is not declared in this query',
    ]);
    expect(check(text).diagnostics.every((d) => d.severity === 'warning')).toBe(true);
  });

  it('keeps syntax errors and treats each query on its own', () => {
    const text =
      'CREATE QUERY a() {\n  SumAccum<INT> @@x;\n}\nCREATE QUERY b() {\n  @@x += 1;\n  y = ;\n}';
    expect(check(text).diagnostics.map(diagnosticLine)).toEqual([
      '5:3: GSQL-UNDECLARED accumulator @@x is not declared in this query',
      "6:7: GSQL-SYNTAX expected expression but found ';'",
    ]);
    expect(parse(text).diagnostics).toHaveLength(1);
  });
});
