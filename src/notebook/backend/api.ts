// The notebook page's API: one table of routes, each a small handler over the session's core
// client, the workspace of notebook files and the cell runner. Every answer is JSON (bigints
// exact); every failure is {error: {code, message}} with the code's HTTP status.
import { createDemo } from '../../core/demo/index.js';
import { stringifyJson } from '../../core/json.js';
import { fetchCompletionSchema, installedQueries } from '../../core/session/index.js';
import { fromIpynb, toIpynb } from '../format/ipynb.js';
import { useWorkspace, workspaceChoices, type SessionConnection } from './cloud.js';
import { NotebookError } from './errors.js';
import { expandVertex, vertexIds } from './explore.js';
import type { CellRunner } from './runner.js';
import type { Workspace } from './workspace.js';
import type { z } from 'zod';
import {
  expandBody,
  importBody,
  routes,
  runBody,
  saveBody,
  stopBody,
  useWorkspaceBody,
  type RouteName,
} from '../protocol.js';

/** The session's connection (its client, replaced by a workspace switch) and the notebook's parts. */
export interface ApiContext extends SessionConnection {
  readonly workspace: Workspace;
  readonly runner: CellRunner;
  readonly version: string;
}

export interface ApiRequest {
  readonly url: URL;
  readonly body: unknown;
}

export type ApiAnswer =
  | { readonly json: unknown; readonly status?: number }
  | { readonly download: string; readonly filename: string; readonly type: string };

type Handler = (ctx: ApiContext, req: ApiRequest) => Promise<ApiAnswer>;

function param(req: ApiRequest, name: string, required = true): string | undefined {
  const value = req.url.searchParams.get(name) ?? undefined;
  if (required && (value === undefined || value === '')) {
    throw new NotebookError(
      'GWB-NOTEBOOK-REQUEST',
      `${req.url.pathname}: parameter '${name}' is required`,
    );
  }
  return value;
}

function parsed<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new NotebookError(
    'GWB-NOTEBOOK-REQUEST',
    `${what}: ${where}${issue?.message ?? 'invalid'}`,
  );
}

const handlers: { [N in RouteName]: Handler } = {
  session: async (ctx) => {
    // The page opens its file even when the graph server is down; it says so instead.
    let graphs: string[] = [];
    let serverError: string | undefined;
    try {
      graphs = (await ctx.client.call('getGraphs')).graphs.map((g) => g.graphName);
    } catch (error) {
      serverError = error instanceof Error ? error.message : String(error);
    }
    return {
      json: {
        server: ctx.server,
        version: ctx.version,
        graphs,
        ...(ctx.client.profile.graph === undefined ? {} : { graph: ctx.client.profile.graph }),
        folder: ctx.workspace.folder,
        ...(serverError === undefined ? {} : { serverError }),
        cloud: ctx.cloud !== undefined,
        ...(ctx.cloudWorkspace === undefined ? {} : { workspace: ctx.cloudWorkspace }),
      },
    };
  },
  notebooks: async (ctx) => ({
    json: { first: ctx.workspace.first, notebooks: await ctx.workspace.list() },
  }),
  notebook: async (ctx, req) => {
    const store = await ctx.workspace.open(param(req, 'file', false));
    const { notebook, revision } = await store.read();
    return { json: { file: store.file, notebook, revision } };
  },
  save: async (ctx, req) => {
    const body = parsed(saveBody, req.body, 'save notebook');
    const store = await ctx.workspace.open(param(req, 'file', false));
    const revision = await store.edit(body.metadata, body.cells, body.baseRevision);
    return { json: { saved: true, revision } };
  },
  schema: async (ctx, req) => ({
    json: await fetchCompletionSchema(ctx.client, param(req, 'graph', false)),
  }),
  queries: async (ctx, req) => {
    const graph = param(req, 'graph') ?? '';
    return { json: (await installedQueries(ctx.client, graph)).map((q) => q.name) };
  },
  queryInfo: async (ctx, req) => {
    const graph = param(req, 'graph') ?? '';
    const query = param(req, 'query') ?? '';
    const info = await ctx.client.call('getQueryMetadata', { query: { graph, query } });
    const input = info.input.flatMap((entry) =>
      Object.entries(entry).map(([name, type]) => ({ name, type })),
    );
    return { json: { query, input } };
  },
  vertexIds: async (ctx, req) => ({
    json: await vertexIds(
      ctx.client,
      param(req, 'graph') ?? '',
      param(req, 'type') ?? '',
      param(req, 'prefix', false) ?? '',
    ),
  }),
  run: async (ctx, req) => {
    const body = parsed(runBody, req.body, 'run cell');
    const file = param(req, 'file', false);
    const store = await ctx.workspace.open(file);
    const answer = await ctx.runner.run(body.cell, body.graph);
    await store.recordRun(body.cell.id, answer.outputs, answer.run);
    return { json: answer };
  },
  stop: async (ctx, req) => {
    const body = parsed(stopBody, req.body, 'stop cell');
    return { json: { aborted: await ctx.runner.stop(body.cellId) } };
  },
  expand: async (ctx, req) => {
    const body = parsed(expandBody, req.body, 'expand vertex');
    return { json: await expandVertex(ctx.client, body.graph, body.type, body.id) };
  },
  demo: async (ctx) => {
    // The same demo graph as the REPL's \demo, created through the public API.
    const outcome = await createDemo(ctx.client);
    return { json: outcome };
  },
  exportIpynb: async (ctx, req) => {
    const store = await ctx.workspace.open(param(req, 'file', false));
    const name = store.file.split('/').pop() ?? 'notebook.gwbnb';
    return {
      download: `${stringifyJson(toIpynb(store.current), 1)}\n`,
      filename: name.replace(/\.gwbnb$/, '.ipynb'),
      type: 'application/x-ipynb+json',
    };
  },
  importIpynb: async (ctx, req) => {
    const body = parsed(importBody, req.body, 'import notebook');
    const name = body.name.replace(/\.ipynb$/i, '').replace(/[^\w.-]+/g, '_') + '.gwbnb';
    const notebook = fromIpynb(body.notebook);
    const existing = await ctx.workspace.list();
    if (existing.some((e) => e.name === name)) {
      throw new NotebookError(
        'GWB-NOTEBOOK-FILE',
        `import: ${name} already exists; rename the file`,
      );
    }
    const store = await ctx.workspace.open(name);
    await store.replace(notebook);
    return { json: { file: name } };
  },
  workspaces: async (ctx) => ({ json: { workspaces: await workspaceChoices(ctx) } }),
  useWorkspace: async (ctx, req) => ({
    json: await useWorkspace(ctx, parsed(useWorkspaceBody, req.body, 'use workspace')),
  }),
};

const byRequest = new Map(
  (Object.keys(routes) as RouteName[]).map((name) => {
    const route = routes[name];
    return [`${route.method} ${route.path}`, handlers[name]];
  }),
);

export function findRoute(method: string, path: string): Handler | undefined {
  return byRequest.get(`${method} ${path}`);
}

export function routeExists(path: string): boolean {
  return Object.values(routes).some((route) => route.path === path);
}
