// Statement layer: `@@acc = { LOADACCUM(path, $0, $1, ",", header), ... }`, the accumulator
// filled from files (the runtime is query/load-accum.ts). Each LOADACCUM names the file, the
// columns feeding the accumulator's fields in order, the one-character separator and whether
// the file has a header.
import type { Expr } from '../../../../../core/gsql/index.js';
import { loadAccumulator, loadAccumulatorSync, type LoadAccumSource } from '../../load-accum.js';
import type { Run } from '../../run.js';
import { bothStmt, type CS, type Cx, type Fn, NEXT, NOP } from '../context/compile-types.js';
import type { CompileContext } from '../context/compile-context.js';
import { compileExpr } from '../expressions/expr.js';

type Call = Expr & { kind: 'Call' };

/** Whether an assigned value is `{ LOADACCUM(...), ... }`. */
export function isLoadAccum(value: Expr): value is Expr & { kind: 'VertexSetLit' } {
  return (
    value.kind === 'VertexSetLit' &&
    value.items.length > 0 &&
    value.items.every((i) => i.kind === 'Call' && i.name.toLowerCase() === 'loadaccum')
  );
}

function compileSource(
  comp: CompileContext,
  call: Call,
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
  return (r) => ({
    path: String(pathF(r)),
    columns: cols,
    separator: String(sepF(r)),
    header: Boolean(headerF(r)),
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
    const s = item.kind === 'Call' ? compileSource(comp, item, cx) : null;
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
