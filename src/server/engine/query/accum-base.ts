// The accumulator interface and base class, the scalar-backed and average accumulators,
// and elementsOf (the elements of any collection-like value).
import { type Scalar, scalarCached } from './accum-scalar.js';
import { VSet } from './runtime-values.js';
import type { AccSpec } from './types.js';

export interface Acc {
  readonly spec: AccSpec;
  add(v: unknown): void;
  assign(v: unknown): void;
  /** Scalar accumulators: their value; containers: themselves. */
  value(): unknown;
  copy(): Acc;
  clear(): void;
  /** Elements in output order (containers). */
  items(): unknown[];
  size(): number;
}

/** Elements of any collection-like value (containers, arrays, vertex sets, maps' keys). */
export function elementsOf(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (v instanceof VSet) return Array.from(v.ids);
  if (v instanceof AccBase) return v.items();
  if (v instanceof Set) return [...v];
  return [v];
}

export abstract class AccBase implements Acc {
  constructor(readonly spec: AccSpec) {}
  abstract add(v: unknown): void;
  abstract assign(v: unknown): void;
  abstract copy(): Acc;
  abstract clear(): void;
  abstract items(): unknown[];
  value(): unknown {
    return this;
  }
  size(): number {
    return this.items().length;
  }
  /**
   * The contents that `==` / `!=` compare (runtime-values keyOf writes values as JSON): elements,
   * never settings such as a HeapAccum's capacity, which the accumulators page says does not
   * affect comparison.
   */
  toJSON(): unknown {
    return this.items();
  }
}

export class ScalarAcc extends AccBase {
  v: unknown;
  private readonly s: Scalar;
  constructor(spec: AccSpec, init?: unknown) {
    super(spec);
    this.s = scalarCached(spec);
    this.v = init === undefined ? this.s.init : this.s.conv(init);
  }
  add(v: unknown): void {
    this.v = this.s.combine(this.v, this.s.conv(v));
  }
  assign(v: unknown): void {
    this.v = this.s.conv(v);
  }
  override value(): unknown {
    return this.v;
  }
  copy(): Acc {
    const c = new ScalarAcc(this.spec);
    c.v = this.v;
    return c;
  }
  clear(): void {
    this.v = this.s.init;
  }
  items(): unknown[] {
    return [this.v];
  }
}

export class AvgAcc extends AccBase {
  sum = 0;
  n = 0;
  add(v: unknown): void {
    if (v instanceof AvgAcc) {
      this.sum += v.sum;
      this.n += v.n;
      return;
    }
    this.sum += Number(v);
    this.n += 1;
  }
  assign(v: unknown): void {
    this.sum = Number(v);
    this.n = 1;
  }
  override value(): unknown {
    return this.n === 0 ? 0 : this.sum / this.n;
  }
  copy(): Acc {
    const c = new AvgAcc(this.spec);
    c.sum = this.sum;
    c.n = this.n;
    return c;
  }
  clear(): void {
    this.sum = 0;
    this.n = 0;
  }
  items(): unknown[] {
    return [this.value()];
  }
}
