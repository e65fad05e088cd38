// Select layer: the vertex accumulators whose inputs in a SELECT's ACCUM clause may be applied as
// they come instead of at the end of the clause. The deferral (run.ts VAcc: pending inputs,
// flushed when the clause ends) exists so that what the clause reads of an accumulator is its
// value before the clause: one the clause (its WHERE, PER and ACCUM) never reads ends the clause
// with the same value either way, as long as the order of the inputs is kept and `=` and `+=` are
// not mixed (the flush applies every `=` before every `+=`). A scalar's deferred `+=` inputs are
// combined into a delta before they meet the old value: the same as meeting it one by one only
// where combining is exact and does not depend on grouping (integer and text sums, Or, And,
// bitwise, Max / Min of integers or text); a floating sum could round differently, a floating
// Max / Min keeps or drops a NaN by order, so those keep their deferral. What applies at once:
// `=` of any accumulator, `+=` of the containers (SetAccum, MapAccum, ...) and of those scalars.
import { type DmlStmt, type Expr, type Node, walk } from '../../../../../core/gsql/index.js';
import { isScalarAccum, type AccSpec } from '../../types.js';
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
    if (set.has('=') || !isScalarAccum(info.spec) || groupingFree(info.spec)) out.add(info.index);
  }
  return out;
}

/**
 * A scalar accumulator whose `+=` inputs give the same value combined in any grouping (exact
 * arithmetic or a total order): (old + a) + b equals old + (a + b).
 */
function groupingFree(spec: AccSpec): boolean {
  const el = spec.el.k;
  const exact = el === 'int' || el === 'uint' || el === 'string';
  switch (spec.name) {
    case 'SumAccum':
    case 'MaxAccum':
    case 'MinAccum':
      return exact;
    case 'OrAccum':
    case 'AndAccum':
    case 'BitwiseOrAccum':
    case 'BitwiseAndAccum':
      return true;
    case 'ArrayAccum':
    case 'AvgAccum':
    case 'BagAccum':
    case 'GroupByAccum':
    case 'HeapAccum':
    case 'ListAccum':
    case 'MapAccum':
    case 'Overwrite':
    case 'PercentileContAccum':
    case 'SetAccum':
      return false;
  }
}
