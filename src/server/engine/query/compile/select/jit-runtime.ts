// Select layer: runtime helpers only the generated SELECT code calls (jit-gen.ts puts them in
// its scope): container methods of a vertex accumulator read without making the vertex an
// accumulator object when its value is held as table entries (run.ts VAcc.pairCount), answering
// as compileAccMethod (expressions/methods.ts) answers on the object.
import type { MapAcc } from '../../accum.js';
import type { VAcc } from '../../run.js';
import { contains } from '../context/runtime-helpers.js';

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
