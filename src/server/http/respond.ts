// Writes one answer: JSON (bigints as exact integers) or text, with the request id header.
import type { ServerResponse } from 'node:http';
import { stringifyJson } from '../../core/json.js';
import { jsonText, type ResponseBody } from './envelope.js';

function serialise(body: string | object): string {
  if (typeof body === 'string') return body;
  return jsonText(body) ?? stringifyJson(body);
}

export function writeAnswer(
  res: ServerResponse,
  answer: ResponseBody,
  requestId: string,
  extraHeaders?: Readonly<Record<string, string>>,
): void {
  if (res.headersSent || res.destroyed) return;
  const payload = serialise(answer.body);
  const headers: Record<string, string | number> = {
    'content-type': answer.contentType,
    'content-length': Buffer.byteLength(payload),
    'x-request-id': requestId,
  };
  // Most answers have no headers of their own: no spread of empty objects per request.
  for (const name in answer.headers) headers[name] = answer.headers[name] ?? '';
  for (const name in extraHeaders) headers[name] = extraHeaders[name] ?? '';
  res.writeHead(answer.status, headers);
  res.end(payload);
}
