// Select layer: runtime helpers only the generated SELECT code calls (jit-gen.ts puts them in
// its scope): container methods of a vertex accumulator, answering as compileAccMethod
// (expressions/methods.ts) answers on the object, without giving a vertex that has none an
// accumulator object (VAcc.peek).
import type { MapAcc } from '../../accum.js';
import type { VAcc } from '../../run.js';
import { contains } from '../context/runtime-helpers.js';

/** `v.@a.size()`. */
export function accSize(va: VAcc, id: number): number {
  return va.peek(id).size();
}

/** `v.@a.contains(x)`. */
export function accContains(va: VAcc, id: number, x: unknown): boolean {
  return contains(va.peek(id), x);
}

/** `v.@a.get(k)` of a MapAccum. */
export function accMapGet(va: VAcc, id: number, k: unknown): unknown {
  return (va.peek(id) as MapAcc).get(k);
}
