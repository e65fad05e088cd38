// The size cap of a query's answer: the RESPONSE-LIMIT header when given, else a default that
// keeps one answer from holding the service's memory (and below V8's longest string, which the
// JSON text of an answer must fit in). Past it the answer is the spec's REST-4000 error.
import type { IncomingHttpHeaders } from 'node:http';
import type { Reply } from '../http/context.js';
import { jsonText } from '../http/envelope.js';

/** The cap when a request names none: 256 MB of JSON. */
export const defaultResponseLimitBytes = 256 * 1024 * 1024;

/**
 * The results as JSON text, or the REST-4000 answer when that text is longer than the cap. The
 * text is what the answer then carries (Reply.resultsJson): the results are serialised once.
 */
export function resultsWithinLimit(
  headers: IncomingHttpHeaders,
  output: unknown,
): { readonly json: string } | { readonly refused: Reply } {
  const header = headers['response-limit'];
  const asked = Number(Array.isArray(header) ? header[0] : header);
  const byHeader = header !== undefined && Number.isFinite(asked) && asked > 0;
  const limit = byHeader ? asked : defaultResponseLimitBytes;
  const setBy = byHeader ? 'set by RESPONSE-LIMIT' : 'of the service (set RESPONSE-LIMIT)';
  let json: string;
  try {
    json = jsonText(output) ?? 'null';
  } catch (e) {
    // Longer than the longest string V8 can build: far past any limit.
    if (!(e instanceof RangeError)) throw e;
    return {
      refused: refusal(`The size of the response exceeds the limit (${limit} bytes) ${setBy}.`),
    };
  }
  // Bytes only when the text could be past the limit (a UTF-8 character is at most 3 bytes per
  // UTF-16 unit).
  const size = json.length * 3 <= limit ? json.length : Buffer.byteLength(json);
  if (size <= limit) return { json };
  return {
    refused: refusal(
      `The size of the response (${size} bytes) exceeds the limit (${limit} bytes) ${setBy}.`,
    ),
  };
}

function refusal(message: string): Reply {
  return { results: [], error: true, code: 'REST-4000', message };
}
