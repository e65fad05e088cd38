// The notebook's guard: the server listens on 127.0.0.1 only; the random token printed in the URL
// is exchanged once for an HttpOnly SameSite=Strict session cookie (so the token leaves the
// address bar and never reaches scripts); every request must carry the cookie, name this server
// in Host (against DNS rebinding) and, when it has an Origin (every fetch and WebSocket does),
// come from this server's own origin. Every answer carries a strict Content-Security-Policy.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const cookieName = 'gwb_notebook';

/** monaco injects style elements and loads its worker from our origin; nothing else is allowed. */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');

export function securityHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', contentSecurityPolicy);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}

function equalSecrets(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function cookieValue(req: IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === cookieName) return rest.join('=');
  }
  return undefined;
}

export class Guard {
  /** The secret in the printed URL. */
  readonly token = randomBytes(24).toString('base64url');
  /** The cookie's value: a separate secret, so the URL token is single-purpose. */
  private readonly session = randomBytes(24).toString('base64url');
  private port = 0;

  listeningOn(port: number): void {
    this.port = port;
  }

  private hosts(): string[] {
    return [`127.0.0.1:${this.port}`, `localhost:${this.port}`];
  }

  /** Host names this server: refuses DNS-rebinding pages that reach 127.0.0.1 by another name. */
  hostAllowed(req: IncomingMessage): boolean {
    return this.hosts().includes(req.headers.host ?? '');
  }

  /** No Origin (plain navigation) or exactly ours. */
  originAllowed(req: IncomingMessage): boolean {
    const origin = req.headers.origin;
    if (origin === undefined) return req.method === 'GET' || req.method === 'HEAD';
    return this.hosts().some((h) => origin === `http://${h}`);
  }

  hasSession(req: IncomingMessage): boolean {
    const value = cookieValue(req);
    return value !== undefined && equalSecrets(value, this.session);
  }

  /** Whether the printed URL's token was exchanged for a session already. */
  private redeemed = false;

  tokenMatches(token: string | null): boolean {
    return token !== null && equalSecrets(token, this.token);
  }

  /**
   * Exchanges the URL's token for a session, once: the printed link opens the notebook in one
   * browser, and a copy of it (history, a shared screen, a log) opens nothing afterwards.
   * Answers 'ok', 'spent' (right token, already used) or 'wrong'.
   */
  redeem(token: string): 'ok' | 'spent' | 'wrong' {
    if (!this.tokenMatches(token)) return 'wrong';
    if (this.redeemed) return 'spent';
    this.redeemed = true;
    return 'ok';
  }

  /** The Set-Cookie header that opens a session. */
  sessionCookie(): string {
    return `${cookieName}=${this.session}; HttpOnly; SameSite=Strict; Path=/`;
  }
}
