// The spec's request limits (document 1, Limits): URL length, body size, JSON nesting and the
// GSQL-TIMEOUT header with its fallback to the default.
import type { IncomingMessage } from 'node:http';
import { BadRequestError, PayloadTooLargeError, UriTooLongError } from './errors.js';

/** 8K bytes including the query string. */
export const maxUrlBytes = 8192;
/** Gateway.ClientMaxBodySize default: 200 MB. */
export const defaultMaxBodyBytes = 200 * 1024 * 1024;
/** Deepest JSON nesting accepted (objects and arrays). */
export const maxJsonDepth = 100;
/** RESTPP.Factory.DefaultQueryTimeoutSec default: 16 s. */
export const defaultTimeoutMs = 16_000;
/** The longest supported GSQL-TIMEOUT value. */
export const maxTimeoutValue = 2 ** 31 - 1;

export function checkUrlLength(rawUrl: string): void {
  // A UTF-16 code unit is at most 3 UTF-8 bytes: short URLs need no byte count.
  if (rawUrl.length * 3 <= maxUrlBytes) return;
  const length = Buffer.byteLength(rawUrl, 'utf8');
  if (length > maxUrlBytes) throw new UriTooLongError(length, maxUrlBytes);
}

/** Refuses a body whose declared Content-Length is over the limit, before reading any of it. */
export function checkDeclaredLength(req: IncomingMessage, maxBodyBytes: number): void {
  const declared = req.headers['content-length'];
  if (declared === undefined) return;
  const length = Number(declared);
  if (!Number.isSafeInteger(length) || length < 0) {
    throw new BadRequestError(`Content-Length "${declared}" is not a byte count`);
  }
  if (length > maxBodyBytes) throw new PayloadTooLargeError(maxBodyBytes);
}

/**
 * The request's timeout in ms from GSQL-TIMEOUT: absent, empty or 0 -> the default; above 2^31-1
 * -> the default (as the spec says the service falls back); anything not a whole number -> 400.
 */
export function parseTimeoutHeader(value: string | string[] | undefined): number {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (text === undefined || text === '') return defaultTimeoutMs;
  if (!/^\d+$/.test(text)) {
    throw new BadRequestError(
      `GSQL-TIMEOUT: expected a whole number of milliseconds, got "${text}"`,
    );
  }
  const ms = Number(text);
  if (ms === 0 || ms > maxTimeoutValue) return defaultTimeoutMs;
  return ms;
}

/** Replicas of the embedded service: one copy of the graph. */
export const replicaCount = 1;

/**
 * GSQL-REPLICA: the replica a query runs on, 1 to the number of replicas; absent means any.
 * A value that is not a replica is refused rather than ignored, so a client learns its routing
 * cannot be honoured.
 */
export function checkReplicaHeader(value: string | string[] | undefined): void {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (text === undefined || text === '') return;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > replicaCount) {
    throw new BadRequestError(
      `GSQL-REPLICA: expected a replica number from 1 to ${replicaCount}, got "${text}"`,
    );
  }
}

/**
 * Checks JSON nesting without recursion (so a hostile body cannot overflow the parser's stack):
 * counts brackets outside strings. Returns the deepest level found, or stops past the limit.
 */
export function jsonDepthExceeds(text: string, limit: number = maxJsonDepth): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}
