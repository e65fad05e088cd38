// The page's calls to the notebook server. Answers are parsed losslessly (ids and INT values
// beyond 2^53 stay exact as bigint); failures become ApiError with the server's code.
import { parseJson, stringifyJson } from '../../core/json.js';
import type { CellEdit, Notebook } from '../format/notebook.js';
import { routes, type Answers, type RouteName } from '../protocol.js';

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let currentFile: string | undefined;

/** The notebook file the page works on (`?file=` of the page's URL). */
export function useFile(file: string | undefined): void {
  currentFile = file;
}

function withFile(path: string): string {
  if (currentFile === undefined) return path;
  return `${path}${path.includes('?') ? '&' : '?'}file=${encodeURIComponent(currentFile)}`;
}

type Route = (typeof routes)[RouteName];

/** One call of a route of the protocol; the query string is the caller's. */
async function call<N extends RouteName>(name: N, query = '', body?: unknown): Promise<Answers[N]> {
  const route: Route = routes[name];
  const response = await fetch(withFile(`${route.path}${query}`), {
    method: route.method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: stringifyJson(body) }),
    credentials: 'same-origin',
  });
  const text = await response.text();
  const value = text === '' ? undefined : parseJson(text);
  if (!response.ok) {
    const error = (value as { error?: { code?: string; message?: string } } | undefined)?.error;
    throw new ApiError(
      error?.code ?? `HTTP ${response.status}`,
      error?.message ?? text,
      response.status,
    );
  }
  return value as Answers[N];
}

const q = encodeURIComponent;

export const api = {
  session: () => call('session'),
  notebooks: () => call('notebooks'),
  notebook: () => call('notebook'),
  save: (metadata: Notebook['metadata'], cells: CellEdit[], baseRevision: number) =>
    call('save', '', { metadata, cells, baseRevision }),
  schema: (graph: string | undefined) => call('schema', graph ? `?graph=${q(graph)}` : ''),
  queries: (graph: string) => call('queries', `?graph=${q(graph)}`),
  queryInfo: (graph: string, query: string) =>
    call('queryInfo', `?graph=${q(graph)}&query=${q(query)}`),
  vertexIds: (graph: string, type: string, prefix: string) =>
    call('vertexIds', `?graph=${q(graph)}&type=${q(type)}&prefix=${q(prefix)}`),
  run: (cell: CellEdit, graph: string | undefined) =>
    call('run', '', graph === undefined ? { cell } : { cell, graph }),
  stop: (cellId: string) => call('stop', '', { cellId }),
  expand: (graph: string, type: string, id: string) => call('expand', '', { graph, type, id }),
  importIpynb: (name: string, notebook: unknown) => call('importIpynb', '', { name, notebook }),
  demo: () => call('demo', '', {}),
  workspaces: () => call('workspaces'),
  useWorkspace: (workspace: string, user?: string, password?: string) =>
    call('useWorkspace', '', user === undefined ? { workspace } : { workspace, user, password }),
  exportUrl: () => withFile(routes.exportIpynb.path),
};
