// DNS-rebinding defence: a page on an attacker's domain that re-resolves to 127.0.0.1 still sends
// its own name in Host, so requests are answered only when Host names this listener. Bound to a
// loopback address, the loopback names (localhost, 127.0.0.1, [::1]) are all accepted; bound to
// all interfaces (0.0.0.0, ::), any IP literal and the machine's own name are, since those cannot
// be an attacker's domain; otherwise only the bound host. The port must match in every case.
import { hostname } from 'node:os';
import { isIP } from 'node:net';
import { ForbiddenError } from './errors.js';

const loopbackNames = new Set(['localhost', '127.0.0.1', '::1']);

export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return loopbackNames.has(bare) || /^127\.\d+\.\d+\.\d+$/.test(bare);
}

function isWildcard(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]';
}

/** Splits a Host header into name and port (port undefined when absent). */
function parseHost(header: string): { name: string; port: number | undefined } | undefined {
  const match = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(header.trim());
  if (!match?.[1]) return undefined;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  return { name: match[1].replace(/^\[|\]$/g, '').toLowerCase(), port };
}

/** Throws 403 unless the Host header names this listener (bound host and port). */
export function checkHost(header: string | undefined, boundHost: string, port: number): void {
  const host = header === undefined ? undefined : parseHost(header);
  const refuse = () =>
    new ForbiddenError(
      `Host "${header ?? ''}" is not this server's address; requests must name ${boundHost}:${port}`,
    );
  if (!host) throw refuse();
  if ((host.port ?? 80) !== port) throw refuse();
  const bound = boundHost.replace(/^\[|\]$/g, '').toLowerCase();
  if (host.name === bound) return;
  if (isLoopback(bound) && isLoopback(host.name)) return;
  if (isWildcard(boundHost) && (isIP(host.name) !== 0 || host.name === hostname().toLowerCase())) {
    return;
  }
  if (isWildcard(boundHost) && host.name === 'localhost') return;
  throw refuse();
}

/**
 * Cross-site request defence: Host is legitimate when a page elsewhere makes the browser send a
 * "simple" request (a form POST of text/plain JSON to an open REST++ endpoint) to this server. The
 * workbench's own clients are not browsers, so browser requests must come from this origin:
 * an Origin header must name this listener, and Sec-Fetch-Site must be same-origin or none (the
 * user typed the address).
 */
export function checkBrowserOrigin(
  origin: string | undefined,
  fetchSite: string | undefined,
  boundHost: string,
  port: number,
): void {
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    throw new ForbiddenError(
      `cross-site browser requests are refused (Sec-Fetch-Site: ${fetchSite})`,
    );
  }
  if (origin === undefined) return;
  let host: string;
  try {
    const url = new URL(origin);
    host = url.port === '' ? `${url.hostname}:${url.protocol === 'https:' ? 443 : 80}` : url.host;
  } catch {
    throw new ForbiddenError(`requests from origin "${origin}" are refused`);
  }
  try {
    checkHost(host, boundHost, port);
  } catch {
    throw new ForbiddenError(`requests from origin "${origin}" are refused`);
  }
}
