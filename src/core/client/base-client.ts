// BaseClient: calls any operation of the catalogue over HTTP. It validates input against the
// operation's schemas, picks the path form (4.x /restpp or 3.x port 9000) from GET
// /restpp/version, authenticates (Basic for the GSQL server, bearer tokens for REST++, obtained
// and renewed on demand), sends the spec's headers and turns the envelope into a typed result or
// a GraphError. Read-only calls retry once on a stale keep-alive socket; nothing else retries.
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { ErrorCodes, GraphError, InputError } from '../errors.js';
import type { Operation, Service } from '../ops/define.js';
import { findOperation, type OperationName } from '../ops/index.js';
import { isCsvParam } from '../ops/shapes.js';
import { buildRequest, type Bases, type CallInput } from './build-request.js';
import type { CallOptions, OperationInput, OperationResult } from './call-types.js';
import { decodeAnswer, type RawAnswer } from './envelope.js';
import { detectPathForm, type DetectedServer } from './path-form.js';
import {
  defaultTokenLifetime,
  legacyRestppUrl,
  normaliseBaseUrl,
  type ConnectionProfile,
  type PathForm,
} from './profile.js';
import { readTokenAnswer, TokenManager } from './tokens.js';
import { createPool, send } from './transport.js';

export interface GraphClientOptions {
  /** Check every result against the operation's schema (tests; strict tooling). */
  readonly validateResults?: boolean;
  readonly dispatcher?: Dispatcher;
  readonly userAgent?: string;
  /** How long the client waits beyond GSQL-TIMEOUT before giving up on its own (ms). */
  readonly deadlineGraceMs?: number;
}

const defaultDeadlineGraceMs = 5_000;
/** Operations that obtain or drop tokens: they authenticate by their body, never by a token. */
const tokenOperations = new Set(['requestToken', 'refreshToken', 'deleteToken']);

export class BaseClient {
  readonly profile: ConnectionProfile;
  private readonly bases: Bases;
  protected readonly pool: Dispatcher;
  private readonly ownsPool: boolean;
  private server: Promise<DetectedServer> | undefined;
  private readonly tokens: TokenManager | undefined;
  /** Set once REST++ refused a request without a token: from then on every call carries one. */
  private restppWantsToken = false;

  constructor(
    profile: ConnectionProfile,
    protected readonly options: GraphClientOptions = {},
  ) {
    this.profile = { ...profile, url: normaliseBaseUrl(profile.url) };
    this.bases = { gsql: this.profile.url, restpp: legacyRestppUrl(this.profile) };
    this.pool = options.dispatcher ?? createPool();
    this.ownsPool = options.dispatcher === undefined;
    const canIssue = profile.secret !== undefined || profile.username !== undefined;
    this.tokens = canIssue ? new TokenManager(() => this.issueToken()) : undefined;
  }

  /** The graph used when a call does not name one. */
  get graph(): string | undefined {
    return this.profile.graph;
  }

  /** The path form and version of the server, detected once and cached. */
  detect(): Promise<DetectedServer> {
    if (this.profile.pathForm === 'v4' || this.profile.pathForm === 'v3') {
      return Promise.resolve({ form: this.profile.pathForm, version: undefined });
    }
    this.server ??= detectPathForm(this.pool, this.bases).catch((error: unknown) => {
      this.server = undefined; // a server that was down may come up: detect again next time
      throw error;
    });
    return this.server;
  }

  /** Calls one operation of the catalogue by name. */
  async call<N extends OperationName>(
    name: N,
    input: OperationInput<N> = {},
    options: CallOptions = {},
  ): Promise<OperationResult<N>> {
    const op = findOperation(name);
    if (!op) {
      throw new GraphError(`unknown operation ${name}`, { code: ErrorCodes.unknownOperation });
    }
    return (await this.callOperation(op, input, options)) as OperationResult<N>;
  }

  /** Calls an operation given as a catalogue entry (faces that derive tools from the list). */
  async callOperation(op: Operation, rawInput: CallInput, options: CallOptions = {}) {
    const input = this.validated(op, this.withDefaultGraph(op, rawInput));
    const form = await this.formFor(op);
    const answer = await this.exchange(op, form, input, options);
    options.onAnswer?.({
      status: answer.status,
      ...(answer.requestId !== undefined ? { requestId: answer.requestId } : {}),
    });
    const result = decodeAnswer(op, answer);
    if (this.options.validateResults) this.checkResult(op, result);
    return result;
  }

  /** Closes the connection pool. */
  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.close();
  }

  private withDefaultGraph(op: Operation, input: CallInput): CallInput {
    const graph = this.profile.graph;
    if (graph === undefined) return input;
    const path = { ...input.path };
    if (op.pathParamNames.includes('graph_name') && path.graph_name === undefined) {
      path.graph_name = graph;
    }
    // Only a required `graph` is filled: an absent optional one means global scope (document 2).
    const shape = (op.query as { shape?: Record<string, z.ZodType> }).shape;
    const query = { ...input.query };
    const graphParam = shape?.graph;
    if (graphParam && !graphParam.safeParse(undefined).success && query.graph === undefined) {
      query.graph = graph;
    }
    return { ...input, path, query };
  }

  /** Checks input against the operation's schemas; sends the caller's values, not the parsed. */
  private validated(op: Operation, input: CallInput): CallInput {
    const issues: string[] = [];
    const check = (part: string, schema: z.ZodType | undefined, value: unknown) => {
      if (schema === undefined) {
        if (value !== undefined) issues.push(`${part}: this operation takes no ${part}`);
        return;
      }
      const parsed = schema.safeParse(value);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const where = [part, ...issue.path.map(String)].join('.');
          issues.push(`${where}: ${issue.message}`);
        }
      }
    };
    check('path', op.pathParams, input.path ?? {});
    check('query', op.query, input.query ?? {});
    if (op.body !== undefined || input.body !== undefined) check('body', op.body, input.body);
    if (issues.length > 0) throw new InputError(op.name, issues.join('; '));
    return { ...input, query: this.wireQuery(op, input.query ?? {}) };
  }

  /** Comma-separated list parameters travel as one value. */
  private wireQuery(op: Operation, query: Record<string, unknown>): Record<string, unknown> {
    const shape = (op.query as { shape?: Record<string, z.ZodType> }).shape ?? {};
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(query)) {
      out[key] = Array.isArray(value) && isCsvParam(shape[key]) ? value.join(',') : value;
    }
    return out;
  }

  private async formFor(op: Operation): Promise<PathForm> {
    const formless: Service[] = ['public', 'informant', 'cloud'];
    if (formless.includes(op.service) || (op.service === 'gsql' && op.legacyPath === null)) {
      return 'v4';
    }
    return (await this.detect()).form;
  }

  private async exchange(
    op: Operation,
    form: PathForm,
    input: CallInput,
    options: CallOptions,
  ): Promise<RawAnswer> {
    let answer = await this.sendOnce(op, form, input, options);
    // A 4.x path that the server does not know: a 3.x GSQL server. Nothing ran, so retry there.
    if (answer.status === 404 && form === 'v4' && op.legacyPath !== null && !isEnvelope(answer)) {
      if (this.profile.pathForm !== 'v4') {
        this.server = Promise.resolve({ form: 'v3', version: undefined });
        answer = await this.sendOnce(op, 'v3', input, options);
      }
    }
    // REST++ with authentication on: get a token and try again (the refused request did nothing).
    if (
      (answer.status === 401 || answer.status === 403) &&
      this.tokens &&
      this.usesToken(op, form)
    ) {
      // A token we sent was refused (expired, revoked): drop it. Otherwise start sending one.
      if (this.restppWantsToken || this.profile.secret !== undefined) this.tokens.invalidate();
      this.restppWantsToken = true;
      answer = await this.sendOnce(op, form, input, options);
    }
    return answer;
  }

  private async sendOnce(
    op: Operation,
    form: PathForm,
    input: CallInput,
    options: CallOptions,
  ): Promise<RawAnswer> {
    const request = buildRequest(op, form, this.bases, input);
    const headers = await this.headersFor(op, request.service, options);
    if (request.contentType) headers['content-type'] = request.contentType;
    const exchange = {
      operation: op.name,
      method: request.method,
      url: request.url,
      headers,
      body: request.body,
      signal: options.signal,
      deadlineMs:
        options.timeoutMs === undefined
          ? undefined
          : options.timeoutMs + (this.options.deadlineGraceMs ?? defaultDeadlineGraceMs),
    };
    try {
      return await send(this.pool, exchange);
    } catch (error) {
      // Only read-only calls are retried, and only when a pooled socket was closed under us.
      if (op.readOnly && (error as { retryable?: boolean }).retryable === true) {
        return send(this.pool, exchange);
      }
      throw error;
    }
  }

  private usesToken(op: Operation, form: PathForm): boolean {
    const service =
      form === 'v3' && op.legacyPath !== null ? (op.legacyService ?? op.service) : op.service;
    return service === 'restpp' && op.name !== 'requestToken' && op.name !== 'deleteToken';
  }

  private async headersFor(
    op: Operation,
    service: Service,
    options: CallOptions,
  ): Promise<Record<string, string>> {
    const headers: Record<string, string> = {
      accept: 'application/json, text/plain;q=0.9',
      'user-agent': this.options.userAgent ?? 'graph-workbench',
    };
    const { username, password, token, secret } = this.profile;
    if (service === 'gsql' || service === 'informant') {
      if (username !== undefined) headers.authorization = basic(username, password ?? '');
      else if (token !== undefined) headers.authorization = `Bearer ${token}`;
      // Only a secret: its token is a JWT, which GSQL-server endpoints accept (4.1.2+).
      else if (this.tokens && secret !== undefined && !tokenOperations.has(op.name)) {
        headers.authorization = `Bearer ${await this.tokens.get()}`;
      }
    } else if (service === 'restpp' || service === 'cloud') {
      if (token !== undefined) headers.authorization = `Bearer ${token}`;
      else if (
        this.tokens &&
        service === 'restpp' &&
        (this.restppWantsToken || secret !== undefined)
      ) {
        if (op.name !== 'requestToken' && op.name !== 'deleteToken') {
          headers.authorization = `Bearer ${await this.tokens.get()}`;
        }
      }
    }
    if (options.timeoutMs !== undefined) headers['GSQL-TIMEOUT'] = String(options.timeoutMs);
    if (options.responseLimit !== undefined)
      headers['RESPONSE-LIMIT'] = String(options.responseLimit);
    if (options.replica !== undefined) headers['GSQL-REPLICA'] = String(options.replica);
    if (options.threadLimit !== undefined)
      headers['GSQL-THREAD-LIMIT'] = String(options.threadLimit);
    if (options.memoryLimitMb !== undefined) {
      headers['GSQL-QueryLocalMemLimitMB'] = String(options.memoryLimitMb);
    }
    if (options.detached) headers['GSQL-ASYNC'] = 'true';
    if (options.atomic) headers['gsql-atomic-level'] = 'atomic';
    return { ...headers, ...options.headers };
  }

  private async issueToken() {
    const lifetime = this.profile.tokenLifetime ?? defaultTokenLifetime;
    const body =
      this.profile.secret !== undefined
        ? { secret: this.profile.secret, lifetime }
        : { graph: this.requireGraph('requestToken'), lifetime };
    const answer = await this.call('requestToken', { body });
    const issued = readTokenAnswer(answer, lifetime, Date.now());
    if (!issued) {
      throw new GraphError('requestToken: the answer carries no token', {
        code: ErrorCodes.response,
        operation: 'requestToken',
        body: answer,
      });
    }
    return issued;
  }

  private requireGraph(operation: string): string {
    if (this.profile.graph === undefined) {
      throw new InputError(operation, "a graph is required (set the connection's graph)");
    }
    return this.profile.graph;
  }

  private checkResult(op: Operation, result: unknown): void {
    const parsed = op.result.safeParse(result);
    if (!parsed.success) {
      throw new GraphError(`${op.name}: unexpected result shape: ${parsed.error.message}`, {
        code: ErrorCodes.response,
        operation: op.name,
        body: result,
      });
    }
  }
}

function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

/** A JSON envelope (the route exists and answered) rather than a bare 404 page. */
function isEnvelope(answer: RawAnswer): boolean {
  const text = answer.text.trimStart();
  return text.startsWith('{') && /"error"|"Error"/.test(text);
}
