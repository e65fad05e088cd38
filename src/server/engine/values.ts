// Attribute values: coercion of input (JSON values, CSV text) to the stored form of a type, the
// defaults of each type, and the output form of stored values. Stored forms: INT/UINT as number
// (bigint beyond 2^53), FLOAT/DOUBLE number, STRING string, BOOL boolean, DATETIME epoch seconds,
// LIST array, SET array without duplicates, MAP a JS Map, tuple a plain object.
import type { AttrType, PrimitiveTypeName } from './catalog/types.js';
import { typeText } from './catalog/types.js';

/** A value that does not fit its attribute's type. */
export class ValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ValueError';
  }
}

const int64Min = -(2n ** 63n);
const int64Max = 2n ** 63n - 1n;
const uint64Max = 2n ** 64n - 1n;

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value) ?? String(value);
}

function bad(value: unknown, type: string): never {
  throw new ValueError(`${describe(value)} is not a valid ${type}`);
}

/** Narrows a bigint to a number when it is exactly representable. */
function compactInt(n: bigint): number | bigint {
  return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(n)
    : n;
}

/** Decimal text of at most 15 digits (optionally negative; always a safe integer) as a number. */
function shortDecimal(s: string): number | undefined {
  const len = s.length;
  const start = s.charCodeAt(0) === 45 ? 1 : 0;
  if (len === start || len - start > 15) return undefined;
  for (let i = start; i < len; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return undefined;
  }
  const n = Number(s);
  return n === 0 ? 0 : n;
}

function toInteger(value: unknown, unsigned: boolean): number | bigint {
  const typeName = unsigned ? 'UINT' : 'INT';
  // Fast paths (a query may read an id or attribute through here per vertex): a safe integer,
  // or short decimal text; the same answers as the exact path below.
  const short =
    typeof value === 'number' && Number.isSafeInteger(value)
      ? value === 0
        ? 0
        : value
      : typeof value === 'string'
        ? shortDecimal(value)
        : undefined;
  if (short !== undefined) return unsigned && short < 0 ? bad(value, typeName) : short;
  let n: bigint;
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) bad(value, typeName);
    n = BigInt(value);
  } else if (typeof value === 'bigint') {
    n = value;
  } else if (typeof value === 'string' && /^\s*[-+]?\d+\s*$/.test(value)) {
    n = BigInt(value.trim());
  } else {
    return bad(value, typeName);
  }
  if (unsigned ? n < 0n || n > uint64Max : n < int64Min || n > int64Max) bad(value, typeName);
  return compactInt(n);
}

function toFloat(value: unknown, typeName: string): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    if (!Number.isNaN(n)) return n;
  }
  return bad(value, typeName);
}

function toBool(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const t = value.trim().toLowerCase();
    if (t === 'true' || t === '1') return true;
    if (t === 'false' || t === '0') return false;
  }
  return bad(value, 'BOOL');
}

// The UTC designator may be `Z` or a zero offset (`+00:00`, as LDBC's BI parameter files write
// datetimes: `2012-11-28T13:19:40.000+00:00`); another offset is refused rather than guessed.
const datetimePattern =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.\d+)?)?)?(?:z|Z|[+-]00:?00)?$/;

/** DATETIME from text (`YYYY-MM-DD[ HH:MM:SS]`, `/` separators, ISO `T`, UTC) or epoch seconds. */
export function parseDatetime(value: unknown): number {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value !== 'string') return bad(value, 'DATETIME');
  const text = value.trim();
  if (/^-?\d+$/.test(text)) return Number(text);
  const m = datetimePattern.exec(text);
  if (!m) return bad(value, 'DATETIME');
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0));
  const ms = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0);
  const check = new Date(ms);
  if (Number.isNaN(ms) || check.getUTCMonth() !== (mo ?? 1) - 1 || check.getUTCDate() !== d) {
    return bad(value, 'DATETIME');
  }
  return Math.floor(ms / 1000);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The service's DATETIME text: `YYYY-MM-DD HH:MM:SS` in UTC. */
export function formatDatetime(epochSeconds: number): string {
  const d = new Date(epochSeconds * 1000);
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

function coercePrimitive(name: PrimitiveTypeName, value: unknown): unknown {
  switch (name) {
    case 'INT':
      return toInteger(value, false);
    case 'UINT':
      return toInteger(value, true);
    // FLOAT is single precision (the attribute-types page): stored as its 32-bit value.
    case 'FLOAT':
      return Math.fround(toFloat(value, name));
    case 'DOUBLE':
      return toFloat(value, name);
    case 'STRING':
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
        return String(value);
      }
      return bad(value, 'STRING');
    case 'BOOL':
      return toBool(value);
    case 'DATETIME':
      return parseDatetime(value);
  }
}

/** Tuples are resolved by name through this lookup (field names and types in order). */
export type TupleLookup = (
  name: string,
) => readonly { readonly name: string; readonly type: AttrType }[] | undefined;

/** Converts an input value to the stored form of `type`; throws ValueError when it does not fit. */
export function coerce(
  type: AttrType,
  value: unknown,
  tuples: TupleLookup = () => undefined,
): unknown {
  switch (type.kind) {
    case 'primitive':
      return coercePrimitive(type.name, value);
    case 'list':
    case 'set': {
      if (!Array.isArray(value)) return bad(value, typeText(type));
      const items = value.map((item) => coerce(type.element, item, tuples));
      return type.kind === 'set' ? uniqueValues(items) : items;
    }
    case 'map': {
      const entries = mapEntries(value, type);
      return new Map(
        entries.map(([k, v]) => [coerce(type.key, k, tuples), coerce(type.value, v, tuples)]),
      );
    }
    case 'tuple': {
      const fields = tuples(type.name);
      if (!fields) throw new ValueError(`unknown tuple type ${type.name}`);
      if (typeof value !== 'object' || value === null) return bad(value, type.name);
      const source = keylistObject(value);
      const out: Record<string, unknown> = {};
      for (const field of fields) out[field.name] = coerce(field.type, source[field.name], tuples);
      return out;
    }
  }
}

/** The values without repeats, first occurrence kept (sets of primitives or of tuples). */
export function uniqueValues(values: readonly unknown[]): unknown[] {
  const seen = new Set<unknown>();
  return values.filter((value) => {
    const key =
      typeof value === 'object' && value !== null
        ? JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))
        : value;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** MAP input: `{keylist, valuelist}` (the query-parameter form) or a plain object. */
function mapEntries(value: unknown, type: AttrType): [unknown, unknown][] {
  if (value instanceof Map) return [...value.entries()] as [unknown, unknown][];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return bad(value, typeText(type));
  }
  const obj = value as Record<string, unknown>;
  if (Array.isArray(obj.keylist) && Array.isArray(obj.valuelist)) {
    return obj.keylist.map((k, i) => [k, (obj.valuelist as unknown[])[i]]);
  }
  return Object.entries(obj);
}

function keylistObject(value: object): Record<string, unknown> {
  const obj = value as Record<string, unknown>;
  if (Array.isArray(obj.keylist) && Array.isArray(obj.valuelist)) {
    return Object.fromEntries(
      obj.keylist.map((k, i) => [String(k), (obj.valuelist as unknown[])[i]]),
    );
  }
  return obj;
}

/** The value a new vertex or edge gets for an attribute not given. */
export function defaultOf(type: AttrType): unknown {
  switch (type.kind) {
    case 'primitive':
      switch (type.name) {
        case 'INT':
        case 'UINT':
        case 'FLOAT':
        case 'DOUBLE':
        case 'DATETIME':
          return 0;
        case 'STRING':
          return '';
        case 'BOOL':
          return false;
      }
      break;
    case 'list':
    case 'set':
      return [];
    case 'map':
      return new Map();
    case 'tuple':
      return {};
  }
}

/** The JSON form of a stored value, as the REST endpoints print attributes. */
export function outputValue(type: AttrType, value: unknown): unknown {
  switch (type.kind) {
    case 'primitive':
      return type.name === 'DATETIME' ? formatDatetime(value as number) : value;
    case 'list':
    case 'set':
      return (value as unknown[]).map((v) => outputValue(type.element, v));
    case 'map': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of value as Map<unknown, unknown>) {
        out[String(outputValue(type.key, k))] = outputValue(type.value, v);
      }
      return out;
    }
    case 'tuple':
      return value;
  }
}
