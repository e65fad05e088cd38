// Statement layer: `@@acc = { LOADACCUM(path, $0, $1, ",", header), ... }`, the accumulator
// filled from files (the runtime is query/load-accum.ts). Each LOADACCUM names the file, the
// columns feeding the accumulator's fields in order, the one-character separator and whether
// the file has a header; `.filter(condition)` after it keeps the lines the condition holds for.
import type { Expr } from '../../../../../core/gsql/index.js';
import { loadAccumulator, loadAccumulatorSync, type LoadAccumSource } from '../../load-accum.js';
import type { Run } from '../../run.js';
import { bothStmt, type CS, type Cx, type Fn, NEXT, NOP, Scope } from '../context/compile-types.js';
import type { CompileContext } from '../context/compile-context.js';
import { compileExpr } from '../expressions/expr.js';
import { STRING } from '../../types.js';

type Call = Expr & { kind: 'Call' };

const isLoadCall = (e: Expr): e is Call =>
  e.kind === 'Call' && e.name.toLowerCase() === 'loadaccum';

/** A LOADACCUM call, bare or with `.filter(condition)`; null for anything else. */
function loadCall(e: Expr): { call: Call; filter: Expr | null } | null {
  if (isLoadCall(e)) return { call: e, filter: null };
  if (e.kind === 'MethodCall' && e.name.toLowerCase() === 'filter' && isLoadCall(e.target))
    return { call: e.target, filter: e.args[0] ?? null };
  return null;
}

/** Whether an assigned value is `{ LOADACCUM(...), ... }`. */
export function isLoadAccum(value: Expr): value is Expr & { kind: 'VertexSetLit' } {
  return (
    value.kind === 'VertexSetLit' &&
    value.items.length > 0 &&
    value.items.every((i) => loadCall(i) !== null)
  );
}

/**
 * A filter condition: each column reference (`$1`, `$"name"`) becomes a STRING variable of its
 * own scope, set from the line's cell before the condition runs.
 */
function compileFilter(
  comp: CompileContext,
  cond: Expr,
  cx: Cx,
): (r: Run) => (cell: (column: number | string) => string) => boolean {
  const columns: { column: number | string; slot: number }[] = [];
  const scope = new Scope(cx.scope);
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (typeof node !== 'object' || node === null) return node;
    const n = node as { kind?: string; column?: number | string; range?: unknown };
    if (n.kind === 'ColumnRef') {
      const name = `\u0000column${columns.length}`;
      const slot = comp.slot();
      columns.push({ column: n.column ?? 0, slot });
      scope.map.set(name, { kind: 'var', slot, t: STRING, row: false });
      return { kind: 'Name', name, range: n.range };
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) out[k] = k === 'range' ? v : rewrite(v);
    return out;
  };
  const f = compileExpr(comp, rewrite(cond) as Expr, { ...cx, scope }).f;
  return (r) => (cell) => {
    for (const c of columns) r.f[c.slot] = cell(c.column);
    return Boolean(f(r));
  };
}

function compileSource(
  comp: CompileContext,
  call: Call,
  filterCond: Expr | null,
  cx: Cx,
): ((r: Run) => LoadAccumSource) | null {
  const args = call.args;
  const columns = args.slice(1, -2);
  const path = args[0];
  const separator = args.at(-2);
  const header = args.at(-1);
  if (
    args.length < 4 ||
    !path ||
    !separator ||
    !header ||
    columns.some((c) => c.kind !== 'ColumnRef')
  ) {
    comp.error(
      call,
      'QUERY-ARITY',
      'LOADACCUM takes (file path, $column, [$column, ...] separator, header)',
    );
    return null;
  }
  const cols = columns.map((c) => (c.kind === 'ColumnRef' ? c.column : 0));
  const pathF: Fn = compileExpr(comp, path, cx).f;
  const sepF: Fn = compileExpr(comp, separator, cx).f;
  const headerF: Fn = compileExpr(comp, header, cx).f;
  const filterF = filterCond ? compileFilter(comp, filterCond, cx) : null;
  return (r) => ({
    path: String(pathF(r)),
    columns: cols,
    separator: String(sepF(r)),
    header: Boolean(headerF(r)),
    ...(filterF ? { filter: filterF(r) } : {}),
  });
}

/** `@@name = { LOADACCUM(...), ... }` in the query body. */
export function compileLoadAccum(
  comp: CompileContext,
  name: string,
  value: Expr & { kind: 'VertexSetLit' },
  cx: Cx,
): CS {
  const info = comp.gaccs.get(name);
  if (!info) {
    comp.error(value, 'QUERY-UNKNOWN-ACCUM', `unknown accumulator @@${name}`);
    return NOP;
  }
  if (cx.mode !== 'body') {
    comp.error(value, 'QUERY-UNSUPPORTED', 'LOADACCUM runs in the query body, not in a clause');
    return NOP;
  }
  const sources = value.items.flatMap((item) => {
    const load = loadCall(item);
    const s = load ? compileSource(comp, load.call, load.filter, cx) : null;
    return s ? [s] : [];
  });
  const i = info.index;
  return bothStmt(
    (r) => {
      loadAccumulatorSync(
        r.g[i],
        sources.map((s) => s(r)),
        r,
      );
      return NEXT;
    },
    async (r) => {
      await loadAccumulator(
        r.g[i],
        sources.map((s) => s(r)),
        r,
      );
      return NEXT;
    },
  );
}
