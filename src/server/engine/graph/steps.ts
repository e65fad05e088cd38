// Long graph operations (adjacency merges, index resizes) come as generators of steps, so the
// engine can give the event loop back between steps (Engine.runSliced) while no one reads the
// graph; the plain methods run the same steps to the end at once.

/** Steps of a stepped operation yield once per this many (plus one) items. */
export const stepMask = 0xffff;

/** Runs the steps of a stepped operation to the end, without yielding to anyone. */
export function runSteps(steps: Generator<void>): void {
  while (!steps.next().done);
}
