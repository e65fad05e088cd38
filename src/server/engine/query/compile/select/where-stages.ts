// WHERE tested as early as the FROM pattern allows: the conditions ANDed at its top are split,
// and each is tested at the first step of the pattern by which every alias it names is bound (the
// source vertex, or the target of hop k), so a path that fails a condition on its first vertices
// is not walked any further. `Tag:t -(<HAS_TAG)- Post:m -(HAS_CREATOR>)- Person:p WHERE t.name
// == x AND year(m.creationDate) == y` walks only the posts of tag x, and only the creators of the
// posts of year y, instead of every tag's posts' creators.
//
// The answer is the same as testing the whole WHERE at the end of each path: the conditions are
// ANDed (a path passes only if each is true), and they are still tested in their written order
// along a path (a condition is never moved before one written to its left, so one that could fail
// at run time is not reached on a path it was not reached on before). A condition that calls
// something that is not a pure built-in (a subquery, a UDF, rand(), now(), a method that changes
// an accumulator) stays at the end, with every condition written after it.
import { builtinFunction, type Expr, walk } from '../../../../../core/gsql/index.js';
import { IMPURE_BUILTINS } from '../../functions.js';
import type { Run } from '../../run.js';

export type Test = (r: Run) => unknown;

const pureCategories = new Set([
  'math',
  'string',
  'conversion',
  'datetime',
  'aggregation',
  'vertex',
]);
/** Methods that only read their target. */
const readingMethods = new Set([
  'get',
  'size',
  'contains',
  'containskey',
  'outdegree',
  'getattr',
  'isempty',
  'type',
]);

/** The conditions ANDed at the top of `e`, left to right. */
function conjuncts(e: Expr, out: Expr[] = []): Expr[] {
  if (e.kind === 'Binary' && e.op === 'AND') {
    conjuncts(e.left, out);
    conjuncts(e.right, out);
  } else out.push(e);
  return out;
}

/** The names a condition reads, or null when it calls something that may not be pure. */
function namesRead(e: Expr): Set<string> | null {
  const names = new Set<string>();
  let pure = true;
  walk(e, {
    enter(node) {
      if (node.kind === 'Name') names.add(node.name);
      else if (node.kind === 'Call') {
        const name = node.name.toLowerCase();
        const builtin = builtinFunction(name);
        if (!builtin || IMPURE_BUILTINS.has(name) || !pureCategories.has(builtin.category))
          pure = false;
      } else if (node.kind === 'MethodCall') {
        if (!readingMethods.has(node.name.toLowerCase())) pure = false;
      }
    },
  });
  return pure ? names : null;
}

/**
 * The WHERE's tests per pattern step: `tests[k]` holds the conditions to test once the aliases of
 * step k are bound (0: the source; k: hop k's target and edge), null where there are none;
 * `tests[last]` holds the rest, tested at the end of the path. `stepOf` gives the step binding
 * each alias of the pattern; `compile` compiles one condition.
 */
export function whereStages(
  where: Expr | null,
  stepOf: ReadonlyMap<string, number>,
  last: number,
  compile: (e: Expr) => Test,
): (((r: Run) => boolean) | null)[] {
  const byStep: Expr[][] = Array.from({ length: last + 1 }, () => []);
  let floor = 0;
  for (const cond of where ? conjuncts(where) : []) {
    const names = namesRead(cond);
    let step = names === null ? last : floor;
    if (names !== null) for (const name of names) step = Math.max(step, stepOf.get(name) ?? 0);
    floor = step;
    (byStep[step] as Expr[]).push(cond);
  }
  return byStep.map((conds) => allOf(conds.map(compile)));
}

/** One test of several conditions, in order; null for none. */
function allOf(tests: Test[]): ((r: Run) => boolean) | null {
  if (tests.length === 0) return null;
  const [a, b] = tests as [Test, Test | undefined];
  if (tests.length === 1) return (r) => Boolean(a(r));
  if (tests.length === 2 && b) return (r) => Boolean(a(r)) && Boolean(b(r));
  return (r) => {
    for (let i = 0; i < tests.length; i++) if (!(tests[i] as Test)(r)) return false;
    return true;
  };
}

/**
 * The step binding each alias of a one-pattern FROM: the source's 0, hop k's target and edge k
 * (a target alias bound before keeps its earlier step).
 */
export function aliasSteps(
  aliasSlots: ReadonlyMap<string, number>,
  srcSlot: number,
  hops: readonly { readonly targetSlot: number; readonly edgeSlot: number }[],
): Map<string, number> {
  const stepOfSlot = new Map<number, number>([[srcSlot, 0]]);
  hops.forEach((h, k) => {
    for (const slot of [h.targetSlot, h.edgeSlot])
      if (slot >= 0 && !stepOfSlot.has(slot)) stepOfSlot.set(slot, k + 1);
  });
  const steps = new Map<string, number>();
  for (const [name, slot] of aliasSlots) steps.set(name, stepOfSlot.get(slot) ?? 0);
  return steps;
}
