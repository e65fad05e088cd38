// The identities the HTTP layer hands to handlers, and the interface the token work plugs into.
import type { Operation } from '../../core/ops/define.js';
import type { AccessStore } from './access-store.js';
import type { BasicAuthenticator } from './basic-auth.js';
import type { TokenService } from './tokens.js';

export interface AuthenticatedUser {
  readonly name: string;
  readonly superuser: boolean;
  /** How the request proved it: Basic credentials or a bearer token. */
  readonly via: 'basic' | 'token';
}

/**
 * Verifies bearer tokens (REST++ tokens, JWT on GSQL-server endpoints); TokenService (tokens.ts)
 * is the implementation.
 */
export interface TokenVerifier {
  /** The token's user, or undefined when the token is unknown, expired or not for this graph. */
  verify(
    token: string,
    request: { readonly op: Operation; readonly graph: string | undefined },
  ): Promise<AuthenticatedUser | undefined>;
}

/** Access control as handlers see it: the state, the token service, the login checks. */
export interface AccessControl {
  readonly store: AccessStore;
  readonly tokens: TokenService;
  readonly basic: BasicAuthenticator;
  /** Whether REST++ authentication is on (the token endpoints exist only then). */
  readonly restppAuth: boolean;
}
