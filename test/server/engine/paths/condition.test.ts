// Path-filter conditions: the grammar (table of valid texts and their ASTs), errors that name the
// text, the column and what was expected, and compiled predicates over stored values.
import { describe, expect, it } from 'vitest';
import type { AttributeDef } from '../../../../src/server/engine/catalog/types.js';
import { primitive } from '../../../../src/server/engine/catalog/types.js';
import {
  ConditionError,
  conditionAttributes,
  parseCondition,
  type ConditionNode,
} from '../../../../src/server/engine/paths/condition.js';
import { compileCondition } from '../../../../src/server/engine/paths/predicate.js';

/** A compact text form of the AST, to keep the table readable. */
function show(node: ConditionNode): string {
  switch (node.kind) {
    case 'and':
    case 'or':
      return `(${show(node.left)} ${node.kind} ${show(node.right)})`;
    case 'not':
      return `not ${show(node.operand)}`;
    case 'truth':
      return node.attribute;
    case 'compare': {
      const v = node.value;
      const value = v.kind === 'number' ? v.text : v.kind === 'string' ? `"${v.value}"` : v.value;
      return `${node.attribute} ${node.op} ${String(value)}`;
    }
  }
}

describe('parseCondition: valid conditions', () => {
  const table: [string, string][] = [
    ['age > 30', 'age > 30'],
    ['name == "Tom"', 'name == "Tom"'],
    ["name = 'Tom'", 'name == "Tom"'],
    ['amount >= 100 and currency == "USD"', '(amount >= 100 and currency == "USD")'],
    ['x < 2 or x > 10', '(x < 2 or x > 10)'],
    ['x <> 3', 'x != 3'],
    ['x != -3.5', 'x != -3.5'],
    ['x <= 1e3', 'x <= 1e3'],
    ['30 < age', 'age > 30'],
    ['"b" >= name', 'name <= "b"'],
    ['a == 1 AND b == 2 OR c == 3', '((a == 1 and b == 2) or c == 3)'],
    ['a == 1 or b == 2 and c == 3', '(a == 1 or (b == 2 and c == 3))'],
    ['a == 1 && (b == 2 || c == 3)', '(a == 1 and (b == 2 or c == 3))'],
    ['not a == 1', 'not a == 1'],
    ['NOT (a == 1 or a == 2)', 'not (a == 1 or a == 2)'],
    ['!active', 'not active'],
    ['active', 'active'],
    ['active == TRUE', 'active == true'],
    ['price < "100" and quality == "good"', '(price < "100" and quality == "good")'],
    ['s == "say \\"hi\\""', 's == "say "hi""'],
    ['  ((age>30))  ', 'age > 30'],
    ['type=4', 'type == 4'],
  ];
  it.each(table)('%s', (text, expected) => {
    expect(show(parseCondition(text))).toBe(expected);
  });

  it('lists the attributes a condition names', () => {
    expect(conditionAttributes(parseCondition('a > 1 and (b < 2 or a < 0) and not c'))).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});

describe('parseCondition: errors name the text, the column and what was expected', () => {
  const table: [string, number, RegExp][] = [
    ['', 1, /expected a condition/],
    ['age >', 6, /expected a value.*found the end/],
    ['age >> 3', 6, /expected a value.*found ">"/],
    ['age > 3 and', 12, /expected an attribute.*the end/],
    ['(age > 3', 9, /expected "\)"/],
    ['age > 3)', 8, /expected no "\)" without "\("/],
    ['age > 3 age < 4', 9, /expected "and", "or" or the end/],
    ['name == "Tom', 9, /expected a closing " for this string/],
    ['age # 3', 5, /expected an attribute, a value or an operator.*found "#"/],
    ['3 > 4', 5, /expected an attribute/],
    ['a == b', 6, /expected a value/],
    ['1 < age < 3', 9, /expected "and", "or" or the end/],
    ['and', 1, /expected an attribute, "not" or "\("/],
  ];
  it.each(table)('%j fails at column %i', (text, column, message) => {
    let error: unknown;
    try {
      parseCondition(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConditionError);
    const ce = error as ConditionError;
    expect(ce.column).toBe(column);
    expect(ce.condition).toBe(text);
    expect(ce.code).toBe('PATH-BAD-CONDITION');
    expect(ce.message).toContain(JSON.stringify(text));
    expect(ce.message).toContain(`column ${column}`);
    expect(ce.message).toMatch(message);
  });
});

const attr = (name: string, type: Parameters<typeof primitive>[0]): AttributeDef => ({
  name,
  type: primitive(type),
});
const fields = [
  attr('age', 'INT'),
  attr('name', 'STRING'),
  attr('score', 'DOUBLE'),
  attr('active', 'BOOL'),
  attr('at', 'DATETIME'),
  attr('big', 'UINT'),
  { name: 'tags', type: { kind: 'list', element: primitive('STRING') } } as AttributeDef,
];
/** A row in stored form, in field order. */
const row = (values: unknown[]) => (i: number) => values[i];
const tom = row([41, 'Tom', 2.5, true, Date.UTC(2020, 0, 2) / 1000, 2n ** 63n, ['x']]);
const ann = row([9, 'Ann', Number.NaN, false, Date.UTC(2019, 5, 1) / 1000, 5, []]);

describe('compileCondition', () => {
  const table: [string, boolean, boolean][] = [
    ['age > 30', true, false],
    ['age >= 41 and age <= 41', true, false],
    ['age == "41"', true, false],
    ['age > 40.5', true, false],
    ['name == "Tom"', true, false],
    ["name != 'Tom'", false, true],
    ['name < "B"', false, true],
    ['age < 10 or name == "Tom"', true, true],
    ['not (age < 10 or name == "Tom")', false, false],
    ['active', true, false],
    ['!active', false, true],
    ['active == false', false, true],
    ['active == "true"', true, false],
    ['at > "2020-01-01 00:00:00"', true, false],
    ['at == "2020-01-02"', true, false],
    ['at < 1577836800', false, true],
    ['big > 9223372036854775807', true, false],
    ['big == 5', false, true],
    ['score > 1', true, false],
    ['score != 1', true, true],
    ['score == 2.5', true, false],
    ['score == 1 or score < 1 or score > 1', true, false],
  ];
  it.each(table)('%s: Tom %s, Ann %s', (text, forTom, forAnn) => {
    const predicate = compileCondition(text, fields, 'person');
    expect(predicate(tom)).toBe(forTom);
    expect(predicate(ann)).toBe(forAnn);
  });

  const errors: [string, number, RegExp][] = [
    ['agee > 3', 1, /expected an attribute of person \(age, name, .*\), found "agee"/],
    ['age > "old"', 7, /expected an integer for INT attribute age, found "old"/],
    ['age > true', 7, /expected an integer/],
    ['active == 2', 11, /expected true or false/],
    ['at > "yesterday"', 6, /expected a datetime/],
    ['tags == "x"', 1, /primitive type \(tags is LIST<STRING>\)/],
    ['age', 1, /only a BOOL attribute stands alone/],
    ['name == "a" and nope < 1', 17, /found "nope"/],
  ];
  it.each(errors)('%s fails at column %i', (text, column, message) => {
    let error: unknown;
    try {
      compileCondition(text, fields, 'person');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConditionError);
    expect((error as ConditionError).column).toBe(column);
    expect((error as ConditionError).message).toMatch(message);
  });

  it('never evaluates the text as code', () => {
    expect(() => compileCondition('process.exit(1)', fields, 'person')).toThrow(ConditionError);
    expect(() => compileCondition('constructor == 1', fields, 'person')).toThrow(
      /expected an attribute of person/,
    );
  });
});
