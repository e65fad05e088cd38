// A small seeded generator (xorshift32) for tests and benches that build their data at random:
// the same seed gives the same sequence, so a failure or a figure can be reproduced.

/** Numbers in [0, 1) from `seed` (a zero seed is taken as 1: xorshift never leaves 0). */
export function seededRandom(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}
