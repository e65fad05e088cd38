// A small schema for engine tests: person -(knows, undirected)- person, person -(likes)-> post,
// a discriminated multi-edge `transfer` between accounts.
import type {
  AttributeDef,
  CatalogData,
  VertexTypeDef,
} from '../../../src/server/engine/catalog/types.js';
import { emptyCatalog, primitive } from '../../../src/server/engine/catalog/types.js';
import {
  addEdgeType,
  addVertexType,
  createGraph,
} from '../../../src/server/engine/catalog/catalog.js';

/** A primitive attribute. */
export const attr = (name: string, type: Parameters<typeof primitive>[0]): AttributeDef => ({
  name,
  type: primitive(type),
});

/** A vertex type with a STRING PRIMARY_ID `id`. */
export const vertex = (name: string, attributes: AttributeDef[]): VertexTypeDef => ({
  name,
  primaryId: { name: 'id', type: primitive('STRING') },
  primaryIdAsAttribute: false,
  compositeKey: [],
  primaryKeySyntax: false,
  attributes,
  stats: 'OUTDEGREE_BY_EDGETYPE',
});

export function socialCatalog(): CatalogData {
  let c = addVertexType(
    emptyCatalog,
    vertex('person', [attr('name', 'STRING'), attr('age', 'INT'), attr('score', 'DOUBLE')]),
  );
  c = addVertexType(c, vertex('post', [attr('title', 'STRING'), attr('at', 'DATETIME')]));
  c = addVertexType(c, vertex('account', [attr('balance', 'INT')]));
  c = addEdgeType(c, {
    name: 'knows',
    directed: false,
    pairs: [{ from: 'person', to: 'person' }],
    attributes: [attr('since', 'INT')],
    discriminator: [],
  });
  c = addEdgeType(c, {
    name: 'likes',
    directed: true,
    pairs: [{ from: 'person', to: 'post' }],
    attributes: [],
    discriminator: [],
    reverseEdge: 'liked_by',
  });
  c = addEdgeType(c, {
    name: 'transfer',
    directed: true,
    pairs: [{ from: 'account', to: 'account' }],
    attributes: [attr('ts', 'INT'), attr('amount', 'INT')],
    discriminator: ['ts'],
  });
  return createGraph(c, 'social', ['person', 'post', 'account'], ['knows', 'likes', 'transfer']);
}
