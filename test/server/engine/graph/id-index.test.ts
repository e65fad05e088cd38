// The vertex id index (graph/id-index.ts): random adds and deletes of ids (ASCII and not) agree
// with a Map kept beside it, across growth and tombstones, by string and by bytes; integer ids
// too as the index moves them between its direct array and its hash table (integer-ids.ts).
import { describe, expect, it } from 'vitest';
import { IdIndex } from '../../../../src/server/engine/graph/id-index.js';
import { seededRandom } from '../../../helpers/random.js';

const names = ['', 'a', 'ä', '東京', '🙂', 'x'.repeat(300), 'id,with,commas'];

describe('IdIndex', () => {
  it('agrees with a Map over 30,000 random adds and deletes', () => {
    const index = new IdIndex();
    const model = new Map<string, number>();
    const next = seededRandom(11);
    let slots = 0;
    for (let step = 0; step < 30_000; step++) {
      const r = Math.floor(next() * 2000);
      const id = r < names.length ? (names[r] ?? '') : `${r % 3 === 0 ? 'v' : ''}${r}`;
      const found = index.getString(id);
      expect(found).toBe(model.get(id) ?? -1);
      if (found >= 0 && next() < 0.3) {
        index.delete(found);
        model.delete(id);
      } else if (found < 0) {
        const slot = slots++;
        if (next() < 0.5) index.addString(id, slot);
        else {
          const bytes = Buffer.from(`..${id}..`);
          index.add(bytes, 2, bytes.length - 2, slot);
        }
        model.set(id, slot);
      }
    }
    expect(index.size).toBe(model.size);
    for (const [id, slot] of model) {
      const bytes = new TextEncoder().encode(id);
      expect(index.get(bytes, 0, bytes.length)).toBe(slot);
      expect(Buffer.from(index.keyOf(slot)).toString('utf8')).toBe(id);
    }
    index.clear();
    expect(index.size).toBe(0);
    expect(index.getString('a')).toBe(-1);
  });
});

describe('IdIndex of integer ids', () => {
  it('agree with a Map as ids go from dense to sparse and back', () => {
    const index = new IdIndex();
    const model = new Map<string, number>();
    const next = seededRandom(5);
    let slot = 0;
    const add = (id: string) => {
      if (model.has(id)) return;
      index.addString(id, slot);
      model.set(id, slot++);
    };
    // Large first ids (hashed), dense ones (the direct array), huge ones (hashed for good), and
    // enough more that the array grows past the first ones (which move into it).
    for (let i = 0; i < 10; i++) add(String(300_000 + i * 997));
    for (let i = 0; i < 3000; i++) add(String(Math.floor(next() * 5000)));
    for (let i = 0; i < 50; i++) add(String(2 ** 40 + Math.floor(next() * 1e6)));
    for (let i = 0; i < 40_000; i++) add(String(Math.floor(next() * 60_000)));
    for (let i = 0; i < 40_000; i++) add(String(60_000 + Math.floor(next() * 260_000)));
    for (const [id, s] of model) {
      if (next() < 0.2) {
        index.delete(s);
        model.delete(id);
      }
    }
    expect(index.size).toBe(model.size);
    for (const [id, s] of model) expect(index.getString(id)).toBe(s);
    for (const id of ['5001', '60001', '123456789', String(2 ** 40 - 1)])
      if (!model.has(id)) expect(index.getString(id)).toBe(-1);
  });
});
