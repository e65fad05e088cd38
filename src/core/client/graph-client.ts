// GraphClient: the catalogue's `call` plus thin typed wrappers for the operations the faces use
// most (queries, interpret, paths, schema, vertices, edges, templates, GSQL statements).
import { BaseClient } from './base-client.js';
import type { CallOptions, OperationInput, OperationResult } from './call-types.js';
import { decodeShellOutput, type ShellOutput } from './envelope.js';

type Vertex = { readonly id: string | number | bigint; readonly type?: string };
type PathBody = NonNullable<OperationInput<'shortestPath'>['body']>;
type AllPathsBody = NonNullable<OperationInput<'allPaths'>['body']>;
type VertexListQuery = NonNullable<OperationInput<'listVertices'>['query']>;
type EdgeListQuery = NonNullable<OperationInput<'listEdgesByType'>['query']>;

export class GraphClient extends BaseClient {
  /** A client for the same server and credentials on another graph (shares the pool). */
  withGraph(graph: string): GraphClient {
    return new GraphClient({ ...this.profile, graph }, { ...this.options, dispatcher: this.pool });
  }

  /** Runs an installed query: GET with query-string parameters, or POST with a JSON body. */
  runQuery(
    name: string,
    params: Record<string, unknown> = {},
    options: CallOptions & { graph?: string; method?: 'GET' | 'POST' } = {},
  ): Promise<OperationResult<'runInstalledQuery'>> {
    const path = { graph_name: options.graph, query_name: name };
    return options.method === 'POST'
      ? this.call('runInstalledQueryPost', { path, body: params }, options)
      : this.call('runInstalledQuery', { path, query: params }, options);
  }

  /** Runs the text of an interpreted query; parameters go in the query string. */
  interpret(
    text: string,
    params: Record<string, unknown> = {},
    options: CallOptions = {},
  ): Promise<OperationResult<'interpretQuery'>> {
    return this.call('interpretQuery', { query: params, body: text }, options);
  }

  /** Runs GSQL statements through the shell channel; failures are in the answer, not thrown. */
  async gsql(script: string, options: CallOptions = {}): Promise<ShellOutput> {
    return decodeShellOutput(await this.call('runStatements', { body: script }, options));
  }

  shortestPath(body: PathBody, options: CallOptions & { graph?: string } = {}) {
    return this.call('shortestPath', { path: { graph_name: options.graph }, body }, options);
  }

  allPaths(body: AllPathsBody, options: CallOptions & { graph?: string } = {}) {
    return this.call('allPaths', { path: { graph_name: options.graph }, body }, options);
  }

  /** The whole graph's schema, or one vertex or edge type's. */
  getSchema(options: CallOptions & { graph?: string; type?: string } = {}) {
    const query = { graph: options.graph ?? this.graph ?? '', type: options.type };
    return this.call('getSchema', { query }, options);
  }

  getVertices(
    type: string,
    query: VertexListQuery = {},
    options: CallOptions & { graph?: string } = {},
  ) {
    return this.call(
      'listVertices',
      { path: { graph_name: options.graph, vertex_type: type }, query },
      options,
    );
  }

  getVertex(vertex: Vertex & { type: string }, options: CallOptions & { graph?: string } = {}) {
    const path = { graph_name: options.graph, vertex_type: vertex.type, vertex_id: vertex.id };
    return this.call('getVertex', { path }, options);
  }

  /** Edges of a vertex, optionally of one edge type (`_` for any) and target type. */
  getEdges(
    source: Vertex & { type: string },
    filter: { edgeType?: string; targetType?: string } & EdgeListQuery = {},
    options: CallOptions & { graph?: string } = {},
  ) {
    const { edgeType, targetType, ...query } = filter;
    const path = {
      graph_name: options.graph,
      source_vertex_type: source.type,
      source_vertex_id: source.id,
    };
    if (targetType !== undefined) {
      const full = { ...path, edge_type: edgeType ?? '_', target_vertex_type: targetType };
      return this.call('listEdgesByTargetType', { path: full, query }, options);
    }
    if (edgeType !== undefined) {
      return this.call(
        'listEdgesByType',
        { path: { ...path, edge_type: edgeType }, query },
        options,
      );
    }
    return this.call('listEdges', { path, query }, options);
  }

  upsert(
    body: NonNullable<OperationInput<'upsertGraph'>['body']>,
    query: OperationInput<'upsertGraph'>['query'] = {},
    options: CallOptions & { graph?: string } = {},
  ) {
    return this.call('upsertGraph', { path: { graph_name: options.graph }, query, body }, options);
  }

  runTemplate(
    name: string,
    params: Record<string, unknown>,
    options: CallOptions & { graph?: string } = {},
  ) {
    const query = { graph: options.graph ?? this.graph ?? '' };
    return this.call(
      'runTemplateQuery',
      { path: { libraryName: name }, query, body: params },
      options,
    );
  }

  /** Aborts running queries by request id (or `all`). */
  abortQuery(requestIds: string | string[], options: CallOptions & { graph?: string } = {}) {
    const requestid = Array.isArray(requestIds) ? requestIds : [requestIds];
    return this.call(
      'abortQuery',
      { path: { graph_name: options.graph }, query: { requestid } },
      options,
    );
  }
}
