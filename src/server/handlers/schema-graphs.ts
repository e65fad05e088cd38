// Graphs on the GSQL server (spec document 2, Graphs). Answers as the service's samples
// (server-docs gsql-endpoints.adoc): GET /schema/graphs as the bare {graphs, error, message};
// "Successfully created graph: [g].", "Successfully dropped graph: g.",
// "Successfully dropped graphs: [g, h].".
import { createGraph, requireGraph } from '../engine/catalog/catalog.js';
import { CatalogError } from '../engine/catalog/errors.js';
import { at } from '../engine/catalog/from-ast.js';
import { graphJson } from '../engine/catalog/schema-json.js';
import type { CatalogData, GraphDef } from '../engine/catalog/types.js';
import type { HandlerMap } from '../http/context.js';
import { bracketed, changeCatalog, parseStatements } from './schema-common.js';

/** Edge names of a graph as the summary lists them: each edge, then its reverse edge. */
function summaryEdges(catalog: CatalogData, graph: GraphDef): string[] {
  return graph.edgeTypes.flatMap((name) => {
    const reverse = catalog.edgeTypes.find((e) => e.name === name)?.reverseEdge;
    return reverse === undefined ? [name] : [name, reverse];
  });
}

/** A graph over global types given by name (a local type of another graph cannot be shared). */
function graphOver(catalog: CatalogData, name: string, types: readonly string[]): CatalogData {
  const vertices: string[] = [];
  const edges: string[] = [];
  for (const type of types) {
    const vertex = catalog.vertexTypes.find((v) => v.name === type && v.localTo === undefined);
    const edge = catalog.edgeTypes.find((e) => e.name === type && e.localTo === undefined);
    if (vertex) vertices.push(vertex.name);
    else if (edge) edges.push(edge.name);
    else {
      throw new CatalogError(
        'SCHEMA-NOT-FOUND',
        `graph ${name}: "${type}" is not a global vertex or edge type`,
      );
    }
  }
  return createGraph(catalog, name, [...new Set(vertices)], [...new Set(edges)]);
}

/**
 * Drops graphs with their local types and schema-change jobs; their queries and loading jobs go
 * too when `cascade`, and otherwise keep the graph from being dropped.
 */
export function dropGraphs(
  catalog: CatalogData,
  names: readonly string[],
  cascade: boolean,
): CatalogData {
  for (const name of names) {
    requireGraph(catalog, name);
    const owned = [
      ...catalog.queries.filter((q) => q.graph === name).map((q) => `query ${q.name}`),
      ...catalog.loadingJobs.filter((j) => j.graph === name).map((j) => `loading job ${j.name}`),
    ];
    if (!cascade && owned.length > 0) {
      throw new CatalogError(
        'SCHEMA-IN-USE',
        `graph ${name} has ${owned.join(', ')}; drop them first, or drop the graph with cascade=true`,
      );
    }
  }
  const gone = (graph: string | null | undefined) =>
    graph !== undefined && graph !== null && names.includes(graph);
  const next: CatalogData = {
    ...catalog,
    graphs: catalog.graphs.filter((g) => !names.includes(g.name)),
    vertexTypes: catalog.vertexTypes.filter((v) => !gone(v.localTo)),
    edgeTypes: catalog.edgeTypes.filter((e) => !gone(e.localTo)),
    queries: catalog.queries.filter((q) => !gone(q.graph)),
    loadingJobs: catalog.loadingJobs.filter((j) => !gone(j.graph)),
    schemaJobs: catalog.schemaJobs.filter((j) => !gone(j.graph)),
  };
  for (const edge of next.edgeTypes) {
    for (const pair of edge.pairs) {
      for (const end of [pair.from, pair.to]) {
        if (end !== '*' && !next.vertexTypes.some((v) => v.name === end)) {
          throw new CatalogError(
            'SCHEMA-IN-USE',
            `edge type ${edge.name} uses vertex type ${end}, a local type of the dropped graph`,
          );
        }
      }
    }
  }
  return next;
}

export const graphHandlers: HandlerMap = {
  getGraphs: (ctx) => {
    const catalog = ctx.engine.catalog;
    const graphs = catalog.graphs.map((g) => ({
      graphName: g.name,
      vertices: [...g.vertexTypes],
      edges: summaryEdges(catalog, g),
    }));
    return Promise.resolve({ whole: { graphs, error: false, message: '' } });
  },

  getGraph: (ctx) => {
    const catalog = ctx.engine.catalog;
    return Promise.resolve({
      results: graphJson(catalog, requireGraph(catalog, ctx.params.graph)),
    });
  },

  createGraphGsql: async (ctx) => {
    const wanted = ctx.query.graphName;
    let created = '';
    await changeCatalog(ctx.engine, (c) => {
      const statements = parseStatements(ctx.body.gsql, ['CreateGraph'], 'gsql');
      const node = statements[0];
      if (statements.length !== 1 || !node) {
        throw new CatalogError('SCHEMA-INVALID', 'gsql: give exactly one CREATE GRAPH statement');
      }
      if (wanted !== undefined && wanted !== node.name) {
        throw new CatalogError(
          'SCHEMA-INVALID',
          `graphName is ${wanted} but the statement creates graph ${node.name}`,
        );
      }
      created = node.name;
      const types = node.allTypes
        ? [
            ...c.vertexTypes.filter((v) => v.localTo === undefined).map((v) => v.name),
            ...c.edgeTypes.filter((e) => e.localTo === undefined).map((e) => e.name),
          ]
        : node.types;
      return at(node, () => graphOver(c, node.name, types));
    });
    return { message: `Successfully created graph: ${bracketed([created])}.` };
  },

  createGraph: async (ctx) => {
    const name = ctx.query.graphName;
    const { VertexTypes, EdgeTypes = [] } = ctx.body;
    await changeCatalog(ctx.engine, (c) => graphOver(c, name, [...VertexTypes, ...EdgeTypes]));
    return { message: `Successfully created graph: ${bracketed([name])}.` };
  },

  dropGraph: async (ctx) => {
    const name = ctx.params.graphName;
    await changeCatalog(ctx.engine, (c) => dropGraphs(c, [name], ctx.query.cascade === true));
    return { message: `Successfully dropped graph: ${name}.` };
  },

  dropGraphs: async (ctx) => {
    const given = ctx.query.graphNames;
    let dropped: string[] = [];
    await changeCatalog(ctx.engine, (c) => {
      const all = given.length === 1 && given[0]?.toLowerCase() === 'all';
      dropped = all ? c.graphs.map((g) => g.name) : [...new Set(given)];
      if (dropped.length === 0 && !all) {
        throw new CatalogError('SCHEMA-INVALID', 'query.graphNames: name the graphs to drop');
      }
      return dropGraphs(c, dropped, true);
    });
    return { message: `Successfully dropped graphs: ${bracketed(dropped)}.` };
  },
};
