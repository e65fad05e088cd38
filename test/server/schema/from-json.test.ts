// The real service's vertex/edge type JSON back to catalog definitions: the inverse of
// schema-json.ts (property-tested over generated definitions, through a JSON text round trip),
// the abbreviated objects clients send (server-docs createVertices/createEdges samples), and
// errors that name the field and the value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CatalogError } from '../../../src/server/engine/catalog/errors.js';
import {
  attrTypeFromJson,
  attributeFromJson,
  edgeDefFromJson,
  vertexDefFromJson,
} from '../../../src/server/engine/catalog/from-json.js';
import { edgeTypeJson, vertexTypeJson } from '../../../src/server/engine/catalog/schema-json.js';
import type {
  AttributeDef,
  AttrType,
  EdgeTypeDef,
  PrimitiveTypeName,
  VertexTypeDef,
} from '../../../src/server/engine/catalog/types.js';

const identifier = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}$/);
const primitiveName = fc.constantFrom<PrimitiveTypeName>(
  'INT',
  'UINT',
  'FLOAT',
  'DOUBLE',
  'STRING',
  'BOOL',
  'DATETIME',
);
const primitive = primitiveName.map((name): AttrType => ({ kind: 'primitive', name }));
const attrType: fc.Arbitrary<AttrType> = fc.oneof(
  primitive,
  fc.record({ kind: fc.constantFrom('list' as const, 'set' as const), element: primitive }),
  fc.record({ kind: fc.constant('map' as const), key: primitive, value: primitive }),
  identifier.map((name): AttrType => ({ kind: 'tuple', name })),
);

/** A default in its stored form (what coerce() gives), for primitive types only. */
function defaultFor(name: PrimitiveTypeName): fc.Arbitrary<unknown> {
  switch (name) {
    case 'INT':
      return fc.integer();
    case 'UINT':
    case 'DATETIME':
      return fc.nat();
    case 'FLOAT':
      // FLOAT is stored as a 32-bit value (the attribute-types page): its stored form is fround's.
      return fc.integer().map((n) => Math.fround(n / 8));
    case 'DOUBLE':
      return fc.integer().map((n) => n / 8);
    case 'STRING':
      return fc.string();
    case 'BOOL':
      return fc.boolean();
  }
}

function attribute(name: string): fc.Arbitrary<AttributeDef> {
  return attrType.chain((type) =>
    type.kind === 'primitive'
      ? fc
          .option(defaultFor(type.name), { nil: undefined })
          .map((defaultValue): AttributeDef =>
            defaultValue === undefined ? { name, type } : { name, type, defaultValue },
          )
      : fc.constant<AttributeDef>({ name, type }),
  );
}

const uniqueNames = (min: number, max: number) =>
  fc.uniqueArray(identifier, {
    minLength: min,
    maxLength: max,
    selector: (n) => n.toLowerCase(),
  });

const attributes = (names: readonly string[]) => fc.tuple(...names.map(attribute));
const stats = fc.constantFrom('OUTDEGREE_BY_EDGETYPE', 'NONE');
const localTo = fc.option(identifier, { nil: undefined });
const withLocal = <T extends object>(def: T, graph: string | undefined): T =>
  graph === undefined ? def : { ...def, localTo: graph };

/** The three key forms vertexDefFromAst produces: PRIMARY_ID, PRIMARY KEY, composite key. */
const vertexDef: fc.Arbitrary<VertexTypeDef> = fc
  .record({
    name: identifier,
    names: uniqueNames(1, 5),
    form: fc.constantFrom('primaryId', 'primaryKey', 'composite'),
    idType: primitive,
    asAttribute: fc.boolean(),
    stats,
    localTo,
  })
  .chain(({ name, names, form, idType, asAttribute, stats, localTo }) =>
    attributes(names).map((attrs): VertexTypeDef => {
      const [first] = attrs;
      if (form === 'primaryId' || !first) {
        const [idName = 'id', ...rest] = attrs.map((a) => a.name);
        return withLocal(
          {
            name,
            primaryId: { name: idName, type: idType },
            primaryIdAsAttribute: asAttribute,
            compositeKey: [],
            primaryKeySyntax: false,
            attributes: attrs.filter((a) => rest.includes(a.name)),
            stats,
          },
          localTo,
        );
      }
      if (form === 'primaryKey' || attrs.length < 2) {
        const key = { name: first.name, type: idType };
        return withLocal(
          {
            name,
            primaryId: key,
            primaryIdAsAttribute: true,
            compositeKey: [key.name],
            primaryKeySyntax: true,
            attributes: [key, ...attrs.slice(1)],
            stats,
          },
          localTo,
        );
      }
      const keys = attrs.slice(0, 2).map((a) => a.name);
      return withLocal(
        {
          name,
          primaryId: { name: keys.join('_'), type: first.type },
          primaryIdAsAttribute: true,
          compositeKey: keys,
          primaryKeySyntax: true,
          attributes: attrs,
          stats,
        },
        localTo,
      );
    }),
  );

const end = fc.oneof(identifier, fc.constant('*'));
const edgeDef: fc.Arbitrary<EdgeTypeDef> = fc
  .record({
    name: identifier,
    directed: fc.boolean(),
    pairs: fc.array(fc.record({ from: end, to: end }), { minLength: 1, maxLength: 3 }),
    names: uniqueNames(0, 4),
    discriminated: fc.nat({ max: 2 }),
    reverse: fc.option(identifier, { nil: undefined }),
    localTo,
  })
  .chain(({ name, directed, pairs, names, discriminated, reverse, localTo }) =>
    attributes(names).map((attrs): EdgeTypeDef => {
      const def: EdgeTypeDef = {
        name,
        directed,
        pairs,
        attributes: attrs,
        discriminator: attrs.slice(0, discriminated).map((a) => a.name),
        ...(directed && reverse !== undefined ? { reverseEdge: reverse } : {}),
      };
      return withLocal(def, localTo);
    }),
  );

/** As a client receives it: JSON text, parsed again. */
const wire = (value: object): unknown => JSON.parse(JSON.stringify(value));

function invalid(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CatalogError);
    expect((error as CatalogError).code).toBe('SCHEMA-INVALID');
    return (error as CatalogError).message;
  }
  throw new Error('expected a CatalogError');
}

describe('from-json: the inverse of schema-json', () => {
  it('vertexDefFromJson(vertexTypeJson(def)) equals def', () => {
    fc.assert(
      fc.property(vertexDef, (def) => {
        const back = vertexDefFromJson(wire(vertexTypeJson(def)), { localTo: def.localTo });
        expect(back).toEqual(def);
      }),
      { numRuns: 300 },
    );
  });

  it('edgeDefFromJson(edgeTypeJson(def)) equals def', () => {
    fc.assert(
      fc.property(edgeDef, (def) => {
        const back = edgeDefFromJson(wire(edgeTypeJson(def)), { localTo: def.localTo });
        expect(back).toEqual(def);
      }),
      { numRuns: 300 },
    );
  });
});

describe('from-json: the objects clients send', () => {
  it('reads the abbreviated createVertices sample (server-docs)', () => {
    const def = vertexDefFromJson({
      Config: { STATS: 'OUTDEGREE_BY_EDGETYPE' },
      Attributes: [{ AttributeType: { Name: 'STRING' }, AttributeName: 'name' }],
      PrimaryId: { AttributeType: { Name: 'UINT' }, AttributeName: 'user_id' },
      Name: 'User5',
    });
    expect(def).toEqual({
      name: 'User5',
      primaryId: { name: 'user_id', type: { kind: 'primitive', name: 'UINT' } },
      primaryIdAsAttribute: false,
      compositeKey: [],
      primaryKeySyntax: false,
      attributes: [{ name: 'name', type: { kind: 'primitive', name: 'STRING' } }],
      stats: 'OUTDEGREE_BY_EDGETYPE',
    });
  });

  it('reads the PRIMARY KEY form of the GET samples (IsPrimaryKey, IsUsingNewSyntax)', () => {
    const key = {
      IsUsingNewSyntax: true,
      AttributeType: { Name: 'STRING' },
      AttributeName: 'name',
      IsPrimaryKey: true,
    };
    const def = vertexDefFromJson({
      Config: { STATS: 'OUTDEGREE_BY_EDGETYPE' },
      Attributes: [key, { AttributeType: { Name: 'BOOL' }, AttributeName: 'isBlocked' }],
      PrimaryId: key,
      Name: 'Account',
    });
    expect(def).toMatchObject({
      primaryKeySyntax: true,
      primaryIdAsAttribute: true,
      compositeKey: ['name'],
      attributes: [{ name: 'name' }, { name: 'isBlocked' }],
    });
  });

  it('reads a composite key from CompositeKeys, or from IsPartOfCompositeKey flags', () => {
    const attrs = [
      { AttributeName: 'a', AttributeType: { Name: 'STRING' }, IsPartOfCompositeKey: true },
      { AttributeName: 'b', AttributeType: { Name: 'INT' }, IsPartOfCompositeKey: true },
      { AttributeName: 'c', AttributeType: { Name: 'BOOL' } },
    ];
    const expected = {
      primaryId: { name: 'a_b', type: { kind: 'primitive', name: 'STRING' } },
      compositeKey: ['a', 'b'],
      primaryKeySyntax: true,
      primaryIdAsAttribute: true,
    };
    expect(vertexDefFromJson({ Name: 'K', Attributes: attrs })).toMatchObject(expected);
    expect(
      vertexDefFromJson({ Name: 'K', Attributes: attrs, CompositeKeys: ['a', 'b'] }),
    ).toMatchObject(expected);
  });

  it('reads the edge sample with a discriminator and a reverse edge', () => {
    const def = edgeDefFromJson({
      IsDirected: true,
      ToVertexTypeName: 'Account',
      Config: { REVERSE_EDGE: 'Transfer_Reverse' },
      DiscriminatorCount: 1,
      Attributes: [
        { AttributeType: { Name: 'DATETIME' }, IsDiscriminator: true, AttributeName: 'date' },
        { AttributeType: { Name: 'UINT' }, AttributeName: 'amount' },
      ],
      FromVertexTypeName: 'Account',
      CompositeDiscriminator: ['date'],
      Name: 'Transfer',
    });
    expect(def).toMatchObject({
      directed: true,
      pairs: [{ from: 'Account', to: 'Account' }],
      discriminator: ['date'],
      reverseEdge: 'Transfer_Reverse',
    });
  });

  it('reads collection types, sized integers, UDTs and text forms', () => {
    expect(attrTypeFromJson({ Name: 'LIST', ValueTypeName: 'STRING' })).toEqual({
      kind: 'list',
      element: { kind: 'primitive', name: 'STRING' },
    });
    expect(attrTypeFromJson({ Name: 'MAP', KeyTypeName: 'INT', ValueTypeName: 'DOUBLE' })).toEqual({
      kind: 'map',
      key: { kind: 'primitive', name: 'INT' },
      value: { kind: 'primitive', name: 'DOUBLE' },
    });
    expect(attrTypeFromJson({ Name: 'uint8' })).toEqual({ kind: 'primitive', name: 'UINT' });
    expect(attrTypeFromJson({ Name: 'UDT', TupleName: 'Pt' })).toEqual({
      kind: 'tuple',
      name: 'Pt',
    });
    expect(attrTypeFromJson({ Name: 'SET<INT>' })).toEqual({
      kind: 'set',
      element: { kind: 'primitive', name: 'INT' },
    });
  });

  it('coerces a DefaultValue given as text to the attribute type', () => {
    expect(
      attributeFromJson({ AttributeName: 'n', AttributeType: { Name: 'INT' }, DefaultValue: '42' }),
    ).toEqual({ name: 'n', type: { kind: 'primitive', name: 'INT' }, defaultValue: 42 });
  });
});

describe('from-json: errors name the field and the value', () => {
  it('an unknown attribute type', () => {
    const message = invalid(() =>
      vertexDefFromJson(
        {
          Name: 'V',
          PrimaryId: { AttributeName: 'id', AttributeType: { Name: 'TEXT' } },
          Attributes: [],
        },
        { where: 'createVertices[1]' },
      ),
    );
    expect(message).toBe(
      'createVertices[1].PrimaryId.AttributeType.Name: "TEXT" is not an attribute type ' +
        '(one of INT, UINT, FLOAT, DOUBLE, STRING, BOOL, DATETIME, LIST, SET, MAP, UDT)',
    );
  });

  it('a missing PrimaryId, a bad default, a bad name, a missing IsDirected', () => {
    expect(invalid(() => vertexDefFromJson({ Name: 'V', Attributes: [] }))).toMatch(
      /^PrimaryId: is required/,
    );
    expect(
      invalid(() =>
        attributeFromJson(
          { AttributeName: 'n', AttributeType: { Name: 'INT' }, DefaultValue: 'x' },
          'addAttributes[0]',
        ),
      ),
    ).toBe('addAttributes[0].DefaultValue: "x" is not a valid INT');
    expect(
      invalid(() =>
        attributeFromJson({ AttributeName: 'a b); DROP', AttributeType: { Name: 'INT' } }),
      ),
    ).toBe('attribute.AttributeName: "a b); DROP" is not a valid name');
    expect(
      invalid(() => edgeDefFromJson({ Name: 'E', FromVertexTypeName: 'A', ToVertexTypeName: 'B' })),
    ).toBe('IsDirected: expected true or false, got nothing');
    expect(invalid(() => vertexDefFromJson('V'))).toBe('vertex type: expected an object, got "V"');
  });
});
