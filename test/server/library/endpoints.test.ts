// The template endpoints' contract: the info answer's shape (definition, parameter table with
// types, defaults, min_count / max_count), search by regular expression, the 3.x form, the run
// answer (query output envelope plus generatedQueryName), writes (result_attribute, file_path),
// and refusals: an unknown template or graph (404), bad parameters (400 naming the parameter),
// each leaving the graph as it was.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isGraphError, type GraphError } from '../../../src/core/errors.js';
import { loadCase, startLibraryServer, type LibraryServer, type LoadedGraph } from './helpers.js';

let lib: LibraryServer;
let L: LoadedGraph;
const pagerank = 'GDBMS_ALGO.centrality.pagerank';

beforeAll(async () => {
  lib = await startLibraryServer();
  L = await loadCase(lib.client, 0, {
    n: 4,
    undirected: [
      [0, 1],
      [1, 2],
      [2, 0],
      [2, 3],
    ],
    directed: [
      [0, 1],
      [1, 2],
      [2, 0],
      [3, 2],
    ],
  });
}, 60_000);
afterAll(async () => {
  await lib?.close();
});

const basic = `Basic ${Buffer.from('tigergraph:tigergraph').toString('base64')}`;

async function refusal(call: () => Promise<unknown>): Promise<GraphError> {
  const error = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isGraphError(error), `expected a refusal, got ${String(error)}`).toBe(true);
  return error as GraphError;
}

async function scores(): Promise<unknown[]> {
  const list = await lib.client.getVertices(L.V, {}, { graph: L.graph });
  return list.map((v) => (v as unknown as { attributes: { score: number } }).attributes.score);
}

describe('template info', () => {
  it('answers the definition and the parameter table', async () => {
    const [info] = await lib.client.call('getTemplateInfo', { path: { functionName: pagerank } });
    expect(info?.name).toBe(pagerank);
    expect(info?.query).toMatch(/^CREATE QUERY pagerank\(STRING v_type, STRING e_type/);
    expect(info?.params.v_type).toEqual({ type: 'STRING', min_count: 1, max_count: 1 });
    expect(info?.params.damping).toEqual({
      type: 'FLOAT',
      default: '0.85',
      min_count: 0,
      max_count: 1,
    });
    expect(info?.params.print_results).toMatchObject({ type: 'BOOL', default: 'true' });
    expect(info?.params.file_path).toMatchObject({ type: 'STRING', default: '' });
    const [bfs] = await lib.client.call('getTemplateInfo', {
      path: { functionName: 'GDBMS_ALGO.path.bfs' },
    });
    expect(bfs?.params.v_type_set).toEqual({ type: 'SET<STRING>', min_count: 0 });
    expect(bfs?.params.v_start).toEqual({ type: 'VERTEX', min_count: 1, max_count: 1 });
  });

  it('searches by regular expression with isRegularExpression', async () => {
    const found = await lib.client.call('getTemplateInfo', {
      path: { functionName: 'GDBMS_ALGO\\.centrality\\..*' },
      query: { isRegularExpression: true },
    });
    expect(found.map((t) => t.name).sort()).toEqual([
      'GDBMS_ALGO.centrality.closeness_cent',
      'GDBMS_ALGO.centrality.degree_cent',
      'GDBMS_ALGO.centrality.pagerank',
    ]);
    const all = await lib.client.call('getTemplateInfo', {
      path: { functionName: '.*' },
      query: { isRegularExpression: true },
    });
    expect(all.length).toBeGreaterThanOrEqual(10);
  });

  it('answers the 3.x form /gsql/library?functionName=', async () => {
    const res = await fetch(`${lib.server.url}/gsql/library?functionName=${pagerank}`, {
      headers: { authorization: basic },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { error: boolean; results: { name: string }[] };
    expect(body.error).toBe(false);
    expect(body.results.map((r) => r.name)).toEqual([pagerank]);
  });

  it('refuses an unknown template with 404 naming it', async () => {
    const error = await refusal(() =>
      lib.client.call('getTemplateInfo', { path: { functionName: 'GDBMS_ALGO.nope.missing' } }),
    );
    expect(error.status).toBe(404);
    expect(error.code).toBe('GWB-NOT-FOUND');
    expect(error.message).toMatch(/GDBMS_ALGO\.nope\.missing/);
  });
});

describe('template runs', () => {
  it('answers the output envelope with generatedQueryName', async () => {
    const answer = await lib.client.runTemplate(
      'GDBMS_ALGO.community.tri_count',
      { v_type: L.V, e_type: L.E },
      { graph: L.graph },
    );
    expect(answer).toEqual({
      error: false,
      message: '',
      results: [{ num_triangles: 1 }],
      generatedQueryName: `GDBMS_ALGO_community_tri_count_${L.graph}`,
    });
  });

  it('runs through the 3.x form with graph and functionName in the query string', async () => {
    const res = await fetch(
      `${lib.server.url}/gsql/library?graph=${L.graph}&functionName=GDBMS_ALGO.community.tri_count`,
      {
        method: 'POST',
        headers: { authorization: basic, 'content-type': 'application/json' },
        body: JSON.stringify({ v_type: L.V, e_type: L.E }),
      },
    );
    const body = (await res.json()) as { results: { results: unknown[] } };
    expect(res.status).toBe(200);
    expect(body.results.results).toEqual([{ num_triangles: 1 }]);
  });

  it('runs through /gsqlserver/gsql/library as pyTigerGraph does (flattened vertex type keys)', async () => {
    const url = `${lib.server.url}/gsqlserver/gsql/library`;
    const res = await fetch(`${url}?graph=${L.graph}&functionName=GDBMS_ALGO.community.tri_count`, {
      method: 'POST',
      headers: {
        authorization: basic,
        'content-type': 'application/json',
        'GSQL-TIMEOUT': '60000',
      },
      body: JSON.stringify({ v_type: L.V, e_type: L.E }),
    });
    const body = (await res.json()) as { error: boolean; results: { results: unknown[] } };
    expect(res.status).toBe(200);
    expect(body.error).toBe(false);
    expect(body.results.results).toEqual([{ num_triangles: 1 }]);
    const info = await fetch(`${url}?functionName=GDBMS_ALGO.community.tri_count`, {
      headers: { authorization: basic },
    });
    const described = (await info.json()) as { results: { name: string }[] };
    expect(described.results.map((t) => t.name)).toEqual(['GDBMS_ALGO.community.tri_count']);
  });

  it('writes result_attribute and a CSV file at file_path', async () => {
    const file = join(lib.files, 'pagerank.csv');
    const answer = (await lib.client.runTemplate(
      pagerank,
      { v_type: L.V, e_type: L.D, result_attribute: 'score', file_path: file },
      { graph: L.graph },
    )) as { results: { '@@top_scores_heap': { Vertex_ID: string; score: number }[] }[] };
    const heap = answer.results[0]?.['@@top_scores_heap'] ?? [];
    const stored = await lib.client.getVertices(L.V, {}, { graph: L.graph });
    for (const v of stored) {
      const { v_id, attributes } = v as unknown as { v_id: string; attributes: { score: number } };
      expect(attributes.score).toBeCloseTo(heap.find((h) => h.Vertex_ID === v_id)?.score ?? -1, 5);
    }
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('Vertex_ID,PageRank');
    expect(lines).toHaveLength(L.g.n + 1);
  });

  it('refuses an unknown template (404) and an unknown graph (404)', async () => {
    const unknown = await refusal(() =>
      lib.client.runTemplate('GDBMS_ALGO.path.nope', {}, { graph: L.graph }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.message).toMatch(/GDBMS_ALGO\.path\.nope/);
    const graph = await refusal(() =>
      lib.client.runTemplate(pagerank, { v_type: L.V, e_type: L.D }, { graph: 'no_such_graph' }),
    );
    expect(graph.status).toBe(404);
  });

  const bad: [string, Record<string, unknown>, RegExp][] = [
    [
      'an unknown parameter',
      { v_type: 'V0', e_type: 'D0', dampng: 0.5 },
      /unknown parameter dampng/,
    ],
    ['a missing required parameter', { e_type: 'D0' }, /missing parameter v_type/],
    ['a number as text that is no number', { v_type: 'V0', e_type: 'D0', damping: 'x' }, /damping/],
    ['a fraction for an INT', { v_type: 'V0', e_type: 'D0', top_k: 1.5 }, /top_k.*integer/],
    ['a number for a STRING', { v_type: 7, e_type: 'D0' }, /v_type.*string/],
    ['a list for a scalar', { v_type: ['V0'], e_type: 'D0' }, /v_type.*list/],
    [
      'a vertex type the graph lacks',
      { v_type: 'Nope', e_type: 'D0' },
      /v_type: Nope is not a vertex type/,
    ],
    [
      'an edge type the graph lacks',
      { v_type: 'V0', e_type: 'Nope' },
      /e_type: Nope is not an edge type/,
    ],
    [
      'an attribute the vertex lacks',
      { v_type: 'V0', e_type: 'D0', result_attribute: 'nope' },
      /nope/,
    ],
  ];
  for (const [what, params, message] of bad) {
    it(`refuses ${what} with 400 naming it, and changes nothing`, async () => {
      const before = await scores();
      const error = await refusal(() =>
        lib.client.runTemplate(pagerank, params, { graph: L.graph }),
      );
      expect(error.status).toBe(400);
      expect(error.message).toMatch(message);
      expect(await scores()).toEqual(before);
    });
  }

  it('refuses a vertex parameter naming no vertex', async () => {
    const error = await refusal(() =>
      lib.client.runTemplate(
        'GDBMS_ALGO.path.bfs',
        { v_type_set: [L.V], e_type_set: [L.E], v_start: { id: 'ghost', type: L.V } },
        { graph: L.graph },
      ),
    );
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/v_start/);
    const untyped = await refusal(() =>
      lib.client.runTemplate(
        'GDBMS_ALGO.path.bfs',
        { v_type_set: [L.V], e_type_set: [L.E], v_start: 'v0' },
        { graph: L.graph },
      ),
    );
    expect(untyped.message).toMatch(/v_start.*type/);
  });
});
