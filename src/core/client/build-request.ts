// Builds the HTTP request of one operation call from the catalogue entry alone: which URL (path
// form and service), which method, which query string and which body encoding. Pure, so tests
// can check every operation's request without a server.
import type { BodyKind, HttpMethod, Operation, Service } from '../ops/define.js';
import { ErrorCodes, GraphError } from '../errors.js';
import { stringifyJson } from '../json.js';
import { encodeQueryParams } from './query-string.js';
import type { PathForm } from './profile.js';

export interface CallInput {
  readonly path?: Record<string, unknown>;
  readonly query?: Record<string, unknown>;
  readonly body?: unknown;
}

export interface Bases {
  /** GSQL server base (also /restpp in the 4.x form, /informant, /api). */
  readonly gsql: string;
  /** 3.x REST++ base (port 9000 form). */
  readonly restpp: string;
}

export interface BuiltRequest {
  readonly method: HttpMethod;
  readonly url: string;
  readonly service: Service;
  readonly body?: string | Uint8Array;
  readonly contentType?: string;
}

const contentTypes: Record<BodyKind, string> = {
  json: 'application/json',
  text: 'text/plain; charset=utf-8',
  raw: 'application/octet-stream',
  form: 'application/x-www-form-urlencoded',
};

/** A path or query value as text: scalars as they print, anything else as JSON. */
function paramText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(value);
    case 'function':
    case 'object':
    case 'symbol':
    case 'undefined':
      return JSON.stringify(value) ?? '';
  }
}

function fillPath(op: Operation, template: string, params: Record<string, unknown>): string {
  return template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === null || value === '') {
      throw new GraphError(`${op.name}: missing path parameter ${key}`, {
        code: ErrorCodes.input,
        operation: op.name,
      });
    }
    const text = paramText(value);
    // URL parsing folds `.` and `..` segments (encoded or not) and would send the request to
    // another path, a DELETE included: such values cannot be addressed in a path at all.
    if (text === '.' || text === '..') {
      throw new GraphError(`${op.name}: path parameter ${key} cannot be "${text}"`, {
        code: ErrorCodes.input,
        operation: op.name,
      });
    }
    return encodeURIComponent(text);
  });
}

function encodeBody(kind: BodyKind, body: unknown): string | Uint8Array {
  switch (kind) {
    case 'json':
      return stringifyJson(body);
    case 'text':
      return String(body);
    case 'raw':
      return body instanceof Uint8Array ? body : String(body);
    case 'form':
      // The 3.x shell takes the whole script form-encoded as the body, as its clients send it.
      return encodeURIComponent(String(body)).replace(/%20/g, '+');
  }
}

/** The request for `op` in path form `form`; input must already have passed the op's schemas. */
export function buildRequest(
  op: Operation,
  form: PathForm,
  bases: Bases,
  input: CallInput,
): BuiltRequest {
  const legacy = form === 'v3' || op.legacyOnly === true;
  const useLegacy = legacy && op.legacyPath !== null;
  const template = useLegacy && op.legacyPath !== null ? op.legacyPath : op.path;
  const service = useLegacy ? (op.legacyService ?? op.service) : op.service;
  const method = useLegacy ? (op.legacyMethod ?? op.method) : op.method;
  const bodyKind = useLegacy ? (op.legacyBodyKind ?? op.bodyKind) : op.bodyKind;

  const [pathTemplate = '', legacyQuery] = template.split('?');
  const pathParams = input.path ?? {};
  const query: Record<string, unknown> = {};
  // Legacy forms may carry a path parameter in the query string (`/gsql/library?functionName=`).
  if (legacyQuery !== undefined) {
    for (const [key, value] of new URLSearchParams(legacyQuery)) {
      query[key] = value.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, k: string) =>
        paramText(pathParams[k] ?? ''),
      );
    }
  }
  Object.assign(query, input.query ?? {});

  const base = service === 'restpp' && legacy ? bases.restpp : bases.gsql;
  const queryString = encodeQueryParams(op.name, query);
  const url =
    base + fillPath(op, pathTemplate, pathParams) + (queryString ? `?${queryString}` : '');
  if (input.body === undefined) return { method, url, service };
  return {
    method,
    url,
    service,
    body: encodeBody(bodyKind, input.body),
    contentType: contentTypes[bodyKind],
  };
}
