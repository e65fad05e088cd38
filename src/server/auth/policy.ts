// Who must prove what, and who may do what, per route. Authentication: GSQL-server and informant
// endpoints need Basic credentials (or a bearer JWT, as in 4.1.2), except the OpenMetrics
// endpoint; /api/ping is open; REST++ endpoints are open unless --restpp-auth, then they need a
// valid bearer token (or valid Basic credentials). The token endpoints authenticate by the secret
// in their body, so credentials there are checked when sent but not required, and they do not
// exist at all while REST++ authentication is off (spec). Authorization: the operation's
// privilege from the catalogue, on the graph the request names, checked once by the dispatcher.
import type { Operation, Service } from '../../core/ops/define.js';
import { catalogue } from '../../core/ops/index.js';
import {
  ForbiddenError,
  NotFoundError,
  ServerErrorCodes,
  UnauthorizedError,
} from '../http/errors.js';
import type { AccessStore } from './access-store.js';
import { holds } from './access-state.js';
import type { BasicAuthenticator } from './basic-auth.js';
import type { AuthenticatedUser, TokenVerifier } from './types.js';

export const basicRealm = 'graph-workbench';

export type AuthRequirement = 'none' | 'basic' | 'token' | 'optional';

/** Operations that need no privilege at all (spec: ping and the OpenMetrics endpoint). */
const openOperations = new Set<Operation>([catalogue.getMetrics, catalogue.postMetrics]);
/** Operations that authenticate by their body (a secret), credentials optional. */
const tokenOperations = new Set<Operation>([
  catalogue.requestToken,
  catalogue.deleteToken,
  catalogue.refreshToken,
]);
/** The spec's token endpoints: they exist only while REST++ authentication is on. */
const tokenEndpoints = new Set<Operation>([...tokenOperations, catalogue.deleteExpiredTokens]);

export function authRequirement(
  op: Operation,
  service: Service,
  restppAuth: boolean,
): AuthRequirement {
  if (tokenEndpoints.has(op) && !restppAuth) {
    throw new NotFoundError(
      `endpoint not found: ${op.method} ${op.path}: token endpoints exist only when REST++ authentication is on (gwb serve --restpp-auth)`,
    );
  }
  if (service === 'public' || openOperations.has(op)) return 'none';
  if (tokenOperations.has(op)) return 'optional';
  if (service === 'restpp') return restppAuth ? 'token' : 'none';
  return 'basic';
}

export interface Authenticator {
  readonly basic: BasicAuthenticator;
  readonly tokens: TokenVerifier | undefined;
  readonly access: AccessStore;
}

function bearerOf(header: string): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
}

/** The request's user under the requirement, or a 401 explaining what is missing. */
export async function authenticate(
  auth: Authenticator,
  requirement: AuthRequirement,
  header: string | undefined,
  request: { op: Operation; graph: string | undefined; address?: string },
): Promise<AuthenticatedUser | undefined> {
  if (requirement === 'none') return undefined;
  const challenge = { 'www-authenticate': `Basic realm="${basicRealm}"` };
  const restpp = requirement === 'token';
  const refuse = (message: string) =>
    restpp
      ? new UnauthorizedError(message, ServerErrorCodes.invalidToken)
      : new UnauthorizedError(message, ServerErrorCodes.unauthorized, challenge);
  if (header === undefined || header.trim() === '') {
    if (requirement === 'optional') return undefined;
    throw refuse(
      restpp
        ? 'Access Denied because the input token is empty; REST++ authentication is on, send Authorization: Bearer <token>'
        : 'authentication required: send Basic credentials (user and password)',
    );
  }
  const token = bearerOf(header);
  if (token !== undefined) {
    const user = auth.tokens ? await auth.tokens.verify(token, request) : undefined;
    if (user) return user;
    throw new UnauthorizedError(
      'Access Denied because the input token is invalid or expired',
      ServerErrorCodes.invalidToken,
      restpp ? {} : challenge,
    );
  }
  const user = await auth.basic.authenticate(header, request.address ?? '');
  if (user) return user;
  throw refuse('Access Denied: wrong user name or password');
}

/**
 * 403 unless the user holds the operation's privilege for the request's graph. Operations the
 * catalogue names no privilege for need only an authenticated user; requests without a user
 * (open endpoints) are not checked.
 */
export function authorize(
  access: AccessStore,
  user: AuthenticatedUser | undefined,
  op: Operation,
  graph: string | undefined,
): void {
  if (user === undefined || op.privilege === undefined) return;
  if (holds(access.state, user.name, op.privilege, graph, op.readOnly)) return;
  const where = graph === undefined ? 'globally' : `on graph ${graph}`;
  throw new ForbiddenError(
    `${op.name}: user "${user.name}" does not have the privilege ${op.privilege} ${where}`,
  );
}
