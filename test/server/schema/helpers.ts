// The schema suites' server: the embedded service in process (startServer with the service's
// handler map), a GraphClient without a default graph (so an absent `graph` means global
// scope), and checks that a refused request answered 4xx with a clear message and changed
// nothing (the catalog is the very same object, so its version did not move either).
import { expect } from 'vitest';
import { isGraphError, type GraphError } from '../../../src/core/errors.js';
import type { RunningServer } from '../../../src/server/index.js';
import { startInProcess, type InProcessServer } from '../../helpers/in-process.js';

export type SchemaServer = InProcessServer;

/** Starts the service on a fresh data folder, or on `dir` again (restart). */
export async function startSchemaServer(dir?: string): Promise<SchemaServer> {
  return startInProcess({ prefix: 'gwb-schema', ...(dir !== undefined ? { dir } : {}) });
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
