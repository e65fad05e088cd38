// Path-form detection: GET /restpp/version on the GSQL port answers on 4.x servers (the /restpp
// prefix); a 3.x server answers /version on REST++'s own port instead. The version text also
// gives the release number, as real clients read it.
import type { Dispatcher } from 'undici';
import { ConnectionError, type GraphError } from '../errors.js';
import type { Bases } from './build-request.js';
import { parseJson } from '../json.js';
import type { PathForm } from './profile.js';
import { send } from './transport.js';

export interface DetectedServer {
  readonly form: PathForm;
  /** Release number such as 4.1.3, when the version text gives it. */
  readonly version: string | undefined;
}

export async function detectPathForm(pool: Dispatcher, bases: Bases): Promise<DetectedServer> {
  const headers = { accept: 'application/json' };
  const current = await send(pool, {
    operation: 'getVersion',
    method: 'GET',
    url: `${bases.gsql}/restpp/version`,
    headers,
    deadlineMs: 10_000,
  });
  // Any answer but "no such path" means the /restpp prefix exists (401 too: REST++ auth is on).
  if (current.status !== 404) return { form: 'v4', version: releaseOf(current.text) };
  try {
    const legacy = await send(pool, {
      operation: 'getVersion',
      method: 'GET',
      url: `${bases.restpp}/version`,
      headers,
      deadlineMs: 10_000,
    });
    return { form: 'v3', version: releaseOf(legacy.text) };
  } catch (error) {
    if (error instanceof ConnectionError) {
      // No 3.x REST++ port either: keep the 4.x form; the call itself will report what is wrong.
      return { form: 'v4', version: undefined };
    }
    throw error as GraphError;
  }
}

/** The product release in the version text (`release_4.1.3_...`), if any. */
export function releaseOf(text: string): string | undefined {
  let message = text;
  try {
    const body = parseJson(text) as { message?: unknown };
    if (typeof body.message === 'string') message = body.message;
  } catch {
    // not JSON: read the text as it is
  }
  const product = /^\s*product\s+\S*?release_(\d+\.\d+\.\d+)/m.exec(message);
  return product?.[1] ?? /release_(\d+\.\d+\.\d+)/.exec(message)?.[1];
}
