// Every catalogue operation against a real `gwb serve --restpp-auth`, with each kind of
// credential: none, a wrong password, an expired token, a revoked token, a user of each built-in
// role, a user with a grant on another graph only, and a queryreader's token. Without valid
// credentials the answer is 401 (REST-10016 on REST++, GWB-UNAUTHORIZED with a Basic challenge on
// the GSQL server); with them, 403 GWB-FORBIDDEN exactly when the role lacks the operation's
// privilege on the graph the request names, and the operation's own answer otherwise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Operation } from '../../../src/core/ops/index.js';
import { catalogue, operations } from '../../../src/core/ops/index.js';
import {
  allowed,
  basic,
  mapLimited,
  passwordOf,
  roles,
  send,
  startAccessFixture,
  stranger,
  userOf,
  type AccessFixture,
} from './fixture.js';

/** Open endpoints (spec: ping and the OpenMetrics endpoint need no privileges). */
const open = new Set<Operation>([catalogue.ping, catalogue.getMetrics, catalogue.postMetrics]);
/** Token endpoints authenticate by their body; token.test.ts covers them. */
const tokenOps = new Set<Operation>([
  catalogue.requestToken,
  catalogue.deleteToken,
  catalogue.refreshToken,
]);

interface Probe {
  readonly op: Operation;
  readonly method: string;
  readonly path: string;
  readonly body: string | undefined;
  /** The graph the request names, if any. */
  readonly graph: string | undefined;
}

function queryKeys(op: Operation): string[] {
  const schema = op.query as unknown as { shape?: Record<string, unknown> };
  return schema.shape ? Object.keys(schema.shape) : [];
}

/** A request reaching the operation (its variant selected), with dummy values. */
function probe(op: Operation): Probe {
  // 3.x-only operations: their legacy path (REST++ ones under /restpp on the GSQL port).
  const legacyRestpp = (op.legacyService ?? op.service) === 'restpp' ? '/restpp' : '';
  const template = op.legacyOnly === true ? `${legacyRestpp}${op.legacyPath ?? ''}` : op.path;
  let graph: string | undefined;
  let path = template.replace(/\{([A-Za-z_]\w*)\}/g, (_m, name: string) => {
    if (name === 'graph_name' || name === 'graph') {
      graph = 'g';
      return 'g';
    }
    return 'x';
  });
  const query: string[] = [];
  if (queryKeys(op).includes('graph')) {
    graph = 'g';
    query.push('graph=g');
  }
  if (op.variant?.query !== undefined) query.push(`${op.variant.query}=true`);
  if (query.length > 0) path += (path.includes('?') ? '&' : '?') + query.join('&');
  let body: string | undefined;
  if (op.variant?.noBody !== true && op.body !== undefined) {
    if (op.variant?.body !== undefined) body = JSON.stringify({ [op.variant.body]: [] });
    else body = op.bodyKind === 'json' ? '{}' : 'x';
  }
  return {
    op,
    method: op.legacyOnly === true ? (op.legacyMethod ?? op.method) : op.method,
    path,
    body,
    graph,
  };
}

const probes = operations.filter((op) => op.service !== 'cloud' && !tokenOps.has(op)).map(probe);

function isRestpp(op: Operation): boolean {
  return op.service === 'restpp';
}

type Want = 401 | 403 | 'answer';

/** Mismatches of one credential over every operation (empty when all is as the privilege says). */
async function run(
  fixture: AccessFixture,
  kind: string,
  authorization: string | undefined,
  want: (p: Probe) => Want,
): Promise<string[]> {
  const seen = await mapLimited(probes, 8, async (p) => {
    const answer = await send(fixture.server, p.method, p.path, { authorization, body: p.body });
    const expected = want(p);
    const label = `${kind}: ${p.op.name} ${p.method} ${p.path} -> ${answer.status}`;
    if (expected === 'answer') {
      return answer.status === 401 || answer.status === 403 ? `${label}, want its own answer` : '';
    }
    if (answer.status !== expected)
      return `${label}, want ${expected}: ${answer.text.slice(0, 160)}`;
    const code = answer.json?.code;
    // A refused token is REST-10016 everywhere; refused Basic credentials only on REST++.
    const viaToken = authorization?.startsWith('Bearer ') === true;
    const wantCode =
      expected === 403
        ? 'GWB-FORBIDDEN'
        : viaToken || isRestpp(p.op)
          ? 'REST-10016'
          : 'GWB-UNAUTHORIZED';
    if (code !== wantCode) return `${label}: code ${String(code)}, want ${wantCode}`;
    if (answer.json?.error !== true) return `${label}: error is not true`;
    return '';
  });
  return seen.filter((line) => line !== '');
}

describe('every catalogue operation, by credential', () => {
  let fixture: AccessFixture;
  beforeAll(async () => {
    fixture = await startAccessFixture();
  }, 120_000);
  afterAll(async () => {
    await fixture?.stop();
  });

  const refused = (p: Probe): Want => (open.has(p.op) ? 'answer' : 401);

  it('covers the served operations', () => {
    expect(probes.length).toBeGreaterThan(100);
  });

  it('no credentials: 401', async () => {
    expect(await run(fixture, 'none', undefined, refused)).toEqual([]);
  });

  it('a wrong password: 401', async () => {
    expect(await run(fixture, 'wrong password', basic(userOf('admin'), 'nope'), refused)).toEqual(
      [],
    );
  });

  it('an expired token: 401', async () => {
    expect(await run(fixture, 'expired', `Bearer ${fixture.expiredToken}`, refused)).toEqual([]);
  });

  it('a revoked token: 401', async () => {
    expect(await run(fixture, 'revoked', `Bearer ${fixture.revokedToken}`, refused)).toEqual([]);
  });

  const byPrivilege =
    (user: string) =>
    (p: Probe): Want => {
      if (open.has(p.op) || p.op.privilege === undefined) return 'answer';
      return allowed(fixture, user, p.op.privilege, p.graph, p.op.readOnly) ? 'answer' : 403;
    };

  for (const role of roles) {
    it(`a ${role}: 403 exactly where the role lacks the privilege`, async () => {
      const user = userOf(role);
      const authorization = basic(user, passwordOf(role));
      expect(await run(fixture, role, authorization, byPrivilege(user))).toEqual([]);
    });
  }

  it('a designer of another graph: 403 on graph g, reads naming no graph allowed', async () => {
    const authorization = basic(stranger, passwordOf(stranger));
    expect(await run(fixture, stranger, authorization, byPrivilege(stranger))).toEqual([]);
  });

  it('refuses something to every role but the superuser (the matrix is not vacuous)', () => {
    for (const role of roles) {
      const refusals = probes.filter((p) => byPrivilege(userOf(role))(p) === 403).length;
      if (role === 'superuser') expect(refusals).toBe(0);
      else expect(refusals).toBeGreaterThan(0);
    }
    const observer = probes.filter((p) => byPrivilege(userOf('observer'))(p) === 403).length;
    const admin = probes.filter((p) => byPrivilege(userOf('admin'))(p) === 403).length;
    expect(observer).toBeGreaterThan(admin);
  });

  it("a queryreader's token for graph g: the same as its credentials", async () => {
    const user = userOf('queryreader');
    const issued = await send(fixture.server, 'POST', '/gsql/v1/tokens', {
      authorization: basic(user, passwordOf('queryreader')),
      body: JSON.stringify({ graph: 'g' }),
    });
    const token = (issued.json?.results as { token?: string } | undefined)?.token;
    expect(typeof token).toBe('string');
    expect(await run(fixture, 'queryreader token', `Bearer ${token}`, byPrivilege(user))).toEqual(
      [],
    );
  });
});
