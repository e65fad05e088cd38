// HeapAccum: a bounded, ordered list of tuples.
import { type Acc, AccBase } from './accum-base.js';
import { cmp, defaultValue } from './runtime-values.js';
import type { AccSpec, HeapKey } from './types.js';

export class HeapAcc extends AccBase {
  list: Record<string, unknown>[] = [];
  /**
   * Every element's order keys are numbers other than NaN. cmp orders such keys totally, so the
   * list is sorted in the full sense and the insertion search is monotone; with NaN (cmp(NaN, x)
   * is 0) it is not, and a value after the last element may still be inserted earlier.
   */
  private plain = true;
  constructor(
    spec: AccSpec,
    public capacity: number,
  ) {
    super(spec);
  }
  private order(a: Record<string, unknown>, b: Record<string, unknown>): number {
    const fields = this.spec.el.k === 'tuple' ? this.spec.el.fields : [];
    for (const key of this.spec.heapOrder ?? []) {
      const name = fields[key.index]?.name ?? '';
      const c = cmp(a[name], b[name]);
      if (c !== 0) return key.desc ? -c : c;
    }
    return 0;
  }
  add(v: unknown): void {
    if (v instanceof HeapAcc) {
      // A snapshot: `H += H` must not walk the list it is inserting into.
      for (const x of v.list.slice()) this.add(x);
      return;
    }
    const t = v as Record<string, unknown>;
    const plain = this.plainKeys(t);
    const list = this.list;
    const n = list.length;
    // Full, and t orders at or after the last element: the search below would end at n, past the
    // capacity (exactly so only when it is monotone, see plain). A top-k over many vertices
    // rejects most of them here, with one comparison instead of a search.
    if (
      plain &&
      this.plain &&
      this.capacity >= 0 &&
      n > 0 &&
      n >= this.capacity &&
      this.order(list[n - 1] as Record<string, unknown>, t) <= 0
    )
      return;
    // Insert after equal elements (stable), then trim to capacity.
    let lo = 0;
    let hi = this.list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.order(this.list[mid] as Record<string, unknown>, t) <= 0) lo = mid + 1;
      else hi = mid;
    }
    if (this.capacity >= 0 && lo >= this.capacity) return;
    if (!plain) this.plain = false;
    this.list.splice(lo, 0, t);
    if (this.capacity >= 0 && this.list.length > this.capacity) this.list.length = this.capacity;
  }
  /**
   * Whether add() would drop, by the early rejection, a tuple whose one order key is `x`: the heap
   * has one order key, is full and plain, and x is a number other than NaN ordering at or after
   * the last element. Generated code asks before building the tuple (jit-gen heapAdd); false
   * whenever add() might do anything else.
   */
  rejectsKey(x: unknown): boolean {
    const keys = this.spec.heapOrder;
    if (keys?.length !== 1 || typeof x !== 'number' || Number.isNaN(x) || !this.plain) return false;
    const list = this.list;
    const n = list.length;
    if (this.capacity < 0 || n === 0 || n < this.capacity) return false;
    const key = keys[0] as HeapKey;
    const fields = this.spec.el.k === 'tuple' ? this.spec.el.fields : [];
    const c = cmp((list[n - 1] as Record<string, unknown>)[fields[key.index]?.name ?? ''], x);
    return (key.desc ? -c : c) <= 0;
  }
  /** The order keys of t are all numbers other than NaN (see plain). */
  private plainKeys(t: Record<string, unknown>): boolean {
    const fields = this.spec.el.k === 'tuple' ? this.spec.el.fields : [];
    for (const key of this.spec.heapOrder ?? []) {
      const x = t[fields[key.index]?.name ?? ''];
      if (typeof x !== 'number' || Number.isNaN(x)) return false;
    }
    return true;
  }
  assign(v: unknown): void {
    this.list = [];
    this.plain = true;
    this.add(v);
  }
  top(): unknown {
    return this.list[0] ?? defaultValue(this.spec.el);
  }
  pop(): unknown {
    return this.list.shift() ?? defaultValue(this.spec.el);
  }
  resize(n: number): void {
    this.capacity = n;
    if (this.list.length > n) this.list.length = n;
  }
  copy(): Acc {
    const c = new HeapAcc(this.spec, this.capacity);
    c.list = this.list.slice();
    c.plain = this.plain;
    return c;
  }
  clear(): void {
    this.list = [];
    this.plain = true;
  }
  items(): unknown[] {
    return this.list;
  }
}
