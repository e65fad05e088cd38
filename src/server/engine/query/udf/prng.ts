// The two pieces of the C++ standard library the library's UDFs lean on for reproducible
// values: std::hash<std::string> as libstdc++ computes it on 64-bit machines (a MurmurHash2
// variant over the bytes, seed 0xc70f6907) and the mt19937 generator.
const M64 = (1n << 64n) - 1n;
const MUL = 0xc6a4a7935bd1e995n;
const SEED = 0xc70f6907n;

const shiftMix = (v: bigint): bigint => v ^ (v >> 47n);

/** std::hash of a byte string (libstdc++ _Hash_bytes, 64-bit size_t), as an unsigned bigint. */
export function hashBytes(bytes: Uint8Array): bigint {
  const len = bytes.length;
  const aligned = len & ~7;
  let h = (SEED ^ ((BigInt(len) * MUL) & M64)) & M64;
  const load = (from: number, n: number): bigint => {
    let r = 0n;
    for (let i = n - 1; i >= 0; i--) r = (r << 8n) | BigInt(bytes[from + i] ?? 0);
    return r;
  };
  for (let p = 0; p < aligned; p += 8) {
    const data = (shiftMix((load(p, 8) * MUL) & M64) * MUL) & M64;
    h ^= data;
    h = (h * MUL) & M64;
  }
  if ((len & 7) !== 0) {
    h ^= load(aligned, len & 7);
    h = (h * MUL) & M64;
  }
  h = (shiftMix(h) * MUL) & M64;
  return shiftMix(h);
}

/** std::hash<std::string> of a text (its UTF-8 bytes). */
export function hashString(s: string): bigint {
  return hashBytes(new TextEncoder().encode(s));
}

/** The 32-bit Mersenne Twister (std::mt19937), seeded as std::mt19937(seed). */
export class Mt19937 {
  private readonly mt = new Uint32Array(624);
  private i = 624;
  constructor(seed: number) {
    this.mt[0] = seed >>> 0;
    for (let k = 1; k < 624; k++) {
      const prev = this.mt[k - 1] ?? 0;
      this.mt[k] = (Math.imul(1812433253, prev ^ (prev >>> 30)) + k) >>> 0;
    }
  }
  private twist(): void {
    const mt = this.mt;
    for (let k = 0; k < 624; k++) {
      const y = ((mt[k] ?? 0) & 0x80000000) | ((mt[(k + 1) % 624] ?? 0) & 0x7fffffff);
      let v = (mt[(k + 397) % 624] ?? 0) ^ (y >>> 1);
      if (y & 1) v ^= 0x9908b0df;
      mt[k] = v >>> 0;
    }
    this.i = 0;
  }
  /** The next 32-bit output. */
  next(): number {
    if (this.i >= 624) this.twist();
    let y = this.mt[this.i++] ?? 0;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }
}
