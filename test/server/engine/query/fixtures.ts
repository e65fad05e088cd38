// Graph fixtures for query tests, built through the Engine and its mutations (one temporary data
// folder each): `social` (people, posts, undirected knows, directed follows and likes with a
// reverse edge) and generated graphs for the conformance suite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from '../../../../src/core/gsql/index.js';
import type { CreateQuery, InterpretBlock } from '../../../../src/core/gsql/index.js';
import {
  addEdgeType,
  addVertexType,
  createGraph,
} from '../../../../src/server/engine/catalog/catalog.js';
import type { CatalogData } from '../../../../src/server/engine/catalog/types.js';
import { emptyCatalog } from '../../../../src/server/engine/catalog/types.js';
import { Engine } from '../../../../src/server/engine/engine.js';
import { attr, vertex } from '../fixtures.js';
import type { Mutation } from '../../../../src/server/engine/mutations.js';
import {
  compileQuery,
  type CompileEnv,
  type CompiledQuery,
  type QueryOutput,
  type RunContext,
} from '../../../../src/server/engine/query/index.js';

export function socialCatalog(): CatalogData {
  let c = addVertexType(
    emptyCatalog,
    vertex('person', [attr('name', 'STRING'), attr('age', 'INT'), attr('score', 'DOUBLE')]),
  );
  c = addVertexType(c, vertex('post', [attr('title', 'STRING'), attr('at', 'DATETIME')]));
  c = addEdgeType(c, {
    name: 'knows',
    directed: false,
    pairs: [{ from: 'person', to: 'person' }],
    attributes: [attr('since', 'INT')],
    discriminator: [],
  });
  c = addEdgeType(c, {
    name: 'follows',
    directed: true,
    pairs: [{ from: 'person', to: 'person' }],
    attributes: [],
    discriminator: [],
  });
  c = addEdgeType(c, {
    name: 'likes',
    directed: true,
    pairs: [{ from: 'person', to: 'post' }],
    attributes: [attr('weight', 'DOUBLE')],
    discriminator: [],
    reverseEdge: 'liked_by',
  });
  return createGraph(c, 'social', ['person', 'post'], ['knows', 'follows', 'likes']);
}

const v = (t: string, id: string, u: [number, unknown][] = []): Mutation => ({
  k: 'v',
  t,
  id,
  u: u.map(([pos, value]) => [pos, '=', value] as const),
});
const e = (
  t: string,
  ft: string,
  f: string,
  tt: string,
  to: string,
  u: [number, unknown][] = [],
): Mutation => ({
  k: 'e',
  t,
  ft,
  f,
  tt,
  to,
  u: u.map(([pos, value]) => [pos, '=', value] as const),
  disc: [],
});

/**
 * social: ann(41) bob(9) cat(30) dan(25) eve(35); knows (undirected): ann-bob, ann-cat, bob-cat,
 * cat-dan; follows: ann->bob, bob->cat, cat->ann, dan->ann, eve->dan; likes: ann->p1 (0.5),
 * bob->p1 (1.5), cat->p2 (2.5); eve knows nobody.
 */
export function socialData(): Mutation[] {
  const people: [string, string, number, number][] = [
    ['ann', 'Ann', 41, 1.5],
    ['bob', 'Bob', 9, 2],
    ['cat', 'Cat', 30, 0.25],
    ['dan', 'Dan', 25, 3],
    ['eve', 'Eve', 35, 1],
  ];
  return [
    ...people.map(([id, name, age, score]) =>
      v('person', id, [
        [0, name],
        [1, age],
        [2, score],
      ]),
    ),
    v('post', 'p1', [
      [0, 'Hello'],
      [1, 1700000000],
    ]),
    v('post', 'p2', [
      [0, 'World'],
      [1, 1700086400],
    ]),
    e('knows', 'person', 'ann', 'person', 'bob', [[0, 2010]]),
    e('knows', 'person', 'ann', 'person', 'cat', [[0, 2012]]),
    e('knows', 'person', 'bob', 'person', 'cat', [[0, 2015]]),
    e('knows', 'person', 'cat', 'person', 'dan', [[0, 2020]]),
    e('follows', 'person', 'ann', 'person', 'bob'),
    e('follows', 'person', 'bob', 'person', 'cat'),
    e('follows', 'person', 'cat', 'person', 'ann'),
    e('follows', 'person', 'dan', 'person', 'ann'),
    e('follows', 'person', 'eve', 'person', 'dan'),
    e('likes', 'person', 'ann', 'post', 'p1', [[0, 0.5]]),
    e('likes', 'person', 'bob', 'post', 'p1', [[0, 1.5]]),
    e('likes', 'person', 'cat', 'post', 'p2', [[0, 2.5]]),
  ];
}

/** A generic graph: vertex type V, edge type E (directed or not), graph g. */
export function plainCatalog(directed: boolean): CatalogData {
  let c = addVertexType(emptyCatalog, vertex('V', [attr('label', 'INT')]));
  c = addEdgeType(c, {
    name: 'E',
    directed,
    pairs: [{ from: 'V', to: 'V' }],
    attributes: [],
    discriminator: [],
  });
  return createGraph(c, 'g', ['V'], ['E']);
}

export function plainData(n: number, edges: readonly (readonly [number, number])[]): Mutation[] {
  const ms: Mutation[] = [];
  for (let i = 0; i < n; i++) ms.push(v('V', `v${i}`, [[0, i]]));
  for (const [a, b] of edges) ms.push(e('E', 'V', `v${a}`, 'V', `v${b}`));
  return ms;
}

export interface Fixture {
  readonly engine: Engine;
  readonly graphName: string;
  close(): Promise<void>;
}

export async function openFixture(
  catalog: CatalogData,
  graphName: string,
  data: readonly Mutation[],
  fold = true,
): Promise<Fixture> {
  const dir = mkdtempSync(join(tmpdir(), 'gwb-query-'));
  const engine = await Engine.open({ dir, rebuildIntervalMs: 0 });
  await engine.changeSchema(() => catalog);
  await engine.write(() => ({ mutations: data }));
  if (fold) engine.graph.fold();
  return {
    engine,
    graphName,
    async close() {
      await engine.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const openSocial = (fold = true): Promise<Fixture> =>
  openFixture(socialCatalog(), 'social', socialData(), fold);

/** Compile switches a test may set (the generated-code tier on or off). */
export type CompileOptions = Pick<CompileEnv, 'generatedCode'>;

/** Parses a CREATE QUERY / INTERPRET text (failing on syntax errors) and compiles it. */
export function compileText(
  fixture: Fixture,
  text: string,
  queries?: (name: string) => CompiledQuery | undefined,
  options: CompileOptions = {},
): CompiledQuery {
  const { ast, diagnostics } = parse(text);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0)
    throw new Error(
      `syntax: ${errors.map((d) => `${d.range.start.line}:${d.range.start.column} ${d.message}`).join('; ')}`,
    );
  const q = ast.statements.find(
    (s): s is CreateQuery | InterpretBlock =>
      s.kind === 'CreateQuery' || s.kind === 'InterpretBlock',
  );
  if (!q) throw new Error('no query in the text');
  return compileQuery(q, {
    catalog: fixture.engine.catalog,
    graphName: fixture.graphName,
    ...(queries ? { queries } : {}),
    ...options,
  });
}

export function runText(
  fixture: Fixture,
  text: string,
  params: Record<string, unknown> = {},
  ctx: Partial<RunContext> = {},
  options: CompileOptions = {},
): Promise<QueryOutput> {
  const q = compileText(fixture, text, ctx.queries as never, options);
  return q.run(params, { graph: fixture.engine.graph, engine: fixture.engine, ...ctx });
}
