// Connection profiles: where the server is and who we are. The URL is the GSQL server's base
// (port 14240 by default); REST++ is reached under /restpp there (4.x) or on its own port (3.x).

export type PathForm = 'v4' | 'v3';

export interface ConnectionProfile {
  /** Base URL of the GSQL server, e.g. http://127.0.0.1:14240. */
  readonly url: string;
  /** Base URL of the 3.x REST++ server; default: the same host on port 9000. */
  readonly restppUrl?: string;
  /** Graph used when an operation's graph is not given. */
  readonly graph?: string;
  readonly username?: string;
  readonly password?: string;
  /** A REST++ token (or a JWT), sent as a bearer token. */
  readonly token?: string;
  /** A secret to obtain REST++ tokens with, on demand. */
  readonly secret?: string;
  /** Lifetime requested for tokens obtained on demand, in seconds (default 30 days). */
  readonly tokenLifetime?: number;
  /** Force a path form instead of detecting it from GET /restpp/version. */
  readonly pathForm?: PathForm | 'auto';
}

export const defaultTokenLifetime = 2_592_000;

/** The URL without a trailing slash, checked to be http(s). */
export function normaliseBaseUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new TypeError(`connection URL must be http or https: ${url}`);
  }
  return parsed.origin + parsed.pathname.replace(/\/+$/, '');
}

/** The 3.x REST++ base: explicit, or the GSQL host on port 9000. */
export function legacyRestppUrl(profile: ConnectionProfile): string {
  if (profile.restppUrl !== undefined) return normaliseBaseUrl(profile.restppUrl);
  const parsed = new URL(profile.url);
  parsed.port = '9000';
  return parsed.origin;
}
