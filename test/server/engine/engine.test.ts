// The engine's write path and durability: writes apply while they are logged and are seen once
// durable, survive a reopen (from the log and from a checkpoint), a refused write changes
// nothing, and a log that fails under an applied write stops the engine (nothing it lost is
// served or checkpointed; a reopen reads back what was logged).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Engine, StoreFailed } from '../../../src/server/engine/engine.js';
import type { AppendInProgress } from '../../../src/server/engine/store/log-store.js';
import type { Mutation } from '../../../src/server/engine/mutations.js';
import { socialCatalog } from './fixtures.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gwb-engine-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const open = () => Engine.open({ dir, rebuildIntervalMs: 0 });

async function seed(engine: Engine): Promise<void> {
  await engine.changeSchema(() => socialCatalog());
  const mutations: Mutation[] = [
    {
      k: 'v',
      t: 'person',
      id: 'ann',
      u: [
        [0, '=', 'Ann'],
        [1, '=', 41],
      ],
    },
    {
      k: 'v',
      t: 'person',
      id: 'bob',
      u: [
        [0, '=', 'Bob'],
        [1, '=', 9007199254740993n],
      ],
    },
    {
      k: 'e',
      t: 'knows',
      ft: 'person',
      f: 'bob',
      tt: 'person',
      to: 'ann',
      u: [[0, '=', 2015]],
      disc: [],
    },
    { k: 'e', t: 'likes', ft: 'person', f: 'ann', tt: 'post', to: 'p1', u: [], disc: [] },
    {
      k: 'e',
      t: 'transfer',
      ft: 'account',
      f: 'a',
      tt: 'account',
      to: 'b',
      u: [[1, '=', 10]],
      disc: [1],
    },
    {
      k: 'e',
      t: 'transfer',
      ft: 'account',
      f: 'a',
      tt: 'account',
      to: 'b',
      u: [[1, '=', 20]],
      disc: [2],
    },
  ];
  await engine.write(() => ({ mutations }));
}

function summary(engine: Engine) {
  const person = engine.graph.vertexTable('person');
  const knows = engine.graph.edgeTable('knows');
  const transfer = engine.graph.edgeTable('transfer');
  const ann = person?.find('ann') ?? -1;
  return {
    people: person?.liveCount,
    posts: engine.graph.vertexTable('post')?.liveCount,
    bobAge: person?.columns[1]?.[person.find('bob')],
    knows: knows?.liveCount,
    annKnows: knows?.incident(person?.typeIndex ?? 0, ann).length,
    transfers: transfer?.liveCount,
    schema: engine.schemaVersion,
  };
}

describe('engine', () => {
  it('applies writes and reads them back after a reopen from the log', async () => {
    const engine = await open();
    await seed(engine);
    const before = summary(engine);
    expect(before).toMatchObject({
      people: 2,
      posts: 1,
      bobAge: 9007199254740993n,
      knows: 1,
      annKnows: 1,
      transfers: 2,
    });
    await engine.close();
    const reopened = await open();
    expect(summary(reopened)).toEqual(before);
    await reopened.close();
  });

  it('reopens from a checkpoint plus the log written after it', async () => {
    const engine = await open();
    await seed(engine);
    await engine.rebuild(true);
    await engine.write(() => ({ mutations: [{ k: 'dv', t: 'person', id: 'bob' }] }));
    const before = summary(engine);
    expect(before).toMatchObject({ people: 1, knows: 0, annKnows: 0 });
    await engine.close();
    const reopened = await open();
    expect(summary(reopened)).toEqual(before);
    await reopened.close();
  });

  it('treats an undirected edge named from either end as one edge', async () => {
    const engine = await open();
    await seed(engine);
    await engine.write(() => ({
      mutations: [
        {
          k: 'e',
          t: 'knows',
          ft: 'person',
          f: 'ann',
          tt: 'person',
          to: 'bob',
          u: [[0, '+', 1]],
          disc: [],
        },
      ],
    }));
    const knows = engine.graph.edgeTable('knows');
    expect(knows?.liveCount).toBe(1);
    expect(knows?.columns[0]?.[0]).toBe(2016);
    await engine.close();
  });

  it('changes nothing when a plan refuses the write', async () => {
    const engine = await open();
    await seed(engine);
    const before = summary(engine);
    await expect(
      engine.write(() => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(summary(engine)).toEqual(before);
    await engine.close();
    const reopened = await open();
    expect(summary(reopened)).toEqual(before);
    await reopened.close();
  });

  it('folds deltas into compact adjacency without losing edges', async () => {
    const engine = await open();
    await seed(engine);
    const person = engine.graph.vertexTable('person');
    const knows = engine.graph.edgeTable('knows');
    expect(engine.graph.pendingEdges).toBeGreaterThan(0);
    await engine.rebuild();
    expect(engine.graph.pendingEdges).toBe(0);
    expect(knows?.incident(person?.typeIndex ?? 0, person?.find('ann') ?? -1)).toHaveLength(1);
    await engine.close();
  });

  describe('when the log fails', () => {
    /** Makes the engine's next log append end as `outcome` says. */
    function failNextAppend(engine: Engine, outcome: (durable: Promise<void>) => AppendInProgress) {
      const store = (
        engine as unknown as { store: { beginAppend: (m: unknown) => AppendInProgress } }
      ).store;
      const real = store.beginAppend.bind(store);
      store.beginAppend = () => {
        store.beginAppend = real;
        const failed = Promise.reject(new Error('disk full'));
        failed.catch(() => undefined);
        return outcome(failed);
      };
    }

    const bobGone = { mutations: [{ k: 'dv' as const, t: 'person', id: 'bob' }] };

    it('refuses a write it cannot encode and goes on', async () => {
      const engine = await open();
      await seed(engine);
      failNextAppend(engine, (failed) => ({ encoded: failed, durable: failed }));
      await expect(engine.write(() => bobGone)).rejects.toThrow('disk full');
      expect(summary(engine).people).toBe(2);
      expect(engine.applying).toBeUndefined();
      await engine.write(() => bobGone);
      expect(summary(engine).people).toBe(1);
      await engine.close();
    });

    it('stops serving once it failed under an applied write', async () => {
      const engine = await open();
      await seed(engine);
      failNextAppend(engine, (failed) => ({ encoded: Promise.resolve(), durable: failed }));
      await expect(engine.write(() => bobGone)).rejects.toBeInstanceOf(StoreFailed);
      // Readers wait for `applying` first: they are refused, and so are writes and checkpoints.
      await expect(engine.applying).rejects.toBeInstanceOf(StoreFailed);
      await expect(engine.write(() => bobGone)).rejects.toBeInstanceOf(StoreFailed);
      await expect(engine.rebuild(true)).rejects.toBeInstanceOf(StoreFailed);
      await engine.close();
      const reopened = await open();
      expect(summary(reopened).people).toBe(2);
      await reopened.close();
    });
  });
});
