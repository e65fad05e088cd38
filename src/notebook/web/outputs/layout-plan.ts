// How the graph view lays out a graph of a given size. cytoscape's `cose` compares every pair
// of vertices on every iteration: measured in headless chromium, about 18 ns per pair and
// iteration (500 vertices x 687 iterations took 3 s; 2,000 x 200 took 17 s). So the number of
// iterations is cut as graphs grow to keep a layout within a few seconds, and where too few
// iterations would be left to untangle anything, vertices go on a grid grouped by type instead.

/** Pair-iterations a layout may spend (about 2 s at the measured speed). */
export const pairBudget = 1e8;
/**
 * Pair-iterations per animation frame when the layout is shown as it settles (about 200 ms):
 * every frame also redraws the whole graph (~100 ms for 2,500 elements without a GPU), so
 * fewer, longer frames finish sooner while the page still answers clicks between them.
 */
export const framePairBudget = 1.2e7;
/** cose stops by itself after ~690 iterations (temperature 1000 cooling by 0.99 down to 1). */
const maxIterations = 1_000;
/** Fewer iterations than this leave a random tangle: a grid reads better. */
const minIterations = 30;
/** Up to this many vertices the layout finishes before the first paint (no animation). */
const instantNodes = 150;

export type LayoutPlan =
  | {
      readonly name: 'cose';
      readonly numIter: number;
      /** Show the layout settling, yielding to the browser between frames. */
      readonly animate: boolean;
      /** Iterations per animation frame. */
      readonly refresh: number;
    }
  | { readonly name: 'grid' };

export function layoutPlan(nodes: number): LayoutPlan {
  const pairs = Math.max(1, nodes * nodes);
  const numIter = Math.min(maxIterations, Math.floor(pairBudget / pairs));
  if (numIter < minIterations) return { name: 'grid' };
  return {
    name: 'cose',
    numIter,
    animate: nodes > instantNodes,
    refresh: Math.max(1, Math.floor(framePairBudget / pairs)),
  };
}
