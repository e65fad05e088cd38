// A clean close leaves a checkpoint of the whole graph and an empty log, so the next open reads
// the checkpoint instead of replaying every write (issue 16: restart replayed the whole log).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../../../src/server/engine/engine.js';
import type { Mutation } from '../../../src/server/engine/mutations.js';
import { LogStore } from '../../../src/server/engine/store/log-store.js';
import { socialCatalog } from './fixtures.js';

let dir: string;
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('checkpoint on a clean close', () => {
  it('folds the log into a checkpoint that the next open reads', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gwb-checkpoint-close-'));
    const engine = await Engine.open({ dir, rebuildIntervalMs: 0 });
    await engine.changeSchema(() => socialCatalog());
    const mutations: Mutation[] = [];
    for (let i = 0; i < 1000; i++)
      mutations.push({ k: 'v', t: 'person', id: `p${i}`, u: [[1, '=', i]] });
    await engine.write(() => ({ mutations }));
    await engine.close();

    const store = LogStore.open(join(dir, 'store'));
    try {
      expect(store.pendingEntries).toBe(0);
      expect([...store.entriesAfterCheckpoint()]).toEqual([]);
    } finally {
      await store.close();
    }
    expect(readdirSync(join(dir, 'checkpoints'))).toEqual([
      `graph-${String(2).padStart(12, '0')}.ckpt`,
    ]);
    const logs: string[] = [];
    const reopened = await Engine.open({ dir, rebuildIntervalMs: 0, log: (l) => logs.push(l) });
    try {
      expect(logs).toEqual([
        expect.stringMatching(
          /graph read from checkpoint .* \(1,000 vertices, 0 edges\) .* then 0 log entries/,
        ),
      ]);
      expect(reopened.graph.vertices.get('person')?.ids.filter((x) => x !== undefined).length).toBe(
        1000,
      );
    } finally {
      await reopened.close();
    }
  });
});

describe('checkpoint on a rebuild', () => {
  it('is due once enough vertices and edges were written since the last one', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gwb-checkpoint-rows-'));
    const engine = await Engine.open({ dir, rebuildIntervalMs: 0, checkpointAfterRows: 500 });
    try {
      await engine.changeSchema(() => socialCatalog());
      const batch = (from: number, n: number): Mutation[] =>
        Array.from({ length: n }, (_, i) => ({ k: 'v', t: 'person', id: `p${from + i}`, u: [] }));
      await engine.write(() => ({ mutations: batch(0, 300) }));
      expect((await engine.rebuild()).checkpointed).toBe(false);
      await engine.write(() => ({ mutations: batch(300, 300) }));
      expect((await engine.rebuild()).checkpointed).toBe(true);
      expect(readdirSync(join(dir, 'checkpoints'))).toHaveLength(1);
      await engine.write(() => ({ mutations: batch(600, 100) }));
      expect((await engine.rebuild()).checkpointed).toBe(false);
    } finally {
      await engine.close();
    }
  });
});
