// Path finding on hand-made graphs written through the Engine: the answer format, directed,
// undirected and reverse edges, filters, maxLength, several sources and targets, loops in all
// paths, limits and errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allPaths,
  emptyFilterMessage,
  listAllPaths,
  listShortestPaths,
  shortestPaths,
  type PathRequest,
} from '../../../../src/server/engine/paths/find-paths.js';
import { PathError } from '../../../../src/server/engine/paths/errors.js';
import { ConditionError } from '../../../../src/server/engine/paths/condition.js';
import type { Graph } from '../../../../src/server/engine/graph/graph.js';
import { createGraph } from '../../../../src/server/engine/catalog/catalog.js';
import type { Mutation } from '../../../../src/server/engine/mutations.js';
import { socialCatalog } from '../fixtures.js';
import {
  edgeMutation,
  edgeText,
  pathCatalog,
  pathText,
  tempEngine,
  texts,
  vertexMutation,
  type EdgeSpec,
  type TempEngine,
  type VertexText,
} from './helpers.js';

const v = (text: VertexText) => {
  const [type = '', id = ''] = text.split(':');
  return { type, id };
};
const req = (from: VertexText[], to: VertexText[], extra: Partial<PathRequest> = {}) => ({
  sources: from.map(v),
  targets: to.map(v),
  ...extra,
});

const edges: EdgeSpec[] = [
  // A directed chain with an undirected shortcut and a reverse edge.
  { type: 'd', from: 'a:1', to: 'a:2', w: 5 },
  { type: 'd', from: 'a:2', to: 'b:3', w: 7 },
  { type: 'd', from: 'b:3', to: 'a:4', w: 1 },
  { type: 'u', from: 'a:1', to: 'b:5', w: 2 },
  { type: 'u', from: 'a:4', to: 'b:5', w: 9 },
  { type: 'r', from: 'a:6', to: 'a:1', w: 3 },
  // A directed chain alone.
  { type: 'd', from: 'a:10', to: 'a:11', w: 1 },
  { type: 'd', from: 'a:11', to: 'a:12', w: 1 },
  // A diamond: two shortest paths from 20 to 23.
  { type: 'd', from: 'a:20', to: 'a:21', w: 1 },
  { type: 'd', from: 'a:21', to: 'a:23', w: 1 },
  { type: 'd', from: 'a:20', to: 'b:22', w: 1 },
  { type: 'd', from: 'b:22', to: 'a:23', w: 1 },
  // An undirected triangle.
  { type: 'u', from: 'a:30', to: 'a:31', w: 1 },
  { type: 'u', from: 'a:31', to: 'a:32', w: 1 },
  { type: 'u', from: 'a:32', to: 'a:30', w: 1 },
];

let temp: TempEngine;
let graph: Graph;
beforeAll(async () => {
  temp = await tempEngine(pathCatalog());
  const vertices = new Set<VertexText>(['a:7']);
  for (const e of edges) vertices.add(e.from).add(e.to);
  const mutations = [...vertices].map((x) => vertexMutation(x, Number(x.split(':')[1])));
  await temp.engine.write(() => ({ mutations: [...mutations, ...edges.map(edgeMutation)] }));
  graph = temp.engine.graph;
});
afterAll(async () => {
  await temp.close();
});

describe('the answer format', () => {
  it('is ONE results object with the vertices and edges of the found paths (real service)', () => {
    // Server docs, "Path-Finding Algorithms > Output": "a list of vertices and a list of edges
    // ... not in path order"; the samples show `results: [{vertices, edges}]` holding several
    // paths; pyTigerGraph: "a subgraph ... not a (list of individual) path(s)".
    const answer = shortestPaths(graph, req(['a:1'], ['a:4']));
    expect(answer.results).toHaveLength(1);
    expect(answer.found).toBe(true);
    expect(answer.length).toBe(2);
    const [result] = answer.results;
    expect(result.vertices).toEqual([
      { v_id: '1', v_type: 'a', attributes: { w: 1 } },
      { v_id: '5', v_type: 'b', attributes: { w: 5 } },
      { v_id: '4', v_type: 'a', attributes: { w: 4 } },
    ]);
    // Undirected edges read in the direction walked: a:4-b:5 is stored from a:4.
    expect(result.edges).toEqual([
      {
        e_type: 'u',
        from_id: '1',
        from_type: 'a',
        to_id: '5',
        to_type: 'b',
        directed: false,
        attributes: { w: 2 },
      },
      {
        e_type: 'u',
        from_id: '5',
        from_type: 'b',
        to_id: '4',
        to_type: 'a',
        directed: false,
        attributes: { w: 9 },
      },
    ]);
  });

  it('reports missing filter arrays with the real message', () => {
    const answer = shortestPaths(graph, req(['a:1'], ['a:4'], { edgeFilters: [] }));
    expect(answer.missingFilters).toEqual(['vertex_filters']);
    expect(emptyFilterMessage(answer.missingFilters)).toBe(
      "Cannot get 'vertex_filters' filters, use empty filter.",
    );
    expect(shortestPaths(graph, req(['a:1'], ['a:4'])).missingFilters).toEqual([
      'vertex_filters',
      'edge_filters',
    ]);
  });

  it('is one object with empty lists when nothing is found', () => {
    const answer = shortestPaths(graph, req(['a:7'], ['a:1']));
    expect(answer).toEqual({
      results: [{ vertices: [], edges: [] }],
      found: false,
      missingFilters: ['vertex_filters', 'edge_filters'],
    });
    expect(allPaths(graph, req(['a:7'], ['a:1'], { maxLength: 6 })).found).toBe(false);
  });
});

const shortest = (r: PathRequest) => listShortestPaths(graph, r).map(pathText);

describe('shortest paths', () => {
  it('follows directed edges only forwards', () => {
    expect(shortest(req(['a:10'], ['a:12']))).toEqual(['a:10 -d-> a:11 -d-> a:12']);
    expect(shortest(req(['a:12'], ['a:10']))).toEqual([]);
  });

  it('walks a reverse edge type backwards, reported under its own name', () => {
    const [result] = shortestPaths(graph, req(['a:1'], ['a:6'])).results;
    expect(result.edges).toMatchObject([
      { e_type: 'r_rev', from_id: '1', to_id: '6', directed: true, attributes: { w: 3 } },
    ]);
    const filtered = req(['a:1'], ['a:6'], {
      edgeFilters: [{ type: 'r_rev', condition: 'w > 5' }],
    });
    expect(shortestPaths(graph, filtered).found).toBe(false);
  });

  it('uses edges of every FROM/TO pair of a type', () => {
    const noShortcut = { edgeFilters: [{ type: 'u', condition: 'w > 100' }] };
    expect(shortest(req(['a:1'], ['a:4'], noShortcut))).toEqual(['a:1 -d-> a:2 -d-> b:3 -d-> a:4']);
  });

  it('stops at maxLength (default 6)', () => {
    const noShortcut = [{ type: 'u', condition: 'w > 100' }];
    expect(shortest(req(['a:1'], ['a:4'], { edgeFilters: noShortcut, maxLength: 2 }))).toEqual([]);
    expect(shortest(req(['a:1'], ['a:4'], { edgeFilters: noShortcut, maxLength: 3 }))).toHaveLength(
      1,
    );
    expect(shortest(req(['a:30'], ['a:31'], { maxLength: 0 }))).toEqual([]);
  });

  it('finds the shortest path between any source and any target', () => {
    expect(shortest(req(['a:10', 'a:1'], ['a:12', 'a:2']))).toEqual(['a:1 -d-> a:2']);
  });

  it('treats a source that is a target as a path of length 0', () => {
    const answer = shortestPaths(graph, req(['a:7'], ['a:7']));
    expect(answer.length).toBe(0);
    expect(texts(answer.results[0])).toEqual({ vertices: ['a:7'], edges: [] });
  });

  it('gives one path, or every shortest path with allShortestPaths', () => {
    expect(shortest(req(['a:20'], ['a:23']))).toHaveLength(1);
    expect(shortest(req(['a:20'], ['a:23'], { allShortestPaths: true })).sort()).toEqual([
      'a:20 -d-> a:21 -d-> a:23',
      'a:20 -d-> b:22 -d-> a:23',
    ]);
    const union = shortestPaths(graph, req(['a:20'], ['a:23'], { allShortestPaths: true }));
    expect(texts(union.results[0]).vertices).toEqual(['a:20', 'a:21', 'a:23', 'b:22']);
    expect(union.results[0].edges).toHaveLength(4);
  });
});

describe('filters', () => {
  it('restrict only the types they name (the real /allpaths example filters only Video)', () => {
    const noB5 = req(['a:1'], ['a:4'], { vertexFilters: [{ type: 'b', condition: 'w != 5' }] });
    expect(shortest(noB5)).toEqual(['a:1 -d-> a:2 -d-> b:3 -d-> a:4']);
    const noB = req(['a:1'], ['a:4'], { vertexFilters: [{ type: 'b', condition: 'w > 100' }] });
    expect(shortest(noB)).toEqual([]);
    // A filter without a condition lets every vertex of its type through.
    const anyA = req(['a:1'], ['a:4'], { vertexFilters: [{ type: 'a' }] });
    expect(shortest(anyA)).toEqual(['a:1 -u-> b:5 -u-> a:4']);
  });

  it('apply to sources and targets too', () => {
    const r = req(['a:1'], ['a:4'], { vertexFilters: [{ type: 'a', condition: 'w != 1' }] });
    expect(shortestPaths(graph, r).found).toBe(false);
  });

  it('of one type combine with OR', () => {
    const both = [
      { type: 'u', condition: 'w == 2' },
      { type: 'u', condition: 'w == 9' },
    ];
    expect(shortest(req(['a:1'], ['a:4'], { edgeFilters: both }))).toEqual([
      'a:1 -u-> b:5 -u-> a:4',
    ]);
    const one = [{ type: 'u', condition: 'w == 2 or w == 3' }];
    expect(shortest(req(['a:1'], ['a:4'], { edgeFilters: one }))).toEqual([
      'a:1 -d-> a:2 -d-> b:3 -d-> a:4',
    ]);
  });
});

describe('all paths', () => {
  it('include paths with loops, up to maxLength', () => {
    // Walks from 30 to 31 in a triangle: 1 of length 1, 1 of length 2, 3 of length 3.
    const paths = listAllPaths(graph, req(['a:30'], ['a:31'], { maxLength: 3 })).map(pathText);
    expect(paths.sort()).toEqual([
      'a:30 -u-> a:31',
      'a:30 -u-> a:31 -u-> a:30 -u-> a:31',
      'a:30 -u-> a:31 -u-> a:32 -u-> a:31',
      'a:30 -u-> a:32 -u-> a:30 -u-> a:31',
      'a:30 -u-> a:32 -u-> a:31',
    ]);
    const union = allPaths(graph, req(['a:30'], ['a:31'], { maxLength: 3 })).results[0];
    expect(texts(union)).toEqual({
      vertices: ['a:30', 'a:31', 'a:32'],
      edges: ['u:a:30~a:31', 'u:a:30~a:32', 'u:a:31~a:32'],
    });
  });

  it('are limited to maxLength', () => {
    const union = allPaths(graph, req(['a:30'], ['a:31'], { maxLength: 1 })).results[0];
    expect(texts(union)).toEqual({ vertices: ['a:30', 'a:31'], edges: ['u:a:30~a:31'] });
    const chain = allPaths(graph, req(['a:1'], ['a:4'], { maxLength: 3 })).results[0];
    expect(texts(chain).vertices).toEqual(['a:1', 'a:2', 'a:4', 'b:3', 'b:5']);
  });

  it('count-bound the listing', () => {
    const r = req(['a:30'], ['a:31'], { maxLength: 3 });
    expect(() => listAllPaths(graph, r, { limit: 4 })).toThrow(
      expect.objectContaining({ code: 'PATH-TOO-MANY-PATHS' }),
    );
    expect(() => listAllPaths(graph, { ...r, maxLength: 40 })).toThrow(/more than 100000 paths/);
    // The union needs no listing: linear in the graph however many paths there are.
    expect(allPaths(graph, { ...r, maxLength: 40 }).results[0].vertices).toHaveLength(3);
  });
});

describe('errors', () => {
  const codeOf = (run: () => unknown): string | undefined => {
    try {
      run();
    } catch (error) {
      if (error instanceof PathError || error instanceof ConditionError) return error.code;
      throw error;
    }
    return undefined;
  };

  it('name every missing source and target', () => {
    expect(() => shortestPaths(graph, req(['a:1', 'a:99'], ['b:98']))).toThrow(
      'vertex a "99", b "98" does not exist',
    );
    expect(codeOf(() => allPaths(graph, req(['a:99'], ['a:1'], { maxLength: 2 })))).toBe(
      'PATH-VERTEX-NOT-FOUND',
    );
  });

  it('refuse unknown types, graphs and bad parameters', () => {
    expect(codeOf(() => shortestPaths(graph, req(['c:1'], ['a:1'])))).toBe('PATH-UNKNOWN-TYPE');
    const badVertexFilter = req(['a:1'], ['a:4'], { vertexFilters: [{ type: 'zz' }] });
    expect(() => shortestPaths(graph, badVertexFilter)).toThrow(/unknown vertex type "zz"/);
    const badEdgeFilter = req(['a:1'], ['a:4'], { edgeFilters: [{ type: 'd_rev' }] });
    expect(() => shortestPaths(graph, badEdgeFilter)).toThrow(/unknown edge type "d_rev"/);
    expect(codeOf(() => shortestPaths(graph, req(['a:1'], ['a:4'], { graph: 'nope' })))).toBe(
      'PATH-UNKNOWN-GRAPH',
    );
    expect(codeOf(() => allPaths(graph, req(['a:1'], ['a:4'])))).toBe('PATH-BAD-REQUEST');
    expect(() => shortestPaths(graph, req(['a:1'], ['a:4'], { maxLength: -1 }))).toThrow(
      /maxLength must be a non-negative integer/,
    );
    expect(codeOf(() => shortestPaths(graph, req([], ['a:4'])))).toBe('PATH-BAD-REQUEST');
  });

  it('report bad conditions with their column', () => {
    const r = req(['a:1'], ['a:4'], { vertexFilters: [{ type: 'a', condition: 'w > > 1' }] });
    expect(() => shortestPaths(graph, r)).toThrow(/"w > > 1" at column 5: expected a value/);
    const unknown = req(['a:1'], ['a:4'], { edgeFilters: [{ type: 'u', condition: 'x > 1' }] });
    expect(() => shortestPaths(graph, unknown)).toThrow(/expected an attribute of u \(w\)/);
  });

  it('stop an aborted or late search', () => {
    const controller = new AbortController();
    controller.abort();
    const r = req(['a:1'], ['a:4']);
    expect(codeOf(() => shortestPaths(graph, r, { signal: controller.signal }))).toBe(
      'PATH-ABORTED',
    );
    expect(
      codeOf(() => allPaths(graph, { ...r, maxLength: 3 }, { deadline: Date.now() - 1 })),
    ).toBe('PATH-TIMEOUT');
  });
});

describe('on the social fixture', () => {
  let social: TempEngine;
  beforeAll(async () => {
    social = await tempEngine(createGraph(socialCatalog(), 'people', ['person'], ['knows']));
    const at = (text: string) => Date.parse(`${text}Z`) / 1000;
    const mutations: Mutation[] = [
      { k: 'v', t: 'person', id: 'ann', u: [[1, '=', 41]] },
      { k: 'v', t: 'person', id: 'bob', u: [[1, '=', 9]] },
      { k: 'v', t: 'post', id: 'p1', u: [[1, '=', at('2020-01-02T10:00:00')]] },
      { k: 'e', t: 'knows', ft: 'person', f: 'bob', tt: 'person', to: 'ann', u: [], disc: [] },
      { k: 'e', t: 'likes', ft: 'person', f: 'ann', tt: 'post', to: 'p1', u: [], disc: [] },
      ...[10, 20].map((amount, i): Mutation => ({
        k: 'e',
        t: 'transfer',
        ft: 'account',
        f: 'x',
        tt: 'account',
        to: 'y',
        u: [[1, '=', amount]],
        disc: [i],
      })),
    ];
    await social.engine.write(() => ({ mutations }));
    await social.engine.rebuild();
  });
  afterAll(async () => {
    await social.close();
  });
  const run = (r: PathRequest) => shortestPaths(social.engine.graph, r);
  const acct = (id: string) => ({ type: 'account', id });

  it('lists parallel discriminated edges as separate shortest paths', () => {
    const all = { sources: [acct('x')], targets: [acct('y')], allShortestPaths: true };
    expect(run(all).results[0].edges.map((e) => e.attributes)).toEqual([
      { ts: 0, amount: 10 },
      { ts: 1, amount: 20 },
    ]);
    expect(listShortestPaths(social.engine.graph, all)).toHaveLength(2);
    const big = { ...all, edgeFilters: [{ type: 'transfer', condition: 'amount >= 15' }] };
    expect(run(big).results[0].edges.map((e) => e.attributes)).toEqual([{ ts: 1, amount: 20 }]);
  });

  it('compares DATETIME attributes with datetime text', () => {
    const r = (condition: string): PathRequest => ({
      sources: [{ type: 'post', id: 'p1' }],
      targets: [{ type: 'person', id: 'bob' }],
      vertexFilters: [{ type: 'post', condition }],
    });
    const found = run(r('at >= "2020-01-02 10:00:00" and at < "2020-01-03"'));
    expect(found.results[0].edges.map(edgeText)).toEqual([
      'liked_by:post:p1>person:ann',
      'knows:person:ann>person:bob',
    ]);
    expect(found.results[0].vertices[0]?.attributes).toEqual({
      title: '',
      at: '2020-01-02 10:00:00',
    });
    expect(run(r('at > "2021-01-01 00:00:00"')).found).toBe(false);
  });

  it('keeps to the types of the graph named in the request', () => {
    const people = { graph: 'people', sources: [{ type: 'person', id: 'bob' }] };
    expect(run({ ...people, targets: [{ type: 'person', id: 'ann' }] }).length).toBe(1);
    expect(() => run({ ...people, targets: [{ type: 'post', id: 'p1' }] })).toThrow(
      'targets: unknown vertex type "post"',
    );
    const likes = { edgeFilters: [{ type: 'likes' }] };
    expect(() => run({ ...people, targets: [{ type: 'person', id: 'ann' }], ...likes })).toThrow(
      'edgeFilters: unknown edge type "likes"',
    );
  });
});
