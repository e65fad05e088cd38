// Reading request bodies within the size limit: buffered for JSON, text and form bodies (refused
// with 413 as soon as the count passes the limit, before the rest is read), streamed for raw
// bodies (loading data: up to 200 MB must never sit in memory whole) and for the JSON bodies of
// streamedJsonBodies (upserts).
import type { IncomingMessage } from 'node:http';
import { parseJson } from '../../core/json.js';
import {
  BadRequestError,
  InvalidJsonError,
  PayloadTooLargeError,
  ServerErrorCodes,
} from './errors.js';
import { jsonDepthExceeds, maxJsonDepth } from './limits.js';

/**
 * Operations whose JSON body the handler reads as a stream (a RawBody) instead of the server
 * parsing it whole: an upsert of hundreds of megabytes must not sit in memory as text and then
 * as objects. The handler checks the body's shape itself, with the same error codes.
 */
export const streamedJsonBodies: ReadonlySet<string> = new Set<StreamedJsonOperation>([
  'upsertGraph',
]);
export type StreamedJsonOperation = 'upsertGraph';

/** A raw body for the handler to consume as a stream; the size limit is enforced as it flows. */
export interface RawBody extends AsyncIterable<Buffer> {
  /** Content-Length when the client declared one. */
  readonly declaredLength: number | undefined;
  /** Bytes read so far. */
  readonly bytesRead: number;
  /** The whole body as a Buffer (for small payloads only). */
  buffer(): Promise<Buffer>;
  /** The whole body as UTF-8 text (for small payloads only). */
  text(): Promise<string>;
}

/** Yields the request's chunks, throwing 413 once more than `limit` bytes have arrived. */
async function* limited(req: IncomingMessage, limit: number, seen: { bytes: number }) {
  for await (const chunk of req as AsyncIterable<Buffer | string>) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    seen.bytes += buffer.length;
    if (seen.bytes > limit) throw new PayloadTooLargeError(limit);
    yield buffer;
  }
}

export function rawBody(req: IncomingMessage, limit: number): RawBody {
  const seen = { bytes: 0 };
  let consumed = false;
  const declared = req.headers['content-length'];
  const iterate = () => {
    if (consumed) throw new Error('the request body can be read only once');
    consumed = true;
    return limited(req, limit, seen);
  };
  const buffer = async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of iterate()) chunks.push(chunk);
    return Buffer.concat(chunks);
  };
  return {
    declaredLength: declared === undefined ? undefined : Number(declared),
    get bytesRead() {
      return seen.bytes;
    },
    [Symbol.asyncIterator]: () => iterate()[Symbol.asyncIterator](),
    buffer,
    text: async () => (await buffer()).toString('utf8'),
  };
}

/**
 * The whole body as UTF-8 text, within the limit. Read with 'data' and 'end' listeners rather
 * than an async iterator: a small JSON body (a path request) costs a few promises less.
 */
export function readText(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      bytes += buffer.length;
      if (bytes > limit) {
        // Refused: the rest is not read (the answer closes the connection).
        stop();
        req.pause();
        reject(new PayloadTooLargeError(limit));
        return;
      }
      chunks.push(buffer);
    };
    const onEnd = () => {
      stop();
      const whole = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      resolve(whole === undefined ? '' : whole.toString('utf8'));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    // Closed before its end: the client went away mid-body.
    const onClose = () => {
      stop();
      reject(new Error('the request body ended before it was complete'));
    };
    // Already over (read before, or the client went away while the request waited): its
    // events are past, so answer at once, as iterating the stream would.
    if (req.readableEnded) {
      resolve('');
      return;
    }
    if (req.destroyed) {
      reject(new Error('the request body ended before it was complete'));
      return;
    }
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** Parses JSON text losslessly (big integers as bigint); 400 when malformed or too deep. */
export function parseJsonBody(operation: string, input: string): unknown {
  // A UTF-8 byte-order mark (some Windows tools write one) is not part of the JSON.
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  if (jsonDepthExceeds(text)) {
    throw new InvalidJsonError(
      `${operation}: the JSON payload nests deeper than ${maxJsonDepth} levels`,
    );
  }
  try {
    return parseJson(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InvalidJsonError(`${operation}: the JSON payload is invalid: ${reason}`);
  }
}

/** The 3.x shell's body: the whole script form-encoded (spaces as `+`). */
export function decodeFormBody(operation: string, text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw new BadRequestError(
      `${operation}: the form-encoded payload is malformed`,
      ServerErrorCodes.invalidPayload,
    );
  }
}
