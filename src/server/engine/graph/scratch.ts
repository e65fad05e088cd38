// Scratch typed arrays for bulk operations (sorting a load's edges, building adjacency), kept
// between uses by name. The first touch of a page of a freshly allocated array is a page fault
// (on this service's VMs about 10 µs per 4 KB page: 25 ms for 8 MB), while a reused array costs
// none; arrays above a bound are not kept, so one huge load does not hold its scratch for good.

/** Largest array kept for reuse (elements): 16 MB of Int32. */
const keepUpTo = 1 << 22;

const pool = new Map<string, Int32Array<ArrayBuffer>>();

/**
 * An Int32Array of at least `size` elements for the caller's use until its next call with the
 * same name (index only below `size`); zero-filled over [0, size) when `zeroed`.
 */
export function scratchInt32(name: string, size: number, zeroed = false): Int32Array<ArrayBuffer> {
  let array = pool.get(name);
  if (!array || array.length < size) {
    // Room to grow a little, so that slowly growing loads do not reallocate every time.
    array = new Int32Array(size <= 1024 ? 1024 : size + (size >> 3));
    if (array.length <= keepUpTo) pool.set(name, array);
    else pool.delete(name);
    return array;
  }
  if (zeroed) array.fill(0, 0, size);
  return array;
}
