// Checkpoint files (store/checkpoint*.ts, store/recover.ts): a graph read back from a checkpoint
// is the graph the whole log rebuilds (every attribute kind, deleted and banned vertices, deleted
// edges, undirected, discriminated and multi-pair edges, a dropped vertex type renumbering the
// rest), and it takes further writes the same way; a damaged checkpoint (a changed byte, cut
// short, another format version) is set aside and the one before it plus the log read instead;
// with no way back left, opening fails rather than serving a different graph.
import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addEdgeType,
  addVertexType,
  createGraph,
  dropVertexTypes,
} from '../../../src/server/engine/catalog/catalog.js';
import { primitive, type CatalogData } from '../../../src/server/engine/catalog/types.js';
import { Engine } from '../../../src/server/engine/engine.js';
import type { Graph } from '../../../src/server/engine/graph/graph.js';
import type { Mutation } from '../../../src/server/engine/mutations.js';
import { attr, socialCatalog, vertex } from './fixtures.js';

let dir: string;
const logs: string[] = [];
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  logs.length = 0;
});

const open = (folder = dir) =>
  Engine.open({ dir: folder, rebuildIntervalMs: 0, log: (line) => logs.push(line) });

function catalog(): CatalogData {
  // `gone` comes first and is dropped later: every other vertex type index shifts on reading.
  let c = addVertexType(socialCatalog(), vertex('gone', []));
  c = addVertexType(
    c,
    vertex('thing', [
      attr('flag', 'BOOL'),
      attr('big', 'INT'),
      attr('ratio', 'FLOAT'),
      { name: 'tags', type: { kind: 'set', element: primitive('STRING') } },
      { name: 'nums', type: { kind: 'list', element: primitive('INT') } },
      {
        name: 'weights',
        type: { kind: 'map', key: primitive('STRING'), value: primitive('DOUBLE') },
      },
    ]),
  );
  c = addEdgeType(c, {
    name: 'tagged',
    directed: true,
    pairs: [
      { from: 'person', to: 'thing' },
      { from: 'post', to: 'thing' },
    ],
    attributes: [attr('note', 'STRING')],
    discriminator: [],
  });
  return createGraph(c, 'more', ['person', 'post', 'thing'], ['tagged']);
}

/** A deterministic mix of every kind of write. */
function writes(round: number): Mutation[] {
  const m: Mutation[] = [];
  const p = (i: number) => `p${round}_${i}`;
  for (let i = 0; i < 300; i++) {
    m.push({
      k: 'v',
      t: 'person',
      id: p(i),
      u: [
        [0, '=', `Näme ${i} ✓`],
        [1, '=', i],
        [2, '=', i / 7],
      ],
    });
    m.push({
      k: 'v',
      t: 'thing',
      id: `t${round}_${i}`,
      u: [
        [0, '=', i % 2 === 0],
        [1, '=', i % 3 === 0 ? 2n ** 60n + BigInt(i) : -i],
        [2, '=', i + 0.5],
        [3, '=', [`a${i % 4}`, 'b']],
        [4, '=', [i, i, -1]],
        [5, '=', new Map([[`k${i}`, i / 3]])],
      ],
    });
    m.push({ k: 'v', t: 'gone', id: `g${round}_${i}`, u: [] });
  }
  // Ids beyond Latin-1 (their block is written as UTF-16) and an empty id.
  m.push({ k: 'v', t: 'thing', id: `✓ ünï ${round}`, u: [] });
  m.push({ k: 'v', t: 'post', id: '', u: [] });
  for (let i = 0; i < 300; i++) {
    m.push({
      k: 'e',
      t: 'knows',
      ft: 'person',
      f: p((i * 7) % 300),
      tt: 'person',
      to: p(i),
      u: [[0, '=', i]],
      disc: [],
    });
    m.push({
      k: 'e',
      t: 'likes',
      ft: 'person',
      f: p(i),
      tt: 'post',
      to: `post${i % 40}`,
      u: [],
      disc: [],
    });
    m.push({
      k: 'e',
      t: 'tagged',
      ft: i % 2 ? 'person' : 'post',
      f: i % 2 ? p(i) : `post${i % 40}`,
      tt: 'thing',
      to: `t${round}_${(i * 13) % 300}`,
      u: [[0, '=', `n${i}`]],
      disc: [],
    });
    m.push({
      k: 'e',
      t: 'transfer',
      ft: 'account',
      f: `a${i % 10}`,
      tt: 'account',
      to: `a${(i + 1) % 10}`,
      u: [[1, '+', i]],
      disc: [i % 5],
    });
  }
  for (let i = 0; i < 300; i += 11) m.push({ k: 'dv', t: 'person', id: p(i) });
  m.push({ k: 'dv', t: 'person', id: p(1), permanent: true });
  m.push({ k: 'dv', t: 'thing', id: 'never-there', permanent: true });
  for (let i = 0; i < 300; i += 5)
    m.push({ k: 'de', t: 'likes', ft: 'person', f: p(i), tt: 'post', to: `post${i % 40}` });
  m.push({ k: 'de', t: 'transfer', ft: 'account', f: 'a2', tt: 'account', to: 'a3', disc: [2] });
  return m;
}

/** Everything a graph holds, by type name (type indexes may differ between two reads). */
function state(graph: Graph) {
  const typeName = (i: number) => graph.vertexByIndex[i]?.def.name;
  const vertices = [...graph.vertices.values()].map((t) => {
    const live = [...t.liveSlots()];
    return {
      name: t.def.name,
      slots: t.slotCount,
      liveCount: t.liveCount,
      live,
      ids: live.map((s) => t.ids[s]),
      found: live.map((s) => t.find(t.ids[s] ?? '')),
      banned: [...t.banned].sort(),
      columns: t.columns.map((c) => live.map((s) => c[s])),
    };
  });
  const edges = [...graph.edges.values()].map((t) => {
    const live: number[] = [];
    for (let e = 0; e < t.slotCount; e++) if (t.alive[e] === 1) live.push(e);
    const adjacency = (side: 'out' | 'in') =>
      [...graph.vertices.values()].map((v) =>
        [...v.liveSlots()].map((s) =>
          (t[side][v.typeIndex]?.slots(s) ?? []).filter((e) => t.alive[e] === 1),
        ),
      );
    return {
      name: t.def.name,
      slots: t.slotCount,
      liveCount: t.liveCount,
      ends: live.map((e) => [
        typeName(t.srcType[e] ?? 0),
        t.src[e],
        typeName(t.dstType[e] ?? 0),
        t.dst[e],
      ]),
      found: live.map((e) =>
        t.find(
          t.srcType[e] ?? 0,
          t.src[e] ?? 0,
          t.dstType[e] ?? 0,
          t.dst[e] ?? 0,
          t.discriminatorOf(e),
        ),
      ),
      columns: t.columns.map((c) => live.map((e) => c[e])),
      out: adjacency('out'),
      in: adjacency('in'),
    };
  });
  return { catalog: graph.catalog, vertices, edges };
}

/** Fills a data folder: schema, two rounds of writes, `gone` dropped; closed with a checkpoint. */
async function fill(dropType = true): Promise<void> {
  const engine = await open();
  await engine.changeSchema(() => catalog());
  await engine.write(() => ({ mutations: writes(1) }));
  await engine.write(() => ({ mutations: writes(2) }));
  if (dropType) await engine.changeSchema((c) => dropVertexTypes(c, ['gone']));
  await engine.write(() => ({ mutations: writes(3).filter((m) => !('t' in m) || m.t !== 'gone') }));
  await engine.close();
}

const checkpointFiles = (folder = dir) =>
  readdirSync(join(folder, 'checkpoints')).filter((n) => n.endsWith('.ckpt'));

/**
 * The state of a copy of the data folder opened without its newest checkpoint: from the one
 * before it (or from nothing) and the log.
 */
async function replayedState(): Promise<ReturnType<typeof state>> {
  const copy = mkdtempSync(join(tmpdir(), 'gwb-checkpoint-replay-'));
  try {
    rmSync(copy, { recursive: true });
    const { cpSync } = await import('node:fs');
    cpSync(dir, copy, { recursive: true });
    const [newest] = checkpointFiles(copy).sort().reverse();
    rmSync(join(copy, 'checkpoints', newest ?? ''));
    const engine = await open(copy);
    const s = state(engine.graph);
    await engine.close();
    return s;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

describe('checkpoint files', () => {
  it.each([
    ['', false],
    [' (a vertex type dropped: type indexes renumbered)', true],
  ])(
    'read back the graph the whole log rebuilds, and take further writes alike%s',
    async (_, drop) => {
      dir = mkdtempSync(join(tmpdir(), 'gwb-checkpoint-'));
      await fill(drop);
      expect(checkpointFiles()).toHaveLength(1);
      const expected = await replayedState();
      expect(logs.some((l) => /graph read from an empty graph/.test(l))).toBe(true);

      logs.length = 0;
      const engine = await open();
      expect(logs.join('\n')).toMatch(
        /graph read from checkpoint .*graph-\d+\.ckpt .* then 0 log entries/,
      );
      expect(state(engine.graph)).toEqual(expected);
      // Writes after reading a checkpoint: new edges are found and reached, deletes take effect.
      await engine.write(() => ({ mutations: writes(4) }));
      await engine.write(() => ({ mutations: writes(1).slice(0, 200) }));
      const afterWrites = state(engine.graph);
      await engine.close();
      expect(await replayedState()).toEqual(afterWrites);
      const reopened = await open();
      expect(state(reopened.graph)).toEqual(afterWrites);
      await reopened.close();
    },
  );

  it('keep the checkpoint before the newest, and the log after it, as the way back', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gwb-checkpoint-'));
    await fill();
    const engine = await open();
    await engine.write(() => ({ mutations: writes(5) }));
    const expected = state(engine.graph);
    await engine.close();
    const files = checkpointFiles().sort();
    expect(files).toHaveLength(2);
    // The newest damaged: one byte changed in the middle.
    const newest = join(dir, 'checkpoints', files[1] ?? '');
    const bytes = readFileSync(newest);
    const middle = Math.floor(bytes.length / 2);
    bytes.writeUInt8(bytes.readUInt8(middle) ^ 0x5a, middle);
    writeFileSync(newest, bytes);
    const recovered = await open();
    expect(logs.join('\n')).toMatch(/checkpoint damaged, not used: .*checksum mismatch/);
    expect(logs.join('\n')).toMatch(
      /graph read from checkpoint .*graph-\d+\.ckpt .* then [1-9]\d* log entries/,
    );
    expect(state(recovered.graph)).toEqual(expected);
    // Set aside until the next checkpoint is written.
    expect(readdirSync(join(dir, 'checkpoints')).some((n) => n.endsWith('.damaged'))).toBe(true);
    await recovered.close();
    expect(readdirSync(join(dir, 'checkpoints')).some((n) => n.endsWith('.damaged'))).toBe(false);
  });

  for (const [what, damage] of [
    [
      'cut short',
      (path: string) => truncateSync(path, Math.floor(readFileSync(path).length * 0.6)),
    ],
    [
      'of another format version',
      (path: string) => {
        const bytes = readFileSync(path);
        bytes.writeUInt32LE(99, 8);
        writeFileSync(path, bytes);
      },
    ],
    ['empty', (path: string) => truncateSync(path, 0)],
  ] as const) {
    it(`a checkpoint ${what} is set aside and the log replayed`, async () => {
      dir = mkdtempSync(join(tmpdir(), 'gwb-checkpoint-'));
      await fill();
      const expected = await replayedState();
      damage(join(dir, 'checkpoints', checkpointFiles()[0] ?? ''));
      logs.length = 0;
      const engine = await open();
      expect(logs[0]).toMatch(/checkpoint damaged, not used/);
      expect(logs[1]).toMatch(/graph read from an empty graph/);
      expect(state(engine.graph)).toEqual(expected);
      await engine.close();
    });
  }

  it('refuse to open when every way back is damaged (never a different graph)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gwb-checkpoint-'));
    await fill();
    for (let round = 6; round < 8; round++) {
      const engine = await open();
      await engine.write(() => ({ mutations: writes(round) }));
      await engine.close();
    }
    // Two checkpoints remain and the log before the older one is gone: damage both.
    const files = checkpointFiles();
    expect(files).toHaveLength(2);
    for (const name of files) {
      const path = join(dir, 'checkpoints', name);
      copyFileSync(path, `${path}.copy`);
      truncateSync(path, 100);
    }
    await expect(open()).rejects.toThrow(
      /cannot be read back: .* restore the folder from a backup/,
    );
    // The files were set aside, not removed: put them back and the folder opens again.
    for (const name of files) {
      const path = join(dir, 'checkpoints', name);
      rmSync(`${path}.damaged`);
      copyFileSync(`${path}.copy`, path);
      rmSync(`${path}.copy`);
    }
    const engine = await open();
    expect(engine.graph.vertexTable('person')?.liveCount).toBeGreaterThan(0);
    await engine.close();
  });
});

describe('the chunk checkpoint of an earlier version', () => {
  it('is read on open, kept as the way back after the first checkpoint file, then dropped', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gwb-checkpoint-legacy-'));
    // The layout an earlier version left: meta without trimmedTo, chunks in `snapshot`, and the
    // log after the chunks' sequence number.
    const { open: openLmdb } = await import('lmdb');
    const root = openLmdb({
      path: join(dir, 'store'),
      compression: false,
      encoder: { useRecords: true, mapsAsObjects: false, int64AsType: 'auto' },
    });
    await root
      .openDB({ name: 'meta' })
      .put('state', { catalog: socialCatalog(), checkpointSeq: 7 });
    await root.openDB({ name: 'snapshot' }).put(0, {
      kind: 'v',
      type: 'person',
      keys: ['ann', 'bob'],
      attributes: ['age', 'name'],
      columns: [
        [41, 9],
        ['Ann', 'Bob'],
      ],
    });
    await root.openDB({ name: 'snapshot' }).put(1, {
      kind: 'e',
      type: 'knows',
      keys: ['person', 'ann', 'person', 'bob'],
      attributes: ['since'],
      columns: [[2020]],
    });
    const after: Mutation[] = [{ k: 'v', t: 'person', id: 'cy', u: [[1, '=', 30]] }];
    await root.openDB({ name: 'log' }).put(8, after);
    await root.close();

    const engine = await open();
    expect(logs.join('\n')).toMatch(
      /the checkpoint of an earlier version \(sequence 7\).* then 1 log entries/,
    );
    const person = engine.graph.vertexTable('person');
    expect(['ann', 'bob', 'cy'].map((id) => person?.columns[1]?.[person.find(id)])).toEqual([
      41, 9, 30,
    ]);
    const expected = state(engine.graph);
    await engine.close();
    // The first checkpoint file; the chunks stay as the way back.
    const second = await open();
    expect(state(second.graph)).toEqual(expected);
    await second.write(() => ({ mutations: [{ k: 'v', t: 'person', id: 'dee', u: [] }] }));
    await second.close();
    const { LogStore } = await import('../../../src/server/engine/store/log-store.js');
    const store = LogStore.open(join(dir, 'store'));
    expect(store.chunkSnapshot()).toBeUndefined();
    await store.close();
    const third = await open();
    expect(third.graph.vertexTable('person')?.liveCount).toBe(4);
    await third.close();
  });
});
