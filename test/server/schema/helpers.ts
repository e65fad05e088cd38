// The schema suites' server: the embedded service in process (startServer with the service's
// handler map), a GraphClient without a default graph (so an absent `graph` means global
// scope), and checks that a refused request answered 4xx with a clear message and changed
// nothing (the catalog is the very same object, so its version did not move either).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { GraphClient } from '../../../src/core/client/index.js';
import { isGraphError, type GraphError } from '../../../src/core/errors.js';
import { serviceHandlers } from '../../../src/server/handlers/index.js';
import { startServer, type RunningServer } from '../../../src/server/index.js';

export interface SchemaServer {
  readonly server: RunningServer;
  readonly client: GraphClient;
  readonly dir: string;
  /** Stops the server; the data folder is removed unless `keep`. */
  close(keep?: boolean): Promise<void>;
}

/** Starts the service on a fresh data folder, or on `dir` again (restart). */
export async function startSchemaServer(
  dir = mkdtempSync(join(tmpdir(), 'gwb-schema-')),
): Promise<SchemaServer> {
  const server = await startServer({
    dir,
    port: 0,
    handlers: serviceHandlers,
    log: { info: () => undefined, error: () => undefined },
  });
  const client = new GraphClient(
    { url: server.url, username: 'tigergraph', password: 'tigergraph' },
    { validateResults: true },
  );
  return {
    server,
    client,
    dir,
    close: async (keep = false) => {
      await client.close();
      await server.close();
      if (!keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `version.schema` as the REST++ envelope reports it. */
export async function schemaVersion(server: RunningServer): Promise<number> {
  const response = await fetch(`${server.url}/restpp/echo`);
  const body = (await response.json()) as { version: { schema: number } };
  return body.version.schema;
}

/** The call fails with `status` and a message matching `message`; the catalog is unchanged. */
export async function refuses(
  server: RunningServer,
  call: () => Promise<unknown>,
  status: number,
  message: string | RegExp,
): Promise<GraphError> {
  const before = server.engine.catalog;
  const error = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isGraphError(error), `expected a refusal, got ${String(error)}`).toBe(true);
  const graphError = error as GraphError;
  expect(graphError.status).toBe(status);
  expect(graphError.message).toMatch(message);
  expect(server.engine.catalog).toBe(before);
  return graphError;
}

const basic = `Basic ${Buffer.from('tigergraph:tigergraph').toString('base64')}`;

/** A request the client would refuse to send (it checks input against the catalogue first). */
export async function raw(
  server: RunningServer,
  method: string,
  path: string,
  body?: string,
): Promise<{ status: number; body: { error?: boolean; message?: string } }> {
  const response = await fetch(server.url + path, {
    method,
    headers: { authorization: basic, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body }),
  });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}
