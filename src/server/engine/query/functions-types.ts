// The shape of a function the engine calls: the built-ins (functions.ts, typed by the core
// table) and the user-defined functions (udf/) share it.
import type { Run } from './run.js';
import type { T } from './types.js';

/** A function's body over its evaluated arguments. */
export type Implementation = (args: unknown[], r: Run) => unknown;

/** A callable function with its arity range and its result type from its argument types. */
export interface Builtin {
  readonly min: number;
  readonly max: number;
  readonly type: (args: readonly T[]) => T;
  readonly fn: Implementation;
  /** A body chosen by the argument types where they decide the result (avg of DOUBLEs). */
  readonly forTypes?: (args: readonly T[]) => Implementation;
}
