// The size cap of a query's answer: the RESPONSE-LIMIT header when given, else a default that
// keeps one answer from holding the service's memory (and below V8's longest string, which the
// JSON text of an answer must fit in). Past it the answer is the spec's REST-4000 error.
import type { IncomingHttpHeaders } from 'node:http';
import { stringifyResult } from '../engine/query/index.js';
import type { Reply } from '../http/context.js';

/** The cap when a request names none: 256 MB of JSON. */
export const defaultResponseLimitBytes = 256 * 1024 * 1024;

/** The REST-4000 answer when `output` is larger than the cap, else undefined. */
export function overResponseLimit(
  headers: IncomingHttpHeaders,
  output: unknown,
): Reply | undefined {
  const header = headers['response-limit'];
  const asked = Number(Array.isArray(header) ? header[0] : header);
  const byHeader = header !== undefined && Number.isFinite(asked) && asked > 0;
  const limit = byHeader ? asked : defaultResponseLimitBytes;
  const setBy = byHeader ? 'set by RESPONSE-LIMIT' : 'of the service (set RESPONSE-LIMIT)';
  let size: number;
  try {
    size = Buffer.byteLength(stringifyResult(output));
  } catch (e) {
    // Longer than the longest string V8 can build: far past any limit.
    if (!(e instanceof RangeError)) throw e;
    return refusal(`The size of the response exceeds the limit (${limit} bytes) ${setBy}.`);
  }
  if (size <= limit) return undefined;
  return refusal(
    `The size of the response (${size} bytes) exceeds the limit (${limit} bytes) ${setBy}.`,
  );
}

function refusal(message: string): Reply {
  return { results: [], error: true, code: 'REST-4000', message };
}
