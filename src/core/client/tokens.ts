// REST++ tokens obtained on demand (from a secret, or from credentials and a graph) and renewed
// before they expire, so long sessions never see an expired-token error.

export interface IssuedToken {
  readonly token: string;
  /** Expiry in epoch milliseconds. */
  readonly expiresAt: number;
}

/** Renew when less than this share of the lifetime, or this many ms, is left. */
const renewShare = 0.1;
const renewMinMs = 60_000;

export class TokenManager {
  private issued: IssuedToken | undefined;
  private issuedAt = 0;
  private pending: Promise<IssuedToken> | undefined;

  constructor(
    private readonly issue: () => Promise<IssuedToken>,
    private readonly now: () => number = Date.now,
  ) {}

  /** A token valid for a while yet, requesting a new one when none is held or it is expiring. */
  async get(): Promise<string> {
    const held = this.issued;
    if (held && !this.expiring(held)) return held.token;
    this.pending ??= this.issue().finally(() => {
      this.pending = undefined;
    });
    const fresh = await this.pending;
    this.issued = fresh;
    this.issuedAt = this.now();
    return fresh.token;
  }

  /** Forget the held token (the server refused it). */
  invalidate(): void {
    this.issued = undefined;
  }

  private expiring(token: IssuedToken): boolean {
    const lifetime = token.expiresAt - this.issuedAt;
    const margin = Math.max(renewMinMs, lifetime * renewShare);
    return this.now() >= token.expiresAt - margin;
  }
}

/** Reads a token answer of either form (3.x top-level, 4.x inside `results`). */
export function readTokenAnswer(
  body: unknown,
  lifetimeSeconds: number,
  now: number,
): IssuedToken | undefined {
  const top = (body ?? {}) as Record<string, unknown>;
  const inner = (top.results ?? {}) as Record<string, unknown>;
  const token = typeof top.token === 'string' ? top.token : inner.token;
  if (typeof token !== 'string' || token === '') return undefined;
  const expiresAt =
    parseExpiration(top.expiration ?? inner.expiration) ?? now + lifetimeSeconds * 1000;
  return { token, expiresAt };
}

/** Epoch seconds (number or text), or a date-time text (4.0 answers in local time). */
function parseExpiration(value: unknown): number | undefined {
  if (typeof value === 'number' || typeof value === 'bigint') return Number(value) * 1000;
  if (typeof value !== 'string' || value === '') return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const parsed = Date.parse(value.replace(' ', 'T'));
  return Number.isNaN(parsed) ? undefined : parsed;
}
