// The graph algorithm library's user-defined functions (its C++ ExprFunctions files) as
// built-in functions of the embedded service. Names are case-sensitive, as C++ UDFs are; the
// compiler looks them up after the GSQL built-ins and before subqueries. Functions whose C++
// needs systems outside the service are known by name and rejected at compile time.
import type { Builtin } from '../functions.js';
import { HASHING_UDFS } from './hashing.js';
import { MATH_UDFS } from './math-random.js';
import { STRING_LIST_UDFS } from './strings-lists.js';
import { GEO_UDFS } from './geo.js';
import { VECTOR_UDFS } from './vectors.js';

export type { Builtin as Udf };

/** UDFs of the library that need external systems, with the reason shown at compile time. */
const UNAVAILABLE: ReadonlyMap<string, string> = new Map([
  ['tg_searchInMilvus', 'it searches an external Milvus vector database'],
  ['tg_node2vec_sub', 'it trains a word2vec model reading and writing files on the server'],
]);

const ALL: ReadonlyMap<string, Builtin> = new Map([
  ...MATH_UDFS,
  ...HASHING_UDFS,
  ...VECTOR_UDFS,
  ...STRING_LIST_UDFS,
  ...GEO_UDFS,
]);

/** The UDF called `name` (exact spelling), if the embedded service has it. */
export function udf(name: string): Builtin | undefined {
  return ALL.get(name);
}

/** Why a known library UDF cannot run here, or undefined. */
export function unavailableUdf(name: string): string | undefined {
  const why = UNAVAILABLE.get(name);
  return why === undefined
    ? undefined
    : `function ${name} is not available in the embedded service: ${why}`;
}

/** Every UDF name the embedded service provides (for listings and tests). */
export const UDF_NAMES: readonly string[] = [...ALL.keys()];
