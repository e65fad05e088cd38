// Select layer: the vertex accumulators whose inputs in a SELECT's ACCUM clause may be applied as
// they come instead of at the end of the clause. The deferral (run.ts VAcc: pending inputs,
// flushed when the clause ends) exists so that what the clause reads of an accumulator is its
// value before the clause: one the clause (its WHERE, PER and ACCUM) never reads ends the clause
// with the same value either way, as long as the order of the inputs is kept and `=` and `+=` are
// not mixed (the flush applies every `=` before every `+=`). Scalar `+=` keeps its deferral: its
// inputs are summed into a delta column before they meet the old value, and applying them one by
// one could round a floating sum differently. What is left: `=` of any accumulator, and `+=` of
// the containers (SetAccum, MapAccum, ...), whose deferred inputs each cost a held value until
// the flush.
import { type DmlStmt, type Expr, type Node, walk } from '../../../../../core/gsql/index.js';
import { isScalarAccum } from '../../types.js';
import type { CompileContext } from '../context/compile-context.js';

/** Statement kinds of the layers above: a clause holding one keeps every deferral. */
const upperKinds = new Set([
  'SelectStmt',
  'VertexSetDecl',
  'Delete',
  'Update',
  'Print',
  'TableSelect',
]);

/**
 * Indexes of the vertex accumulators whose ACCUM inputs apply at once: the clause assigns each
 * only with `=`, or only with `+=` (a container), and reads it nowhere (a `@x` that is not the
 * target of an assignment, a prime `@x'` included, is a read).
 */
export function atOnceAccums(
  c: CompileContext,
  where: Expr | null,
  accum: readonly DmlStmt[] | null,
): ReadonlySet<number> {
  if (accum === null || accum.length === 0) return new Set();
  const read = new Set<string>();
  const ops = new Map<string, Set<string>>();
  const targets = new Set<Node>();
  let nested = false;
  const nodes: Node[] = where ? [where, ...accum] : [...accum];
  for (const root of nodes)
    walk(root, {
      enter(node) {
        if (upperKinds.has(node.kind)) nested = true;
        if (node.kind === 'Assign' && node.target.kind === 'VertexAccum' && node.target.target) {
          targets.add(node.target);
          const name = node.target.name;
          let set = ops.get(name);
          if (!set) ops.set(name, (set = new Set()));
          set.add(node.op);
        } else if (node.kind === 'VertexAccum' && !targets.has(node)) read.add(node.name);
      },
    });
  const out = new Set<number>();
  if (nested) return out;
  for (const [name, set] of ops) {
    const info = c.vaccs.get(name);
    if (!info || c.eaccs.has(name) || read.has(name) || set.size !== 1) continue;
    if (set.has('=') || !isScalarAccum(info.spec)) out.add(info.index);
  }
  return out;
}
