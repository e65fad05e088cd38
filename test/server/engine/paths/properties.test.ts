// Property tests: on random small graphs (two vertex types; directed, reverse and undirected
// edges with several FROM/TO pairs; some vertices deleted) with random sources, targets,
// filters and maxLength, path finding agrees with a brute-force reference that enumerates
// every walk up to maxLength by depth-first search. Each graph is written through the Engine
// and checked twice: with edges in the adjacency deltas, and after a rebuild folded them.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Graph } from '../../../../src/server/engine/graph/graph.js';
import type { Mutation } from '../../../../src/server/engine/mutations.js';
import {
  allPaths,
  defaultShortestMaxLength,
  listAllPaths,
  listShortestPaths,
  shortestPaths,
  type PathFilter,
  type PathRequest,
} from '../../../../src/server/engine/paths/find-paths.js';
import { resolveRequest } from '../../../../src/server/engine/paths/request.js';
import { Budget, meetInTheMiddle } from '../../../../src/server/engine/paths/search.js';
import {
  edgeMutation,
  pathCatalog,
  pathText,
  split,
  tempEngine,
  texts,
  vertexMutation,
  type EdgeSpec,
  type TempEngine,
  type VertexText,
} from './helpers.js';

type Cmp = '<' | '>=' | '==' | '!=';
interface FilterSpec {
  readonly type: string;
  readonly cmp: Cmp;
  readonly k: number;
  readonly hasCondition: boolean;
}

const filterArb = (types: string[]) =>
  fc.record({
    type: fc.constantFrom(...types),
    cmp: fc.constantFrom<Cmp>('<', '>=', '==', '!='),
    k: fc.integer({ min: 0, max: 9 }),
    hasCondition: fc.boolean(),
  });

const scenarioArb = fc.record({
  vertices: fc.array(
    fc.record({ type: fc.constantFrom('a', 'b'), w: fc.integer({ min: 0, max: 9 }) }),
    { minLength: 1, maxLength: 12 },
  ),
  edges: fc.array(
    fc.record({
      type: fc.constantFrom<EdgeSpec['type']>('d', 'r', 'u'),
      from: fc.nat(),
      to: fc.nat(),
      w: fc.integer({ min: 0, max: 9 }),
    }),
    { maxLength: 24 },
  ),
  deleted: fc.array(fc.nat(), { maxLength: 2 }),
  sources: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
  targets: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
  maxLength: fc.integer({ min: 0, max: 5 }),
  allShortestPaths: fc.boolean(),
  vertexFilters: fc.option(fc.array(filterArb(['a', 'b']), { maxLength: 2 }), { nil: undefined }),
  edgeFilters: fc.option(fc.array(filterArb(['d', 'r', 'r_rev', 'u']), { maxLength: 2 }), {
    nil: undefined,
  }),
});
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

/** One step of a walk, as the reference sees it. */
interface RefStep {
  readonly type: string;
  readonly from: VertexText;
  readonly to: VertexText;
  readonly w: number;
  readonly directed: boolean;
}

const holds = (cmp: Cmp, w: number, k: number): boolean =>
  cmp === '<' ? w < k : cmp === '>=' ? w >= k : cmp === '==' ? w === k : w !== k;

/** The filter rule: an element of a type some filter names must pass one of those filters. */
function passes(filters: readonly FilterSpec[] | undefined, type: string, w: number): boolean {
  const mine = (filters ?? []).filter((f) => f.type === type);
  return mine.length === 0 || mine.some((f) => !f.hasCondition || holds(f.cmp, w, f.k));
}

/** The graph as plain data: what survives of the scenario's writes. */
function world(s: Scenario) {
  const n = s.vertices.length;
  const name = (i: number): VertexText => `${s.vertices[i % n]?.type ?? 'a'}:${i % n}`;
  // Vertex 0 is never deleted, so there is always a source and a target to pick.
  const deleted = new Set(s.deleted.map((i) => name(i)).filter((v) => v !== name(0)));
  const weights = new Map<VertexText, number>();
  s.vertices.forEach((v, i) => {
    if (!deleted.has(name(i))) weights.set(name(i), v.w);
  });
  const edges = new Map<string, EdgeSpec>();
  const specs: EdgeSpec[] = s.edges.map((e) => ({
    type: e.type,
    from: name(e.from),
    to: name(e.to),
    w: e.w,
  }));
  for (const e of specs) {
    // An upsert of an existing edge overwrites it; undirected ends are unordered.
    const ends = e.type === 'u' ? [e.from, e.to].sort().join('~') : `${e.from}>${e.to}`;
    edges.set(`${e.type}:${ends}`, e);
  }
  const alive = [...weights.keys()];
  const pick = (i: number) => alive[i % alive.length] ?? name(0);
  return {
    mutations: [
      { k: 'clear' },
      ...s.vertices.map((v, i) => vertexMutation(name(i), v.w)),
      ...specs.map(edgeMutation),
      ...[...deleted].map((v): Mutation => ({ k: 'dv', t: split(v)[0], id: split(v)[1] })),
    ] as Mutation[],
    weights,
    edges: [...edges.values()].filter((e) => weights.has(e.from) && weights.has(e.to)),
    sources: s.sources.map(pick),
    targets: s.targets.map(pick),
  };
}

interface Walk {
  readonly start: VertexText;
  readonly steps: readonly RefStep[];
}

/** Every walk of at most maxLength steps from a source to a target, by DFS. */
function referenceWalks(s: Scenario, w: ReturnType<typeof world>): Walk[] {
  const steps: RefStep[] = [];
  for (const e of w.edges) {
    steps.push({ type: e.type, from: e.from, to: e.to, w: e.w, directed: e.type !== 'u' });
    if (e.type === 'r')
      steps.push({ type: 'r_rev', from: e.to, to: e.from, w: e.w, directed: true });
    if (e.type === 'u' && e.from !== e.to) {
      steps.push({ type: 'u', from: e.to, to: e.from, w: e.w, directed: false });
    }
  }
  const vertexOk = (v: VertexText) => passes(s.vertexFilters, split(v)[0], w.weights.get(v) ?? 0);
  const usable = steps.filter((st) => passes(s.edgeFilters, st.type, st.w) && vertexOk(st.to));
  const targets = new Set(w.targets);
  const walks: Walk[] = [];
  const dfs = (start: VertexText, v: VertexText, path: RefStep[]): void => {
    if (targets.has(v)) walks.push({ start, steps: [...path] });
    if (path.length === s.maxLength) return;
    for (const st of usable) {
      if (st.from !== v) continue;
      path.push(st);
      dfs(start, st.to, path);
      path.pop();
    }
  };
  for (const source of new Set(w.sources)) if (vertexOk(source)) dfs(source, source, []);
  return walks;
}

const walkText = (walk: Walk): string =>
  walk.steps.reduce<string>((text, st) => `${text} -${st.type}-> ${st.to}`, walk.start);

const walkTexts = (walks: Walk[]): string[] => walks.map(walkText).sort();

const stepKey = (st: RefStep): string =>
  st.directed ? `${st.type}:${st.from}>${st.to}` : `u:${[st.from, st.to].sort().join('~')}`;

function union(walks: Walk[]) {
  const vertices = new Set<string>();
  const edges = new Set<string>();
  for (const walk of walks) {
    vertices.add(walk.start);
    for (const st of walk.steps) {
      vertices.add(st.to);
      edges.add(stepKey(st));
    }
  }
  return { vertices: [...vertices].sort(), edges: [...edges].sort() };
}

const toFilters = (specs: readonly FilterSpec[] | undefined): PathFilter[] | undefined =>
  specs?.map((f) =>
    f.hasCondition ? { type: f.type, condition: `w ${f.cmp} ${f.k}` } : { type: f.type },
  );

function check(graph: Graph, s: Scenario, w: ReturnType<typeof world>): void {
  const vertexFilters = toFilters(s.vertexFilters);
  const edgeFilters = toFilters(s.edgeFilters);
  const request: PathRequest = {
    sources: w.sources.map((v) => ({ type: split(v)[0], id: split(v)[1] })),
    targets: w.targets.map((v) => ({ type: split(v)[0], id: split(v)[1] })),
    maxLength: s.maxLength,
    ...(vertexFilters ? { vertexFilters } : {}),
    ...(edgeFilters ? { edgeFilters } : {}),
  };
  const walks = referenceWalks(s, w);

  // All paths: every walk, and their union.
  expect(listAllPaths(graph, request).map(pathText).sort()).toEqual(walkTexts(walks));
  expect(texts(allPaths(graph, request).results[0])).toEqual(union(walks));

  // Shortest paths: the length, every shortest path, their union, and one of them.
  const best = Math.min(...walks.map((walk) => walk.steps.length));
  const shortestWalks = walks.filter((walk) => walk.steps.length === best);
  const all = { ...request, allShortestPaths: true };
  expect(listShortestPaths(graph, all).map(pathText).sort()).toEqual(walkTexts(shortestWalks));
  const allAnswer = shortestPaths(graph, all);
  expect(allAnswer.found).toBe(walks.length > 0);
  expect(texts(allAnswer.results[0])).toEqual(union(shortestWalks));
  const one = shortestPaths(graph, { ...request, allShortestPaths: s.allShortestPaths });
  if (walks.length === 0) {
    expect(one.results).toEqual([{ vertices: [], edges: [] }]);
    return;
  }
  expect(one.length).toBe(best);
  // One path stops the last layer at its first meeting vertex: the full layer's first one.
  const resolved = resolveRequest(graph, request, defaultShortestMaxLength);
  const full = meetInTheMiddle(resolved, new Budget({}), false);
  const first = meetInTheMiddle(resolved, new Budget({}), true);
  expect(first?.length).toBe(full?.length);
  expect(first?.meet[0]).toBe(full?.meet[0]);
  if (!s.allShortestPaths) {
    const unions = shortestWalks.map((walk) => union([walk]));
    expect(unions).toContainEqual(texts(one.results[0]));
    const [single] = listShortestPaths(graph, request).map(pathText);
    expect(walkTexts(shortestWalks)).toContain(single);
  }
}

describe('path finding against a brute-force reference', () => {
  let temp: TempEngine;
  beforeAll(async () => {
    temp = await tempEngine(pathCatalog());
  });
  afterAll(async () => {
    await temp.close();
  });

  it('agrees on random graphs, in the delta and after a rebuild', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (s) => {
        const w = world(s);
        await temp.engine.write(() => ({ mutations: w.mutations }));
        check(temp.engine.graph, s, w);
        await temp.engine.rebuild();
        check(temp.engine.graph, s, w);
      }),
      { numRuns: 200 },
    );
  });
});
