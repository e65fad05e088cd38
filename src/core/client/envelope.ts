// Turns an HTTP answer into an operation's typed result or a GraphError: the REST++ and GSQL
// envelope ({error, message, results, code}), the control plane's ({Error, Message, Result}),
// plain text, and the GSQL shell's text with its __GSQL__ protocol lines.
import type { Operation, Unwrap } from '../ops/define.js';
import { AuthError, ErrorCodes, GraphError } from '../errors.js';
import { parseJson } from '../json.js';

export interface RawAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
  /** The server's id of the request (`x-request-id`), when it sends one. */
  readonly requestId?: string;
}

function isTrue(flag: unknown): boolean {
  return flag === true || flag === 'true';
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function text(value: unknown): string {
  return typeof value === 'string'
    ? value
    : value === undefined || value === null
      ? ''
      : JSON.stringify(value);
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}...` : flat;
}

function failure(op: string, answer: RawAnswer, body: unknown, message: string, code?: string) {
  const details = {
    code:
      code ??
      (answer.status === 401 || answer.status === 403 ? ErrorCodes.unauthorized : ErrorCodes.http),
    operation: op,
    status: answer.status,
    body,
  };
  const text = `${op}: ${message || `HTTP ${answer.status}`}`;
  return answer.status === 401 || answer.status === 403
    ? new AuthError(text, details)
    : new GraphError(text, details);
}

/** The envelope's error, if it reports one (or the HTTP status does). */
function envelopeError(op: string, answer: RawAnswer, body: unknown, unwrap: Unwrap) {
  const obj = record(body);
  if (unwrap === 'cloud') {
    if (obj && isTrue(obj.Error)) {
      return failure(op, answer, body, text(obj.Message), 'GWB-CLOUD');
    }
  } else if (obj && isTrue(obj.error)) {
    const code = typeof obj.code === 'string' && obj.code !== '' ? obj.code : ErrorCodes.server;
    return failure(op, answer, body, text(obj.message), code);
  }
  if (answer.status >= 400) {
    const message = obj ? text(obj.message ?? obj.Message) : '';
    const code = obj && typeof obj.code === 'string' ? obj.code : undefined;
    return failure(op, answer, body, message, code);
  }
  return undefined;
}

/** Decodes an answer for `op`; throws GraphError on any failure the answer reports. */
export function decodeAnswer(op: Operation, answer: RawAnswer): unknown {
  if (op.unwrap === 'text') {
    if (answer.status < 400) return answer.text;
    let body: unknown = answer.text;
    try {
      body = parseJson(answer.text);
    } catch {
      // a plain-text error page: keep the text
    }
    throw (
      envelopeError(op.name, answer, body, 'results') ??
      failure(op.name, answer, body, snippet(answer.text))
    );
  }
  let body: unknown;
  try {
    body = parseJson(answer.text);
  } catch (cause) {
    if (answer.status >= 400) throw failure(op.name, answer, answer.text, snippet(answer.text));
    throw new GraphError(`${op.name}: the answer is not JSON: ${snippet(answer.text)}`, {
      code: ErrorCodes.response,
      operation: op.name,
      status: answer.status,
      cause,
      body: answer.text,
    });
  }
  const error = envelopeError(op.name, answer, body, op.unwrap);
  if (error) throw error;
  const obj = record(body);
  switch (op.unwrap) {
    case 'whole':
      return body;
    case 'results':
      return obj && 'results' in obj ? obj.results : body;
    case 'message':
      return obj ? obj.message : body;
    case 'cloud':
      return obj ? obj.Result : body;
  }
}

/** What the GSQL shell channel answers: the printed text and the shell's return code. */
export interface ShellOutput {
  readonly output: string;
  readonly returnCode: number;
  readonly ok: boolean;
}

const returnCodeLine = /^__GSQL__RETURN__CODE__,(-?\d+)\s*$/;
// eslint-disable-next-line no-control-regex
const ansi = /\x1B(?:[@-Z\\-_]|\[[0-?]*[ -/]*[@-~])/g;

/** Splits the shell's text into output lines and __GSQL__ protocol lines (return code). */
export function decodeShellOutput(text: string): ShellOutput {
  let returnCode = 0;
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    const match = returnCodeLine.exec(line);
    if (match) returnCode = Number(match[1]);
    else if (!line.startsWith('__GSQL__')) lines.push(line.replace(ansi, ''));
  }
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return { output: lines.join('\n'), returnCode, ok: returnCode === 0 };
}
