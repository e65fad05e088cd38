// The spec's envelopes (document 1, Response envelope): REST++ answers carry `version`
// {edition, api: v2, schema}, `error`, `message`, `results` and `code` (REST-0000 on success);
// GSQL-server, informant and /api/ping answers carry `error`, `message`, `results` (GSQL-server
// errors also carry `code`, so the embedded service's stable codes reach clients).
import { stringifyJson } from '../../core/json.js';
import type { Service } from '../../core/ops/define.js';
import type { Reply } from './context.js';
import type { HttpError } from './errors.js';

export const successCode = 'REST-0000';

export interface ResponseBody {
  readonly status: number;
  readonly contentType: string;
  readonly body: string | object;
  readonly headers: Readonly<Record<string, string>>;
}

/** Whether a service answers with the REST++ envelope (version and code). */
export function usesRestppEnvelope(service: Service): boolean {
  return service === 'restpp';
}

function version(schema: number) {
  return { edition: 'enterprise', api: 'v2', schema };
}

const json = 'application/json; charset=utf-8';
const noHeaders: Readonly<Record<string, string>> = Object.freeze({});

/**
 * JSON text of a value, exact for bigints (the native serialiser throws on them); undefined for
 * what JSON cannot hold (a function), as JSON.stringify answers.
 */
export function jsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (error instanceof TypeError) return stringifyJson(value);
    throw error;
  }
}

/** `{"version":{...},"error":` for a schema version: the same text on every answer. */
let restppHead = { schema: -1, text: '' };
function restppHeadText(schema: number): string {
  if (restppHead.schema !== schema)
    restppHead = { schema, text: `{"version":${JSON.stringify(version(schema))},"error":` };
  return restppHead.text;
}

/** The success answer of a handler's reply. */
export function successBody(service: Service, reply: Reply, schema: number): ResponseBody {
  const status = reply.status ?? 200;
  const headers = reply.headers ?? noHeaders;
  if (reply.text !== undefined) {
    return { status, contentType: 'text/plain; charset=utf-8', body: reply.text, headers };
  }
  if (reply.whole !== undefined) return { status, contentType: json, body: reply.whole, headers };
  const error = reply.error ?? false;
  const results = reply.fields === undefined && usesRestppEnvelope(service);
  const resultsText = results ? (reply.resultsJson ?? jsonText(reply.results ?? [])) : undefined;
  if (resultsText !== undefined) {
    // The common answer written as text around its results: the same bytes as serialising the
    // object below, without building it (a point lookup's answer is mostly this envelope).
    const body =
      restppHeadText(schema) +
      (error ? 'true' : 'false') +
      ',"message":' +
      JSON.stringify(reply.message ?? '') +
      ',"results":' +
      resultsText +
      ',"code":' +
      JSON.stringify(reply.code ?? successCode) +
      '}';
    return { status, contentType: json, body, headers };
  }
  const body = usesRestppEnvelope(service)
    ? {
        version: version(schema),
        error,
        message: reply.message ?? '',
        results: reply.results ?? [],
        code: reply.code ?? successCode,
        ...reply.fields,
      }
    : {
        error,
        message: reply.message ?? '',
        results: reply.results ?? {},
        ...(reply.code === undefined ? {} : { code: reply.code }),
        ...reply.fields,
      };
  return { status, contentType: json, body, headers };
}

/** The error answer: `error: true`, the message, the stable code, the HTTP status. */
export function errorBody(service: Service, error: HttpError, schema: number): ResponseBody {
  const body = usesRestppEnvelope(service)
    ? {
        version: version(schema),
        error: true,
        message: error.message,
        results: [],
        code: error.code,
      }
    : { error: true, message: error.message, results: {}, code: error.code };
  return { status: error.status, contentType: json, body, headers: error.headers };
}
