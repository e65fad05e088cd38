// User-defined functions of the embedded service. The real service compiles C++ UDFs (the
// graph algorithm library's and a user's ExprFunctions); this engine cannot, so it has:
// TypeScript equivalents of the library's UDFs and of functions public workloads ship
// (expr-functions.ts), always available; and the functions of a JavaScript module given to
// `gwb serve --udf FILE` (module.ts), held by a UdfRegistry per engine. UDF names are
// case-sensitive, as C++ names are; they are looked up after the GSQL built-ins (the core's
// function table) and before queries. Library functions whose C++ needs systems outside the
// service are known by name and refused at compile time.
import type { Builtin } from '../functions-types.js';
import { EXPR_FUNCTION_UDFS } from './expr-functions.js';
import { GEO_UDFS } from './geo.js';
import { HASHING_UDFS } from './hashing.js';
import { MATH_UDFS } from './math-random.js';
import { STRING_LIST_UDFS } from './strings-lists.js';
import { VECTOR_UDFS } from './vectors.js';

export type { Builtin as Udf };
export { loadUdfModule, UdfModuleError } from './module.js';

/** UDFs of the library that need external systems, with the reason shown at compile time. */
const UNAVAILABLE: ReadonlyMap<string, string> = new Map([
  ['tg_searchInMilvus', 'it searches an external Milvus vector database'],
  ['tg_node2vec_sub', 'it trains a word2vec model reading and writing files on the server'],
]);

const KNOWN: ReadonlyMap<string, Builtin> = new Map([
  ...MATH_UDFS,
  ...HASHING_UDFS,
  ...VECTOR_UDFS,
  ...STRING_LIST_UDFS,
  ...GEO_UDFS,
  ...EXPR_FUNCTION_UDFS,
]);

/** The UDF called `name` (exact spelling) that every embedded service has. */
export function udf(name: string): Builtin | undefined {
  return KNOWN.get(name);
}

/** Why a known library UDF cannot run here, or undefined. */
export function unavailableUdf(name: string): string | undefined {
  const why = UNAVAILABLE.get(name);
  return why === undefined
    ? undefined
    : `function ${name} is not available in the embedded service: ${why}`;
}

/** Every UDF name every embedded service provides (for listings and tests). */
export const UDF_NAMES: readonly string[] = [...KNOWN.keys()];

/**
 * The UDFs of one service: the known ones, and those of the modules given to `gwb serve --udf`,
 * which take precedence (a user may replace a known equivalent, never a built-in).
 */
export class UdfRegistry {
  private readonly user = new Map<string, Builtin>();

  /** Adds a module's functions (later modules win on a shared name). */
  add(functions: ReadonlyMap<string, Builtin>): void {
    for (const [name, f] of functions) this.user.set(name, f);
  }

  lookup(name: string): Builtin | undefined {
    return this.user.get(name) ?? KNOWN.get(name);
  }

  /** Names from `--udf` modules. */
  get userNames(): readonly string[] {
    return [...this.user.keys()];
  }
}
