// Symbols of the compile context: declaring a name in a scope (duplicates are a coded problem)
// and the query-wide vertex set variables, declared by their first assignment.
import type { Expr, QueryStmt } from '../../../../../core/gsql/index.js';
import { VSET } from '../../types.js';
import type { CompileContext } from './compile-context.js';
import type { Cx, Sym } from './compile-types.js';

export function declare(
  comp: CompileContext,
  cx: Cx,
  name: string,
  sym: Sym,
  node: { range: QueryStmt['range'] },
): void {
  if (cx.scope.map.has(name)) comp.error(node, 'QUERY-DUPLICATE', `${name} is already declared`);
  cx.scope.map.set(name, sym);
}

/** A vertex set variable: query-wide, declared by its first assignment. */
export function vsetVar(
  comp: CompileContext,
  name: string,
  node: { range: QueryStmt['range'] },
  cx: Cx,
): number {
  const sym = cx.scope.lookup(name);
  if (sym && sym.kind === 'var') return sym.slot;
  if (sym) comp.error(node, 'QUERY-BAD-TARGET', `${name} is not a vertex set variable`);
  const slot = comp.slot();
  comp.root.map.set(name, { kind: 'var', slot, t: VSET, row: false });
  return slot;
}

/**
 * `v.@acc` where v is the variable of a query-body FOREACH over a set of vertices: the
 * control-flow page does not let such a loop read or write their vertex-attached accumulators.
 */
export function checkLoopVertex(comp: CompileContext, target: Expr | null, cx: Cx): void {
  if (target?.kind !== 'Name') return;
  const sym = cx.scope.lookup(target.name);
  if (sym?.kind === 'var' && sym.loopVar === 'vertices')
    comp.error(
      target,
      'QUERY-BAD-TARGET',
      `${target.name} is the variable of a FOREACH over vertices: their vertex-attached ` +
        'accumulators cannot be used through it (use a SELECT over the vertex set)',
    );
}
