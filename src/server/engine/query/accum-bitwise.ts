// The methods of BitwiseAndAccum / BitwiseOrAccum (accumulators page, "Bitwise accumulator
// functions"): reset, cardinality, get, set, flip, xor, and, or over the accumulator's bits (64,
// or its declared length). The value stays what the scalar accumulator holds (for 64 bits a
// two's complement INT, else the unsigned number of its bits); bit 0 is the least significant
// one, the rightmost digit PRINT shows, and a range `flip(from, to)` covers from up to but not
// including to. Mutators assign the new value to the accumulator.
import { ScalarAcc, type Acc } from './accum-base.js';
import { QueryRuntimeError } from './errors.js';
import type { VAcc } from './run.js';
import { num, toInt } from './runtime-values.js';
import { INT, VOID, type T } from './types.js';

function bitsOf(v: unknown, width: number): bigint {
  if (typeof v === 'bigint') return BigInt.asUintN(width, v);
  const n = typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0;
  return BigInt.asUintN(width, BigInt(n));
}

function index(v: unknown, width: number): bigint {
  const i = num(v);
  if (!Number.isInteger(i) || i < 0 || i >= width)
    throw new QueryRuntimeError(
      'QUERY-BAD-VALUE',
      `bit index ${String(v)} is outside 0..${width - 1}`,
    );
  return BigInt(i);
}

/** Bits from..to-1 set (to may be the width). */
function range(from: unknown, to: unknown, width: number): bigint {
  const f = index(from, width);
  const t = num(to);
  if (!Number.isInteger(t) || t < Number(f) || t > width)
    throw new QueryRuntimeError('QUERY-BAD-VALUE', `bit range ${String(from)}..${String(to)}`);
  return ((1n << BigInt(t)) - 1n) & ~((1n << f) - 1n);
}

function popcount(b: bigint): number {
  let n = 0;
  for (let x = b; x > 0n; x >>= 1n) if (x & 1n) n++;
  return n;
}

/** The static type a method gives, or undefined when the bitwise accumulators have no such one. */
export function bitwiseMethodType(name: string): T | undefined {
  switch (name.toLowerCase()) {
    case 'cardinality':
    case 'get':
      return INT;
    case 'reset':
    case 'set':
    case 'flip':
    case 'xor':
    case 'and':
    case 'or':
      return VOID;
    default:
      return undefined;
  }
}

/** Runs a method on a bitwise accumulator (`acc.value()` is its INT). */
export function bitwiseCall(acc: Acc, name: string, args: readonly unknown[]): unknown {
  const width = acc.spec.bits ?? 64;
  const bits = bitsOf(acc.value(), width);
  const set = (b: bigint): undefined => {
    const u = BigInt.asUintN(width, b);
    acc.assign(toInt(width === 64 ? BigInt.asIntN(64, u) : u));
    return undefined;
  };
  switch (name.toLowerCase()) {
    case 'cardinality':
      return popcount(bits);
    case 'get':
      return Number((bits >> index(args[0], width)) & 1n);
    case 'reset':
      return set(0n);
    case 'set': {
      if (args.length === 0) return set(-1n);
      const mask = 1n << index(args[0], width);
      return set(args[1] ? bits | mask : bits & ~mask);
    }
    case 'flip':
      return set(
        bits ^ (args.length > 1 ? range(args[0], args[1], width) : 1n << index(args[0], width)),
      );
    case 'xor':
      return set(bits ^ bitsOf(other(args[0]), width));
    case 'and':
      return set(bits & bitsOf(other(args[0]), width));
    case 'or':
      return set(bits | bitsOf(other(args[0]), width));
    default:
      throw new QueryRuntimeError('QUERY-BAD-VALUE', `${acc.spec.name} has no method ${name}`);
  }
}

/** The other accumulator of xor/and/or: its value (an INT). */
function other(v: unknown): unknown {
  return typeof v === 'object' && v !== null && 'value' in v
    ? (v as { value(): unknown }).value()
    : v;
}

/**
 * One vertex's value of a scalar vertex accumulator (kept in VAcc's flat columns) seen as an
 * accumulator, so its methods can run on it (`s.@bits.set(3, true)` in POST-ACCUM): every change
 * is written back to the vertex.
 */
export class VertexScalarCell extends ScalarAcc {
  constructor(
    private readonly owner: VAcc,
    private readonly id: number,
  ) {
    super(owner.spec);
    this.v = owner.get(id);
  }
  override add(v: unknown): void {
    super.add(v);
    this.owner.assign(this.id, this.v);
  }
  override assign(v: unknown): void {
    super.assign(v);
    this.owner.assign(this.id, this.v);
  }
}
