// Who must prove what, per route: GSQL-server and informant endpoints need Basic credentials (or
// a bearer token the TokenVerifier accepts, JWT as in 4.1.2), except the OpenMetrics endpoint;
// /api/ping is open; REST++ endpoints are open unless --restpp-auth, then they need a valid
// bearer token (or valid Basic credentials). The token endpoints themselves authenticate by the
// secret in their body, so credentials there are checked when sent but not required.
import type { Operation, Service } from '../../core/ops/define.js';
import { catalogue } from '../../core/ops/index.js';
import { ServerErrorCodes, UnauthorizedError } from '../http/errors.js';
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

export function authRequirement(
  op: Operation,
  service: Service,
  restppAuth: boolean,
): AuthRequirement {
  if (service === 'public' || openOperations.has(op)) return 'none';
  if (tokenOperations.has(op)) return 'optional';
  if (service === 'restpp') return restppAuth ? 'token' : 'none';
  return 'basic';
}

export interface Authenticator {
  readonly basic: BasicAuthenticator;
  readonly tokens: TokenVerifier | undefined;
}

function bearerOf(header: string): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
}

/** The request's user under the requirement, or a 401 explaining what is missing. */
export async function authenticate(
  auth: Authenticator,
  requirement: AuthRequirement,
  header: string | undefined,
  request: { op: Operation; graph: string | undefined },
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
  const user = await auth.basic.authenticate(header);
  if (user) return user;
  throw refuse('Access Denied: wrong user name or password');
}
