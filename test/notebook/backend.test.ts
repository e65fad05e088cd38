// The notebook backend over real HTTP: `gwb notebook` as a child process in front of a real
// `gwb serve`. Guard (token -> cookie, Host, Origin, CSP), notebook files (save, reload, bad
// input changes nothing, restart), cell runs of every kind, stop, exploration, ipynb export/import.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGwbNotebook, type GwbNotebook } from '../helpers/notebook.js';
import { startGwbServe, type GwbServe } from '../helpers/serve.js';
import type { CellOutput, Notebook } from '../../src/notebook/format/notebook.js';
import type { RunAnswer } from '../../src/notebook/protocol.js';
import { createSocialGraph } from './fixture.js';

interface Failure {
  readonly error?: { readonly code: string; readonly message: string };
}
type Vertex = { v_id: string; v_type: string };
type Path = { vertices: Vertex[]; edges: unknown[] };

/** The printed results of an output that must be a results output. */
function printed(output: CellOutput | undefined): Record<string, unknown>[] {
  if (output?.kind !== 'results')
    throw new Error(`expected results, got ${JSON.stringify(output)}`);
  return output.results as Record<string, unknown>[];
}

let serve: GwbServe;
let notebook: GwbNotebook;
let folder: string;
const file = () => join(folder, 'work.gwbnb');

beforeAll(async () => {
  serve = await startGwbServe();
  await createSocialGraph(serve.url);
  folder = mkdtempSync(join(tmpdir(), 'gwb-nb-'));
  notebook = await startGwbNotebook({ file: join(folder, 'work.gwbnb'), serverUrl: serve.url });
}, 60_000);

afterAll(async () => {
  await notebook?.stop();
  await serve?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const cell = (id: string, kind: string, source: string, parameters?: object) => ({
  id,
  kind,
  source: source === '' ? [] : source.split(/(?<=\n)/),
  ...(parameters ? { parameters } : {}),
});

async function save(cells: object[], graph = 'social') {
  return notebook.api<Failure>('PUT', '/api/notebook', { metadata: { graph }, cells });
}

async function run(c: ReturnType<typeof cell>, graph: string | null = 'social') {
  return notebook.api<RunAnswer & Failure>(
    'POST',
    '/api/run',
    graph === null ? { cell: c } : { cell: c, graph },
  );
}

describe('the guard', () => {
  it('prints a 127.0.0.1 URL and exchanges its token for an HttpOnly SameSite cookie', async () => {
    expect(notebook.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{20,}/);
    const res = await notebook.exchange();
    expect(res.status).toBe(303);
    expect(res.location).not.toContain('token');
    expect(res.setCookie).toMatch(/HttpOnly/);
    expect(res.setCookie).toMatch(/SameSite=Strict/);
  });

  it('takes the token once: a copy of the link opens nothing, the signed-in browser goes on', async () => {
    await notebook.exchange();
    const again = await fetch(notebook.url, { redirect: 'manual' });
    expect(again.status).toBe(401);
    const answer = (await again.json()) as Failure;
    expect(answer.error?.code).toBe('GWB-NOTEBOOK-AUTH');
    expect(answer.error?.message).toContain('used already');
    const withSession = await fetch(notebook.url, {
      redirect: 'manual',
      headers: { cookie: await notebook.cookie() },
    });
    expect(withSession.status).toBe(303);
  });

  it('refuses requests without the cookie, with a wrong token, a foreign Origin or Host', async () => {
    const bare = await fetch(`${notebook.origin}/api/session`);
    expect(bare.status).toBe(401);
    expect(((await bare.json()) as Failure).error?.code).toBe('GWB-NOTEBOOK-AUTH');
    const wrong = await fetch(`${notebook.origin}/?token=nope`, { redirect: 'manual' });
    expect(wrong.status).toBe(401);
    const cookie = await notebook.cookie();
    const foreign = await fetch(`${notebook.origin}/api/stop`, {
      method: 'POST',
      headers: { cookie, origin: 'http://evil.example', 'content-type': 'application/json' },
      body: '{"cellId":"x"}',
    });
    expect(foreign.status).toBe(403);
    const noOrigin = await fetch(`${notebook.origin}/api/stop`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{"cellId":"x"}',
    });
    expect(noOrigin.status).toBe(403);
    // fetch may not set Host; a DNS-rebinding page's requests carry its own name in it.
    const rebinding = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${notebook.origin}/api/session`,
        { headers: { cookie, host: 'evil.example' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(rebinding).toBe(403);
  });

  it('serves the page and its assets locally with a strict CSP', async () => {
    const cookie = await notebook.cookie();
    const page = await fetch(`${notebook.origin}/`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    const html = await page.text();
    expect(html).toContain('/assets/app.js');
    for (const asset of ['app.js', 'app.css', 'editor.worker.js']) {
      const res = await fetch(`${notebook.origin}/assets/${asset}`, { headers: { cookie } });
      expect(res.status, asset).toBe(200);
    }
    const traversal = await fetch(`${notebook.origin}/assets/..%2F..%2Fpackage.json`, {
      headers: { cookie },
    });
    expect(traversal.status).toBe(404);
  });
});

describe('notebook files', () => {
  it('creates the file when absent and saves edits atomically in the documented format', async () => {
    const first = JSON.parse(readFileSync(file(), 'utf8')) as unknown;
    expect(first).toMatchObject({ format: 'gwb-notebook', version: 1, cells: [] });
    const saved = await save([cell('one', 'gsql', 'LS\n'), cell('two', 'markdown', '# Hi\n')]);
    expect(saved.status).toBe(200);
    const text = readFileSync(file(), 'utf8');
    expect(text).toContain('"source": [\n        "LS\\n"\n      ]');
    const loaded = await notebook.api<{ notebook: Notebook }>('GET', '/api/notebook');
    expect(loaded.body.notebook.cells.map((c) => c.id)).toEqual(['one', 'two']);
  });

  it('refuses bad edits with a code and leaves the file unchanged', async () => {
    const before = readFileSync(file(), 'utf8');
    const dup = await save([cell('x', 'gsql', ''), cell('x', 'gsql', '')]);
    expect(dup.status).toBe(400);
    expect(dup.body.error?.code).toBe('GWB-NOTEBOOK-EDIT');
    const kind = await save([cell('x', 'python', '')]);
    expect(kind.status).toBe(400);
    expect(kind.body.error?.code).toBe('GWB-NOTEBOOK-REQUEST');
    const escape = await notebook.api<Failure>('GET', '/api/notebook?file=..%2Fetc.gwbnb');
    expect(escape.body.error?.code).toBe('GWB-NOTEBOOK-FILE');
    expect(readFileSync(file(), 'utf8')).toBe(before);
  });

  it('lists the notebooks of the folder', async () => {
    const list = await notebook.api<{ notebooks: { name: string }[] }>('GET', '/api/notebooks');
    expect(list.body.notebooks.map((n) => n.name)).toContain('work.gwbnb');
  });
});

describe('cell runs', () => {
  it('runs GSQL statements and an interpreted query, storing outputs in the file', async () => {
    const gsql = cell(
      'g1',
      'gsql',
      'INTERPRET QUERY () FOR GRAPH social {\n  S = {person.*};\n  PRINT S.size() AS n;\n}\n',
    );
    await save([gsql]);
    const answer = await run(gsql);
    expect(answer.status).toBe(200);
    expect(answer.body.run.status).toBe('ok');
    expect(answer.body.outputs).toEqual([
      expect.objectContaining({ kind: 'results', results: [{ n: 4 }] }),
    ]);
    const stored = JSON.parse(readFileSync(file(), 'utf8')) as Notebook;
    expect(printed(stored.cells[0]?.outputs?.[0])).toEqual([{ n: 4 }]);
    expect(stored.cells[0]?.run?.status).toBe('ok');
  });

  it('reports a GSQL error with its line in the cell', async () => {
    const bad = cell(
      'g2',
      'gsql',
      'INTERPRET QUERY () FOR GRAPH social {\n  S = {person.*};\n  PRINT S[;\n}\n',
    );
    const answer = await run(bad);
    expect(answer.body.run.status).toBe('error');
    expect(answer.body.outputs.at(-1)).toMatchObject({ kind: 'error', line: 3 });
  });

  it('tracks USE GRAPH and shell text', async () => {
    const answer = await run(cell('g3', 'gsql', 'USE GRAPH social\nLS\n'), null);
    expect(answer.body.graph).toBe('social');
    expect(answer.body.outputs.some((o) => o.kind === 'text' && o.text.includes('person'))).toBe(
      true,
    );
  });

  it('runs an installed query from form arguments, with a request id', async () => {
    const answer = await run(
      cell('q1', 'query', '', {
        query: 'friends',
        args: { p: { id: 'a', type: 'person' }, minAge: 30 },
      }),
    );
    expect(answer.body.run.status).toBe('ok');
    const friends = printed(answer.body.outputs[0])[0]?.F as Vertex[];
    expect(friends.map((v) => v.v_id).sort()).toEqual(['c']);
    expect(answer.body.run.requestIds?.[0]).toMatch(/RESTPP/);
    const info = await notebook.api<{ input: { name: string; type: string }[] }>(
      'GET',
      '/api/query-info?graph=social&query=friends',
    );
    expect(info.body.input.map((p) => p.name)).toEqual(['p', 'minAge']);
    expect(info.body.input[0]?.type).toMatch(/VERTEX/);
    expect(info.body.input[1]?.type).toBe('INT');
    const queries = await notebook.api<string[]>('GET', '/api/queries?graph=social');
    expect(queries.body).toEqual(['friends', 'spin']);
  });

  it('finds paths and expands a vertex', async () => {
    const answer = await run(
      cell('p1', 'path', '', {
        source: { type: 'person', id: 'b' },
        target: { type: 'person', id: 'd' },
        maxLength: 5,
        mode: 'shortest',
      }),
    );
    expect(answer.body.run.status).toBe('ok');
    const path = printed(answer.body.outputs[0])[0] as Path;
    expect(path.vertices.map((v) => v.v_id).sort()).toEqual(['a', 'b', 'c', 'd']);
    const expanded = await notebook.api<Path[]>('POST', '/api/expand', {
      graph: 'social',
      type: 'person',
      id: 'a',
    });
    expect(expanded.body[0]?.edges).toHaveLength(2);
    expect(expanded.body[0]?.vertices.map((v) => v.v_id).sort()).toEqual(['a', 'b', 'c']);
    const ids = await notebook.api<string[]>(
      'GET',
      '/api/vertex-ids?graph=social&type=person&prefix=',
    );
    expect(ids.body).toEqual(['a', 'b', 'c', 'd']);
  });

  it('stops a long query: the run ends as aborted and the server no longer runs it', async () => {
    const long = cell('s1', 'query', '', { query: 'spin', args: { n: 2_000_000_000 } });
    await save([long]);
    const pending = run(long);
    let listed: unknown[] = [];
    for (let i = 0; i < 150 && listed.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      listed = (
        (await fetch(`${serve.url}/restpp/showprocesslist/social`, {
          headers: {
            authorization: `Basic ${Buffer.from('tigergraph:tigergraph').toString('base64')}`,
          },
        }).then((r) => r.json())) as { results: unknown[] }
      ).results;
    }
    expect(listed.length).toBeGreaterThan(0);
    const stopped = await notebook.api<{ aborted: string[] }>('POST', '/api/stop', {
      cellId: 's1',
    });
    expect(stopped.body.aborted).toHaveLength(1);
    const answer = await pending;
    expect(answer.body.run.status).toBe('aborted');
  });

  it('answers bad run requests with a code', async () => {
    const noQuery = await run(cell('q2', 'query', '', {}));
    expect(noQuery.body.outputs[0]).toMatchObject({ kind: 'error', code: 'GWB-NOTEBOOK-REQUEST' });
    const badBody = await notebook.api<Failure>('POST', '/api/run', { cell: { id: '!' } });
    expect(badBody.status).toBe(400);
  });

  it('has no workspaces without a control plane (--cloud-url), and says so', async () => {
    const session = await notebook.api<{ cloud: boolean }>('GET', '/api/session');
    expect(session.body.cloud).toBe(false);
    for (const [method, path, body] of [
      ['GET', '/api/workspaces', undefined],
      ['POST', '/api/workspace', { workspace: 'any' }],
    ] as const) {
      const answer = await notebook.api<Failure>(method, path, body);
      expect(answer.status).toBe(409);
      expect(answer.body.error?.code).toBe('GWB-NOTEBOOK-NO-CLOUD');
    }
  });
});

describe('ipynb', () => {
  it('exports to nbformat 4 and imports back as a new notebook', async () => {
    await save([cell('m1', 'markdown', '# Title\n'), cell('g1', 'gsql', 'LS\n')]);
    const cookie = await notebook.cookie();
    const res = await fetch(`${notebook.origin}/api/export.ipynb`, { headers: { cookie } });
    expect(res.headers.get('content-disposition')).toContain('work.ipynb');
    const ipynb = (await res.json()) as { nbformat: number; cells: { cell_type: string }[] };
    expect(ipynb.nbformat).toBe(4);
    expect(ipynb.cells.map((c) => c.cell_type)).toEqual(['markdown', 'code']);
    const imported = await notebook.api<{ file?: string } & Failure>('POST', '/api/import', {
      name: 'copy.ipynb',
      notebook: ipynb,
    });
    expect(imported.body.file).toBe('copy.gwbnb');
    const copy = await notebook.api<{ notebook: Notebook }>('GET', '/api/notebook?file=copy.gwbnb');
    expect(copy.body.notebook.cells.map((c) => c.kind)).toEqual(['markdown', 'gsql']);
    const again = await notebook.api<{ file?: string } & Failure>('POST', '/api/import', {
      name: 'copy.ipynb',
      notebook: ipynb,
    });
    expect(again.body.error?.code).toBe('GWB-NOTEBOOK-FILE');
  });
});

describe('restart', () => {
  it('keeps cells and outputs across a restart of the notebook server', async () => {
    const gsql = cell('r1', 'gsql', 'INTERPRET QUERY () FOR GRAPH social { PRINT 1+1 AS two; }\n');
    await save([gsql]);
    await run(gsql);
    await notebook.stop();
    notebook = await startGwbNotebook({ file: file(), serverUrl: serve.url });
    const loaded = await notebook.api<{ notebook: Notebook }>('GET', '/api/notebook');
    expect(printed(loaded.body.notebook.cells[0]?.outputs?.[0])).toEqual([{ two: 2 }]);
  });
});
