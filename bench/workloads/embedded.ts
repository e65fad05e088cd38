// Shared parts of the embedded service's workloads: the context (client, service, dataset,
// timing), the GraphClient, GSQL through POST /gsql/v1/statements, a raw JSON POST, and how a
// failure is reported ("not available yet (501: ...)" for what the service cannot do yet).
import { request } from 'undici';
import { GraphClient } from '../../src/core/client/index.js';
import { GraphError } from '../../src/core/errors.js';
import type { Dataset } from '../data/generate.js';
import type { TimedOptions } from '../lib/measure.js';
import { embeddedSystem, type Row } from '../lib/report.js';
import { graphName, schemaScript } from './queries.js';
import type { Service } from './service.js';

export interface EmbeddedContext {
  readonly client: GraphClient;
  readonly service: Service;
  readonly ds: Dataset;
  readonly timing: TimedOptions;
  /** Longest a single run of a query workload may take (ms): GSQL-TIMEOUT, and a client stop. */
  readonly runLimitMs: number;
}

/** A run stopped because it went past the run limit. */
export class TooSlow extends Error {}

/** Generous per-request GSQL-TIMEOUT so a slow engine shows as slow, not as failed. */
export const callOptions = { timeoutMs: 600_000 };

export function newClient(url: string): GraphClient {
  return new GraphClient({
    url,
    graph: graphName,
    username: 'tigergraph',
    password: 'tigergraph',
  });
}

/** A failure as the report shows it: 501s as "not available yet", others as "failed". */
export function whyUnavailable(error: unknown): string {
  if (error instanceof GraphError) {
    // The client prefixes the operation name; some server messages start with it too.
    const message = error.message.replace(/^(\w+): \1: /, '$1: ');
    if (error.status === 501 || /not supported by the embedded service yet/i.test(error.message))
      return `not available yet (${error.status ?? error.code}: ${message})`;
    return `failed (${error.status ?? error.code}: ${message})`;
  }
  if (error instanceof ShellFailure || error instanceof TooSlow) return error.message;
  if (error instanceof HttpFailure)
    return error.status === 501
      ? `not available yet (501: ${error.message})`
      : `failed (${error.status}: ${error.message})`;
  return `failed (${error instanceof Error ? error.message : String(error)})`;
}

/** A GSQL script answered with a non-zero return code. */
export class ShellFailure extends Error {}

/** An HTTP answer with an error status or the envelope's error flag. */
export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const basicAuth = `Basic ${Buffer.from('tigergraph:tigergraph').toString('base64')}`;

/**
 * POSTs a pre-serialised JSON body with undici and answers the envelope's `results`: the upsert
 * workload measures the service, not the client's serialisation of 10,000-edge objects.
 */
export async function postJson(base: string, path: string, body: string): Promise<unknown> {
  const res = await request(`${base}${path}`, {
    method: 'POST',
    body,
    headers: { authorization: basicAuth, 'content-type': 'application/json' },
    headersTimeout: 600_000,
    bodyTimeout: 600_000,
  });
  const text = await res.body.text();
  let answer: { error?: boolean; message?: string; results?: unknown } = {};
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    answer = { error: true, message: text.slice(0, 200) };
  }
  if (res.statusCode >= 400 || answer.error === true)
    throw new HttpFailure(res.statusCode, answer.message ?? `HTTP ${res.statusCode}`);
  return answer.results;
}

export async function gsql(client: GraphClient, script: string): Promise<string> {
  const out = await client.gsql(script, callOptions);
  if (!out.ok) {
    const line = out.output.split('\n').find((l) => l.trim() !== '') ?? out.output;
    const kind = /not supported by the embedded service yet/i.test(out.output)
      ? 'not available yet'
      : 'failed';
    throw new ShellFailure(`${kind} (GSQL return code ${out.returnCode}: ${line.trim()})`);
  }
  return out.output;
}

export function unavailableRow(unit: Row['unit'], error: unknown): Row {
  return { system: embeddedSystem, unit, unavailable: whyUnavailable(error) };
}

/** Creates the schema and the loading job; answers why not when the service cannot. */
export async function setupSchema(ctx: EmbeddedContext): Promise<string | undefined> {
  try {
    await gsql(ctx.client, schemaScript);
    return undefined;
  } catch (error) {
    return whyUnavailable(error);
  }
}
