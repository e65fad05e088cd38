// The token endpoints (spec document 1, "Authentication-token endpoints"): request a token from a
// secret, or from credentials and a graph (4.x POST /gsql/v1/tokens, 3.x POST /requesttoken),
// refresh one (3.x PUT /requesttoken only), delete one, and remove expired ones atomically. The
// router answers 404 for all of them while REST++ authentication is off (spec).
import type { SecretRecord, TokenRecord } from '../auth/access-state.js';
import { hasAnyRoleOn, holds } from '../auth/access-state.js';
import { AccessError, AccessErrorCodes, LoginThrottledError } from '../auth/errors.js';
import { defaultLifetimeSeconds, nowSeconds } from '../auth/tokens.js';
import type { AuthenticatedUser } from '../auth/types.js';
import type { HandlerMap, RequestContext } from '../http/context.js';
import { ForbiddenError, UnauthorizedError } from '../http/errors.js';
import { successCode } from '../http/envelope.js';

/** Throttle key of secret checks: per client address, so a flood elsewhere blocks no one else. */
const secretUser = (address: string) => `(secret)@${address}`;
const oneDay = 86_400;

type TokenContext =
  RequestContext<'requestToken'> | RequestContext<'refreshToken'> | RequestContext<'deleteToken'>;

function lifetimeOf(value: number | string | undefined): number {
  return value === undefined ? defaultLifetimeSeconds : Number(value);
}

/** The secret's record, counting a wrong secret as a failed login of the client address. */
async function checkSecret(ctx: TokenContext, secret: string): Promise<SecretRecord> {
  const throttle = ctx.access.basic.throttle;
  const wait = throttle.waitSeconds(secretUser(ctx.clientAddress), ctx.clientAddress);
  if (wait > 0) throw new LoginThrottledError(wait, `address ${ctx.clientAddress}`);
  const record = await ctx.access.store.verifySecret(secret);
  if (!record) {
    throttle.failed(secretUser(ctx.clientAddress), ctx.clientAddress);
    throw new AccessError(AccessErrorCodes.badSecret, `${ctx.opName}: the secret is not valid`);
  }
  return record;
}

/** Who asks: the secret's owner when a secret is given, else the authenticated user. */
async function requester(ctx: TokenContext, secret: string | undefined): Promise<string> {
  if (secret !== undefined) return (await checkSecret(ctx, secret)).user;
  if (!ctx.user) {
    throw new UnauthorizedError(
      `${ctx.opName}: send the secret in the body, or user credentials (Basic)`,
    );
  }
  return ctx.user.name;
}

/** The token's registry entry, which the requester must own (or manage users). */
async function ownedToken(ctx: TokenContext, text: string, who: string): Promise<TokenRecord> {
  const record = await ctx.access.tokens.lookup(text);
  if (!record) {
    throw new AccessError(AccessErrorCodes.noSuchToken, `${ctx.opName}: the token does not exist`);
  }
  const state = ctx.access.store.state;
  if (record.user !== who && !holds(state, who, 'WRITE_USER', undefined, false)) {
    throw new ForbiddenError(`${ctx.opName}: the token belongs to another user`);
  }
  return record;
}

function tokenAnswer(token: string, expiration: number, message: string, inResults: boolean) {
  const base = { code: successCode, expiration, error: false, message };
  return inResults ? { ...base, results: { token } } : { ...base, token };
}

export const tokenHandlers: HandlerMap = {
  requestToken: async (ctx) => {
    const { secret, graph: asked } = ctx.body;
    const store = ctx.access.store;
    const fromSecret = secret === undefined ? undefined : await checkSecret(ctx, secret);
    const user = fromSecret?.user ?? (await requester(ctx, undefined));
    const graph = asked ?? fromSecret?.graph ?? null;
    if (graph !== null) {
      if (!ctx.engine.catalog.graphs.some((g) => g.name === graph)) {
        throw new AccessError(
          AccessErrorCodes.noSuchGraph,
          `requestToken: the graph "${graph}" does not exist`,
        );
      }
      if (!store.state.users[user] || !hasAnyRoleOn(store.state, user, graph)) {
        throw new ForbiddenError(`requestToken: user "${user}" has no role on graph ${graph}`);
      }
    }
    const lifetime = lifetimeOf(ctx.body.lifetime);
    const now = nowSeconds();
    const alias = fromSecret?.alias ?? null;
    if (ctx.query.allowExisting === true) {
      const existing = store.state.tokens.find(
        (t) =>
          t.user === user && t.secret === alias && t.graph === graph && t.expiresAt - now >= oneDay,
      );
      if (existing) {
        await store.extendToken(existing.id, now + lifetime);
        const text = await ctx.access.tokens.textOf(existing);
        return {
          whole: tokenAnswer(text, now + lifetime, 'Return the existing token.', !fromSecret),
        };
      }
    }
    const issued = await ctx.access.tokens.issue({
      user,
      graph,
      secret: alias,
      lifetimeSeconds: lifetime,
    });
    return {
      whole: tokenAnswer(
        issued.token,
        issued.record.expiresAt,
        'Generate new token successfully.',
        !fromSecret,
      ),
    };
  },

  refreshToken: async (ctx) => {
    const who = await requester(ctx, ctx.body.secret);
    const record = await ownedToken(ctx, ctx.body.token, who);
    // Counted from now, not from the old expiry (spec); the token's text stays the same.
    const expiration = nowSeconds() + lifetimeOf(ctx.body.lifetime);
    if (!(await ctx.access.store.extendToken(record.id, expiration))) {
      throw new AccessError(AccessErrorCodes.noSuchToken, 'refreshToken: the token does not exist');
    }
    return {
      whole: tokenAnswer(ctx.body.token, expiration, 'Token refreshed successfully.', false),
    };
  },

  deleteToken: async (ctx) => {
    const who = await requester(ctx, ctx.body.secret);
    const record = await ownedToken(ctx, ctx.body.token, who);
    if (!(await ctx.access.store.removeToken(record.id))) {
      throw new AccessError(AccessErrorCodes.noSuchToken, 'deleteToken: the token does not exist');
    }
    return { whole: tokenAnswer(ctx.body.token, -1, 'Token deleted successfully.', false) };
  },

  deleteExpiredTokens: async (ctx) => {
    const user = ctx.user as AuthenticatedUser;
    const state = ctx.access.store.state;
    const manager = holds(state, user.name, 'WRITE_USER', undefined, false);
    let users = ctx.body?.user;
    const secrets = ctx.body?.secret;
    // Anyone may remove their own expired tokens; others' need WRITE_USER (spec).
    if (!manager) {
      if (users === undefined && secrets === undefined) users = [user.name];
      const foreignUser = (users ?? []).some((u) => u !== user.name);
      const own = new Set(state.secrets.filter((s) => s.user === user.name).map((s) => s.alias));
      const foreignSecret = (secrets ?? []).some((s) => !own.has(s));
      if (foreignUser || foreignSecret) {
        throw new ForbiddenError(
          `deleteExpiredTokens: user "${user.name}" may remove only its own tokens; others' need WRITE_USER`,
        );
      }
    }
    const removed = await ctx.access.store.removeExpiredTokens(nowSeconds(), users, secrets);
    return { message: `Removed ${removed} expired token(s).`, results: { removed } };
  },
};
