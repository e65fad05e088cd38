// REST++ tokens as JWTs (HS256, signed with the data folder's key, via jose): the token names its
// user, graph and id (`jti`); the registry in the access state is the authority on whether it is
// still good (deleted tokens are refused at once) and until when (a 3.x refresh moves the expiry
// and keeps the token's text, so the registry's expiry wins over the JWT's `exp`).
import { randomUUID } from 'node:crypto';
import { compactVerify, SignJWT } from 'jose';
import type { AccessStore } from './access-store.js';
import { isSuperuser, type TokenRecord } from './access-state.js';
import type { AuthenticatedUser, TokenVerifier } from './types.js';

export const defaultLifetimeSeconds = 2_592_000;
const issuer = 'graph-workbench';

export interface IssueRequest {
  readonly user: string;
  readonly graph: string | null;
  readonly secret: string | null;
  readonly lifetimeSeconds: number;
}

export interface IssuedToken {
  readonly token: string;
  readonly record: TokenRecord;
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export class TokenService implements TokenVerifier {
  private readonly key: Uint8Array;

  constructor(private readonly store: AccessStore) {
    this.key = new Uint8Array(Buffer.from(store.state.signingKey, 'base64'));
  }

  async issue(request: IssueRequest): Promise<IssuedToken> {
    const now = nowSeconds();
    const expiresAt = now + request.lifetimeSeconds;
    const record: TokenRecord = {
      id: randomUUID(),
      issuedAt: now,
      signedExpiry: expiresAt,
      user: request.user,
      graph: request.graph,
      secret: request.secret,
      expiresAt,
    };
    const token = await this.textOf(record);
    await this.store.addToken(record);
    return { token, record };
  }

  /** The token's text: HS256 is deterministic, so the same claims make the same text again. */
  textOf(record: TokenRecord): Promise<string> {
    const claims = record.graph === null ? {} : { graph: record.graph };
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(issuer)
      .setSubject(record.user)
      .setJti(record.id)
      .setIssuedAt(record.issuedAt)
      .setExpirationTime(record.signedExpiry)
      .sign(this.key);
  }

  /** The registry entry of a token this service signed, expired or not; undefined otherwise. */
  async lookup(token: string): Promise<TokenRecord | undefined> {
    let payload: Uint8Array;
    try {
      ({ payload } = await compactVerify(token, this.key, { algorithms: ['HS256'] }));
    } catch {
      return undefined;
    }
    let claims: { iss?: unknown; jti?: unknown };
    try {
      claims = JSON.parse(Buffer.from(payload).toString('utf8')) as typeof claims;
    } catch {
      return undefined;
    }
    if (claims.iss !== issuer || typeof claims.jti !== 'string') return undefined;
    return this.store.token(claims.jti);
  }

  async verify(
    token: string,
    request: { readonly graph: string | undefined },
  ): Promise<AuthenticatedUser | undefined> {
    const record = await this.lookup(token);
    if (!record || record.expiresAt <= nowSeconds()) return undefined;
    if (record.graph !== null && request.graph !== undefined && record.graph !== request.graph) {
      return undefined;
    }
    const user = this.store.user(record.user);
    if (!user?.active) return undefined;
    return {
      name: user.name,
      superuser: isSuperuser(this.store.state, user.name),
      via: 'token',
    };
  }
}
