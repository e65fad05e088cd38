// `gwb cloud`'s server: the control plane of document 3 on its own listener, over its own data
// folder (state.json, api-key, databases/, workspaces/, backups/). startCloud() recovers and
// brings up what the folder describes, then listens; close() stops the listener, the schedules
// and the workspaces' servers.
import { resolve } from 'node:path';
import { loadApiKey } from './api-key.js';
import { ControlPlane } from './control-plane.js';
import { cloudHandlers } from './handlers.js';
import { listenCloud } from './http.js';
import { cloudRoutes } from './router.js';

export const defaultCloudPort = 14250;

export interface CloudOptions {
  readonly dir: string;
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port?: number;
  readonly apiKey?: string;
  /** How to start `gwb` for the workspaces' servers; default: this process's node and entry. */
  readonly serveCommand?: readonly string[];
}

export interface RunningCloud {
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  readonly apiKeyFile: string;
  readonly plane: ControlPlane;
  close(): Promise<void>;
}

export async function startCloud(options: CloudOptions): Promise<RunningCloud> {
  const dir = resolve(options.dir);
  const host = options.host ?? '127.0.0.1';
  const plane = await ControlPlane.start({ dir, host, serveCommand: options.serveCommand });
  try {
    const apiKey = await loadApiKey(plane.layout.apiKeyFile(), options.apiKey);
    const listener = await listenCloud(
      host,
      options.port ?? defaultCloudPort,
      cloudRoutes(),
      cloudHandlers(plane),
      apiKey,
    );
    const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
    return {
      url: `http://${urlHost}:${listener.port}`,
      port: listener.port,
      dir,
      apiKeyFile: plane.layout.apiKeyFile(),
      plane,
      close: async () => {
        await listener.close();
        await plane.close();
      },
    };
  } catch (error) {
    await plane.close();
    throw error;
  }
}
