// One `gwb serve --restpp-auth` with the access-control fixture the matrices share: graphs g and
// h, a user per built-in role (superuser and globaldesigner globally, the local roles on g), a
// `stranger` with designer on h only, and credentials of every kind: none, a wrong password, an
// expired token, a revoked token. What each role may do is read from the server's own role
// endpoint, so the matrices check enforcement against the declared privileges.
import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { startGwbServe, type GwbServe } from '../../helpers/serve.js';

export const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
export const superuser = basic('tigergraph', 'tigergraph');

export const globalRoles = ['superuser', 'globaldesigner'] as const;
export const localRoles = ['admin', 'designer', 'querywriter', 'queryreader', 'observer'] as const;
export const roles = [...globalRoles, ...localRoles] as const;
export type RoleName = (typeof roles)[number];

export interface Grant {
  /** The role's privileges as GET /gsql/v1/roles/{role} declares them. */
  readonly privileges: ReadonlySet<string>;
  /** Where the role is granted: `global`, or a graph. */
  readonly on: string;
}

export interface AccessFixture {
  readonly server: GwbServe;
  /** Role users: name -> password; each is named after its role (`u_admin`). */
  readonly grants: ReadonlyMap<string, Grant>;
  readonly globalOnly: ReadonlySet<string>;
  readonly expiredToken: string;
  readonly revokedToken: string;
  readonly secret: string;
  stop(): Promise<void>;
}

export interface Answer {
  readonly status: number;
  readonly text: string;
  readonly json: Record<string, unknown> | undefined;
}

/** One request with node:http (fetch refuses a body on GET, which some operations take). */
export function send(
  server: GwbServe,
  method: string,
  path: string,
  options: { authorization?: string; body?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  if (options.body !== undefined)
    headers['content-length'] = String(Buffer.byteLength(options.body));
  return new Promise((resolve, reject) => {
    const req = request(server.url + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: Record<string, unknown> | undefined;
        try {
          json = JSON.parse(text) as Record<string, unknown>;
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, text, json });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Runs GSQL statements as a user; answers the shell's text. */
export async function gsql(server: GwbServe, authorization: string, script: string) {
  const answer = await send(server, 'POST', '/gsql/v1/statements', { authorization, body: script });
  return answer.text;
}

export const userOf = (role: string) => `u_${role}`;
export const passwordOf = (role: string) => `pw-${role}`;
export const stranger = 'stranger';

async function tokenFromSecret(server: GwbServe, secret: string, lifetime: number) {
  const answer = await send(server, 'POST', '/gsql/v1/tokens', {
    body: JSON.stringify({ secret, lifetime }),
  });
  const token = answer.json?.token;
  if (typeof token !== 'string') throw new Error(`no token: ${answer.text}`);
  return token;
}

export async function startAccessFixture(): Promise<AccessFixture> {
  // Wrong passwords are part of the matrix: the login throttle is set out of its way.
  const server = await startGwbServe({ args: ['--restpp-auth', '--login-attempts', '1000000'] });
  const lines = [
    'CREATE VERTEX P (PRIMARY_ID id STRING)',
    'CREATE GRAPH g(P)',
    'CREATE GRAPH h(P)',
    `CREATE USER ${stranger} WITH PASSWORD "${passwordOf(stranger)}"`,
    `GRANT ROLE designer ON GRAPH h TO ${stranger}`,
  ];
  for (const role of roles) {
    lines.push(`CREATE USER ${userOf(role)} WITH PASSWORD "${passwordOf(role)}"`);
    const on = (globalRoles as readonly string[]).includes(role) ? 'GLOBAL' : 'GRAPH g';
    lines.push(`GRANT ROLE ${role} ON ${on} TO ${userOf(role)}`);
  }
  lines.push('CREATE SECRET matrix');
  const setup = await gsql(server, superuser, lines.join('\n'));
  const secret = /The secret: (\S+) /.exec(setup)?.[1];
  if (!secret || !setup.endsWith('__GSQL__RETURN__CODE__,0\n')) {
    throw new Error(`fixture setup failed:\n${setup}`);
  }

  const grants = new Map<string, Grant>();
  const declared = async (role: string) => {
    const answer = await send(server, 'GET', `/gsql/v1/roles/${role}`, {
      authorization: superuser,
    });
    const results = answer.json?.results as
      { rolePrivileges: Record<string, { privileges: string[] }> } | undefined;
    return new Set(Object.values(results?.rolePrivileges ?? {}).flatMap((p) => p.privileges));
  };
  for (const role of roles) {
    const on = (globalRoles as readonly string[]).includes(role) ? 'global' : 'g';
    grants.set(userOf(role), { privileges: await declared(role), on });
  }
  grants.set(stranger, { privileges: await declared('designer'), on: 'h' });
  const listed = await send(server, 'GET', '/gsql/v1/privileges', { authorization: superuser });
  const globalOnly = new Set(
    (listed.json?.results as { privilegeType: string; privilege: string }[])
      .filter((p) => p.privilegeType === 'GLOBAL')
      .map((p) => p.privilege),
  );

  const expiredToken = await tokenFromSecret(server, secret, 1);
  const revokedToken = await tokenFromSecret(server, secret, 3600);
  const deleted = await send(server, 'DELETE', '/gsql/v1/tokens', {
    body: JSON.stringify({ secret, token: revokedToken }),
  });
  if (deleted.status !== 200) throw new Error(`cannot revoke: ${deleted.text}`);
  // Let the one-second token run out (a wait, not a timing assertion).
  await sleep(1500);
  return {
    server,
    grants,
    globalOnly,
    expiredToken,
    revokedToken,
    secret,
    stop: () => server.stop().then(() => undefined),
  };
}

/**
 * Whether the user may use `privilege` for a request on `graph` (undefined: naming none): a
 * global grant holds everywhere, a graph grant on its graph; a read naming no graph is allowed by
 * a grant on any graph unless the privilege is a global one.
 */
export function allowed(
  fixture: AccessFixture,
  user: string,
  privilege: string,
  graph: string | undefined,
  read: boolean,
): boolean {
  const grant = fixture.grants.get(user);
  if (!grant?.privileges.has(privilege)) return false;
  if (grant.on === 'global') return true;
  if (fixture.globalOnly.has(privilege)) return false;
  if (graph !== undefined) return grant.on === graph;
  return read;
}

/** Runs `work` over `items` with at most `limit` at once, in order of the results. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
