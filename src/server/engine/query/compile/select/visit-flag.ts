// Select layer: the visited-flag idiom of breadth-first SELECTs, found so the generated row loop
// can run it as a hand-written BFS does:
//
//   Next = SELECT t FROM Frontier:s -(E)- V:t
//          WHERE t.@seen == FALSE            (or NOT t.@seen, or t.@seen != TRUE)
//          POST-ACCUM t.@seen = TRUE, ...;   (or += TRUE)
//
// with no ACCUM. GSQL evaluates the WHERE during the matching and the POST-ACCUM after it, so a
// target reached by several rows passes the WHERE each time and the collector keeps it once. With
// no ACCUM nothing else observes those rows: setting the flag at a target's first row instead
// gives the same matched set, and the flag itself then serves as the collector's mark (one array
// read per row instead of two, and no marks to clear). That holds only when nothing else in the
// SELECT reads the flag (or its prime) before the POST-ACCUM would have set it: no other
// POST-ACCUM statement mentions it, and the WHERE is only that test. HAVING and ORDER BY run after
// the POST-ACCUM and see the flag set either way.
import { visit, type DmlStmt, type Expr } from '../../../../../core/gsql/index.js';
import type { CompileContext } from '../context/compile-context.js';
import type { Cx } from '../context/compile-types.js';
import { slotOf } from '../expressions/expr.js';

export interface VisitFlag {
  /** The OrAccum's index among the query's vertex accumulators. */
  readonly acc: number;
  /** The POST-ACCUM clauses, in order, without the flag's assignment (possibly empty). */
  readonly posts: readonly { readonly slot: number; readonly stmts: readonly DmlStmt[] }[];
}

export interface VisitFlagPlan {
  readonly targetSlot: number;
  readonly where: Expr | null;
  readonly accum: readonly DmlStmt[] | null;
  readonly posts: readonly { readonly slot: number; readonly stmts: readonly DmlStmt[] }[];
  /** The aliases whose vertices the SELECT collects. */
  readonly collectSlots: readonly number[];
}

/** The flag of a SELECT of the visited-flag idiom, or null when it has another shape. */
export function visitFlag(c: CompileContext, cx: Cx, plan: VisitFlagPlan): VisitFlag | null {
  if ((plan.accum ?? []).length > 0 || plan.where === null) return null;
  if (plan.collectSlots.length !== 1 || plan.collectSlots[0] !== plan.targetSlot) return null;
  const name = falseTest(plan.where);
  if (name === null || !isTarget(c, cx, name.target, plan.targetSlot)) return null;
  const info = c.vaccs.get(name.name);
  if (!info || info.spec.name !== 'OrAccum') return null;
  let found = false;
  const posts = plan.posts.map((p) => {
    const stmts = p.stmts.filter((s) => {
      if (found || p.slot !== plan.targetSlot || !setsFlag(c, cx, s, name.name, plan.targetSlot))
        return true;
      found = true;
      return false;
    });
    return { slot: p.slot, stmts };
  });
  if (!found) return null;
  // Nothing left in the POST-ACCUM may read or write the flag.
  for (const p of posts) for (const s of p.stmts) if (mentions(s, name.name)) return null;
  return { acc: info.index, posts };
}

/** `x.@f == FALSE`, `FALSE == x.@f`, `x.@f != TRUE`, `NOT x.@f` (no prime): the accumulator read. */
function falseTest(e: Expr): { name: string; target: Expr } | null {
  const flag = (x: Expr) =>
    x.kind === 'VertexAccum' && !x.prime && x.target !== null
      ? { name: x.name, target: x.target }
      : null;
  if (e.kind === 'Unary' && e.op === 'NOT') return flag(e.operand);
  if (e.kind !== 'Binary' || (e.op !== '==' && e.op !== '!=')) return null;
  const want = e.op === '!=';
  if (e.right.kind === 'BoolLit' && e.right.value === want) return flag(e.left);
  if (e.left.kind === 'BoolLit' && e.left.value === want) return flag(e.right);
  return null;
}

function isTarget(c: CompileContext, cx: Cx, e: Expr, targetSlot: number): boolean {
  return slotOf(c, e, cx) === targetSlot;
}

/** `t.@f = TRUE` or `t.@f += TRUE` on the target alias. */
function setsFlag(c: CompileContext, cx: Cx, s: DmlStmt, name: string, slot: number): boolean {
  if (s.kind !== 'Assign') return false;
  const tg = s.target;
  return (
    tg.kind === 'VertexAccum' &&
    tg.name === name &&
    !tg.prime &&
    tg.target !== null &&
    isTarget(c, cx, tg.target, slot) &&
    s.value.kind === 'BoolLit' &&
    s.value.value
  );
}

function mentions(s: DmlStmt, name: string): boolean {
  let seen = false;
  visit(s, {
    VertexAccum(n) {
      if (n.name === name) seen = true;
    },
  });
  return seen;
}
