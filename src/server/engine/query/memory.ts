// The memory budget of one query run. A run's collections, accumulators, strings and printed
// results are sized (sampled, so the cost stays flat however large they are) each time the run
// yields to the event loop, and a run past its budget ends with QUERY-OUT-OF-MEMORY while the
// service and every other query go on. A second guard watches the whole heap: when it is nearly
// full the yielding run stops too, since an out-of-heap abort would end every client's requests.
// The engine's own limits hit inside one step (V8's longest string, longest array) become coded
// errors here too, instead of a generic 500.
import { getHeapStatistics } from 'node:v8';
import { QueryRuntimeError } from './errors.js';

const MiB = 1024 * 1024;

/** The heap limit (fixed for the life of the process), read once. */
let heapLimit: number | undefined;

/** The default budget of one run: 1 GiB, or a quarter of the heap limit when that is smaller. */
export function defaultQueryMemoryBytes(): number {
  heapLimit ??= getHeapStatistics().heap_size_limit;
  return Math.min(1024 * MiB, Math.floor(heapLimit / 4));
}

/** Share of the heap limit past which a yielding run stops whatever its own size. */
const heapGuardShare = 0.85;

/** Elements looked at per collection (evenly spread); the rest are assumed alike. */
const sampleSize = 6;
/** Nesting levels looked into; deeper values count a fixed amount. */
const maxDepth = 4;
/** Fields of one object looked into (records, tuples, accumulator instances). */
const maxFields = 32;

/**
 * An estimate of the bytes a value holds, in the engine's terms: strings by length, arrays and
 * typed arrays by their slots, maps and sets by entries, objects by their own fields. Values
 * listed in `skip` (the graph, the run itself) are not sized: they are not the query's growth.
 */
export function estimateBytes(v: unknown, skip: ReadonlySet<object>, depth = 0): number {
  switch (typeof v) {
    case 'string':
      return 16 + v.length;
    case 'number':
    case 'boolean':
    case 'undefined':
      return 8;
    case 'bigint':
      return 24;
    case 'function':
    case 'symbol':
      return 0;
    case 'object':
      break;
  }
  if (v === null) return 8;
  if (skip.has(v)) return 0;
  if (ArrayBuffer.isView(v)) return 64 + v.byteLength;
  if (depth >= maxDepth) return 64;
  if (Array.isArray(v)) {
    const n = v.length;
    return 16 + 8 * n + sampled(n, (i) => estimateBytes(v[i], skip, depth + 1));
  }
  if (v instanceof Map) {
    let sum = 0;
    let seen = 0;
    for (const [k, x] of v) {
      sum += estimateBytes(k, skip, depth + 1) + estimateBytes(x, skip, depth + 1);
      if (++seen >= sampleSize) break;
    }
    return 64 + 40 * v.size + (seen === 0 ? 0 : (sum / seen) * v.size);
  }
  if (v instanceof Set) {
    let sum = 0;
    let seen = 0;
    for (const x of v) {
      sum += estimateBytes(x, skip, depth + 1);
      if (++seen >= sampleSize) break;
    }
    return 64 + 24 * v.size + (seen === 0 ? 0 : (sum / seen) * v.size);
  }
  let sum = 32;
  let fields = 0;
  for (const key in v) {
    if (!Object.prototype.hasOwnProperty.call(v, key)) continue;
    sum += 8 + estimateBytes((v as Record<string, unknown>)[key], skip, depth + 1);
    if (++fields >= maxFields) break;
  }
  return sum;
}

/** n elements, `sampleSize` of them sized at even spacing, the total scaled to n. */
function sampled(n: number, size: (i: number) => number): number {
  if (n === 0) return 0;
  const k = Math.min(n, sampleSize);
  let sum = 0;
  for (let j = 0; j < k; j++) sum += size(Math.floor((j * (n - 1)) / Math.max(1, k - 1)));
  return (sum / k) * n;
}

const mb = (bytes: number) => `${Math.round(bytes / MiB)} MB`;

/** Fails the run when its estimated size passes its budget, or the heap is nearly full. */
export function checkQueryMemory(used: number, budget: number): void {
  if (used > budget) {
    throw new QueryRuntimeError(
      'QUERY-OUT-OF-MEMORY',
      `the query was aborted: it holds about ${mb(used)} of values, over its memory limit of ${mb(budget)} (gwb serve --query-memory)`,
    );
  }
  const heap = getHeapStatistics();
  if (heap.used_heap_size > heap.heap_size_limit * heapGuardShare) {
    throw new QueryRuntimeError(
      'QUERY-OUT-OF-MEMORY',
      `the query was aborted: the service's memory is nearly exhausted (${mb(heap.used_heap_size)} of ${mb(heap.heap_size_limit)} in use)`,
    );
  }
}

/**
 * The coded error for an engine limit hit inside one step (V8's RangeErrors for the longest
 * string or array, an allocation refused), or undefined for any other error.
 */
export function engineLimitError(e: unknown): QueryRuntimeError | undefined {
  if (!(e instanceof RangeError)) return undefined;
  if (/invalid string length/i.test(e.message))
    return new QueryRuntimeError(
      'QUERY-STRING-TOO-LONG',
      'the query built a string longer than the engine allows (about 512 million characters)',
    );
  if (/invalid (typed )?array length|array buffer allocation failed/i.test(e.message))
    return new QueryRuntimeError(
      'QUERY-OUT-OF-MEMORY',
      `the query built a collection larger than the engine allows (${e.message})`,
    );
  if (/call stack/i.test(e.message))
    return new QueryRuntimeError('QUERY-TOO-DEEP', 'the query nests deeper than the engine allows');
  return undefined;
}
