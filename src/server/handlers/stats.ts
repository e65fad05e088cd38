// Optimizer statistics on the GSQL server (spec document 2, Statistics): cardinalities counted
// from the in-memory graph on request (or given by the user) and persisted; equi-width histograms
// of an attribute computed and persisted; both read back and deleted. Messages follow the real
// service's samples: "successfully persisted statistics", "successfully deleted statistics",
// "Histogram does not exist for g.T.a", "Deleting any histogram(s) for g.T.a".
import { countEdges, countVertices, mergeCardinality } from '../engine/stats/cardinality.js';
import { StatsError, StatsErrorCodes } from '../engine/stats/errors.js';
import { computeHistogram, defaultBucketCount } from '../engine/stats/histogram.js';
import {
  histogramKey,
  histogramName,
  statisticsStore,
  type HistogramTarget,
} from '../engine/stats/store.js';
import { GraphScope } from '../engine/scope.js';
import { formatDatetime } from '../engine/values.js';
import type { Handler, HandlerMap } from '../http/context.js';
import { BadRequestError, HttpError, NotFoundError, ServerErrorCodes } from '../http/errors.js';
import { withEngineErrors } from './engine-errors.js';

const persisted = 'successfully persisted statistics';

/** Types named by a comma list; `*` or `all` stands for every type of the graph. */
function named(given: readonly string[], all: readonly string[]): string[] {
  return given.some((t) => t === '*' || t.toLowerCase() === 'all') ? [...all] : [...given];
}

const scopeOf = (engine: { graph: GraphScope['graph'] }, graph: string) =>
  new GraphScope(engine.graph, graph);

const getCardinality: Handler<'getCardinality'> = (ctx) => {
  scopeOf(ctx.engine, ctx.query.graph);
  const stored = statisticsStore(ctx.engine).current.cardinality[ctx.query.graph];
  return Promise.resolve({ results: stored ?? { vertex_counts: [], edge_counts: [] } });
};

const refreshVertexCardinality: Handler<'refreshVertexCardinality'> = async (ctx) => {
  const { graph } = ctx.query;
  const scope = scopeOf(ctx.engine, graph);
  const counts = named(ctx.query.vertex, scope.vertexTypes).map((t) => countVertices(scope, t));
  await statisticsStore(ctx.engine).update((s) => ({
    next: {
      ...s,
      cardinality: {
        ...s.cardinality,
        [graph]: mergeCardinality(s.cardinality[graph], { vertex_counts: counts }),
      },
    },
    result: undefined,
  }));
  return { message: persisted };
};

const refreshEdgeCardinality: Handler<'refreshEdgeCardinality'> = async (ctx) => {
  const { graph, from, to } = ctx.query;
  if ((from === undefined) !== (to === undefined)) {
    throw new BadRequestError(
      'refreshEdgeCardinality: give both `from` and `to` (the FROM/TO pair to count), or neither',
      ServerErrorCodes.invalidParameter,
    );
  }
  const scope = scopeOf(ctx.engine, graph);
  const pair = from !== undefined && to !== undefined ? { from, to } : undefined;
  const counts = named(ctx.query.edge, scope.edgeTypes).map((t) => countEdges(scope, t, pair));
  await statisticsStore(ctx.engine).update((s) => ({
    next: {
      ...s,
      cardinality: {
        ...s.cardinality,
        [graph]: mergeCardinality(s.cardinality[graph], { edge_counts: counts }),
      },
    },
    result: undefined,
  }));
  return { message: persisted };
};

const setCardinality: Handler<'setCardinality'> = async (ctx) => {
  const { graph } = ctx.query;
  const scope = scopeOf(ctx.engine, graph);
  const count = (n: number | bigint, where: string) => {
    const value = Number(n);
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new BadRequestError(
        `setCardinality: ${where}: expected a count of 0 or more, got ${String(n)}`,
        ServerErrorCodes.invalidPayload,
      );
    }
    return value;
  };
  const vertices = ctx.body.vertex_counts.map((v, i) => {
    scope.vertexTable(v.type);
    return { type: v.type, count: count(v.count, `vertex_counts[${i}].count`) };
  });
  const edges = ctx.body.edge_counts.map((e, i) => {
    scope.edgeTable(e.type);
    if (e.from !== undefined) scope.vertexTable(e.from);
    if (e.to !== undefined) scope.vertexTable(e.to);
    return {
      type: e.type,
      count: count(e.count, `edge_counts[${i}].count`),
      ...(e.from === undefined ? {} : { from: e.from }),
      ...(e.to === undefined ? {} : { to: e.to }),
    };
  });
  const stored = await statisticsStore(ctx.engine).update((s) => {
    const merged = mergeCardinality(s.cardinality[graph], {
      vertex_counts: vertices,
      edge_counts: edges,
    });
    return { next: { ...s, cardinality: { ...s.cardinality, [graph]: merged } }, result: merged };
  });
  return { results: stored };
};

const deleteCardinality: Handler<'deleteCardinality'> = async (ctx) => {
  const { graph } = ctx.query;
  scopeOf(ctx.engine, graph);
  await statisticsStore(ctx.engine).update((s) => {
    const { [graph]: _dropped, ...rest } = s.cardinality;
    return { next: { ...s, cardinality: rest }, result: undefined };
  });
  return { message: 'successfully deleted statistics' };
};

interface TargetBody {
  readonly graph: string;
  readonly vertex?: string | undefined;
  readonly edge?: string | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly attribute: string;
}

/** The body as a histogram target: a vertex attribute, or an edge attribute of a FROM/TO pair. */
function targetOf(op: string, body: TargetBody): HistogramTarget {
  const { graph, vertex, edge, from, to, attribute } = body;
  if (vertex !== undefined && edge === undefined && from === undefined && to === undefined) {
    return { kind: 'vertex', graph, vertex, attribute };
  }
  if (vertex === undefined && edge !== undefined && from !== undefined && to !== undefined) {
    return { kind: 'edge', graph, edge, from, to, attribute };
  }
  throw new BadRequestError(
    `${op}: body: name a vertex attribute (vertex, attribute) or an edge attribute (edge, from, ` +
      'to, attribute)',
    ServerErrorCodes.invalidPayload,
  );
}

/** Statistics errors as HTTP answers. */
async function statsErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof StatsError)) throw error;
    if (error.code === StatsErrorCodes.notFound) throw new NotFoundError(error.message, error.code);
    throw new HttpError(400, error.code, error.message);
  }
}

const now = () => formatDatetime(Math.floor(Date.now() / 1000));

const createHistogram: Handler<'createHistogram'> = (ctx) =>
  statsErrors(async () => {
    const target = targetOf('createHistogram', ctx.body);
    const scope = scopeOf(ctx.engine, target.graph);
    const gatherStart = now();
    const buckets = computeHistogram(scope, target, ctx.body.bucket ?? defaultBucketCount);
    const stored = { target, buckets, gatherStart, gatherEnd: now() };
    await statisticsStore(ctx.engine).update((s) => ({
      next: { ...s, histograms: { ...s.histograms, [histogramKey(target)]: stored } },
      result: undefined,
    }));
    return { whole: Object.fromEntries(buckets.map((b, i) => [String(i), b])) };
  });

const getHistogram: Handler<'getHistogram'> = (ctx) =>
  statsErrors(() => {
    const target = targetOf('getHistogram', ctx.body);
    scopeOf(ctx.engine, target.graph);
    const stored = statisticsStore(ctx.engine).current.histograms[histogramKey(target)];
    if (!stored) {
      throw new StatsError(
        StatsErrorCodes.notFound,
        `Histogram does not exist for ${histogramName(target)}`,
      );
    }
    return Promise.resolve({
      results: [
        { histogram: stored.buckets, gatherEnd: stored.gatherEnd, gatherStart: stored.gatherStart },
      ],
    });
  });

const deleteHistogram: Handler<'deleteHistogram'> = (ctx) =>
  statsErrors(async () => {
    const target = targetOf('deleteHistogram', ctx.body);
    scopeOf(ctx.engine, target.graph);
    const key = histogramKey(target);
    await statisticsStore(ctx.engine).update((s) => {
      const { [key]: _dropped, ...rest } = s.histograms;
      return { next: { ...s, histograms: rest }, result: undefined };
    });
    return { results: `Deleting any histogram(s) for ${histogramName(target)}` };
  });

export const statsHandlers: HandlerMap = withEngineErrors({
  getCardinality,
  refreshVertexCardinality,
  refreshEdgeCardinality,
  setCardinality,
  deleteCardinality,
  createHistogram,
  getHistogram,
  deleteHistogram,
});
