// Secondary indexes on vertex attributes (spec document 2, Indexes): an attribute carries its
// index's name (AttributeDef.indexName). Answers as the service's samples (server-docs
// gsql-endpoints.adoc): [{<vertex type>: [{index, attribute}]}], {index, attribute},
// "Successfully add index i on attribute a\n", "Successfully drop index".
import { CatalogError } from '../engine/catalog/errors.js';
import type { AttributeDef, CatalogData, VertexTypeDef } from '../engine/catalog/types.js';
import type { HandlerMap } from '../http/context.js';
import { changeCatalog, changeableType, typesInScope } from './schema-common.js';

const identifier = /^[A-Za-z_][A-Za-z0-9_]*$/;

function entries(def: VertexTypeDef) {
  return def.attributes.flatMap((a) =>
    a.indexName === undefined ? [] : [{ index: a.indexName, attribute: a.name }],
  );
}

function withAttributes(
  catalog: CatalogData,
  def: VertexTypeDef,
  attributes: readonly AttributeDef[],
): CatalogData {
  return {
    ...catalog,
    vertexTypes: catalog.vertexTypes.map((v) => (v.name === def.name ? { ...def, attributes } : v)),
  };
}

/** Adds an index on an attribute; index names are unique across the catalog. */
export function addIndex(
  catalog: CatalogData,
  type: string,
  graph: string | undefined,
  index: string,
  attribute: string,
): CatalogData {
  const def = changeableType(catalog, 'vertex', type, graph);
  if (!identifier.test(index)) {
    throw new CatalogError('SCHEMA-INVALID', `index name "${index}" is not a valid identifier`);
  }
  const owner = catalog.vertexTypes.find((v) => v.attributes.some((a) => a.indexName === index));
  if (owner) {
    throw new CatalogError(
      'SCHEMA-EXISTS',
      `index "${index}" already exists (on vertex type ${owner.name})`,
    );
  }
  const target = def.attributes.find((a) => a.name === attribute);
  if (!target) {
    const hint =
      def.primaryId.name === attribute && !def.primaryKeySyntax ? ' (the PRIMARY_ID is not)' : '';
    throw new CatalogError(
      'SCHEMA-NOT-FOUND',
      `vertex type ${def.name}: attribute "${attribute}" does not exist${hint}`,
    );
  }
  if (target.indexName !== undefined) {
    throw new CatalogError(
      'SCHEMA-EXISTS',
      `vertex type ${def.name}: attribute ${attribute} already has index ${target.indexName}`,
    );
  }
  const attributes = def.attributes.map((a) => (a === target ? { ...a, indexName: index } : a));
  return withAttributes(catalog, def, attributes);
}

/** Drops an index of a vertex type of the scope. */
export function dropIndex(
  catalog: CatalogData,
  type: string,
  graph: string | undefined,
  index: string,
): CatalogData {
  const def = changeableType(catalog, 'vertex', type, graph);
  if (!def.attributes.some((a) => a.indexName === index)) {
    throw new CatalogError(
      'SCHEMA-NOT-FOUND',
      `index "${index}" does not exist on vertex type ${def.name}`,
    );
  }
  const attributes = def.attributes.map((a) => {
    if (a.indexName !== index) return a;
    const { indexName: _dropped, ...rest } = a;
    return rest;
  });
  return withAttributes(catalog, def, attributes);
}

export const indexHandlers: HandlerMap = {
  getIndexes: (ctx) =>
    Promise.resolve({
      results: typesInScope(ctx.engine.catalog, 'vertex', ctx.query.graph)
        .filter((v) => entries(v).length > 0)
        .map((v) => ({ [v.name]: entries(v) })),
    }),

  getIndex: (ctx) => {
    const name = ctx.params.indexName;
    const graph = ctx.query.graph;
    for (const v of typesInScope(ctx.engine.catalog, 'vertex', graph)) {
      const found = entries(v).find((e) => e.index === name);
      if (found) return Promise.resolve({ results: found });
    }
    const scope = graph === undefined ? 'on the global vertex types' : `in graph ${graph}`;
    throw new CatalogError('SCHEMA-NOT-FOUND', `index "${name}" does not exist ${scope}`);
  },

  createIndexes: async (ctx) => {
    const { vertex, addIndexAttributes } = ctx.body;
    await changeCatalog(ctx.engine, (c) =>
      addIndexAttributes.reduce(
        (acc, i) => addIndex(acc, vertex, ctx.query.graph, i.indexName, i.attributeName),
        c,
      ),
    );
    return {
      message: addIndexAttributes
        .map((i) => `Successfully add index ${i.indexName} on attribute ${i.attributeName}\n`)
        .join(''),
    };
  },

  dropIndex: async (ctx) => {
    await changeCatalog(ctx.engine, (c) =>
      dropIndex(c, ctx.query.vertex, ctx.query.graph, ctx.params.indexName),
    );
    return { message: 'Successfully drop index' };
  },

  dropIndexes: async (ctx) => {
    const names = [...new Set(ctx.query.index)];
    if (names.length === 0) {
      throw new CatalogError('SCHEMA-INVALID', 'query.index: name the indexes to drop');
    }
    await changeCatalog(ctx.engine, (c) =>
      names.reduce((acc, index) => dropIndex(acc, ctx.query.vertex, ctx.query.graph, index), c),
    );
    return { message: 'Successfully drop index' };
  },
};
