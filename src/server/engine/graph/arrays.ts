// Column helpers: growable typed arrays (doubling, so appends stay amortised O(1)), also grown in
// steps for a caller that gives the event loop back between them, and the default attribute
// values of a new vertex or edge slot.
import type { AttributeDef } from '../catalog/types.js';
import { defaultOf } from '../values.js';

type Typed = Uint8Array | Uint16Array | Int32Array | Uint32Array | Float64Array;

/** An empty array of `array`'s type with room for `size`: its length doubled until it fits. */
function roomFor<T extends Typed>(array: T, size: number): T {
  let capacity = Math.max(16, array.length);
  while (capacity < size) capacity *= 2;
  const Ctor = array.constructor as new (n: number) => T;
  return new Ctor(capacity);
}

/** `array` if it holds `size` elements, else a copy with room for at least `size`. */
export function ensureSize<T extends Typed>(array: T, size: number): T {
  if (size <= array.length) return array;
  const grown = roomFor(array, size);
  grown.set(array);
  return grown;
}

/** Elements a stepped copy moves per step (see ensureSizeSteps). */
const copyChunk = 1 << 20;

/**
 * ensureSize() in steps: the first `used` elements are copied a chunk per step (a million-slot
 * column copied into fresh pages took a step of 100 ms and more).
 */
export function* ensureSizeSteps<T extends Typed>(
  array: T,
  size: number,
  used: number,
): Generator<void, T> {
  if (size <= array.length) return array;
  const grown = roomFor(array, size);
  const end = Math.min(used, array.length);
  for (let at = 0; at < end; at += copyChunk) {
    grown.set(array.subarray(at, Math.min(end, at + copyChunk)), at);
    if (at + copyChunk < end) yield;
  }
  return grown;
}

/** Gives a new slot each attribute's declared default (or its type's). */
export function fillDefaults(
  attributes: readonly AttributeDef[],
  columns: unknown[][],
  slot: number,
) {
  for (let i = 0; i < attributes.length; i++) {
    const attr = attributes[i];
    const column = columns[i];
    if (attr && column) column[slot] = attr.defaultValue ?? defaultOf(attr.type);
  }
}
