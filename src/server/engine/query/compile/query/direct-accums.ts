// Global accumulators whose `+=` inputs in ACCUM / POST-ACCUM clauses may be applied as they
// come instead of at the end of the clause. The deferral (run.ts GAccPending) exists so that what
// the clause reads of the accumulator is its value before the clause; an accumulator that no
// SELECT, UPDATE or DELETE of the query reads at all (only `@@a += ...` names it there) and that
// no clause assigns with `=` ends the clause with the same value either way, inputs applied in
// the same order. Scalar accumulators fold their inputs already; this is for the containers (a
// GroupByAccum fed once per vertex need not hold every input until the clause ends).
import type { Node, QueryStmt } from '../../../../../core/gsql/index.js';
import { walk } from '../../../../../core/gsql/index.js';
import { isScalarAccum } from '../../types.js';
import type { CompileContext } from '../context/compile-context.js';

/** Kinds of statement whose clauses defer their accumulator inputs. */
const clauseKinds = new Set(['Select', 'Update', 'Delete']);

/** Names of the global accumulators read (other than as a `+=` target) inside a clause. */
function readInClauses(body: readonly QueryStmt[]): Set<string> {
  const read = new Set<string>();
  const targets = new Set<Node>();
  let depth = 0;
  for (const stmt of body)
    walk(stmt, {
      enter(node) {
        if (clauseKinds.has(node.kind)) depth++;
        if (depth === 0) return;
        if (node.kind === 'Assign' && node.op === '+=' && node.target.kind === 'GlobalAccum')
          targets.add(node.target);
        else if (node.kind === 'GlobalAccum' && !targets.has(node)) read.add(node.name);
        // `FROM @@set:s`: a source (or target) read by name.
        else if (node.kind === 'VertexStep')
          for (const name of node.types) if (name.startsWith('@@')) read.add(name.slice(2));
      },
      leave(node) {
        if (clauseKinds.has(node.kind)) depth--;
      },
    });
  return read;
}

/**
 * Indexes of the global container accumulators no clause reads: their += inputs need no
 * deferral (no clause assigns a global accumulator with `=`: select/clause-rules.ts refuses it).
 */
export function directAccums(c: CompileContext, body: readonly QueryStmt[]): Set<number> {
  const read = readInClauses(body);
  const direct = new Set<number>();
  for (const [name, info] of c.gaccs)
    if (!isScalarAccum(info.spec) && !read.has(name)) direct.add(info.index);
  return direct;
}
