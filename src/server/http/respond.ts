// Writes one answer: JSON (bigints as exact integers) or text, with the request id header.
import type { ServerResponse } from 'node:http';
import { stringifyJson } from '../../core/json.js';
import type { ResponseBody } from './envelope.js';

function serialise(body: string | object): string {
  if (typeof body === 'string') return body;
  try {
    return JSON.stringify(body);
  } catch (error) {
    // Only bigint values (exact large integers) make the native serialiser throw.
    if (error instanceof TypeError) return stringifyJson(body);
    throw error;
  }
}

export function writeAnswer(
  res: ServerResponse,
  answer: ResponseBody,
  requestId: string,
  extraHeaders: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const payload = serialise(answer.body);
  res.writeHead(answer.status, {
    'content-type': answer.contentType,
    'content-length': String(Buffer.byteLength(payload)),
    'x-request-id': requestId,
    ...answer.headers,
    ...extraHeaders,
  });
  res.end(payload);
}
