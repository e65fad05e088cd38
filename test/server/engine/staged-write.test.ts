// A staged write (POST /ddl, upserts: many batches, committed whole or not at all) keeps its
// batches in memory within a budget and sends the oldest to the store's staging area past it:
// whatever the budget, the commit leaves the same graph and report, in phase order, survives a
// reopen, and a discarded write leaves nothing, in memory or on disk.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Engine } from '../../../src/server/engine/engine.js';
import { KeyWriter } from '../../../src/server/engine/keys.js';
import type { Mutation } from '../../../src/server/engine/mutations.js';
import { socialCatalog } from './fixtures.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gwb-staged-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Batch `i`: 1,000 likes from person p{i}-{j} to post q{j % 50}. */
function batch(i: number): Mutation[] {
  const keys = new KeyWriter();
  for (let j = 0; j < 1000; j++) {
    keys.write(`p${i}-${j}`);
    keys.write(`q${j % 50}`);
  }
  return [{ k: 'E', t: 'likes', ft: 'person', tt: 'post', n: 1000, keys: keys.take(), u: [] }];
}

/** Vertices of person in slot order, and the number of likes edges. */
function shape(engine: Engine): { people: string[]; posts: string[]; likes: number } {
  const people = engine.graph.vertexTable('person');
  const posts = engine.graph.vertexTable('post');
  return {
    people: [...(people?.liveSlots() ?? [])].map((s) => people?.ids[s] ?? ''),
    posts: [...(posts?.liveSlots() ?? [])].map((s) => posts?.ids[s] ?? ''),
    likes: engine.graph.edgeTable('likes')?.liveCount ?? 0,
  };
}

describe('staged writes', () => {
  for (const budget of [0, 30_000, undefined]) {
    it(`commit the same whatever the memory budget (${budget ?? 'default'})`, async () => {
      let engine = await Engine.open({
        dir,
        rebuildIntervalMs: 0,
        ...(budget !== undefined ? { stagedMemoryBytes: budget } : {}),
      });
      await engine.changeSchema(() => socialCatalog());
      const write = engine.beginStagedWrite();
      // Phase 1 batches commit after phase 0 ones, whatever the order written.
      for (let i = 0; i < 6; i++) await write.write(() => ({ mutations: batch(i) }), i % 2);
      const report = await write.commit();
      expect(report.acceptedEdges).toBe(6000);
      expect(report.createdEndpoints).toBe(6050);
      const before = shape(engine);
      expect(before.people.slice(0, 2)).toEqual(['p0-0', 'p0-1']);
      expect(before.people[3000]).toBe('p1-0');
      expect(before.likes).toBe(6000);

      const dropped = engine.beginStagedWrite();
      for (let i = 10; i < 14; i++) await dropped.write(() => ({ mutations: batch(i) }));
      await dropped.discard();
      expect(shape(engine)).toEqual(before);

      await engine.close();
      engine = await Engine.open({ dir, rebuildIntervalMs: 0 });
      expect(shape(engine)).toEqual(before);
      await engine.close();
    });
  }
});
