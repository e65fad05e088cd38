// TEMP_TABLE destinations and the flatten functions. `TO TEMP_TABLE t (c1, c2) VALUES (...)` makes
// rows of named columns for a later `LOAD TEMP_TABLE t` to read (`$"c1"` or `$0`). One value may
// be a flatten function, which makes one row per element and may fill several columns:
// flatten(x, sep, 1) splits a text; flatten(x, sep, sub, n) splits groups into n fields;
// flatten_json_array(x) takes the primitives of a JSON array, and flatten_json_array(x, $"k",
// $"a":"b", ...) the fields of each object in it (a JSON object in a CSV column counts as one).
import type { Expr, LoadTarget } from '../../../core/gsql/index.js';
import { jobError } from './errors.js';
import { at, compileToken, type Evaluator, type ExprContext, type Row } from './expr.js';
import { parseJsonLine } from './csv.js';
import { text } from './functions.js';

/** One row of a temp table, read by the statements that load from it. */
export class TableRow implements Row {
  constructor(
    private readonly columns: ReadonlyMap<string, number>,
    private readonly values: readonly unknown[],
    readonly fileName: string,
  ) {}

  token(index: number): unknown {
    return this.values[index];
  }

  named(name: string): unknown {
    const index = this.columns.get(name);
    return index === undefined ? undefined : this.values[index];
  }
}

/** A flatten call: how many columns it fills and the field lists it makes from one line. */
interface Flatten {
  readonly width: number;
  readonly groups: (row: Row) => readonly (readonly unknown[])[];
}

const FLATTENS = new Set(['flatten', 'flatten_json_array']);

function splitGroups(value: unknown, sep: string): string[] {
  const s = text(value);
  return s === '' ? [] : s.split(sep).filter((g) => g !== '');
}

function compileFlatten(call: Expr & { kind: 'Call' }, ctx: ExprContext): Flatten {
  const bad = (why: string): never => jobError('LOADING-BAD-ARGUMENTS', at(ctx, call), why);
  const [first, ...rest] = call.args;
  if (!first) return bad(`${call.name} needs the column to split`);
  const value = compileToken(first, ctx);
  if (call.name.toLowerCase() === 'flatten') {
    const literal = (e: Expr | undefined) => (e?.kind === 'StringLit' ? e.value : undefined);
    const count = call.args[call.args.length - 1];
    const n = count?.kind === 'IntLit' ? Number(count.text) : NaN;
    const sep = literal(rest[0]);
    if (call.args.length === 3 && sep !== undefined && n === 1) {
      return { width: 1, groups: (row) => splitGroups(value(row), sep).map((g) => [g]) };
    }
    const sub = literal(rest[1]);
    if (call.args.length === 4 && sep !== undefined && sub !== undefined && n >= 1) {
      return {
        width: n,
        groups: (row) =>
          splitGroups(value(row), sep).map((g) => {
            const parts = g.split(sub);
            return Array.from({ length: n }, (_, i) => parts[i] ?? '');
          }),
      };
    }
    return bad(
      'flatten takes (column, "separator", 1) or (column, "group separator", "field separator", n)',
    );
  }
  const paths = rest.map((arg) =>
    arg.kind === 'ColumnRef' && typeof arg.column === 'string'
      ? [arg.column, ...arg.path]
      : bad('the fields of flatten_json_array are written $"key" or $"key":"sub"'),
  );
  return { width: Math.max(1, paths.length), groups: (row) => jsonGroups(value(row), paths) };
}

function jsonValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const wrapped = parseJsonLine(`{"v":${value}}`);
  return wrapped ? wrapped.v : undefined;
}

function field(object: unknown, path: readonly string[]): unknown {
  let v = object;
  for (const key of path) {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v === null ? undefined : v;
}

function jsonGroups(raw: unknown, paths: readonly (readonly string[])[]): unknown[][] {
  const value = jsonValue(raw);
  const items = Array.isArray(value) ? (value as unknown[]) : value === undefined ? [] : [value];
  const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (paths.length === 0) {
    return items.filter((v) => v !== null && typeof v !== 'object').map((v) => [v]);
  }
  return items.filter(isObject).map((item) => paths.map((p) => field(item, p)));
}

/** Compiles a TEMP_TABLE destination into the rows it makes from one line. */
export function compileTempTarget(
  target: LoadTarget,
  ctx: ExprContext,
): (row: Row) => readonly Row[] {
  const calls = target.values.filter(
    (v): v is Expr & { kind: 'Call' } => v.kind === 'Call' && FLATTENS.has(v.name.toLowerCase()),
  );
  if (calls.length > 1) {
    jobError(
      'LOADING-UNSUPPORTED',
      at(ctx, calls[1] as Expr),
      'only one flatten function is allowed in a TEMP_TABLE clause',
    );
  }
  const flatten = calls[0] ? compileFlatten(calls[0], ctx) : undefined;
  const parts: (Evaluator | 'flatten')[] = target.values.map((v) =>
    v === calls[0] ? 'flatten' : compileToken(v, ctx),
  );
  const width = target.values.length - (flatten ? 1 - flatten.width : 0);
  if (width !== target.columns.length) {
    jobError(
      'LOADING-VALUE-COUNT',
      { job: ctx.place.job, range: target.range },
      `temp table ${target.name} has ${target.columns.length} columns, the values fill ${width}`,
    );
  }
  const columns = new Map(target.columns.map((name, i) => [name, i]));
  return (row) => {
    const fixed = parts.map((p) => (p === 'flatten' ? undefined : p(row)));
    const groups = flatten ? flatten.groups(row) : [[]];
    return groups.map((group) => {
      const values = parts.flatMap((p, i) => (p === 'flatten' ? group : [fixed[i]]));
      return new TableRow(columns, values, row.fileName);
    });
  };
}
