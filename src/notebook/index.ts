// The notebook face: `startNotebook` opens a notebook file of a folder and serves the page that
// edits and runs it on 127.0.0.1, through a core client on the given connection profile.
import type { AddressInfo } from 'node:net';
import { GraphClient, type ConnectionProfile } from '../core/client/index.js';
import type { ApiContext } from './backend/api.js';
import { CellRunner } from './backend/runner.js';
import { createNotebookHttpServer } from './backend/http.js';
import { Guard } from './backend/security.js';
import { Workspace } from './backend/workspace.js';

export interface NotebookOptions {
  readonly file: string;
  readonly profile: ConnectionProfile;
  /** How the connection was made, shown on the page. */
  readonly via: string;
  /** Port to listen on; 0 (default) picks a free one. */
  readonly port?: number;
  readonly assetsDir: string;
  readonly version: string;
  /** The control plane (--cloud-url) whose workspaces the page offers, with its API key. */
  readonly cloud?: { readonly url: string; readonly apiKey?: string };
}

export interface RunningNotebook {
  /** The page's URL with the access token: what the user opens. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export async function startNotebook(options: NotebookOptions): Promise<RunningNotebook> {
  const client = new GraphClient(options.profile);
  const workspace = new Workspace(options.file, options.profile.graph);
  // Opening first: a file that is not a notebook fails here, before anything listens.
  await workspace.open();
  const guard = new Guard();
  const cloud =
    options.cloud === undefined
      ? undefined
      : new GraphClient({ url: options.cloud.url, token: options.cloud.apiKey });
  const context: ApiContext = {
    client,
    workspace,
    // The runner asks for the client on each run: a workspace switch replaces it.
    runner: new CellRunner(() => context.client),
    server: { url: options.profile.url, via: options.via },
    version: options.version,
    ...(cloud === undefined ? {} : { cloud }),
    defaults: { username: options.profile.username, password: options.profile.password },
  };
  const server = createNotebookHttpServer({ guard, assetsDir: options.assetsDir, context });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  guard.listeningOn(port);
  const file = workspace.first === '' ? '' : `&file=${encodeURIComponent(workspace.first)}`;
  return {
    url: `http://127.0.0.1:${port}/?token=${guard.token}${file}`,
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await context.client.close();
      await cloud?.close();
    },
  };
}
