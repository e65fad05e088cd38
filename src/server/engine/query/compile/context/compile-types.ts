// Context layer: the shared vocabulary of the query compiler (compiled expression and statement
// shapes, control codes, scopes and symbols, the compile environment, compiled-query types) and
// the statement combinators (NOP, seq).
import type { AccumType, TypeExpr } from '../../../../../core/gsql/index.js';
import type { Builtin } from '../../functions-types.js';
import type { CatalogData } from '../../../catalog/types.js';
import type { CompiledQueryLike, Run, RunContext } from '../../run.js';
import {
  BOOL,
  DATETIME,
  DOUBLE,
  EDGE,
  FLOAT,
  INT,
  STRING,
  UINT,
  VERTEX,
  type AccSpec,
  type T,
} from '../../types.js';

export type Fn = (r: Run) => unknown;
export interface CE {
  readonly f: Fn;
  readonly t: T;
}

/** Flow codes of statements. */
export const NEXT = 0;
export const BREAK = 1;
export const CONTINUE = 2;
export const RETURN = 3;

export type SyncStmt = (r: Run) => number;
export type AsyncStmt = (r: Run) => Promise<number>;
/**
 * A compiled statement. `sync` runs it to completion (ACCUM bodies, subqueries called from an
 * ACCUM clause); `async`, when present, runs it yielding to the event loop (SELECT, loops).
 */
export interface CS {
  readonly sync: SyncStmt;
  readonly async: AsyncStmt | null;
}

export const syncStmt = (s: SyncStmt): CS => ({ sync: s, async: null });
export const bothStmt = (s: SyncStmt, a: AsyncStmt): CS => ({ sync: s, async: a });

/** Runs a statement the yielding way when it has one. */
export function runCS(cs: CS, r: Run): number | Promise<number> {
  return cs.async ? cs.async(r) : cs.sync(r);
}

/** An async subquery call evaluated before its statement, and its blocking form. */
export interface Hoist {
  readonly sync: (r: Run) => void;
  readonly async: (r: Run) => Promise<void>;
}

export type Sym =
  | {
      readonly kind: 'var';
      readonly slot: number;
      readonly t: T;
      readonly row: boolean;
      /**
       * A FOREACH loop variable (the control-flow page, FOREACH limitations): `fixed` may not be
       * assigned; `vertices` also names a vertex of a query-body loop over a vertex set, whose
       * vertex-attached accumulators may not be read or written through it.
       */
      readonly loopVar?: 'fixed' | 'vertices';
    }
  | {
      readonly kind: 'alias';
      readonly slot: number;
      readonly t: T;
    }
  | { readonly kind: 'file'; readonly slot: number }
  | { readonly kind: 'exception'; readonly name: string; readonly code: Fn };

export class Scope {
  readonly map = new Map<string, Sym>();
  constructor(readonly parent: Scope | null) {}
  lookup(name: string): Sym | undefined {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    let s: Scope | null = this;
    while (s) {
      const found = s.map.get(name);
      if (found) return found;
      s = s.parent;
    }
    return undefined;
  }
}

export interface Cx {
  readonly scope: Scope;
  /** body: query body; accum: an ACCUM clause; post: a POST-ACCUM clause. */
  readonly mode: 'body' | 'accum' | 'post';
  /** Async subquery calls of the statement being compiled (body statements only). */
  readonly hoists: Hoist[] | null;
  /**
   * Inside a WHILE or FOREACH body (of the query body, or of the ACCUM / POST-ACCUM clause being
   * compiled: a clause starts outside any loop): BREAK and CONTINUE need one, and vertex- and
   * edge-attached accumulators may not be declared in one.
   */
  readonly loop?: boolean;
  /**
   * An ACCUM clause's vertex accumulators (indexes) whose inputs apply as they come, not at the
   * end of the clause: the clause never reads them (select/at-once.ts).
   */
  readonly atOnce?: ReadonlySet<number>;
}

export interface CompileEnv {
  readonly catalog: CatalogData;
  readonly graphName: string;
  /**
   * Simple SELECTs run as generated code (compile/select/jit.ts) unless this is false; then every
   * SELECT runs as closures. The query cases run both ways, so the two tiers must agree.
   */
  readonly generatedCode?: boolean;
  /** Queries callable as subqueries (compile-time lookup of their return types). */
  readonly queries?: (name: string) => CompiledQuery | undefined;
  /**
   * Queries that exist but are not installed yet (created earlier, or later in the same script):
   * a call compiles against their RETURNS type and finds them installed at run time.
   */
  readonly declaredQueries?: (name: string) => { readonly returns: TypeExpr | null } | undefined;
  /** User-defined functions by exact name (the service's UDF registry); built-ins come first. */
  readonly udf?: (name: string) => Builtin | undefined;
  /** The UDF file declaring a function the service cannot run (for the error message). */
  readonly udfDeclaredIn?: (name: string) => string | undefined;
  /** Accumulator types named by a top-level TYPEDEF (the service's /udt/accum store). */
  readonly accumTypedef?: (name: string) => AccumType | undefined;
}

export interface ParamSpec {
  readonly name: string;
  /** The type as GSQL writes it: INT, VERTEX<person>, SET<STRING>. */
  readonly type: string;
  readonly t: T;
  /** The default's value (undefined when the parameter has none). */
  readonly default: unknown;
}

export interface QueryOutput {
  /** One object per executed PRINT. */
  readonly results: Record<string, unknown>[];
  /** The mutations applied (0 for read-only runs). */
  readonly mutations: number;
  /** Run-time warnings, as the real service's answer reports them in its message. */
  readonly warnings?: readonly string[];
}

export interface CompiledQuery extends CompiledQueryLike {
  readonly name: string;
  readonly params: readonly ParamSpec[];
  readonly returns: T | null;
  /**
   * How many of the query's vertex SELECT blocks run as generated code and how many as
   * closures: which tier a query's SELECTs take, for tests and profiles.
   */
  readonly selectTiers: { readonly generated: number; readonly closures: number };
  /** How many of the generated SELECTs run as the visited-flag idiom (select/visit-flag.ts). */
  readonly visitFlags: number;
  run(args: Record<string, unknown>, ctx: RunContext): Promise<QueryOutput>;
}

export interface GAccInfo {
  readonly index: number;
  readonly spec: AccSpec;
}
export interface VAccInfo {
  readonly index: number;
  readonly spec: AccSpec;
  readonly name: string;
}
/** An edge-attached accumulator (`EDGE @name`): its index in the run's edgeAccums. */
export interface EAccInfo {
  readonly index: number;
  readonly spec: AccSpec;
}

export const primitiveT: Record<string, T> = {
  INT,
  INT64: INT,
  INT32: INT,
  UINT,
  UINT64: UINT,
  UINT32: UINT,
  FLOAT,
  DOUBLE,
  STRING,
  BOOL,
  BOOLEAN: BOOL,
  DATETIME,
  EDGE,
  VERTEX,
  JSONOBJECT: { k: 'json' },
  JSONARRAY: { k: 'json', array: true },
  FILE: { k: 'file' },
};

/** Named constants of the language. */
export const CONSTANTS = new Map<string, { v: unknown; t: T }>([
  ['GSQL_INT_MAX', { v: 2n ** 63n - 1n, t: INT }],
  ['GSQL_INT_MIN', { v: -(2n ** 63n), t: INT }],
  ['GSQL_UINT_MAX', { v: 2n ** 64n - 1n, t: UINT }],
  ['GSQL_FLOAT_MAX', { v: 3.4028234663852886e38, t: FLOAT }],
  ['GSQL_FLOAT_MIN', { v: 1.1754943508222875e-38, t: FLOAT }],
  ['GSQL_DOUBLE_MAX', { v: Number.MAX_VALUE, t: DOUBLE }],
  ['GSQL_DOUBLE_MIN', { v: 2.2250738585072014e-308, t: DOUBLE }],
]);

export { exprKey } from './print-key.js';

export const NOP: CS = syncStmt(() => NEXT);

export function seq(list: readonly CS[]): CS {
  if (list.length === 1 && list[0]) return list[0];
  const fs = list.map((x) => x.sync);
  const sync: SyncStmt = (r) => {
    for (const f of fs) {
      const c = f(r);
      if (c !== NEXT) return c;
    }
    return NEXT;
  };
  if (list.every((x) => !x.async)) return syncStmt(sync);
  return bothStmt(sync, async (r) => {
    for (const x of list) {
      const c = x.async ? await x.async(r) : x.sync(r);
      if (c !== NEXT) return c;
    }
    return NEXT;
  });
}
