// Context layer: reads of a vertex's container accumulator for both tiers (expressions/methods.ts,
// statements/control.ts, the generated code of select/jit-gen.ts): size(), contains(), a
// MapAccum's get() and a FOREACH's items, taken where the value is held (table entries,
// run.ts VAcc.pairCount, or the accumulator object) without making the vertex an object, and
// answering as compileAccMethod and foreachItems answer on the object.
import type { MapAcc } from '../../accum.js';
import type { VAcc } from '../../run.js';
import { contains } from './runtime-helpers.js';
import { foreachItems, type GroupRow } from './foreach-items.js';

/** `v.@a.size()`. */
export function accSize(va: VAcc, id: number): number {
  const n = va.pairCount(id);
  return n >= 0 ? n : va.peek(id).size();
}

/** `v.@a.contains(x)`. */
export function accContains(va: VAcc, id: number, x: unknown): boolean {
  return va.pairCount(id) >= 0 ? va.pairHas(id, x) : contains(va.peek(id), x);
}

/** `v.@a.get(k)` of a MapAccum. */
export function accMapGet(va: VAcc, id: number, k: unknown): unknown {
  return va.pairCount(id) >= 0 ? va.pairGet(id, k) : (va.peek(id) as MapAcc).get(k);
}

/** The items of a FOREACH over `v.@a` (foreachItems), in a fresh array. */
export function accItems(va: VAcc, id: number, rowT: GroupRow | null): unknown[] {
  return va.pairCount(id) >= 0 ? va.pairItems(id) : foreachItems(va.get(id), rowT);
}
