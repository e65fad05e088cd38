// Symbols of the compile context: declaring a name in a scope (duplicates are a coded problem)
// and the query-wide vertex set variables, declared by their first assignment.
import type { QueryStmt } from '../../../../../core/gsql/index.js';
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
