// Edge types on the GSQL server (spec document 2, Edges). Answers as the service's samples
// (server-docs gsql-endpoints.adoc): "Successfully create edges: [e1, e2]",
// "Edges [e] deleted successfully.", "Successfully update edge: e", and for an edge whose end
// vertex type is missing on the graph "Failed to create edges [e]. Semantic Check Fails: ...".
import { addEdgeType, requireGraph } from '../engine/catalog/catalog.js';
import { CatalogError } from '../engine/catalog/errors.js';
import { at, edgeDefFromAst } from '../engine/catalog/from-ast.js';
import { edgeDefFromJson } from '../engine/catalog/from-json.js';
import { edgeTypeJson } from '../engine/catalog/schema-json.js';
import type { CatalogData } from '../engine/catalog/types.js';
import type { HandlerMap } from '../http/context.js';
import {
  bracketed,
  changeCatalog,
  findInScope,
  parseStatements,
  typesInScope,
  within,
} from './schema-common.js';
import { addGlobalTypes, alterTypeRequest, dropTypesRequest } from './schema-vertices.js';

/** addEdges: each edge's FROM and TO vertex types must be on the graph (or added with it). */
export function addEdgesToGraph(catalog: CatalogData, graph: string, names: readonly string[]) {
  const g = requireGraph(catalog, graph);
  for (const name of names) {
    const def = findInScope(catalog, 'edge', name, undefined);
    for (const pair of def.pairs) {
      for (const [end, vertex] of [
        ['FROM', pair.from],
        ['TO', pair.to],
      ] as const) {
        if (vertex !== '*' && !g.vertexTypes.includes(vertex)) {
          throw new CatalogError(
            'SCHEMA-INVALID',
            `Failed to create edges ${bracketed(names)}. Semantic Check Fails: The schema ` +
              `change job tries to add edge ${def.name} to graph ${graph}, but the ${end} vertex ` +
              `type ${vertex} does not exist on the graph.`,
          );
        }
      }
    }
  }
  return addGlobalTypes(catalog, 'edge', graph, names);
}

export const edgeHandlers: HandlerMap = {
  getEdgeTypes: (ctx) =>
    Promise.resolve({
      results: typesInScope(ctx.engine.catalog, 'edge', ctx.query.graph).map(edgeTypeJson),
    }),

  getEdgeType: (ctx) =>
    Promise.resolve({
      results: edgeTypeJson(
        findInScope(ctx.engine.catalog, 'edge', ctx.params.edgeName, ctx.query.graph),
      ),
    }),

  createEdgeTypesGsql: async (ctx) => {
    const created: string[] = [];
    await changeCatalog(ctx.engine, (c) =>
      ctx.body.gsql.reduce((acc, text, i) => {
        const where = `gsql[${i}]`;
        return parseStatements(text, ['CreateEdge'], where).reduce((inner, node) => {
          created.push(node.name);
          return within(where, () =>
            at(node, () => addEdgeType(inner, edgeDefFromAst(inner, node))),
          );
        }, acc);
      }, c),
    );
    return { message: `Successfully create edges: ${bracketed(created)}` };
  },

  addEdgeTypesToGraph: async (ctx) => {
    const graph = ctx.query.graph;
    await changeCatalog(ctx.engine, (c) => addEdgesToGraph(c, graph, ctx.body.addEdges));
    return {
      message: `Successfully add edges: ${bracketed(ctx.body.addEdges)} on graph ${graph}`,
    };
  },

  createEdgeTypes: async (ctx) => {
    const items = ctx.body.createEdges;
    await changeCatalog(ctx.engine, (c) =>
      items.reduce((acc, item, i) => {
        const where = `createEdges[${i}]`;
        const def = edgeDefFromJson(item, { where });
        return within(where, () => addEdgeType(acc, def));
      }, c),
    );
    return { message: `Successfully create edges: ${bracketed(items.map((e) => e.Name))}` };
  },

  dropEdgeTypes: (ctx) => dropTypesRequest(ctx.engine, 'edge', ctx.query.edge, ctx.query.graph),

  dropEdgeType: (ctx) =>
    dropTypesRequest(ctx.engine, 'edge', [ctx.params.edgeName], ctx.query.graph),

  alterEdgeType: (ctx) =>
    alterTypeRequest(ctx.engine, 'edge', ctx.params.edgeName, ctx.query.graph, ctx.body),
};
