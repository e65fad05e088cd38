// System endpoints of the embedded service: /api/ping, /restpp/echo (GET and POST),
// /restpp/version in the real service's text format (a 4.x release, so clients pick the 4.x
// paths), and /restpp/endpoints/{graph} with the built-in, dynamic and static listings.
import { setTimeout as sleep } from 'node:timers/promises';
import type { EndpointEntry, Handler, HandlerMap, RequestContext } from '../http/context.js';
import { dynamicEndpoints } from '../engine/queries/endpoints.js';
import { builtinEndpoints } from '../http/endpoint-listing.js';
import { RequestTimeoutError, ServerErrorCodes, HttpError } from '../http/errors.js';

/** The release the embedded service reports: the 4.x line whose API it speaks. */
export const embeddedRelease = '4.1.3';
const releaseDate = '09-30-2024';
const buildStamp = '2024-09-30 10:00:00 +0000';
/** Echo's `sleep` is bounded so one request cannot hold a connection for long. */
const maxEchoSleepMs = 60_000;

/** Component lines: name, release, revision (40 hex), date, time, zone; as the service prints. */
const components: readonly (readonly [string, string])[] = [
  ['product', 'a3c1d6f0e1b24c7f9a5e8d2b6c4f1a0e9d8c7b6a'],
  ['gpe', '5b2e9c4d1f7a8e3b6c0d9f2a4e1b7c8d5f3a6e9b'],
  ['gse', '7e4a1c9b3d6f0e2a8c5b1d4f7e9a3c6b0d2f5e8a'],
  ['restpp', '2d8f5b1e7c4a9d3f6b0e2c8a5d1f4b7e9c3a6d0f'],
  ['gsql', '9c6b3e0a4d7f1b8e5c2a9d6f3b0e7c4a1d8f5b2e'],
  ['gui', '4f1a7d3c9e6b2f8a5d0c4e1b7f3a9d6c2e8b5f1a'],
];

/** The version text: a header, the TigerGraph version line, then one line per component. */
export function versionText(): string {
  const lines = components.map(
    ([name, hash]) =>
      `${name.padEnd(20)} release_${embeddedRelease}_${releaseDate} ${hash}  ${buildStamp}`,
  );
  return `TigerGraph RESTPP:\n --- Version --- \nTigerGraph version: ${embeddedRelease}\n${lines.join('\n')}\n`;
}

const echo = async (ctx: RequestContext<'echo'> | RequestContext<'echoPost'>) => {
  const seconds = ctx.query.sleep ?? 0;
  if (seconds < 0) {
    throw new HttpError(
      400,
      ServerErrorCodes.invalidParameter,
      'echo: query.sleep: expected 0 or more seconds',
    );
  }
  const wanted = Math.min(seconds * 1000, maxEchoSleepMs);
  if (wanted > 0) {
    const waited = Math.min(wanted, ctx.timeoutMs);
    try {
      await sleep(waited, undefined, { signal: ctx.signal });
    } catch {
      // the client went away: nobody reads the answer
    }
    if (waited < wanted) {
      throw new RequestTimeoutError(
        `echo: timed out after ${ctx.timeoutMs} ms (GSQL-TIMEOUT) while sleeping ${seconds} s`,
      );
    }
  }
  return { message: 'Hello GSQL' };
};

const listEndpoints: Handler<'listEndpoints'> = async (ctx) => {
  const { builtin, dynamic, static: staticFlag } = ctx.query;
  const all = builtin !== true && dynamic !== true && staticFlag !== true;
  const listing: Record<string, EndpointEntry> = {};
  if (all || builtin === true) Object.assign(listing, builtinEndpoints());
  if (all || dynamic === true) {
    const graph = ctx.params.graph_name;
    const dynamicListing =
      ctx.hooks.dynamicEndpoints?.(graph) ?? dynamicEndpoints(ctx.engine, graph);
    Object.assign(listing, dynamicListing);
  }
  // Static (user-installed C++) endpoints do not exist in the embedded service.
  return Promise.resolve({ whole: listing });
};

export const systemHandlers: HandlerMap = {
  ping: () => Promise.resolve({ message: 'pong', results: {} }),
  echo,
  echoPost: echo,
  getVersion: () => Promise.resolve({ message: versionText() }),
  listEndpoints,
};
