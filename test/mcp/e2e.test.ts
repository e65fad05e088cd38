// The real thing: `gwb mcp` as a child process (dist/cli.js) against a real `gwb serve` child with
// the small "social" graph, reached by the SDK Client over stdio and over Streamable HTTP; and the
// HTTP listener's guards (Host, Origin, bearer token, methods) probed with raw requests.
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gwbPath, repoRoot } from '../helpers/gwb.js';
import { ensureFreshBuild } from '../helpers/serve.js';
import { callTool, startFixture, textOf, type Fixture } from './fixture.js';

let fixture: Fixture;

function childEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('GWB_') && value !== undefined) env[key] = value;
  }
  return { ...env, ...extra };
}

beforeAll(async () => {
  ensureFreshBuild();
  fixture = await startFixture();
});
afterAll(async () => {
  await fixture?.close();
});

describe('gwb mcp on stdio', () => {
  it('lists the read-only tools and answers with the graph', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [gwbPath, 'mcp', '--url', fixture.serve.url, '--graph', 'social'],
      cwd: repoRoot,
      env: childEnv(),
      stderr: 'pipe',
    });
    const mcp = new Client({ name: 'gwb-e2e', version: '0.0.0' });
    await mcp.connect(transport);
    try {
      const { tools } = await mcp.listTools();
      expect(tools.map((t) => t.name)).toContain('interpret_query');
      expect(tools.map((t) => t.name)).not.toContain('upsert_data');
      const counts = await callTool(mcp, 'count_vertices', { vertexType: 'Person' });
      expect(counts.structuredContent).toEqual({ counts: [{ type: 'Person', count: 5 }] });
      const refused = await callTool(mcp, 'interpret_query', {
        query: 'INTERPRET QUERY () { S = {Person.*}; T = SELECT s FROM S:s POST-ACCUM s.age = 0; }',
      });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain('Refused');
      const resources = await mcp.listResources();
      expect(resources.resources.map((r) => r.uri)).toContain('gwb://graph/social/schema');
      const schema = await mcp.readResource({ uri: 'gwb://graph/social/schema' });
      expect(JSON.stringify(schema.contents)).toContain('Person');
      const prompts = await mcp.listPrompts();
      expect(prompts.prompts.map((p) => p.name)).toEqual(['explore-graph', 'write-gsql-query']);
      const prompt = await mcp.getPrompt({
        name: 'write-gsql-query',
        arguments: { question: 'who knows whom?' },
      });
      expect(JSON.stringify(prompt.messages)).toContain('lives_in');
    } finally {
      await mcp.close();
    }
  });
});

describe('gwb mcp with no --url', () => {
  it('finds the gwb serve that owns the data folder', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [gwbPath, 'mcp', '--data', fixture.serve.dir],
      cwd: repoRoot,
      env: childEnv(),
      stderr: 'pipe',
    });
    const mcp = new Client({ name: 'gwb-e2e-default', version: '0.0.0' });
    await mcp.connect(transport);
    try {
      // One graph on the server: tools use it without being told.
      const summary = await callTool(mcp, 'get_schema', {});
      expect(summary.structuredContent).toMatchObject({ graph: 'social' });
    } finally {
      await mcp.close();
    }
  });
});

interface HttpChild {
  readonly child: ChildProcess;
  readonly url: string;
  readonly token: string | undefined;
  stop(): Promise<void>;
}

async function startHttpChild(extraEnv: Record<string, string> = {}): Promise<HttpChild> {
  const child = spawn(
    process.execPath,
    [gwbPath, 'mcp', '--http', '0', '--url', fixture.serve.url, '--graph', 'social'],
    { cwd: repoRoot, env: childEnv(extraEnv), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  const ready = new Promise<{ url: string; token: string | undefined }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`gwb mcp did not start: ${stderr}`)), 15_000);
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const url = /Streamable HTTP on (\S+)/.exec(stderr)?.[1];
      const token = /bearer token: (\S+)/.exec(stderr)?.[1];
      const noAuth = stderr.includes('no authentication');
      if (url !== undefined && (token !== undefined || noAuth)) {
        clearTimeout(timer);
        resolve({ url, token });
      }
    });
    child.once('exit', () => reject(new Error(`gwb mcp exited: ${stderr}`)));
  });
  const { url, token } = await ready;
  return {
    child,
    url,
    token,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A raw request, so that Host and Origin can be anything. */
function raw(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'raw', version: '0' },
  },
});
const post = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('gwb mcp --http', () => {
  let http: HttpChild;
  beforeAll(async () => {
    http = await startHttpChild();
  });
  afterAll(async () => {
    await http?.stop();
  });

  it('serves the tools to a client with the bearer token', async () => {
    expect(http.token).toBeDefined();
    const transport = new StreamableHTTPClientTransport(new URL(http.url), {
      requestInit: { headers: { authorization: `Bearer ${http.token ?? ''}` } },
    });
    const mcp = new Client({ name: 'gwb-e2e-http', version: '0.0.0' });
    await mcp.connect(transport);
    try {
      const { tools } = await mcp.listTools();
      expect(tools.map((t) => t.name)).toContain('get_schema');
      const edges = await callTool(mcp, 'count_edges', {});
      expect(edges.structuredContent).toEqual({
        counts: [
          { type: 'knows', count: 3 },
          { type: 'lives_in', count: 2 },
        ],
      });
    } finally {
      await mcp.close();
    }
  });

  it('answers 401 without the token or with a wrong one', async () => {
    expect(await raw(http.url, 'POST', post, initialize)).toBe(401);
    const wrong = { ...post, authorization: 'Bearer nope' };
    expect(await raw(http.url, 'POST', wrong, initialize)).toBe(401);
    const right = { ...post, authorization: `Bearer ${http.token ?? ''}` };
    expect(await raw(http.url, 'POST', right, initialize)).toBe(200);
  });

  it('answers 403 to a foreign Host or Origin, even with the token', async () => {
    const auth = { ...post, authorization: `Bearer ${http.token ?? ''}` };
    const port = new URL(http.url).port;
    expect(await raw(http.url, 'POST', { ...auth, host: `evil.example:${port}` }, initialize)).toBe(
      403,
    );
    expect(
      await raw(http.url, 'POST', { ...auth, origin: 'https://evil.example' }, initialize),
    ).toBe(403);
    expect(await raw(http.url, 'POST', { ...auth, origin: 'null' }, initialize)).toBe(403);
    expect(
      await raw(http.url, 'POST', { ...auth, origin: `http://localhost:${port}` }, initialize),
    ).toBe(200);
  });

  it('answers 405 to GET and DELETE (stateless)', async () => {
    const auth = { authorization: `Bearer ${http.token ?? ''}`, accept: 'text/event-stream' };
    expect(await raw(http.url, 'GET', auth)).toBe(405);
    expect(await raw(http.url, 'DELETE', auth)).toBe(405);
  });

  it('takes no token with GWB_MCP_NO_AUTH=1', async () => {
    const open = await startHttpChild({ GWB_MCP_NO_AUTH: '1' });
    try {
      expect(open.token).toBeUndefined();
      expect(await raw(open.url, 'POST', post, initialize)).toBe(200);
    } finally {
      await open.stop();
    }
  });
});
