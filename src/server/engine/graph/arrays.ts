// Growable typed arrays: the graph's columns grow by doubling so appends stay amortised O(1).

type Typed = Uint8Array | Uint16Array | Int32Array | Uint32Array | Float64Array;

/** `array` if it holds `size` elements, else a copy with room for at least `size`. */
export function ensureSize<T extends Typed>(array: T, size: number): T {
  if (size <= array.length) return array;
  let capacity = Math.max(16, array.length);
  while (capacity < size) capacity *= 2;
  const Ctor = array.constructor as new (n: number) => T;
  const grown = new Ctor(capacity);
  grown.set(array);
  return grown;
}
