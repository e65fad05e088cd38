// pyTigerGraph's token session replayed against `gwb serve --restpp-auth`: the recorded shapes of
// its requests (fixtures/pytigergraph-token-session.json) sent as they are on the wire, each
// answer checked for what the client reads from it (the secret in the shell's text, the token
// and REST-0000, REST-10016 for a refused token, REST-3300 for a token that is gone).
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGwbServe, type GwbServe } from '../../helpers/serve.js';
import { gsql, superuser } from './fixture.js';

interface Step {
  readonly name: string;
  readonly request: {
    readonly method: string;
    readonly path: string;
    readonly headers: Record<string, string>;
    readonly body?: string;
  };
  readonly expect: {
    readonly status: number;
    readonly json?: Record<string, unknown>;
    readonly textContains?: string;
    readonly textMatches?: string;
    readonly capture?: Record<string, string>;
  };
}

const session = JSON.parse(
  readFileSync(new URL('./fixtures/pytigergraph-token-session.json', import.meta.url), 'utf8'),
) as { graph: string; setup: string[]; steps: Step[] };

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`no value for {{${key}}} yet`);
    return value;
  });
}

function replay(server: GwbServe, step: Step, values: Record<string, string>) {
  const headers = Object.fromEntries(
    Object.entries(step.request.headers).map(([k, v]) => [k, fill(v, values)]),
  );
  const body = step.request.body === undefined ? undefined : fill(step.request.body, values);
  // As `requests` sends it: a body goes with its Content-Length.
  if (body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(body));
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      server.url + step.request.path,
      { method: step.request.method, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function at(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown>)?.[key], value);
}

describe("pyTigerGraph's token session, replayed", () => {
  let server: GwbServe;
  beforeAll(async () => {
    server = await startGwbServe({ args: ['--restpp-auth'] });
    const out = await gsql(server, superuser, session.setup.join('\n'));
    expect(out).toContain('__GSQL__RETURN__CODE__,0');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers every step the way the client reads it', async () => {
    const values: Record<string, string> = { basic: superuser };
    for (const step of session.steps) {
      const answer = await replay(server, step, values);
      const where = `${step.name}: ${answer.text.slice(0, 300)}`;
      expect(answer.status, where).toBe(step.expect.status);
      const json = step.expect.json ? (JSON.parse(answer.text) as unknown) : undefined;
      if (step.expect.json) expect(json, where).toMatchObject(step.expect.json);
      if (step.expect.textContains) expect(answer.text, where).toContain(step.expect.textContains);
      if (step.expect.textMatches) {
        expect(answer.text, where).toMatch(new RegExp(step.expect.textMatches));
      }
      for (const [name, how] of Object.entries(step.expect.capture ?? {})) {
        const captured =
          json !== undefined ? at(json, how) : new RegExp(how).exec(answer.text)?.[1];
        expect(typeof captured, `${step.name}: capture ${name}`).toBe('string');
        values[name] = captured as string;
      }
    }
  });
});
