// The endpoint index of edge types without a discriminator (graph/pair-index.ts): a random
// sequence of inserts and deletes through EdgeTable agrees with a Map kept beside it, across
// growth and tombstones, in both the directed and the undirected (canonical order) forms.
import { describe, expect, it } from 'vitest';
import type { EdgeTypeDef } from '../../../../src/server/engine/catalog/types.js';
import { EdgeTable } from '../../../../src/server/engine/graph/edge-table.js';
import { seededRandom } from '../../../helpers/random.js';

const def = (directed: boolean): EdgeTypeDef => ({
  name: 'e',
  directed,
  pairs: [
    { from: 'a', to: 'a' },
    { from: 'a', to: 'b' },
  ],
  attributes: [],
  discriminator: [],
});

describe('PairIndex through EdgeTable', () => {
  for (const directed of [true, false]) {
    it(`agrees with a Map over 20,000 random inserts and deletes (${directed ? 'directed' : 'undirected'})`, () => {
      const table = new EdgeTable(def(directed));
      const next = seededRandom(7);
      const model = new Map<string, number>();
      const key = (st: number, s: number, dt: number, d: number) =>
        !directed && (dt < st || (dt === st && d < s))
          ? `${dt}:${d}:${st}:${s}`
          : `${st}:${s}:${dt}:${d}`;
      for (let step = 0; step < 20_000; step++) {
        const st = next() < 0.5 ? 0 : 1;
        const dt = next() < 0.5 ? 0 : 1;
        const s = Math.floor(next() * 300);
        const d = Math.floor(next() * 300);
        const k = key(st, s, dt, d);
        const found = table.find(st, s, dt, d);
        expect(found).toBe(model.get(k) ?? -1);
        if (found >= 0 && next() < 0.4) {
          table.delete(found);
          model.delete(k);
        } else if (found < 0) {
          model.set(k, table.insert(st, s, dt, d));
        }
      }
      expect(table.pairIndex.size).toBe(model.size);
      expect(table.liveCount).toBe(model.size);
      for (const [k, slot] of model) {
        const [st = 0, s = 0, dt = 0, d = 0] = k.split(':').map(Number);
        expect(table.find(st, s, dt, d)).toBe(slot);
        expect(table.find(dt, d, st, s)).toBe(
          directed ? (model.get(key(dt, d, st, s)) ?? -1) : slot,
        );
      }
    });
  }

  it('keeps finding entries after deletes leave tombstones and the table is rehashed', () => {
    const table = new EdgeTable(def(true));
    for (let round = 0; round < 5; round++) {
      const slots: number[] = [];
      for (let i = 0; i < 5000; i++) slots.push(table.insert(0, i, 0, i + round + 1));
      for (let i = 0; i < 5000; i += 2) table.delete(slots[i] ?? -1);
      for (let i = 1; i < 5000; i += 2) expect(table.find(0, i, 0, i + round + 1)).toBe(slots[i]);
      for (let i = 0; i < 5000; i += 2) expect(table.find(0, i, 0, i + round + 1)).toBe(-1);
    }
    expect(table.pairIndex.size).toBe(5 * 2500);
    // Tombstones are dropped on growth: the table stays within a few buckets per live entry.
    expect(table.pairIndex.table.length).toBeLessThanOrEqual(4 * 16384);
  });
});
