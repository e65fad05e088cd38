// Where the reference's declaration, clause and control-flow rules refuse a query, the compile
// error names the rule's code and the line:column of the offending text (the reference cases in
// reference/stmt-rules.txt, stmt-exception.txt and literals.txt check the codes through the
// shell; this checks the positions). Each case marks the text the error must point at.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCompileError } from '../../../../src/server/engine/query/index.js';
import { compileText, openSocial, type Fixture } from './fixtures.js';

let fx: Fixture;
beforeAll(async () => {
  fx = await openSocial();
});
afterAll(async () => {
  await fx.close();
});

interface RuleCase {
  readonly name: string;
  readonly body: string;
  /** The text (unique in the query) whose first character the error points at. */
  readonly at: string;
  readonly code: string;
}

const cases: RuleCase[] = [
  {
    name: 'a vertex-attached accumulator declared in a WHILE body',
    body: `INT i = 0;\n  WHILE i < 2 DO\n    SumAccum<INT> @seen;\n    i = i + 1;\n  END;\n  PRINT i;`,
    at: '@seen',
    code: 'QUERY-BAD-DECLARATION',
  },
  {
    name: 'an edge-attached accumulator declared in a FOREACH body',
    body: `FOREACH k IN RANGE[1, 2] DO\n    SumAccum<INT> EDGE @w;\n  END;\n  PRINT 1;`,
    at: 'EDGE @w',
    code: 'QUERY-BAD-DECLARATION',
  },
  {
    name: 'a global accumulator assigned in ACCUM (inside an IF)',
    body: `SumAccum<INT> @@n;\n  S = {person.*};\n  S = SELECT s FROM S:s\n      ACCUM IF s.age > 20 THEN @@n = s.age END;\n  PRINT @@n;`,
    at: '@@n = s.age',
    code: 'QUERY-BAD-CLAUSE',
  },
  {
    name: 'a global accumulator assigned in POST-ACCUM',
    body: `SumAccum<INT> @@n;\n  S = {person.*};\n  S = SELECT s FROM S:s POST-ACCUM @@n = 1;\n  PRINT @@n;`,
    at: '@@n = 1',
    code: 'QUERY-BAD-CLAUSE',
  },
  {
    name: 'an edge alias in POST-ACCUM',
    body: `SumAccum<INT> @@n;\n  S = {person.*};\n  S = SELECT t FROM S:s -(knows:e)- person:t\n      POST-ACCUM @@n += e.since;\n  PRINT @@n;`,
    at: '@@n += e.since',
    code: 'QUERY-BAD-CLAUSE',
  },
  {
    name: 'BREAK outside a loop',
    body: `INT n = 1;\n  IF n > 0 THEN BREAK; END;\n  PRINT n;`,
    at: 'BREAK',
    code: 'QUERY-BAD-STATEMENT',
  },
  {
    name: 'a FOREACH loop variable assigned',
    body: `SumAccum<INT> @@s;\n  FOREACH k IN RANGE[1, 3] DO\n    k = k * 2;\n    @@s += k;\n  END;\n  PRINT @@s;`,
    at: 'k = k * 2',
    code: 'QUERY-BAD-TARGET',
  },
  {
    name: 'a RAISE in ACCUM',
    body: `EXCEPTION old (40009);\n  S = {person.*};\n  S = SELECT s FROM S:s ACCUM IF s.age > 40 THEN RAISE old END;\n  PRINT 1;`,
    at: 'RAISE old',
    code: 'QUERY-BAD-CLAUSE',
  },
  {
    name: 'a constant in exponential notation',
    body: `DOUBLE d = 0.5;\n  PRINT d * 1.5e2 AS x;`,
    at: '1.5e2',
    code: 'QUERY-SYNTAX',
  },
];

function positionOf(text: string, part: string): { line: number; column: number } {
  const i = text.indexOf(part);
  expect(i, `"${part}" in the query`).toBeGreaterThanOrEqual(0);
  expect(text.indexOf(part, i + 1), `"${part}" once in the query`).toBe(-1);
  const before = text.slice(0, i).split('\n');
  return { line: before.length, column: (before.at(-1) ?? '').length + 1 };
}

describe('declaration and clause rules: coded compile errors at line:column', () => {
  for (const c of cases)
    for (const generatedCode of [true, false])
      it(`${c.name} (generated code ${generatedCode ? 'on' : 'off'})`, () => {
        const text = `CREATE QUERY q() FOR GRAPH social {\n  ${c.body}\n}`;
        let caught: unknown;
        try {
          compileText(fx, text, undefined, { generatedCode });
        } catch (e) {
          caught = e;
        }
        expect(caught).toBeInstanceOf(QueryCompileError);
        const err = caught as QueryCompileError;
        expect(err.code).toBe(c.code);
        expect(err.problems[0]).toMatchObject({ code: c.code, ...positionOf(text, c.at) });
      });
});
