// Shared helpers of the path-finding tests: a schema of two vertex types and three edge types
// (directed with several FROM/TO pairs, directed WITH REVERSE_EDGE, undirected), an engine in a
// temporary folder, and compact text forms of answers so that tests compare sets of strings.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addEdgeType,
  addVertexType,
  createGraph,
} from '../../../../src/server/engine/catalog/catalog.js';
import type {
  AttributeDef,
  CatalogData,
  EdgeTypeDef,
  VertexTypeDef,
} from '../../../../src/server/engine/catalog/types.js';
import { emptyCatalog, primitive } from '../../../../src/server/engine/catalog/types.js';
import { Engine } from '../../../../src/server/engine/engine.js';
import type { Mutation } from '../../../../src/server/engine/mutations.js';
import type { PathSubgraph } from '../../../../src/server/engine/paths/find-paths.js';
import type { EdgeRecord } from '../../../../src/server/engine/records.js';

const weight: AttributeDef = { name: 'w', type: primitive('INT') };

const vertexType = (name: string): VertexTypeDef => ({
  name,
  primaryId: { name: 'id', type: primitive('STRING') },
  primaryIdAsAttribute: false,
  compositeKey: [],
  primaryKeySyntax: false,
  attributes: [weight],
  stats: 'OUTDEGREE_BY_EDGETYPE',
});

const allPairs = [
  { from: 'a', to: 'a' },
  { from: 'a', to: 'b' },
  { from: 'b', to: 'a' },
  { from: 'b', to: 'b' },
];

const edgeType = (name: string, directed: boolean, reverseEdge?: string): EdgeTypeDef => ({
  name,
  directed,
  pairs: allPairs,
  attributes: [weight],
  discriminator: [],
  ...(reverseEdge ? { reverseEdge } : {}),
});

/** Vertex types a, b (attribute w INT); edges d (directed), r (directed, reverse r_rev), u. */
export function pathCatalog(): CatalogData {
  let c = addVertexType(emptyCatalog, vertexType('a'));
  c = addVertexType(c, vertexType('b'));
  c = addEdgeType(c, edgeType('d', true));
  c = addEdgeType(c, edgeType('r', true, 'r_rev'));
  c = addEdgeType(c, edgeType('u', false));
  return createGraph(c, 'g', ['a', 'b'], ['d', 'r', 'u']);
}

/** A vertex as `type:id` text. */
export type VertexText = `${string}:${string}`;

export interface EdgeSpec {
  readonly type: 'd' | 'r' | 'u';
  readonly from: VertexText;
  readonly to: VertexText;
  readonly w: number;
}

export const split = (v: VertexText): [string, string] => {
  const [type = '', id = ''] = v.split(':');
  return [type, id];
};

export function vertexMutation(v: VertexText, w: number): Mutation {
  const [t, id] = split(v);
  return { k: 'v', t, id, u: [[0, '=', w]] };
}

export function edgeMutation(e: EdgeSpec): Mutation {
  const [ft, f] = split(e.from);
  const [tt, to] = split(e.to);
  return { k: 'e', t: e.type, ft, f, tt, to, u: [[0, '=', e.w]], disc: [] };
}

export interface TempEngine {
  readonly engine: Engine;
  close(): Promise<void>;
}

export async function tempEngine(catalog: CatalogData): Promise<TempEngine> {
  const dir = mkdtempSync(join(tmpdir(), 'gwb-paths-'));
  const engine = await Engine.open({ dir, rebuildIntervalMs: 0 });
  await engine.changeSchema(() => catalog);
  return {
    engine,
    async close() {
      await engine.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An edge as `e_type:from>to` in the direction reported. */
export const edgeText = (e: EdgeRecord): string =>
  `${e.e_type}:${e.from_type}:${e.from_id}>${e.to_type}:${e.to_id}`;

/** An edge with undirected ends in a fixed order (for unions, where either walk may be shown). */
export function edgeKey(e: EdgeRecord): string {
  if (e.directed) return edgeText(e);
  const ends = [`${e.from_type}:${e.from_id}`, `${e.to_type}:${e.to_id}`].sort();
  return `${e.e_type}:${ends[0] ?? ''}~${ends[1] ?? ''}`;
}

/** A path answer as sorted texts of its vertices and edges. */
export function texts(subgraph: PathSubgraph): { vertices: string[]; edges: string[] } {
  return {
    vertices: subgraph.vertices.map((v) => `${v.v_type}:${v.v_id}`).sort(),
    edges: subgraph.edges.map(edgeKey).sort(),
  };
}

/** One path in order: `a:1 -d-> b:2 -u-> a:3`. */
export function pathText(path: PathSubgraph): string {
  let out = path.vertices[0] ? `${path.vertices[0].v_type}:${path.vertices[0].v_id}` : '';
  path.edges.forEach((e, i) => {
    const v = path.vertices[i + 1];
    out += ` -${e.e_type}-> ${v ? `${v.v_type}:${v.v_id}` : '?'}`;
  });
  return out;
}
