// The embedded service in this test process (startServer with the service's handlers) on a fresh
// data folder, with a validating GraphClient as the superuser. For suites that need the engine's
// speed or options more than a separate `gwb serve` process (see serve.ts for that).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GraphClient } from '../../src/core/client/index.js';
import { serviceHandlers } from '../../src/server/handlers/index.js';
import { startServer, type RunningServer, type ServerOptions } from '../../src/server/index.js';

export interface InProcessServer {
  readonly server: RunningServer;
  readonly client: GraphClient;
  readonly url: string;
  readonly dir: string;
  /** Stops the server; the data folder is removed unless `keep`. */
  close(keep?: boolean): Promise<void>;
}

export interface InProcessOptions {
  /** Name prefix of the temporary data folder. */
  readonly prefix: string;
  /** Data folder to (re)open instead of a fresh one. */
  readonly dir?: string;
  /** The client's default graph. */
  readonly graph?: string;
  readonly server?: Partial<ServerOptions>;
}

export async function startInProcess(options: InProcessOptions): Promise<InProcessServer> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), `${options.prefix}-`));
  const server = await startServer({
    dir,
    port: 0,
    handlers: serviceHandlers,
    log: { info: () => undefined, error: () => undefined },
    ...options.server,
  });
  const client = new GraphClient(
    {
      url: server.url,
      username: 'tigergraph',
      password: 'tigergraph',
      ...(options.graph !== undefined ? { graph: options.graph } : {}),
    },
    { validateResults: true },
  );
  return {
    server,
    client,
    url: server.url,
    dir,
    close: async (keep = false) => {
      await client.close();
      await server.close();
      if (!keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}
