// Edge-attached accumulators (`SumAccum<INT> EDGE @n;`, accumulators page "Edge-attached
// Accumulators"): one accumulator per stored edge, keyed by its edge type's table and slot, so an
// undirected edge reached from either end, or a directed edge walked through its reverse edge
// type, is the same edge with the same accumulator. As for vertex accumulators, `+=` and `=` in an
// ACCUM clause take effect when the clause ends: reads in the clause see the value before it.
import { makeAcc, type Acc } from './accum.js';
import type { EdgeTable } from '../graph/edge-table.js';
import { QueryRuntimeError } from './errors.js';
import type { Run } from './run.js';
import { EdgeRef } from './runtime-values.js';
import type { AccSpec } from './types.js';

/** The edge accumulators of each run, by declaration index. */
const perRun = new WeakMap<Run, EAcc[]>();

export function edgeAccums(r: Run): EAcc[] {
  let list = perRun.get(r);
  if (!list) perRun.set(r, (list = []));
  return list;
}

export class EAcc {
  private readonly byTable = new Map<EdgeTable, Map<number, Acc>>();
  private pending: { e: EdgeRef; assign: boolean; v: unknown }[] = [];

  constructor(
    readonly spec: AccSpec,
    private readonly init: unknown,
    private readonly run: Run,
  ) {}

  private edge(e: unknown): EdgeRef {
    if (e instanceof EdgeRef) return e;
    throw new QueryRuntimeError('QUERY-BAD-VALUE', 'an edge accumulator needs an edge: e.@name');
  }

  /** The edge's accumulator (created with the declared initial value on first use). */
  acc(e: unknown): Acc {
    const ref = this.edge(e);
    let slots = this.byTable.get(ref.table);
    if (!slots) this.byTable.set(ref.table, (slots = new Map<number, Acc>()));
    let acc = slots.get(ref.slot);
    if (!acc) slots.set(ref.slot, (acc = makeAcc(this.spec, this.run.caps, this.init)));
    return acc;
  }

  get(e: unknown): unknown {
    const ref = this.edge(e);
    const acc = this.byTable.get(ref.table)?.get(ref.slot);
    return (acc ?? makeAcc(this.spec, this.run.caps, this.init)).value();
  }

  add(e: unknown, v: unknown): void {
    this.acc(e).add(v);
  }

  assign(e: unknown, v: unknown): void {
    this.acc(e).assign(v);
  }

  /** `e.@a += v` / `e.@a = v` in an ACCUM clause: applied, in order, when the clause ends. */
  defer(e: unknown, assign: boolean, v: unknown): void {
    if (this.pending.length === 0) this.run.dirty.push(this);
    this.pending.push({ e: this.edge(e), assign, v });
  }

  flush(): void {
    const list = this.pending;
    this.pending = [];
    for (const p of list) {
      if (p.assign) this.assign(p.e, p.v);
      else this.add(p.e, p.v);
    }
  }
}
