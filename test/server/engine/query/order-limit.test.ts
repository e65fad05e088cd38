// ORDER BY ... LIMIT (compile/select/order-limit.ts) must give what a stable sort of every vertex
// followed by the slice gives: ties in selection order, for every window (offset, count) and key
// directions, whether it sorts everything or picks the first ones through its bounded heap; with
// key columns of mixed kinds (NaN, text beside numbers) it sorts everything, as before.
import { describe, expect, it } from 'vitest';
import { orderAndLimit } from '../../../../src/server/engine/query/compile/select/order-limit.js';
import { cmp } from '../../../../src/server/engine/query/runtime-values.js';
import { seededRandom } from '../../../helpers/random.js';

function reference(
  ids: Float64Array,
  keys: Map<number, unknown[]>,
  desc: boolean[],
  w: { start: number; count: number } | null,
): number[] {
  const sorted = [...ids].sort((a, b) => {
    const ka = keys.get(a) as unknown[];
    const kb = keys.get(b) as unknown[];
    for (let k = 0; k < desc.length; k++) {
      const c = cmp(ka[k], kb[k]);
      if (c !== 0) return desc[k] ? -c : c;
    }
    return 0;
  });
  return w === null ? sorted : sorted.slice(w.start, w.start + w.count);
}

describe('orderAndLimit', () => {
  it('equals a stable sort and slice, for random keys, directions and windows', () => {
    const rand = seededRandom(7);
    const kinds = ['int', 'text', 'bool', 'mixed'] as const;
    for (let round = 0; round < 300; round++) {
      const n = Math.floor(rand() * 400);
      const keyCount = 1 + Math.floor(rand() * 3);
      const kind = kinds[Math.floor(rand() * kinds.length)] as (typeof kinds)[number];
      const ids = new Float64Array(n);
      const keys = new Map<number, unknown[]>();
      for (let i = 0; i < n; i++) {
        const id = 1000 + i * 3;
        ids[i] = id;
        keys.set(
          id,
          Array.from({ length: keyCount }, () => {
            const x = Math.floor(rand() * 6);
            if (kind === 'text') return `k${x}`;
            if (kind === 'bool') return x % 2 === 0;
            if (kind === 'mixed') return x === 0 ? NaN : x === 1 ? 'a' : x;
            return x;
          }),
        );
      }
      const desc = Array.from({ length: keyCount }, () => rand() < 0.5);
      const w =
        rand() < 0.2
          ? null
          : { start: Math.floor(rand() * 5), count: Math.floor(rand() * (rand() < 0.5 ? 10 : n)) };
      const got = orderAndLimit(
        ids,
        keyCount,
        (id, into) => {
          const k = keys.get(id) as unknown[];
          for (let i = 0; i < keyCount; i++) into[i] = k[i];
        },
        desc,
        () => w,
      );
      expect([...got]).toEqual(reference(ids, keys, desc, w));
    }
  });
});
