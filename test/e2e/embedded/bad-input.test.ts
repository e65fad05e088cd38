// Bad input never crashes the service or changes its state: every served operation that takes
// input gets malformed JSON, wrong-typed bodies and nonsense parameters over raw HTTP (the client
// would refuse to send them), must answer 4xx (or 501 when not served yet), and afterwards the
// schema and data are exactly as before.
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphClient } from '../../../src/core/client/index.js';
import { operations, type Operation } from '../../../src/core/ops/index.js';
import { startGwbServe, type GwbServe } from '../../helpers/serve.js';
import { gsqlOk } from '../target.js';

let serve: GwbServe;
let client: GraphClient;
const auth = `Basic ${Buffer.from('tigergraph:tigergraph').toString('base64')}`;

beforeAll(async () => {
  serve = await startGwbServe();
  client = new GraphClient({
    url: serve.url,
    graph: 'g',
    username: 'tigergraph',
    password: 'tigergraph',
  });
  await gsqlOk(
    client,
    `CREATE VERTEX p (PRIMARY_ID id STRING, n INT)
CREATE DIRECTED EDGE e (FROM p, TO p, w DOUBLE)
CREATE GRAPH g (p, e)`,
  );
  await client.upsert({
    vertices: { p: { a: { n: 1 }, b: { n: 2 } } },
    edges: { p: { a: { e: { p: { b: { w: 1 } } } } } },
  });
}, 60_000);

afterAll(async () => {
  await client.close();
  await serve.stop();
});

/** Everything observable about the state: schema version and text, counts, a full listing. */
async function digest(): Promise<string> {
  const [schema, vertices, edges, ls] = await Promise.all([
    client.getSchema(),
    client.getVertices('p'),
    client.getEdges({ type: 'p', id: 'a' }),
    client.gsql('USE GRAPH g\nLS'),
  ]);
  return JSON.stringify({ schema, vertices, edges, ls: ls.output });
}

// Operations whose parameters take any text, so "nonsense" is a valid request answered with
// nothing found: the running-query list of the graph, and abort by request id (none matches).
const anyText = new Set(['showProcessList', 'abortQuery']);

const served = (op: Operation) =>
  op.service !== 'cloud' &&
  !op.legacyOnly &&
  (op.pathParamNames.length > 0 ||
    op.body !== undefined ||
    Object.keys((op.query as { shape?: object }).shape ?? {}).length > 0);

function url(op: Operation, junk: string, query: string): string {
  const path = op.path.replace(/\{[A-Za-z_][A-Za-z0-9_]*\}/g, (p) =>
    p === '{graph_name}' ? 'g' : junk,
  );
  return `${serve.url}${path}${query}`;
}

async function send(op: Operation, target: string, body?: string, type = 'application/json') {
  const response = await request(target, {
    method: op.method,
    headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': type }) },
    body,
  });
  const text = await response.body.text();
  return { status: response.statusCode, text };
}

describe('bad input', () => {
  it('gets a 4xx (or 501) from every operation and changes nothing', async () => {
    const before = await digest();
    const failures: string[] = [];
    const check = (op: Operation, what: string, status: number, text: string) => {
      // The GSQL shell channel answers 200 with the shell's text; failure is its return code.
      if (op.unwrap === 'text' && status === 200) {
        if (!text.includes('__GSQL__RETURN__CODE__,1'))
          failures.push(`${op.name} (${what}): return code not 1`);
        return;
      }
      const fine = (status >= 400 && status < 500) || status === 501;
      if (!fine) failures.push(`${op.name} (${what}): HTTP ${status} ${text.slice(0, 160)}`);
      else if (!/"message"\s*:\s*"[^"]+/.test(text))
        failures.push(`${op.name} (${what}): no message in ${text.slice(0, 120)}`);
    };
    for (const op of operations.filter(served)) {
      const shape = Object.keys((op.query as { shape?: object }).shape ?? {});
      const nonsense =
        shape.length > 0 ? `?${shape.map((k) => `${k}=%7B%7Bnot-a-${k}`).join('&')}` : '?';
      const attempts: [string, string, string | undefined, string?][] = [];
      if (!anyText.has(op.name)) {
        const body = op.body === undefined ? undefined : '{}';
        attempts.push(['nonsense parameters', url(op, 'no_such_thing', nonsense), body]);
      }
      if (op.body !== undefined && op.bodyKind === 'json') {
        attempts.push(
          ['malformed JSON', url(op, 'no_such_thing', ''), '{"a": [1, 2'],
          ['wrong JSON type', url(op, 'no_such_thing', ''), '[[["deep"]], 42]'],
        );
      }
      if (op.bodyKind === 'text' && op.body !== undefined) {
        attempts.push([
          'nonsense text',
          url(op, 'no_such_thing', ''),
          'DROP ALL +++ }{',
          'text/plain',
        ]);
      }
      for (const [what, target, body, type] of attempts) {
        const { status, text } = await send(op, target, body, type);
        check(op, what, status, text);
      }
    }
    expect(failures).toEqual([]);
    expect(await digest()).toBe(before);
    expect((await request(`${serve.url}/api/ping`)).statusCode).toBe(200);
  }, 120_000);
});
