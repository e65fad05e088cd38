// Query parameter types from query metadata become form fields, and typed text becomes the JSON
// arguments of the installed-query operation (bad values give a named, coded problem).
import { describe, expect, it } from 'vitest';
import { argValue, fieldFor, ParamError } from '../../src/notebook/web/cells/param-fields.js';
import { parseFilters } from '../../src/notebook/web/cells/path-form.js';

describe('fieldFor', () => {
  it.each([
    ['INT', { kind: 'integer' }],
    ['UINT', { kind: 'integer' }],
    ['INT64', { kind: 'integer' }],
    ['FLOAT', { kind: 'number' }],
    ['DOUBLE', { kind: 'number' }],
    ['BOOL', { kind: 'bool' }],
    ['STRING', { kind: 'text' }],
    ['DATETIME', { kind: 'datetime' }],
    ['VERTEX<person>', { kind: 'vertex', vertexType: 'person' }],
    ['VERTEX', { kind: 'vertex' }],
    ['SET<VERTEX<person>>', { kind: 'vertex', vertexType: 'person', many: true }],
    ['LIST<STRING>', { kind: 'text', many: true }],
    ['BAG<INT>', { kind: 'integer', many: true }],
    ['MAP<STRING, INT>', { kind: 'json' }],
    ['SET<MAP<STRING,INT>>', { kind: 'json' }],
  ])('%s', (type, field) => {
    expect(fieldFor(type)).toEqual(field);
  });
});

describe('argValue', () => {
  it('converts typed text', () => {
    expect(argValue('k', fieldFor('INT'), '42')).toBe(42);
    expect(argValue('k', fieldFor('INT'), '12345678901234567890')).toBe(12345678901234567890n);
    expect(argValue('x', fieldFor('DOUBLE'), '0.85')).toBe(0.85);
    expect(argValue('b', fieldFor('BOOL'), true)).toBe(true);
    expect(argValue('s', fieldFor('STRING'), 'a b')).toBe('a b');
    expect(argValue('p', fieldFor('VERTEX<person>'), { id: ' a ' })).toEqual({
      id: 'a',
      type: 'person',
    });
    expect(argValue('p', fieldFor('VERTEX'), { id: 'a', type: 'city' })).toEqual({
      id: 'a',
      type: 'city',
    });
    expect(argValue('ps', fieldFor('SET<VERTEX<person>>'), 'a\n\n b \n')).toEqual([
      { id: 'a', type: 'person' },
      { id: 'b', type: 'person' },
    ]);
    expect(argValue('m', fieldFor('MAP<STRING,INT>'), '{"a": 1}')).toEqual({ a: 1 });
  });

  it('leaves empty optional values out', () => {
    expect(argValue('k', fieldFor('INT'), '')).toBeUndefined();
    expect(argValue('k', fieldFor('INT'), undefined)).toBeUndefined();
    expect(argValue('ks', fieldFor('SET<INT>'), '')).toEqual([]);
  });

  it('names the parameter and the bad value', () => {
    const bad = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        expect(error).toBeInstanceOf(ParamError);
        return (error as ParamError).message;
      }
      throw new Error('no error');
    };
    expect(bad(() => argValue('k', fieldFor('INT'), '4.5'))).toBe("k: '4.5' is not an integer");
    expect(bad(() => argValue('x', fieldFor('FLOAT'), 'abc'))).toBe("x: 'abc' is not a number");
    expect(bad(() => argValue('p', fieldFor('VERTEX'), { id: 'a' }))).toBe(
      'p: choose a vertex type',
    );
    expect(bad(() => argValue('m', fieldFor('MAP<STRING,INT>'), '{'))).toBe('m: not valid JSON');
  });
});

describe('path filters', () => {
  it('reads `type` and `type: condition` lines', () => {
    expect(parseFilters('person\n\nknows: since > 2012 \n')).toEqual([
      { type: 'person' },
      { type: 'knows', condition: 'since > 2012' },
    ]);
  });
});
