// Helpers of the loading tests: a schema with every attribute shape the loader handles, an engine
// in a temporary folder, jobs stored in its catalog, and a dump of the graph's data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addEdgeType,
  addVertexType,
  createGraph,
} from '../../../../src/server/engine/catalog/catalog.js';
import { putLoadingJob } from '../../../../src/server/engine/catalog/jobs.js';
import type { AttributeDef, CatalogData } from '../../../../src/server/engine/catalog/types.js';
import { primitive } from '../../../../src/server/engine/catalog/types.js';
import { Engine } from '../../../../src/server/engine/engine.js';
import { edgeRecord, vertexRecord } from '../../../../src/server/engine/records.js';
import {
  emptyStatistics,
  objectStatistics,
  type LoadStatistics,
  type ObjectStatistics,
} from '../../../../src/server/engine/loading/stats.js';
import {
  compileLoadingJob,
  parseLoadingJob,
} from '../../../../src/server/engine/loading/compile.js';
import { LoadingJobError } from '../../../../src/server/engine/loading/errors.js';
import { socialCatalog } from '../fixtures.js';

/**
 * socialCatalog plus `bag` (INT id, LIST, SET, MAP, BOOL), `member` (composite key) and `placed`
 * (two FROM/TO pairs: person -> bag, post -> person).
 */
export function loadingCatalog(): CatalogData {
  let c = socialCatalog();
  const bagAttrs: AttributeDef[] = [
    { name: 'tags', type: { kind: 'list', element: primitive('STRING') } },
    { name: 'nums', type: { kind: 'set', element: primitive('INT') } },
    { name: 'counts', type: { kind: 'map', key: primitive('STRING'), value: primitive('INT') } },
    { name: 'flag', type: primitive('BOOL') },
  ];
  c = addVertexType(c, {
    name: 'bag',
    primaryId: { name: 'id', type: primitive('INT') },
    primaryIdAsAttribute: false,
    compositeKey: [],
    primaryKeySyntax: false,
    attributes: bagAttrs,
    stats: 'OUTDEGREE_BY_EDGETYPE',
  });
  c = addVertexType(c, {
    name: 'member',
    primaryId: { name: 'name', type: primitive('STRING') },
    primaryIdAsAttribute: true,
    compositeKey: ['name', 'code'],
    primaryKeySyntax: true,
    attributes: [
      { name: 'code', type: primitive('INT') },
      { name: 'name', type: primitive('STRING') },
      { name: 'note', type: primitive('STRING') },
    ],
    stats: 'OUTDEGREE_BY_EDGETYPE',
  });
  c = addEdgeType(c, {
    name: 'joined',
    directed: true,
    pairs: [{ from: 'member', to: 'person' }],
    attributes: [],
    discriminator: [],
  });
  c = addEdgeType(c, {
    name: 'placed',
    directed: true,
    pairs: [
      { from: 'person', to: 'bag' },
      { from: 'post', to: 'person' },
    ],
    attributes: [{ name: 'note', type: primitive('STRING') }],
    discriminator: [],
    reverseEdge: 'placed_by',
  });
  const graph = c.graphs.find((g) => g.name === 'social');
  return createGraph(
    { ...c, graphs: c.graphs.filter((g) => g.name !== 'social') },
    'social',
    [...(graph?.vertexTypes ?? []), 'bag', 'member'],
    [...(graph?.edgeTypes ?? []), 'joined', 'placed'],
  );
}

export interface TempEngine {
  readonly engine: Engine;
  readonly dir: string;
  reopen(): Promise<Engine>;
  dispose(): Promise<void>;
}

export async function tempEngine(): Promise<TempEngine> {
  const dir = mkdtempSync(join(tmpdir(), 'gwb-loading-'));
  let engine = await Engine.open({ dir, rebuildIntervalMs: 0 });
  await engine.changeSchema(() => loadingCatalog());
  return {
    get engine() {
      return engine;
    },
    dir,
    async reopen() {
      await engine.close();
      engine = await Engine.open({ dir, rebuildIntervalMs: 0 });
      return engine;
    },
    async dispose() {
      await engine.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Stores a job's text in the catalog under its name. */
export async function defineJob(engine: Engine, name: string, text: string): Promise<void> {
  await engine.changeSchema((c) =>
    putLoadingJob(
      c,
      { graph: 'social', name, text },
      c.loadingJobs.some((j) => j.name === name),
    ),
  );
}

export type Dump = {
  vertices: Record<string, Record<string, Record<string, unknown>>>;
  edges: Record<string, string[]>;
};

const show = (v: unknown) =>
  JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));

/** Every live vertex (by type, then id) and edge (`from->to {attrs}`, sorted) of the graph. */
export function dump(engine: Engine): Dump {
  const out: Dump = { vertices: {}, edges: {} };
  const graph = engine.graph;
  for (const [name, table] of graph.vertices) {
    const ids: Record<string, Record<string, unknown>> = {};
    for (const slot of table.liveSlots()) {
      const record = vertexRecord(table, slot);
      ids[record.v_id] = record.attributes;
    }
    if (Object.keys(ids).length > 0) out.vertices[name] = ids;
  }
  for (const [name, table] of graph.edges) {
    const list: string[] = [];
    for (let slot = 0; slot < table.slotCount; slot++) {
      if (table.alive[slot] !== 1) continue;
      const e = edgeRecord(graph, table, slot);
      list.push(`${e.from_id}->${e.to_id} ${show(e.attributes)}`);
    }
    if (list.length > 0) out.edges[name] = list.sort();
  }
  return out;
}

type Counts = Partial<Omit<ObjectStatistics, 'typeName'>>;

/** Full statistics from the non-zero counters: `vertex: [['person', {validObject: 2}]]`. */
export function stats(
  lines: Partial<Omit<LoadStatistics, 'vertex' | 'edge' | 'deleteVertex' | 'deleteEdge'>>,
  vertex: [string, Counts][] = [],
  edge: [string, Counts][] = [],
): LoadStatistics {
  return {
    ...emptyStatistics(),
    ...lines,
    vertex: vertex.map(([t, c]) => ({ ...objectStatistics(t), ...c })),
    edge: edge.map(([t, c]) => ({ ...objectStatistics(t), ...c })),
  };
}

/** A source that yields the given chunks, as a client sending a body in pieces would. */
export async function* chunks(
  parts: readonly (string | Uint8Array)[],
): AsyncGenerator<string | Uint8Array> {
  for (const part of parts) {
    await Promise.resolve();
    yield part;
  }
}

/** The refusal of a loading job whose body (after `DEFINE FILENAME f;`) is `body`, if any. */
export function compileError(body: string): LoadingJobError | undefined {
  const text = `CREATE LOADING JOB j FOR GRAPH social {\n  DEFINE FILENAME f;\n  ${body}\n}`;
  try {
    compileLoadingJob(parseLoadingJob(text, 'j'), loadingCatalog(), 'social');
  } catch (error) {
    if (error instanceof LoadingJobError) return error;
    throw error;
  }
  return undefined;
}
