// The methods of JSONOBJECT and JSONARRAY values (the reference's json-object-methods and
// jsonarray-methods pages): a JSONOBJECT answers by key, a JSONARRAY by index. A value of
// another type than the method asks for, or a missing key or index, is a run-time error, as
// the pages say. Values are the parsed JSON itself (objects, arrays, numbers, bigint beyond 2^53).
import { QueryRuntimeError } from './errors.js';
import { BOOL, DOUBLE, INT, JSONARRAYT, JSONT, STRING, type T } from './types.js';

/** What a getter accepts: its name in messages, its result type, and the value test. */
interface Getter {
  readonly what: string;
  readonly t: T;
  readonly ok: (v: unknown) => boolean;
}

const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The getters both kinds share, by lower-case method name. */
export const JSON_GETTERS: ReadonlyMap<string, Getter> = new Map<string, Getter>([
  ['getbool', { what: 'a boolean', t: BOOL, ok: (v) => typeof v === 'boolean' }],
  [
    'getint',
    {
      what: 'an integer',
      t: INT,
      ok: (v) => typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v)),
    },
  ],
  [
    'getdouble',
    { what: 'a number', t: DOUBLE, ok: (v) => typeof v === 'number' || typeof v === 'bigint' },
  ],
  ['getstring', { what: 'a string', t: STRING, ok: (v) => typeof v === 'string' }],
  ['getjsonarray', { what: 'a JSON array', t: JSONARRAYT, ok: Array.isArray }],
  ['getjsonobject', { what: 'a JSON object', t: JSONT, ok: isObject }],
]);

function show(v: unknown): string {
  return typeof v === 'bigint' ? v.toString() : (JSON.stringify(v) ?? String(v));
}

/** `json.getX(keyOrIndex)`: the value there, when it is what the getter asks for. */
export function jsonGet(method: string, g: Getter, json: unknown, at: unknown): unknown {
  let v: unknown;
  if (Array.isArray(json)) {
    const i = typeof at === 'bigint' ? Number(at) : Number(at);
    if (!Number.isInteger(i) || i < 0 || i >= json.length)
      throw new QueryRuntimeError(
        'QUERY-BAD-VALUE',
        `${method}(${show(at)}): index out of range of a JSON array of ${json.length}`,
      );
    v = json[i];
  } else if (isObject(json)) {
    const key = String(at);
    if (!Object.prototype.hasOwnProperty.call(json, key))
      throw new QueryRuntimeError('QUERY-BAD-VALUE', `${method}("${key}"): no such key`);
    v = (json as Record<string, unknown>)[key];
  } else throw new QueryRuntimeError('QUERY-BAD-VALUE', `${method}: not a JSON value`);
  if (!g.ok(v))
    throw new QueryRuntimeError(
      'QUERY-BAD-VALUE',
      `${method}(${show(at)}): the value ${show(v)} is not ${g.what}`,
    );
  return typeof v === 'bigint' && g.t.k === 'double' ? Number(v) : v;
}

/** `jsonobject.containsKey(key)`. */
export function jsonContainsKey(json: unknown, key: unknown): boolean {
  return isObject(json) && Object.prototype.hasOwnProperty.call(json, String(key));
}

/** `jsonarray.size()` (an object's number of keys). */
export function jsonSize(json: unknown): number {
  if (Array.isArray(json)) return json.length;
  return isObject(json) ? Object.keys(json as object).length : 0;
}
