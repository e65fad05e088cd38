// The notebook page's API, defined once: every route's method and path, the zod shapes of the
// bodies the page sends, and the answers it gets. The backend's route table and the page's client
// are both derived from it, so a path or a shape is never written twice.
import { z } from 'zod';
import type { CompletionSchema } from '../core/gsql/index.js';
import { cellEdit, notebookSchema } from './format/notebook.js';
import type { CellOutput, CellRun, Notebook } from './format/notebook.js';

export const routes = {
  session: { method: 'GET', path: '/api/session' },
  notebooks: { method: 'GET', path: '/api/notebooks' },
  notebook: { method: 'GET', path: '/api/notebook' },
  save: { method: 'PUT', path: '/api/notebook' },
  schema: { method: 'GET', path: '/api/schema' },
  queries: { method: 'GET', path: '/api/queries' },
  queryInfo: { method: 'GET', path: '/api/query-info' },
  vertexIds: { method: 'GET', path: '/api/vertex-ids' },
  run: { method: 'POST', path: '/api/run' },
  stop: { method: 'POST', path: '/api/stop' },
  expand: { method: 'POST', path: '/api/expand' },
  demo: { method: 'POST', path: '/api/demo' },
  exportIpynb: { method: 'GET', path: '/api/export.ipynb' },
  importIpynb: { method: 'POST', path: '/api/import' },
  workspaces: { method: 'GET', path: '/api/workspaces' },
  useWorkspace: { method: 'POST', path: '/api/workspace' },
} as const;

export type RouteName = keyof typeof routes;

export const saveBody = z.object({
  metadata: notebookSchema.shape.metadata,
  cells: z.array(cellEdit),
  /** The revision the page last loaded or saved; the save is refused if another writer came. */
  baseRevision: z.number().int().nonnegative().optional(),
});
export const runBody = z.object({ cell: cellEdit, graph: z.string().min(1).optional() });
export const stopBody = z.object({ cellId: z.string().min(1) });
export const expandBody = z.object({
  graph: z.string().min(1),
  type: z.string().min(1),
  id: z.union([z.string(), z.number(), z.bigint()]),
});
/** Connect the session to a workspace of the control plane; without user, the notebook's own. */
export const useWorkspaceBody = z.object({
  workspace: z.string().min(1),
  user: z.string().min(1).optional(),
  password: z.string().optional(),
});
export const importBody = z.object({ name: z.string().min(1), notebook: z.unknown() });

export interface SessionInfo {
  readonly server: { readonly url: string; readonly via: string };
  readonly version: string;
  readonly graphs: string[];
  /** The graph given on the command line (--graph), if any. */
  readonly graph?: string;
  readonly folder: string;
  /** Why the graph server could not be reached, when it could not (the file still opens). */
  readonly serverError?: string;
  /** A control plane is configured (--cloud-url): the page offers its workspaces. */
  readonly cloud: boolean;
  /** The workspace of the control plane the session is connected to, after a switch. */
  readonly workspace?: string;
}

/** A workspace of the control plane as the page's picker shows it. */
export interface WorkspaceChoice {
  readonly id: string;
  readonly name: string;
  readonly workgroup: string;
  /** Only a Ready workspace can be connected to. */
  readonly status: string;
  readonly endpoint: string;
}

export interface RunAnswer {
  readonly outputs: CellOutput[];
  readonly run: CellRun;
  /** The graph in use after the cell (a GSQL cell may say USE GRAPH). */
  readonly graph: string | undefined;
  /** The cell changed types, graphs or queries: the page refetches its schema. */
  readonly changesSchema: boolean;
}

export interface QueryInfo {
  readonly query: string;
  readonly input: { readonly name: string; readonly type: string }[];
}

/** What each route answers (the export is a file download, not JSON). */
export interface Answers {
  session: SessionInfo;
  notebooks: { first: string; notebooks: { name: string; modified: string; bytes: number }[] };
  notebook: { file: string; notebook: Notebook; revision: number };
  save: { saved: boolean; revision: number };
  schema: CompletionSchema;
  queries: string[];
  queryInfo: QueryInfo;
  vertexIds: string[];
  run: RunAnswer;
  stop: { aborted: string[] };
  expand: unknown[];
  demo: { graph: string; installed: readonly string[]; queryFailure?: string };
  exportIpynb: never;
  importIpynb: { file: string };
  workspaces: { workspaces: WorkspaceChoice[] };
  useWorkspace: { server: SessionInfo['server']; workspace: string; graphs: string[] };
}
