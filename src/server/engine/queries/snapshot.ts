// Query runs that see the graph as of their start (see store/read-gate.ts for the scheme): a
// read-only query waits for the writes that arrived before it, then is registered with the
// engine's read gate from the moment it leaves the delay queue until it ends, so writes arriving
// meanwhile are applied (and acknowledged) only after it. A query that may write (itself, or a
// subquery it calls, transitively) is not registered: its own write at its end would otherwise
// wait for itself; such a query keeps its writes atomic but may observe other writes mid-run.
// Every face runs queries through here (REST++, interpret, the shell, template queries).
import {
  changesGraph,
  queryWritesThrough,
  type CreateQuery,
  type InterpretBlock,
} from '../../../core/gsql/index.js';
import { findQuery } from '../catalog/jobs.js';
import type { Engine } from '../engine.js';
import type { CompiledQuery, QueryOutput } from '../query/index.js';
import { detachedFailure, type DetachedEntry } from './detached.js';
import { parseQueryText, queryService, type RunRequest } from './service.js';
import { QueueFullError } from './workload.js';

type QueryAst = CreateQuery | InterpretBlock;

/** Whether a query may write, directly or through the installed/created queries it calls. */
export function queryMayWrite(engine: Engine, graph: string, ast: QueryAst): boolean {
  // An unreadable called query throws from the lookup: it counts as a write (no registration,
  // no self-wait).
  const lookup = (name: string) => {
    const def = findQuery(engine.catalog, graph, name);
    return def ? parseQueryText(def.text) : undefined;
  };
  return queryWritesThrough(ast, lookup).some(changesGraph);
}

/** Per compiled form (recompiled after every schema change, so the answer stays current). */
const writers = new WeakMap<CompiledQuery, boolean>();

function writes(engine: Engine, graph: string, compiled: CompiledQuery, ast: () => QueryAst) {
  let known = writers.get(compiled);
  if (known === undefined) writers.set(compiled, (known = queryMayWrite(engine, graph, ast())));
  return known;
}

/** The text of an installed (or created) query, parsed: the `ast` argument for stored queries. */
export function storedQueryAst(engine: Engine, graph: string, name: string): () => QueryAst {
  return () => {
    const def = findQuery(engine.catalog, graph, name);
    if (!def) throw new Error(`query ${name} does not exist in graph ${graph}`);
    return parseQueryText(def.text);
  };
}

/** Runs a query through the engine's query service with snapshot isolation for readers. */
export async function runQuery(
  engine: Engine,
  compiled: CompiledQuery,
  ast: () => QueryAst,
  request: RunRequest,
  onStart?: () => void,
): Promise<QueryOutput> {
  const service = queryService(engine);
  if (writes(engine, request.graph, compiled, ast)) return service.run(compiled, request, onStart);
  await engine.reads.turn();
  let end: (() => void) | undefined;
  try {
    return await service.run(compiled, request, () => {
      end = engine.reads.begin(Date.now() + request.timeoutMs);
      onStart?.();
    });
  } finally {
    end?.();
  }
}

/**
 * Detached mode (GSQL-ASYNC): submits the run and returns at once; a full delay queue refuses
 * it at once (QueueFullError), like a direct run.
 */
export function runDetachedQuery(
  engine: Engine,
  compiled: CompiledQuery,
  ast: () => QueryAst,
  request: Omit<RunRequest, 'client'>,
): DetachedEntry {
  const service = queryService(engine);
  if (service.workload.refuses())
    throw new QueueFullError(request.requestId, service.workload.limits);
  const entry = service.detached.submit(request.graph, request.requestId, request.url);
  runQuery(engine, compiled, ast, request, () =>
    service.detached.started(entry, request.timeoutMs),
  ).then(
    (output) => service.detached.finish(entry, { status: 'success', results: output.results }),
    (error: unknown) => service.detached.finish(entry, detachedFailure(error)),
  );
  return entry;
}
