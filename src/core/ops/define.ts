// The shape of one operation in the catalogue: everything the client, the server's router, the
// MCP tools and the REPL need to know about one endpoint, written once as data.
import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** Which server component answers: decides the path form, the port and the auth scheme. */
export type Service =
  | 'restpp' // data plane: /restpp prefix (4.x) or port 9000 without prefix (3.x)
  | 'gsql' // GSQL server: Basic auth (or JWT), port 14240
  | 'informant' // monitoring under /informant
  | 'public' // no authentication (/api/ping)
  | 'cloud'; // control plane under /controller/v4/v2

/** Where the typed result sits in the response. */
export type Unwrap =
  | 'results' // the envelope's `results`
  | 'message' // the envelope's `message` (version text, echo)
  | 'whole' // the whole JSON object (GSQL-server answers with top-level fields)
  | 'text' // a plain-text body (OpenMetrics, the GSQL shell)
  | 'cloud'; // the control plane's `{Error, Message, Result}` envelope: `Result`

export type BodyKind = 'json' | 'text' | 'raw' | 'form';

export type Area =
  | 'system'
  | 'auth'
  | 'loading'
  | 'builtins'
  | 'schema'
  | 'vertex'
  | 'edge'
  | 'query'
  | 'path'
  | 'jobs'
  | 'datasource'
  | 'rbac'
  | 'scim'
  | 'stats'
  | 'udt'
  | 'statements'
  | 'cloud';

type AnyObject = z.ZodObject<z.ZodRawShape>;

export interface OperationSpec<
  P extends AnyObject = AnyObject,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  readonly area: Area;
  readonly summary: string;
  readonly method: HttpMethod;
  readonly service: Service;
  /** Current (4.x) path, `{name}` for path parameters. */
  readonly path: string;
  /** The 3.x form where it differs (REST++ on port 9000, /gsqlserver/...); null when none exists. */
  readonly legacyPath?: string | null;
  /** Method of the legacy form where it differs. */
  readonly legacyMethod?: HttpMethod;
  /** Component answering the legacy form where it differs (3.x tokens live on REST++). */
  readonly legacyService?: Service;
  /** Body encoding of the legacy form where it differs (3.x GSQL shell: form-encoded). */
  readonly legacyBodyKind?: BodyKind;
  /** The operation exists only in the 3.x form (e.g. token refresh, gone in 4.x). */
  readonly legacyOnly?: boolean;
  readonly pathParams?: P;
  readonly query?: Q;
  readonly body?: B;
  readonly bodyKind?: BodyKind;
  readonly result: R;
  readonly unwrap?: Unwrap;
  /** Privilege the spec names for this endpoint. */
  readonly privilege?: string;
  readonly readOnly: boolean;
  /**
   * Parts the spec leaves "not shown" and that follow the real service's public documentation
   * and clients instead (parameter names, paths, shapes).
   */
  readonly inferred?: readonly string[];
  /**
   * Several operations can share a method and path (the spec's POST /gsql/v1/schema/vertices has
   * three bodies). The variant names the query parameter or body field whose presence (or the
   * absence of any body) selects this operation; the router tries variants before the plain form.
   */
  readonly variant?: {
    readonly query?: string;
    readonly body?: string;
    /** Selected when the request has no body (running a job vs creating it by JSON). */
    readonly noBody?: true;
  };
  readonly since?: string;
  /** Optional headers this endpoint honours (GSQL-TIMEOUT, RESPONSE-LIMIT, ...). */
  readonly headers?: readonly string[];
}

export interface Operation<
  N extends string = string,
  P extends AnyObject = AnyObject,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
>
  extends
    Required<
      Pick<OperationSpec<P, Q, B, R>, 'pathParams' | 'query' | 'bodyKind' | 'unwrap' | 'legacyPath'>
    >,
    Omit<OperationSpec<P, Q, B, R>, 'pathParams' | 'query' | 'bodyKind' | 'unwrap' | 'legacyPath'> {
  readonly name: N;
  /** Names of the path parameters in the order they appear in `path`. */
  readonly pathParamNames: readonly string[];
}

const noParams = z.object({});

/** Turns a spec into a catalogue entry, filling the defaults and checking path parameters. */
export function defineOp<
  N extends string,
  P extends AnyObject = z.ZodObject<Record<never, never>>,
  Q extends z.ZodType = z.ZodObject<Record<never, never>>,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(name: N, spec: OperationSpec<P, Q, B, R>): Operation<N, P, Q, B, R> {
  const pathParamNames = [...spec.path.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map(
    (m) => m[1] ?? '',
  );
  const pathParams = (spec.pathParams ?? noParams) as P;
  const declared = Object.keys(pathParams.shape);
  const missing = pathParamNames.filter((p) => !declared.includes(p));
  if (missing.length > 0 || declared.length !== pathParamNames.length) {
    throw new Error(`operation ${name}: path parameters ${spec.path} do not match its schema`);
  }
  return {
    ...spec,
    name,
    pathParams,
    pathParamNames,
    query: (spec.query ?? noParams) as Q,
    bodyKind: spec.bodyKind ?? 'json',
    unwrap: spec.unwrap ?? (spec.service === 'cloud' ? 'cloud' : 'results'),
    legacyPath: spec.legacyPath === undefined ? derivedLegacyPath(spec) : spec.legacyPath,
  };
}

/** REST++ paths have a legacy form by the spec's rule: the same path without the /restpp prefix. */
function derivedLegacyPath(spec: { service: Service; path: string }): string | null {
  return spec.service === 'restpp' ? spec.path.replace(/^\/restpp/, '') : null;
}
