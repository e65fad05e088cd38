// Tuples from their JSON description: field types with sizes (`INT(2)`, `UINT8`, `STRING(20)`),
// refused sizes and names, and the lengths shown back.
import { describe, expect, it } from 'vitest';
import { CatalogError } from '../../../src/server/engine/catalog/errors.js';
import { tupleFromJson, tupleJson } from '../../../src/server/udt/tuples.js';

describe('tuples from JSON', () => {
  it('reads sized and unsized field types', () => {
    const def = tupleFromJson(
      {
        Name: 'T',
        TupleElements: [
          { name: 'a', AttributeType: 'int(2)' },
          { name: 'b', AttributeType: 'UINT8' },
          { name: 'c', AttributeType: 'STRING(20)' },
          { name: 'd', AttributeType: 'double' },
        ],
      },
      0,
    );
    expect(tupleJson(def).fields).toEqual([
      { fieldName: 'a', length: 2, fieldType: 'INT' },
      { fieldName: 'b', length: 1, fieldType: 'UINT' },
      { fieldName: 'c', length: 20, fieldType: 'STRING' },
      { fieldName: 'd', length: 8, fieldType: 'DOUBLE' },
    ]);
  });

  it('refuses bad sizes, unknown types and repeated fields', () => {
    const bad =
      (AttributeType: string, name = 'a') =>
      () =>
        tupleFromJson(
          {
            Name: 'T',
            TupleElements: [
              { name: 'x', AttributeType: 'INT' },
              { name, AttributeType },
            ],
          },
          0,
        );
    expect(bad('INT(3)')).toThrow(CatalogError);
    expect(bad('DOUBLE(4)')).toThrow(/no size/);
    expect(bad('VERTEX')).toThrow(/not a tuple field type/);
    expect(bad('INT', 'X')).toThrow(/repeated/);
  });
});
