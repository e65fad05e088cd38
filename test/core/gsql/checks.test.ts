// Semantic warnings of `check`: accumulators used without a declaration or declared twice, and
// calls of built-in functions with a wrong argument count or a misspelt name.
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

  it('warns about a built-in called with the wrong number of arguments, at the call', () => {
    const text = [
      'CREATE QUERY q() {',
      '  PRINT log10(1, 2), SQRT(), substr("abc", 1), coalesce(1, 2, 3, 4);',
      '  PRINT datetime_add(now(), 1, "DAY"), rand(), rand(7);',
      '}',
    ].join('\n');
    expect(check(text).diagnostics.map(diagnosticLine)).toEqual([
      '2:9: GSQL-ARITY log10() takes 1 argument, not 2',
      '2:22: GSQL-ARITY sqrt() takes 1 argument, not 0',
    ]);
  });

  it('names the built-in a misspelt call likely means, and leaves other names alone', () => {
    const text = [
      'TYPEDEF TUPLE<INT a> Lenght;',
      'CREATE QUERY helper() { PRINT 1; }',
      'CREATE QUERY q() {',
      '  TYPEDEF TUPLE<INT a> uppre;',
      '  PRINT lenght("abc"), datetime_ad(now(), 1, "DAY"), uppre(1), Lenght(2);',
      '  PRINT helper(), ms_to_string(1), my_udf(2);',
      '}',
    ].join('\n');
    expect(check(text).diagnostics.map(diagnosticLine)).toEqual([
      '5:9: GSQL-UNKNOWN-FUNCTION unknown function lenght (did you mean length?)',
      '5:24: GSQL-UNKNOWN-FUNCTION unknown function datetime_ad (did you mean datetime_add?)',
    ]);
  });
});
