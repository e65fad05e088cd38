// The REST endpoints' `filter`, `select` and `sort` parameters: comma-separated conditions with
// six comparison operators (`=`, `!=`, `>`, `>=`, `<`, `<=`; string values in double quotes),
// attribute lists, and sort keys (`-` in front for descending). Parsed, never evaluated as code.
import type { AttributeDef } from '../catalog/types.js';
import { EngineError } from '../errors.js';
import { coerce, ValueError } from '../values.js';

type Getter = (attribute: number) => unknown;
export type RowPredicate = (get: Getter) => boolean;

const conditionPattern = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(!=|>=|<=|=|>|<)\s*(.*?)\s*$/;

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'string' || typeof b === 'string') {
    const x = String(a);
    const y = String(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === 'boolean' || typeof b === 'boolean') return Number(a) - Number(b);
  const x = a as number | bigint;
  const y = b as number | bigint;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Splits on commas outside double quotes. */
function splitList(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    if (ch === ',' && !quoted) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}

function attributeIndex(owner: string, attributes: readonly AttributeDef[], name: string): number {
  const i = attributes.findIndex((a) => a.name === name);
  if (i < 0)
    throw new EngineError('ENGINE-UNKNOWN-ATTRIBUTE', `${owner}: unknown attribute "${name}"`);
  return i;
}

/** Compiles `filter` conditions (all must hold) over the given attributes. */
export function compileFilter(
  owner: string,
  attributes: readonly AttributeDef[],
  filter: readonly string[],
): RowPredicate {
  const tests = filter.flatMap(splitList).map((condition) => {
    const m = conditionPattern.exec(condition);
    if (!m) {
      throw new EngineError(
        'ENGINE-BAD-REQUEST',
        `${owner}: filter condition "${condition}" is not <attribute><op><value> with op one of = != > >= < <=`,
      );
    }
    const [, name = '', op = '=', rawText = ''] = m;
    const index = attributeIndex(owner, attributes, name);
    const attr = attributes[index] as AttributeDef;
    const literal =
      rawText.startsWith('"') && rawText.endsWith('"') && rawText.length >= 2
        ? rawText.slice(1, -1)
        : rawText;
    let value: unknown;
    try {
      value = coerce(attr.type, literal);
    } catch (error) {
      if (error instanceof ValueError) {
        throw new EngineError(
          'ENGINE-BAD-VALUE',
          `${owner}: filter "${condition}": ${error.message}`,
        );
      }
      throw error;
    }
    const holds: (c: number) => boolean =
      op === '='
        ? (c) => c === 0
        : op === '!='
          ? (c) => c !== 0
          : op === '>'
            ? (c) => c > 0
            : op === '>='
              ? (c) => c >= 0
              : op === '<'
                ? (c) => c < 0
                : (c) => c <= 0;
    return (get: Getter) => holds(compare(get(index), value));
  });
  return (get) => tests.every((test) => test(get));
}

/** `select`: the attribute names to keep, checked against the type. */
export function selectSet(
  owner: string,
  attributes: readonly AttributeDef[],
  select: readonly string[] | undefined,
  extra: readonly string[] = [],
) {
  if (!select || select.length === 0) return undefined;
  const names = select.flatMap(splitList);
  for (const name of names) if (!extra.includes(name)) attributeIndex(owner, attributes, name);
  return new Set(names);
}

/** `sort`: a comparator over rows by attribute keys (`-name` descending). */
export function compileSort(
  owner: string,
  attributes: readonly AttributeDef[],
  sort: readonly string[] | undefined,
) {
  if (!sort || sort.length === 0) return undefined;
  const keys = sort.flatMap(splitList).map((key) => {
    const descending = key.startsWith('-');
    return {
      index: attributeIndex(owner, attributes, descending ? key.slice(1) : key),
      sign: descending ? -1 : 1,
    };
  });
  return (a: Getter, b: Getter): number => {
    for (const { index, sign } of keys) {
      const c = compare(a(index), b(index));
      if (c !== 0) return c * sign;
    }
    return 0;
  };
}
