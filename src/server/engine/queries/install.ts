// INSTALL QUERY: compile each named query of a graph against the current schema, mark those that
// compile as installed (one catalog change), and keep the request's status for
// GET /gsql/v1/queries/install/{request_id}. Overall SUCCESS means every query was tried.
import { setInstalled } from '../catalog/jobs.js';
import type { Engine } from '../engine.js';
import { EngineError } from '../errors.js';
import { QueryCompileError } from '../query/index.js';
import { parseQueryText, queryService } from './service.js';

export interface InstallStatus {
  readonly requestId: string;
  readonly state: 'NEW' | 'RUNNING' | 'SUCCESS' | 'FAILURE';
  readonly graph: string;
  readonly queries: { name: string; state: 'SUCCESS' | 'FAILED'; error?: string }[];
}

const requests = new WeakMap<Engine, Map<string, InstallStatus>>();
let counter = 0;

export function installStatus(engine: Engine, requestId: string): InstallStatus | undefined {
  return requests.get(engine)?.get(requestId);
}

/** Installs `names` (or every query of the graph for `*` / `all`). */
export async function installQueries(
  engine: Engine,
  graph: string,
  names: readonly string[],
): Promise<InstallStatus> {
  const all = names.some((n) => n === '*' || n.toLowerCase() === 'all');
  const defs = engine.catalog.queries.filter(
    (q) => q.graph === graph && (all || names.includes(q.name)),
  );
  const missing = all ? [] : names.filter((n) => !defs.some((d) => d.name === n));
  if (missing.length > 0) {
    throw new EngineError(
      'ENGINE-NOT-FOUND',
      `queries do not exist in graph ${graph}: ${missing.join(', ')}`,
    );
  }
  const service = queryService(engine);
  const results: InstallStatus['queries'] = defs.map((def) => {
    try {
      service.compile(graph, parseQueryText(def.text));
      return { name: def.name, state: 'SUCCESS' };
    } catch (error) {
      if (error instanceof QueryCompileError)
        return { name: def.name, state: 'FAILED', error: error.message };
      throw error;
    }
  });
  const ok = results.filter((r) => r.state === 'SUCCESS').map((r) => r.name);
  if (ok.length > 0) await engine.changeSchema((c) => setInstalled(c, graph, ok));
  const status: InstallStatus = {
    requestId: `install_${Date.now()}_${++counter}`,
    state: 'SUCCESS',
    graph,
    queries: results,
  };
  let byId = requests.get(engine);
  if (!byId) requests.set(engine, (byId = new Map<string, InstallStatus>()));
  byId.set(status.requestId, status);
  return status;
}
