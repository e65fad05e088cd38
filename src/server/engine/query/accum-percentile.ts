// PercentileContAccum: keeps every value added and reads as the continuous percentile of them
// (linear interpolation between the two nearest ranks, as SQL's PERCENTILE_CONT). The percent
// comes from the declaration (`PercentileContAccum<0.9>`, 0.5 when none) and can be changed by
// setPercent(p); getPercent() reads it. An empty accumulator reads 0.
import { type Acc, AccBase } from './accum-base.js';
import { QueryRuntimeError } from './errors.js';
import { num } from './runtime-values.js';
import type { AccSpec } from './types.js';

export const DEFAULT_PERCENT = 0.5;

export function checkPercent(p: number): number {
  if (!(p >= 0 && p <= 1))
    throw new QueryRuntimeError('QUERY-BAD-VALUE', `percent ${p} is not between 0 and 1`);
  return p;
}

/** The continuous percentile p of values sorted ascending. */
export function percentileCont(sorted: readonly number[], p: number): number {
  const n = sorted.length;
  if (n === 0) return 0;
  const rank = p * (n - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  const a = sorted[lo] ?? 0;
  const b = sorted[hi] ?? a;
  return a + (b - a) * (rank - lo);
}

export class PercentileAcc extends AccBase {
  values: number[] = [];
  percent: number;
  private sorted = true;
  constructor(spec: AccSpec) {
    super(spec);
    this.percent = spec.percent ?? DEFAULT_PERCENT;
  }
  add(v: unknown): void {
    if (v instanceof PercentileAcc) {
      for (const x of v.values) this.values.push(x);
    } else this.values.push(num(v));
    this.sorted = false;
  }
  assign(v: unknown): void {
    this.values = [];
    if (v instanceof PercentileAcc) this.percent = v.percent;
    this.add(v);
  }
  setPercent(p: unknown): void {
    this.percent = checkPercent(num(p));
  }
  override value(): number {
    if (!this.sorted) {
      this.values.sort((a, b) => a - b);
      this.sorted = true;
    }
    return percentileCont(this.values, this.percent);
  }
  copy(): Acc {
    const c = new PercentileAcc(this.spec);
    c.values = this.values.slice();
    c.percent = this.percent;
    c.sorted = this.sorted;
    return c;
  }
  clear(): void {
    this.values = [];
    this.sorted = true;
  }
  items(): unknown[] {
    return [this.value()];
  }
  override size(): number {
    return this.values.length;
  }
}
