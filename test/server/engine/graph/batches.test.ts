// Batch mutations (UpsertVertices 'V', UpsertEdges 'E': bulk loading's columnar form) change the
// graph exactly as the same objects applied one mutation each, in order: vertices, attributes
// and op codes, edges directed and undirected, self-loops, endpoints created on the way,
// must-exist and new-only flags, permanently deleted ids; the adjacency built by the bulk merge
// lists the same edges per vertex, in the same order, as the one built edge by edge.
import { describe, expect, it } from 'vitest';
import {
  emptyCatalog,
  primitive,
  type CatalogData,
} from '../../../../src/server/engine/catalog/types.js';
import { Graph } from '../../../../src/server/engine/graph/graph.js';
import { KeyWriter, keyStrings } from '../../../../src/server/engine/keys.js';
import {
  emptyReport,
  type ColumnUpdate,
  type Mutation,
  type OpCode,
  type UpsertEdge,
  type UpsertVertex,
} from '../../../../src/server/engine/mutations.js';
import { seededRandom } from '../../../helpers/random.js';

const catalog: CatalogData = {
  ...emptyCatalog,
  vertexTypes: ['p', 'q'].map((name) => ({
    name,
    primaryId: { name: 'id', type: primitive('STRING') },
    primaryIdAsAttribute: false,
    compositeKey: [],
    primaryKeySyntax: false,
    attributes: [
      { name: 'n', type: primitive('INT') },
      { name: 'tags', type: { kind: 'set', element: primitive('STRING') } },
    ],
    stats: 'OUTDEGREE_BY_EDGETYPE',
  })),
  edgeTypes: [
    {
      name: 'd',
      directed: true,
      pairs: [
        { from: 'p', to: 'p' },
        { from: 'p', to: 'q' },
      ],
      attributes: [{ name: 'w', type: primitive('DOUBLE') }],
      discriminator: [],
    },
    {
      name: 'u',
      directed: false,
      pairs: [{ from: 'p', to: 'p' }],
      attributes: [],
      discriminator: [],
    },
  ],
  graphs: [{ name: 'g', vertexTypes: ['p', 'q'], edgeTypes: ['d', 'u'] }] as CatalogData['graphs'],
};

/** Groups runs of same-shaped single mutations into batches (the loader's job, done simply). */
function batched(singles: readonly Mutation[]): Mutation[] {
  const out: Mutation[] = [];
  let i = 0;
  while (i < singles.length) {
    const head = singles[i] as Mutation;
    if (head.k !== 'v' && head.k !== 'e') {
      out.push(head);
      i++;
      continue;
    }
    const first = head;
    const run: (UpsertVertex | UpsertEdge)[] = [];
    const same = (m: Mutation) =>
      m.k === first.k &&
      m.t === first.t &&
      (m.k === 'v'
        ? m.only === (first as UpsertVertex).only
        : m.k === 'e' &&
          m.ft === (first as UpsertEdge).ft &&
          m.tt === (first as UpsertEdge).tt &&
          m.must === (first as UpsertEdge).must);
    while (i < singles.length && same(singles[i] as Mutation)) run.push(singles[i++] as never);
    const keys = new KeyWriter();
    const columns = new Map<string, [number, OpCode, unknown[]]>();
    run.forEach((m, row) => {
      if (m.k === 'v') keys.write(m.id);
      else {
        keys.write(m.f);
        keys.write(m.to);
      }
      for (const [pos, op, value] of m.u) {
        const key = `${pos}${op}`;
        let column = columns.get(key);
        if (!column)
          columns.set(key, (column = [pos, op, new Array<unknown>(run.length).fill(undefined)]));
        column[2][row] = value;
      }
    });
    const u: ColumnUpdate[] = [...columns.values()];
    const n = run.length;
    if (first.k === 'v') {
      out.push({
        k: 'V',
        t: first.t,
        n,
        keys: keys.take(),
        u,
        ...(first.only ? { only: first.only } : {}),
      });
    } else {
      out.push({
        k: 'E',
        t: first.t,
        ft: first.ft,
        tt: first.tt,
        n,
        keys: keys.take(),
        u,
        ...(first.must ? { must: first.must } : {}),
      });
    }
  }
  return out;
}

/** Everything observable: ids, attributes, edges by endpoints, adjacency lists per vertex. */
function dump(graph: Graph): unknown {
  const vertices: Record<string, unknown> = {};
  for (const [name, table] of graph.vertices) {
    vertices[name] = [...table.liveSlots()].map((slot) => [
      table.ids[slot],
      table.columns.map((c) => c[slot]),
    ]);
  }
  const edges: Record<string, unknown> = {};
  for (const [name, table] of graph.edges) {
    const name0 = (t: number, s: number) =>
      `${graph.vertexByIndex[t]?.def.name}:${graph.vertexByIndex[t]?.ids[s]}`;
    const list: string[] = [];
    for (let slot = 0; slot < table.slotCount; slot++) {
      if (table.alive[slot] !== 1) continue;
      list.push(
        `${name0(table.srcType[slot] ?? 0, table.src[slot] ?? 0)}>${name0(table.dstType[slot] ?? 0, table.dst[slot] ?? 0)}=${JSON.stringify(table.columns.map((c) => c[slot]))}`,
      );
    }
    const adjacency: string[] = [];
    for (const [side, list2] of [
      ['out', table.out],
      ['in', table.in],
    ] as const) {
      list2.forEach((adj, t) => {
        const count = graph.vertexByIndex[t]?.slotCount ?? 0;
        for (let v = 0; v < count; v++) {
          const far: string[] = [];
          adj.forEach(v, (e) => {
            if (table.alive[e] !== 1) return;
            far.push(
              side === 'out'
                ? name0(table.dstType[e] ?? 0, table.dst[e] ?? 0)
                : name0(table.srcType[e] ?? 0, table.src[e] ?? 0),
            );
          });
          if (far.length > 0) adjacency.push(`${side} ${name0(t, v)}: ${far.join(' ')}`);
        }
      });
    }
    edges[name] = { list: list.sort(), adjacency: adjacency.sort() };
  }
  return { vertices, edges };
}

const ops: OpCode[] = ['=', '+', '~', '>', '<'];

function workload(seed: number, size: number): Mutation[] {
  const next = seededRandom(seed);
  const id = () => {
    const r = Math.floor(next() * 400);
    return r % 17 === 0 ? `é${r}` : `v${r}`;
  };
  const out: Mutation[] = [];
  const flagsV = [undefined, undefined, undefined, 'new'] as const;
  const flagsE = [undefined, undefined, undefined, 'both', 'source', 'target'] as const;
  while (out.length < size) {
    const runLength = 1 + Math.floor(next() * 300);
    const kind = next();
    const vFlag = flagsV[Math.floor(next() * flagsV.length)];
    const eFlag = flagsE[Math.floor(next() * flagsE.length)];
    const t = next() < 0.5 ? 'p' : 'q';
    const et = next() < 0.6 ? 'd' : 'u';
    const tt = et === 'u' || next() < 0.5 ? 'p' : 'q';
    for (let i = 0; i < runLength; i++) {
      if (kind < 0.35) {
        const u: [number, OpCode, unknown][] = [];
        if (next() < 0.7)
          u.push([0, ops[Math.floor(next() * ops.length)] ?? '=', Math.floor(next() * 10)]);
        if (next() < 0.3) u.push([1, '+', [`t${Math.floor(next() * 3)}`]]);
        out.push({ k: 'v', t, id: id(), u, ...(vFlag ? { only: vFlag } : {}) });
      } else {
        const a = id();
        const b = next() < 0.05 ? a : id();
        const u: [number, OpCode, unknown][] = et === 'd' && next() < 0.5 ? [[0, '+', next()]] : [];
        out.push({
          k: 'e',
          t: et,
          ft: 'p',
          f: a,
          tt,
          to: b,
          u,
          disc: [],
          ...(eFlag ? { must: eFlag } : {}),
        });
      }
    }
    if (next() < 0.05) out.push({ k: 'dv', t: 'p', id: id(), permanent: next() < 0.5 });
  }
  return out;
}

function reportOf(graph: Graph, mutations: readonly Mutation[], bulk: boolean) {
  const report = emptyReport();
  const run = () => {
    for (const m of mutations) graph.apply(m, report);
  };
  if (bulk) graph.bulk(run);
  else run();
  return report;
}

describe('batch mutations', () => {
  it('key lists round-trip ASCII, non-ASCII and long ids', () => {
    const ids = ['', 'a', 'é', '東京🙂', 'x'.repeat(200), 'y'.repeat(20_000)];
    const keys = new KeyWriter();
    for (const id of ids) keys.write(id);
    const bytes = Buffer.from('..z..');
    keys.writeBytes(bytes, 2, 3);
    expect(keys.count).toBe(ids.length + 1);
    expect(keyStrings(keys.take(), ids.length + 1)).toEqual([...ids, 'z']);
  });

  for (const [seed, bulk] of [
    [1, false],
    [2, true],
    [3, true],
  ] as const) {
    it(`apply like the same objects one by one (seed ${seed}${bulk ? ', in bulk' : ''})`, () => {
      const singles = workload(seed, 20_000);
      const one = new Graph(catalog);
      const many = new Graph(catalog);
      const r1 = reportOf(one, singles, false);
      const r2 = reportOf(many, batched(singles), bulk);
      expect(dump(many)).toEqual(dump(one));
      expect(r2.acceptedVertices).toBe(r1.acceptedVertices);
      expect(r2.acceptedEdges).toBe(r1.acceptedEdges);
      expect(r2.skippedVertices).toBe(r1.skippedVertices);
      expect(r2.skippedEdges).toBe(r1.skippedEdges);
      expect(r2.createdEndpoints).toBe(r1.createdEndpoints);
      expect(r2.existingVertices).toEqual(r1.existingVertices);
      expect(r2.missingVertices).toEqual(r1.missingVertices);
      // What was left out, per type and end (the loader's rejected objects), agrees too and adds
      // up to the totals.
      expect(r2.skippedByVertexType).toEqual(r1.skippedByVertexType);
      expect(r2.skippedByEdgeType).toEqual(r1.skippedByEdgeType);
      expect(r1.skippedVertices > 0 && r1.skippedEdges > 0).toBe(true);
      const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);
      expect(sum(r1.skippedByVertexType.values())).toBe(r1.skippedVertices);
      expect(sum([...r1.skippedByEdgeType.values()].map(([f, t]) => f + t))).toBe(r1.skippedEdges);
      // And both stay equal through a fold.
      one.fold();
      many.fold();
      expect(dump(many)).toEqual(dump(one));
    });
  }

  it('merges a large batch into an existing adjacency in one pass, keeping edge order', () => {
    const singles: Mutation[] = [];
    for (let i = 0; i < 30_000; i++) {
      singles.push({
        k: 'e',
        t: 'd',
        ft: 'p',
        f: `a${i % 500}`,
        tt: 'p',
        to: `b${(i * 7) % 3000}`,
        u: [],
        disc: [],
      });
    }
    const one = new Graph(catalog);
    const many = new Graph(catalog);
    // A first part edge by edge, folded; then a delta; then one large batch on top.
    for (const g of [one, many]) {
      for (const m of singles.slice(0, 5000)) g.apply(m);
      g.fold();
      for (const m of singles.slice(5000, 6000)) g.apply(m);
    }
    for (const m of singles.slice(6000)) one.apply(m);
    for (const m of batched(singles.slice(6000))) many.apply(m);
    const adj = many.edgeTable('d')?.out[0];
    expect(adj?.deltaCount).toBe(0); // merged, not listed edge by edge
    expect(dump(many)).toEqual(dump(one));
  });
});
