// Failed-login throttling (the real service's login protection): failures are counted per user
// name and per client address; past a number of free attempts each further failure doubles the
// wait before the next attempt is even checked, up to a ceiling. A success clears the user's and
// the address's count. Waiting is refused early (no password check), so guessing costs the guesser.

export interface ThrottleOptions {
  /** Failures allowed per user before the waits start; an address gets four times as many. */
  readonly freeAttempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export const defaultThrottle: ThrottleOptions = {
  freeAttempts: 5,
  baseDelayMs: 5_000,
  maxDelayMs: 10 * 60_000,
};

interface Entry {
  failures: number;
  blockedUntil: number;
}

const maxKeys = 10_000;

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly options: ThrottleOptions = defaultThrottle,
    private readonly now: () => number = Date.now,
  ) {}

  private free(key: string): number {
    return key.startsWith('a:') ? this.options.freeAttempts * 4 : this.options.freeAttempts;
  }

  /** Seconds to wait before `user` from `address` may try again; 0 when it may now. */
  waitSeconds(user: string, address: string): number {
    const now = this.now();
    let until = 0;
    for (const key of [`u:${user}`, `a:${address}`]) {
      until = Math.max(until, this.entries.get(key)?.blockedUntil ?? 0);
    }
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  failed(user: string, address: string): void {
    const now = this.now();
    for (const key of [`u:${user}`, `a:${address}`]) {
      const entry = this.entries.get(key) ?? { failures: 0, blockedUntil: 0 };
      entry.failures += 1;
      const over = entry.failures - this.free(key);
      if (over > 0) {
        const delay = Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** (over - 1));
        entry.blockedUntil = now + delay;
      }
      this.entries.delete(key);
      this.entries.set(key, entry);
      if (this.entries.size > maxKeys) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
  }

  succeeded(user: string, address: string): void {
    this.entries.delete(`u:${user}`);
    this.entries.delete(`a:${address}`);
  }
}
