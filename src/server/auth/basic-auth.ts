// Basic-auth verification with a cache: a scrypt check costs tens of milliseconds, so verified
// Authorization headers are remembered (keyed by a hash of the header, never the header itself)
// and concurrent first requests share one check. Any change of users or passwords empties the
// cache. Failed checks are throttled per user and per client address (throttle.ts); a cached
// header is good without a check, so throttling never locks out a client already logged in.
import { createHash } from 'node:crypto';
import type { AccessStore } from './access-store.js';
import { isSuperuser } from './access-state.js';
import { LoginThrottledError } from './errors.js';
import { LoginThrottle } from './throttle.js';
import type { AuthenticatedUser } from './types.js';

const maxEntries = 1024;

export interface Credentials {
  readonly username: string;
  readonly password: string;
}

/** The username and password of a `Basic` Authorization header, or undefined if not Basic. */
export function parseBasic(header: string | undefined): Credentials | undefined {
  const match = header === undefined ? null : /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export class BasicAuthenticator {
  private readonly cache = new Map<string, AuthenticatedUser>();
  private readonly pending = new Map<string, Promise<AuthenticatedUser | undefined>>();
  /** Scrypt verifications run (tests read it to see the cache work). */
  verifications = 0;
  /** Bumped on every password change: a check started before it must not fill the cache. */
  private generation = 0;

  constructor(
    private readonly store: AccessStore,
    readonly throttle: LoginThrottle = new LoginThrottle(),
  ) {
    store.onChange(() => this.clear());
  }

  clear(): void {
    this.generation += 1;
    this.cache.clear();
    this.pending.clear();
  }

  /**
   * The user for a Basic Authorization header, or undefined when it does not verify; throws
   * LoginThrottledError while the user or the address must wait after failed attempts.
   */
  async authenticate(header: string, address = ''): Promise<AuthenticatedUser | undefined> {
    const key = createHash('sha256').update(header).digest('base64');
    const hit = this.cache.get(key);
    if (hit) return hit;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const name = parseBasic(header)?.username ?? '';
    const wait = this.throttle.waitSeconds(name, address);
    if (wait > 0) throw new LoginThrottledError(wait, `user "${name}" or address ${address}`);
    const check = this.check(header, key).then((user) => {
      if (user) this.throttle.succeeded(name, address);
      else this.throttle.failed(name, address);
      return user;
    });
    this.pending.set(key, check);
    try {
      return await check;
    } finally {
      this.pending.delete(key);
    }
  }

  private async check(header: string, key: string): Promise<AuthenticatedUser | undefined> {
    const credentials = parseBasic(header);
    if (!credentials) return undefined;
    const generation = this.generation;
    this.verifications += 1;
    const stored = await this.store.verify(credentials.username, credentials.password);
    if (!stored) return undefined;
    const user: AuthenticatedUser = {
      name: stored.name,
      superuser: isSuperuser(this.store.state, stored.name),
      via: 'basic',
    };
    if (generation !== this.generation) return user;
    if (this.cache.size >= maxEntries) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(key, user);
    return user;
  }
}
