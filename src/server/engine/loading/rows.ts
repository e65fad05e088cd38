// One JSON line as the compiled closures read it (an object with `key:sub` paths; CSV lines are
// ByteRows, csv-bytes.ts), and the sink that runs a line through the destination clauses of the
// statements reading its source: objects are counted per type in the statistics and written to
// the batch being built (deletes as mutations or planners), and temp-table rows passed on to the
// statements that load from that table, in the same line.
import type { BatchBuilder } from '../batch.js';
import type { CompiledJob, CompiledLoad } from './compile.js';
import type { Row } from './expr.js';
import { objectStatistics, type LoadStatistics, type ObjectStatistics } from './stats.js';
import type { CompiledTarget, SimpleEdge } from './targets.js';

export class InputRow implements Row {
  tokens: readonly string[] = [];
  object: Record<string, unknown> | null = null;
  columns = new Map<string, number>();
  constructor(readonly fileName: string) {}

  token(index: number): unknown {
    return this.tokens[index];
  }

  named(name: string): unknown {
    if (this.object) {
      if (name in this.object) return this.object[name];
      if (!name.includes(':')) return undefined;
      let v: unknown = this.object;
      for (const key of name.split(':')) {
        if (typeof v !== 'object' || v === null) return undefined;
        v = (v as Record<string, unknown>)[key];
      }
      return v;
    }
    const index = this.columns.get(name);
    return index === undefined ? undefined : this.tokens[index];
  }
}

interface Counted {
  readonly target: CompiledTarget;
  readonly stats: ObjectStatistics | null;
}

/** Temp tables feeding temp tables may not loop; this bounds the nesting. */
const MAX_TABLE_DEPTH = 16;

export class LineSink {
  private readonly byType = new Map<string, ObjectStatistics>();
  private readonly top: Counted[];
  private readonly tables = new Map<string, Counted[]>();

  constructor(
    private readonly job: CompiledJob,
    stmts: readonly CompiledLoad[],
    private readonly statistics: LoadStatistics,
  ) {
    this.top = this.counters(stmts);
  }

  private counters(stmts: readonly CompiledLoad[]): Counted[] {
    return stmts.flatMap((stmt) =>
      stmt.targets.map((target) => {
        if (target.kind === 'temp') {
          const name = target.typeName;
          if (!this.tables.has(name)) {
            this.tables.set(name, []);
            this.tables.set(name, this.counters(this.job.tables.get(name) ?? []));
          }
          return { target, stats: null };
        }
        const key = `${target.kind}:${target.typeName}`;
        let stats = this.byType.get(key);
        if (!stats) {
          stats = objectStatistics(target.typeName);
          this.byType.set(key, stats);
          this.statistics[target.kind].push(stats);
        }
        return { target, stats };
      }),
    );
  }

  /**
   * Whether the objects must be applied in exactly the order of the lines (see batch.ts): a
   * delete, a new-only or must-exist flag, or a vertex reducer where an edge may create the
   * vertex first.
   */
  get strictOrder(): boolean {
    const all: CompiledTarget[] = [];
    const seen = new Set<readonly Counted[]>();
    const walk = (counted: readonly Counted[]) => {
      if (seen.has(counted)) return;
      seen.add(counted);
      for (const { target } of counted) all.push(target);
    };
    walk(this.top);
    for (const readers of this.tables.values()) walk(readers);
    const edges = all.some((t) => t.kind === 'edge');
    return all.some(
      (t) =>
        t.kind === 'deleteVertex' ||
        t.kind === 'deleteEdge' ||
        ((t.kind === 'vertex' || t.kind === 'edge') && t.orderSensitive) ||
        (t.kind === 'vertex' && t.reduces && edges),
    );
  }

  /**
   * The one destination of the lines when it is a SimpleEdge (and nothing else reads them), with
   * its statistics: simple-edges.ts may then read the lines in one loop.
   */
  simpleEdge(): { edge: SimpleEdge; objects: ObjectStatistics } | undefined {
    const [only, ...more] = this.top;
    if (!only || more.length > 0 || !only.stats || only.target.where) return undefined;
    const target = only.target;
    if (target.kind !== 'edge' || !target.simple) return undefined;
    return { edge: target.simple, objects: only.stats };
  }

  /** Runs one line; true when a WHERE clause left a destination out. */
  apply(row: Row, out: BatchBuilder): boolean {
    return this.run(this.top, row, out, 0);
  }

  private run(counted: readonly Counted[], row: Row, out: BatchBuilder, depth: number): boolean {
    let failed = false;
    for (const { target, stats } of counted) {
      if (target.where && !target.where(row)) {
        failed = true;
        continue;
      }
      if (target.kind === 'temp') {
        const readers = this.tables.get(target.typeName) ?? [];
        if (depth >= MAX_TABLE_DEPTH || readers.length === 0) continue;
        for (const r of target.rows(row)) this.run(readers, r, out, depth + 1);
        continue;
      }
      if (!('emit' in target)) {
        const outcome = target.map(row);
        if (!stats) continue;
        if (typeof outcome === 'string') stats[outcome] += 1;
        else {
          stats.validObject += 1;
          out.add(outcome);
        }
        continue;
      }
      const rejected = target.emit(row, out);
      if (!stats) continue;
      if (rejected === undefined) stats.validObject += 1;
      else stats[rejected] += 1;
    }
    return failed;
  }
}
