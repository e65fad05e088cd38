// The vertex id index (graph/id-index.ts): random adds and deletes of ids (ASCII and not) agree
// with a Map kept beside it, across growth and tombstones, by string and by bytes.
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
