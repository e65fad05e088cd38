// Vertex types on the GSQL server (spec document 2, Vertices) and GET /gsql/v1/schema of
// document 1. Answers follow the service's samples (server-docs gsql-endpoints.adoc):
// "Successfully create vertices: [A, B]", "Successfully add vertices: [A] on graph g",
// "Vertices [A] deleted successfully.", "Successfully update vertex: A".
import { addVertexType, extendGraph, requireGraph } from '../engine/catalog/catalog.js';
import { CatalogError } from '../engine/catalog/errors.js';
import { at, vertexDefFromAst } from '../engine/catalog/from-ast.js';
import { attributeFromJson, vertexDefFromJson } from '../engine/catalog/from-json.js';
import { edgeTypeJson, graphJson, vertexTypeJson } from '../engine/catalog/schema-json.js';
import type { CatalogData } from '../engine/catalog/types.js';
import type { Engine } from '../engine/engine.js';
import type { HandlerMap } from '../http/context.js';
import {
  alterType,
  bracketed,
  changeCatalog,
  dropNames,
  dropTypes,
  findInScope,
  parseStatements,
  typesInScope,
  within,
  type TypeKind,
} from './schema-common.js';

const deleted = (kind: TypeKind, names: readonly string[]) =>
  `${kind === 'vertex' ? 'Vertices' : 'Edges'} ${bracketed(names)} deleted successfully.`;

/** DELETE of types (bulk, `all`, or one): answers with the names as given. */
export async function dropTypesRequest(
  engine: Engine,
  kind: TypeKind,
  given: readonly string[],
  graph: string | undefined,
) {
  let dropped: string[] = [];
  await changeCatalog(engine, (c) => {
    dropped = dropNames(c, kind, given, graph);
    return dropTypes(c, kind, dropped, graph);
  });
  const all = given.length === 1 && given[0]?.toLowerCase() === 'all';
  return { message: deleted(kind, all ? dropped : given) };
}

interface AlterBody {
  readonly dropAttributes?: readonly string[] | undefined;
  readonly addAttributes?: readonly unknown[] | undefined;
}

/** PUT of a type: add and drop attributes. */
export async function alterTypeRequest(
  engine: Engine,
  kind: TypeKind,
  name: string,
  graph: string | undefined,
  body: AlterBody,
) {
  let altered = name;
  await changeCatalog(engine, (c) => {
    const add = (body.addAttributes ?? []).map((a, i) =>
      attributeFromJson(a, `addAttributes[${i}]`),
    );
    const next = alterType(c, kind, name, graph, add, body.dropAttributes ?? []);
    altered = findInScope(c, kind, name, graph).name;
    return next;
  });
  return { message: `Successfully update ${kind}: ${altered}` };
}

/** Global types named by `addVertices` / `addEdges`, added to a graph. */
export function addGlobalTypes(
  catalog: CatalogData,
  kind: TypeKind,
  graph: string,
  names: readonly string[],
): CatalogData {
  requireGraph(catalog, graph);
  const resolved = names.map((n) => findInScope(catalog, kind, n, undefined).name);
  return kind === 'vertex'
    ? extendGraph(catalog, graph, resolved, [])
    : extendGraph(catalog, graph, [], resolved);
}

function schemaOf(catalog: CatalogData, graph: string, type: string | undefined) {
  const def = requireGraph(catalog, graph);
  if (type === undefined) return graphJson(catalog, def);
  const vertex = catalog.vertexTypes.find((v) => v.name === type && def.vertexTypes.includes(type));
  if (vertex) return vertexTypeJson(vertex);
  const edge = catalog.edgeTypes.find((e) => e.name === type && def.edgeTypes.includes(type));
  if (edge) return edgeTypeJson(edge);
  throw new CatalogError(
    'SCHEMA-NOT-FOUND',
    `type "${type}" is not a vertex or edge type of graph ${graph}`,
  );
}

export const vertexHandlers: HandlerMap = {
  getSchema: (ctx) =>
    Promise.resolve({
      results: schemaOf(ctx.engine.catalog, ctx.query.graph, ctx.query.type),
    }),

  getVertexTypes: (ctx) =>
    Promise.resolve({
      results: typesInScope(ctx.engine.catalog, 'vertex', ctx.query.graph).map(vertexTypeJson),
    }),

  getVertexType: (ctx) =>
    Promise.resolve({
      results: vertexTypeJson(
        findInScope(ctx.engine.catalog, 'vertex', ctx.params.vertexName, ctx.query.graph),
      ),
    }),

  createVertexTypesGsql: async (ctx) => {
    const created: string[] = [];
    await changeCatalog(ctx.engine, (c) =>
      ctx.body.gsql.reduce((acc, text, i) => {
        const where = `gsql[${i}]`;
        return parseStatements(text, ['CreateVertex'], where).reduce((inner, node) => {
          created.push(node.name);
          return within(where, () =>
            at(node, () => addVertexType(inner, vertexDefFromAst(inner, node))),
          );
        }, acc);
      }, c),
    );
    return { message: `Successfully create vertices: ${bracketed(created)}` };
  },

  addVertexTypesToGraph: async (ctx) => {
    const graph = ctx.query.graph;
    await changeCatalog(ctx.engine, (c) =>
      addGlobalTypes(c, 'vertex', graph, ctx.body.addVertices),
    );
    return {
      message: `Successfully add vertices: ${bracketed(ctx.body.addVertices)} on graph ${graph}`,
    };
  },

  createVertexTypes: async (ctx) => {
    const items = ctx.body.createVertices;
    await changeCatalog(ctx.engine, (c) =>
      items.reduce((acc, item, i) => {
        const where = `createVertices[${i}]`;
        const def = vertexDefFromJson(item, { where });
        return within(where, () => addVertexType(acc, def));
      }, c),
    );
    return { message: `Successfully create vertices: ${bracketed(items.map((v) => v.Name))}` };
  },

  dropVertexTypes: (ctx) =>
    dropTypesRequest(ctx.engine, 'vertex', ctx.query.vertex, ctx.query.graph),

  dropVertexType: (ctx) =>
    dropTypesRequest(ctx.engine, 'vertex', [ctx.params.vertexName], ctx.query.graph),

  alterVertexType: (ctx) =>
    alterTypeRequest(ctx.engine, 'vertex', ctx.params.vertexName, ctx.query.graph, ctx.body),
};
