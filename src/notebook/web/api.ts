// The page's calls to the notebook server. Answers are parsed losslessly (ids and INT values
// beyond 2^53 stay exact as bigint); failures become ApiError with the server's code.
import { isSafeNumber, parse, stringify } from 'lossless-json';
import type { CompletionSchema } from '../../core/gsql/index.js';
import type { CellEdit, CellOutput, CellRun, Notebook } from '../format/notebook.js';

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

function parseNumber(text: string): number | bigint {
  if (isSafeNumber(text) || !/^-?\d+$/.test(text)) return Number(text);
  return BigInt(text);
}

export function parseLossless(text: string): unknown {
  return parse(text, null, parseNumber);
}

export function stringifyLossless(value: unknown, indent?: number): string {
  return stringify(value, undefined, indent) ?? 'null';
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

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(withFile(path), {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: stringifyLossless(body) }),
    credentials: 'same-origin',
  });
  const text = await response.text();
  const value = text === '' ? undefined : parseLossless(text);
  if (!response.ok) {
    const error = (value as { error?: { code?: string; message?: string } } | undefined)?.error;
    throw new ApiError(
      error?.code ?? `HTTP ${response.status}`,
      error?.message ?? text,
      response.status,
    );
  }
  return value as T;
}

export interface SessionInfo {
  readonly server: { readonly url: string; readonly via: string };
  readonly version: string;
  readonly graphs: string[];
  readonly folder: string;
}

export interface RunAnswer {
  readonly outputs: CellOutput[];
  readonly run: CellRun;
  readonly graph: string | undefined;
  readonly changesSchema: boolean;
}

export interface QueryInfo {
  readonly query: string;
  readonly input: { readonly name: string; readonly type: string }[];
}

const q = encodeURIComponent;

export const api = {
  session: () => request<SessionInfo>('GET', '/api/session'),
  notebooks: () =>
    request<{ first: string; notebooks: { name: string; modified: string }[] }>(
      'GET',
      '/api/notebooks',
    ),
  notebook: () => request<{ file: string; notebook: Notebook }>('GET', '/api/notebook'),
  save: (metadata: Notebook['metadata'], cells: CellEdit[]) =>
    request<{ saved: boolean }>('PUT', '/api/notebook', { metadata, cells }),
  schema: (graph: string | undefined) =>
    request<CompletionSchema>('GET', `/api/schema${graph ? `?graph=${q(graph)}` : ''}`),
  queries: (graph: string) => request<string[]>('GET', `/api/queries?graph=${q(graph)}`),
  queryInfo: (graph: string, query: string) =>
    request<QueryInfo>('GET', `/api/query-info?graph=${q(graph)}&query=${q(query)}`),
  vertexIds: (graph: string, type: string, prefix: string) =>
    request<string[]>(
      'GET',
      `/api/vertex-ids?graph=${q(graph)}&type=${q(type)}&prefix=${q(prefix)}`,
    ),
  run: (cell: CellEdit, graph: string | undefined) =>
    request<RunAnswer>('POST', '/api/run', graph === undefined ? { cell } : { cell, graph }),
  stop: (cellId: string) => request<{ aborted: string[] }>('POST', '/api/stop', { cellId }),
  expand: (graph: string, type: string, id: string) =>
    request<unknown[]>('POST', '/api/expand', { graph, type, id }),
  importIpynb: (name: string, notebook: unknown) =>
    request<{ file: string }>('POST', '/api/import', { name, notebook }),
  demo: () =>
    request<{ graph: string; installed: string[]; queryFailure?: string }>('POST', '/api/demo', {}),
  exportUrl: () => withFile('/api/export.ipynb'),
};
