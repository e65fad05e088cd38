// Scalar accumulator behaviour: the init value, combine function and conversion of each
// scalar accumulator kind (Sum, Max, Min, Or, And, Bitwise*, overwrite), cached per spec.
import { cmp, converter, defaultValue, iadd, toInt } from './runtime-values.js';
import type { AccSpec } from './types.js';

export interface Scalar {
  readonly init: unknown;
  readonly combine: (cur: unknown, input: unknown) => unknown;
  readonly conv: (v: unknown) => unknown;
}

const INT_MIN = -(2n ** 63n);
const INT_MAX = 2n ** 63n - 1n;
const FLOAT_MAX = 3.4028234663852886e38;

const identity = (v: unknown): unknown => v;

/** The scalar behaviour of a scalar accumulator spec. */
export function scalarOf(spec: AccSpec): Scalar {
  const conv = converter(spec.el) ?? identity;
  const el = spec.el.k;
  switch (spec.name) {
    case 'SumAccum': {
      if (el === 'string')
        return { init: '', conv, combine: (a, b) => (a as string) + (b as string) };
      if (el === 'float')
        return { init: 0, conv, combine: (a, b) => Math.fround((a as number) + (b as number)) };
      if (el === 'double')
        return { init: 0, conv, combine: (a, b) => (a as number) + (b as number) };
      return { init: 0, conv, combine: iadd };
    }
    case 'MaxAccum': {
      const init =
        el === 'int'
          ? INT_MIN
          : el === 'uint'
            ? 0
            : el === 'float'
              ? -FLOAT_MAX
              : el === 'double'
                ? -Number.MAX_VALUE
                : el === 'string'
                  ? ''
                  : defaultValue(spec.el);
      return {
        init,
        conv,
        combine: (a, b) => (a === null || a === undefined || cmp(b, a) > 0 ? b : a),
      };
    }
    case 'MinAccum': {
      const init =
        el === 'int'
          ? INT_MAX
          : el === 'uint'
            ? 2n ** 64n - 1n
            : el === 'float'
              ? FLOAT_MAX
              : el === 'double'
                ? Number.MAX_VALUE
                : el === 'string'
                  ? ''
                  : el === 'tuple'
                    ? defaultValue(spec.el)
                    : null;
      return {
        init,
        conv,
        combine: (a, b) => (a === null || a === undefined || cmp(b, a) < 0 ? b : a),
      };
    }
    case 'OrAccum':
      return { init: false, conv: Boolean, combine: (a, b) => Boolean(a) || Boolean(b) };
    case 'AndAccum':
      return { init: true, conv: Boolean, combine: (a, b) => Boolean(a) && Boolean(b) };
    case 'BitwiseOrAccum':
      if (spec.bits !== undefined) return sizedBits(spec.bits, false);
      return { init: 0, conv: toInt, combine: (a, b) => bitOp(a, b, '|') };
    case 'BitwiseAndAccum':
      if (spec.bits !== undefined) return sizedBits(spec.bits, true);
      return { init: -1, conv: toInt, combine: (a, b) => bitOp(a, b, '&') };
    case 'ArrayAccum':
    case 'AvgAccum':
    case 'BagAccum':
    case 'GroupByAccum':
    case 'HeapAccum':
    case 'ListAccum':
    case 'MapAccum':
    case 'Overwrite':
    case 'PercentileContAccum':
    case 'SetAccum':
      return { init: defaultValue(spec.el), conv, combine: (_a, b) => b };
  }
}

/**
 * A bitwise accumulator of a declared length other than 64 (accumulators page, "Declaration"):
 * its value is the unsigned number its bits make. An integer input is its 64-bit two's
 * complement with the bits beyond the length dropped; past 64 bits the input is a list of two
 * integers, the second filling the low 64 bits and the first the bits above them.
 */
function sizedBits(bits: number, and: boolean): Scalar {
  const width = BigInt(bits);
  const conv = (v: unknown): unknown => {
    let n: bigint;
    if (Array.isArray(v) && v.length === 2)
      n = (BigInt.asUintN(64, big(v[0])) << 64n) | BigInt.asUintN(64, big(v[1]));
    // A non-negative bigint may be a whole value of this accumulator (a method's result).
    else if (typeof v === 'bigint' && v >= 0n) n = v;
    else n = BigInt.asUintN(64, big(v));
    return toInt(BigInt.asUintN(bits, n));
  };
  const all = toInt((1n << width) - 1n);
  return {
    init: and ? all : 0,
    conv,
    combine: (a, b) => toInt(and ? big(a) & big(b) : big(a) | big(b)),
  };
}

function big(v: unknown): bigint {
  if (typeof v === 'bigint') return v;
  const n = typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0;
  return BigInt(n);
}

function bitOp(a: unknown, b: unknown, op: '|' | '&'): unknown {
  if (
    typeof a === 'number' &&
    typeof b === 'number' &&
    Math.abs(a) < 2 ** 31 &&
    Math.abs(b) < 2 ** 31
  )
    return op === '|' ? a | b : a & b;
  const x = BigInt.asIntN(64, typeof a === 'bigint' ? a : BigInt(a as number));
  const y = BigInt.asIntN(64, typeof b === 'bigint' ? b : BigInt(b as number));
  const r = op === '|' ? x | y : x & y;
  return toInt(r);
}

const scalars = new WeakMap<AccSpec, Scalar>();
export function scalarCached(spec: AccSpec): Scalar {
  let s = scalars.get(spec);
  if (!s) scalars.set(spec, (s = scalarOf(spec)));
  return s;
}
