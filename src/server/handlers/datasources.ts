// Data sources on the GSQL server (spec document 2, Data sources): create, update, drop (one or
// all of a scope), grant and revoke global sources to graphs, read them back with secrets empty,
// sample a file of a source, list the buckets of an S3 source. Messages follow the real service's
// samples (server-docs gsql-endpoints.adoc): "Data source s4 is created", "Data source k1 is
// dropped.", "All data sources is dropped successfully.", "Successfully grant datasource k1 to
// the graph(s) [a, b]", "Successfully revoke datasource k1 from graph(s) [a, b]".
import { s3Connection } from '../datasources/config.js';
import { DataSourceError, DataSourceErrorCodes as C } from '../datasources/errors.js';
import { sampleData } from '../datasources/sample.js';
import { listBuckets } from '../datasources/s3.js';
import {
  addSource,
  dataSourceStore,
  findSource,
  grant,
  openConfig,
  replaceSource,
  sourceJson,
  sourceRecord,
} from '../datasources/store.js';
import { requireGraph } from '../engine/catalog/catalog.js';
import type { Engine } from '../engine/engine.js';
import type { Handler, HandlerMap, Reply, RequestContext } from '../http/context.js';
import { withEngineErrors } from './engine-errors.js';

/** The scope of a request: the graph named by `graph` (which must exist), or global (null). */
function scopeOf(engine: Engine, graph: string | undefined): string | null {
  if (graph === undefined) return null;
  requireGraph(engine.catalog, graph);
  return graph;
}

const createDataSource: Handler<'createDataSource'> = async (ctx) => {
  const graph = scopeOf(ctx.engine, ctx.query.graph);
  const { name, config } = ctx.body;
  await dataSourceStore(ctx.engine).update((all) => ({
    next: addSource(all, sourceRecord(ctx.engine.dir, name, graph, config, undefined)),
    result: undefined,
  }));
  return { message: `Data source ${name} is created` };
};

const updateDataSource: Handler<'updateDataSource'> = async (ctx) => {
  const graph = scopeOf(ctx.engine, ctx.query.graph);
  const { name, config } = ctx.body;
  await dataSourceStore(ctx.engine).update((all) => {
    const previous = findSource(all, name, graph);
    const next = sourceRecord(ctx.engine.dir, name, graph, config, previous);
    return { next: replaceSource(all, next), result: undefined };
  });
  return { message: `Data source ${name} is updated` };
};

const dropDataSource: Handler<'dropDataSource'> = async (ctx) => {
  const graph = scopeOf(ctx.engine, ctx.query.graph);
  const name = ctx.params.dsName;
  await dataSourceStore(ctx.engine).update((all) => {
    const source = findSource(all, name, graph);
    return { next: all.filter((s) => s !== source), result: undefined };
  });
  return { message: `Data source ${name} is dropped.` };
};

const dropAllDataSources: Handler<'dropAllDataSources'> = async (ctx) => {
  const graph = scopeOf(ctx.engine, ctx.query.graph);
  await dataSourceStore(ctx.engine).update((all) => ({
    next: all.filter((s) => s.graph !== graph),
    result: undefined,
  }));
  return { message: 'All data sources is dropped successfully.' };
};

const granting =
  (on: boolean) =>
  async (
    ctx: RequestContext<'grantDataSource'> | RequestContext<'revokeDataSource'>,
  ): Promise<Reply> => {
    const { graphs, datasource } = ctx.body;
    for (const g of graphs) requireGraph(ctx.engine.catalog, g);
    await dataSourceStore(ctx.engine).update((all) => ({
      next: grant(all, datasource, graphs, on),
      result: undefined,
    }));
    const list = `[${graphs.join(', ')}]`;
    return {
      message: on
        ? `Successfully grant datasource ${datasource} to the graph(s) ${list}`
        : `Successfully revoke datasource ${datasource} from graph(s) ${list}`,
    };
  };

export const dataSourceHandlers: HandlerMap = withEngineErrors({
  getDataSources: (ctx) =>
    Promise.resolve({ results: dataSourceStore(ctx.engine).current.map(sourceJson) }),

  getDataSource: (ctx) => {
    const source = findSource(
      dataSourceStore(ctx.engine).current,
      ctx.params.dsName,
      ctx.query.graph ?? null,
    );
    return Promise.resolve({ results: sourceJson(source) });
  },

  createDataSource,
  updateDataSource,
  dropDataSource,
  dropAllDataSources,
  grantDataSource: granting(true),
  revokeDataSource: granting(false),

  sampleData: async (ctx) => {
    requireGraph(ctx.engine.catalog, ctx.body.graphName);
    return { results: await sampleData(ctx.engine, ctx.body, ctx.server.allowFiles) };
  },

  listBuckets: async (ctx) => {
    const name = ctx.params.s3Name;
    const source = dataSourceStore(ctx.engine).current.find((s) => s.name === name);
    if (!source) throw new DataSourceError(C.notFound, `data source "${name}" does not exist`);
    if (source.type !== 'S3') {
      throw new DataSourceError(C.invalid, `data source "${name}" is ${source.type}, not S3`);
    }
    return { results: await listBuckets(s3Connection(openConfig(ctx.engine.dir, source))) };
  },
});
