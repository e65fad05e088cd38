// One input line as the compiled closures read it (tokens of a CSV line, or a JSON object with
// `key:sub` paths), and the sink that runs a line through the destination clauses of the
// statements reading its source: objects are counted per type in the statistics, mutations (and
// the planners of edge deletes) collected, and temp-table rows passed on to the statements that
// load from that table, in the same line.
import type { Mutation } from '../mutations.js';
import type { CompiledJob, CompiledLoad } from './compile.js';
import type { Row } from './expr.js';
import { objectStatistics, type LoadStatistics, type ObjectStatistics } from './stats.js';
import type { CompiledTarget, Planner } from './targets.js';

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

/** What a batch holds: mutations, and planners run inside the write. */
export type Pending = Mutation | Planner;

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

  /** Runs one line; true when a WHERE clause left a destination out. */
  apply(row: Row, pending: Pending[]): boolean {
    return this.run(this.top, row, pending, 0);
  }

  private run(counted: readonly Counted[], row: Row, pending: Pending[], depth: number): boolean {
    let failed = false;
    for (const { target, stats } of counted) {
      if (target.where && !target.where(row)) {
        failed = true;
        continue;
      }
      if (target.kind === 'temp') {
        const readers = this.tables.get(target.typeName) ?? [];
        if (depth >= MAX_TABLE_DEPTH || readers.length === 0) continue;
        for (const r of target.rows(row)) this.run(readers, r, pending, depth + 1);
        continue;
      }
      const out = target.map(row);
      if (!stats) continue;
      if (typeof out === 'string') stats[out] += 1;
      else {
        stats.validObject += 1;
        pending.push(out);
      }
    }
    return failed;
  }
}
