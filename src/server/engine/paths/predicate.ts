// Compiles a parsed condition against one type's attributes into a predicate over an attribute
// getter. All checking happens here, once per request: unknown attributes, attributes that are
// not comparable, literals that do not fit the attribute's type. The predicate itself only
// compares stored values (values.ts forms: INT number|bigint, DATETIME epoch seconds, ...).
import type { AttrType, PrimitiveTypeName } from '../catalog/types.js';
import { typeText } from '../catalog/types.js';
import { parseDatetime, ValueError } from '../values.js';
import { parseCondition, type CompareOp, type ConditionNode, type Literal } from './condition.js';
import { ConditionError } from './errors.js';

/** An attribute a condition may name, at its position in the getter's numbering. */
export interface ConditionField {
  readonly name: string;
  readonly type: AttrType;
}

/** The stored value of the attribute at `index` (the position in the fields list). */
export type AttributeGetter = (index: number) => unknown;
export type ConditionPredicate = (get: AttributeGetter) => boolean;

type Comparable = number | bigint | string | boolean;

/** Sign of a - b, or undefined when the two cannot be ordered (NaN, missing values). */
export function order(a: unknown, b: Comparable): number | undefined {
  if (typeof b === 'string') {
    if (typeof a !== 'string') return undefined;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (typeof b === 'boolean') {
    return typeof a === 'boolean' ? Number(a) - Number(b) : undefined;
  }
  if (typeof a !== 'number' && typeof a !== 'bigint') return undefined;
  if (Number.isNaN(a) || Number.isNaN(b)) return undefined;
  return a < b ? -1 : a > b ? 1 : 0;
}

const holds: Record<CompareOp, (sign: number) => boolean> = {
  '==': (c) => c === 0,
  '!=': (c) => c !== 0,
  '<': (c) => c < 0,
  '<=': (c) => c <= 0,
  '>': (c) => c > 0,
  '>=': (c) => c >= 0,
};

/** Integer text beyond 2^53 stays exact as a bigint, as INT values are stored. */
function numberOf(text: string): number | bigint | undefined {
  const trimmed = text.trim();
  if (/^[-+]?\d+$/.test(trimmed)) {
    const big = BigInt(trimmed);
    return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(big)
      : big;
  }
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isNaN(n) ? undefined : n;
}

/** The literal in the stored form of `type`, or undefined when it does not fit. */
function literalFor(type: PrimitiveTypeName, literal: Literal): Comparable | undefined {
  const text =
    literal.kind === 'number' ? literal.text : literal.kind === 'string' ? literal.value : '';
  switch (type) {
    case 'INT':
    case 'UINT':
    case 'FLOAT':
    case 'DOUBLE':
      // The real service's examples quote numbers: `price < "100"`.
      return literal.kind === 'bool' ? undefined : numberOf(text);
    case 'STRING':
      return literal.kind === 'bool' ? String(literal.value) : text;
    case 'BOOL':
      if (literal.kind === 'bool') return literal.value;
      if (/^(true|1)$/i.test(text.trim())) return true;
      if (/^(false|0)$/i.test(text.trim())) return false;
      return undefined;
    case 'DATETIME':
      if (literal.kind === 'bool') return undefined;
      try {
        return parseDatetime(literal.kind === 'number' ? Number(text) : text);
      } catch (error) {
        if (error instanceof ValueError) return undefined;
        throw error;
      }
  }
}

const expectedLiteral: Record<PrimitiveTypeName, string> = {
  INT: 'an integer',
  UINT: 'an integer',
  FLOAT: 'a number',
  DOUBLE: 'a number',
  STRING: 'a string',
  BOOL: 'true or false',
  DATETIME: 'a datetime "YYYY-MM-DD HH:MM:SS" or epoch seconds',
};

function literalText(literal: Literal): string {
  return literal.kind === 'number'
    ? literal.text
    : literal.kind === 'string'
      ? `"${literal.value}"`
      : String(literal.value);
}

class Compiler {
  constructor(
    private readonly text: string,
    private readonly fields: readonly ConditionField[],
    private readonly owner: string,
  ) {}

  /** The field index and primitive type of an attribute named at `column`. */
  private field(name: string, column: number): [number, PrimitiveTypeName] {
    const index = this.fields.findIndex((f) => f.name === name);
    const field = this.fields[index];
    if (!field) {
      const names = this.fields.map((f) => f.name).join(', ');
      const expected = names
        ? `an attribute of ${this.owner} (${names})`
        : `no attribute: ${this.owner} has none`;
      throw new ConditionError(this.text, column, expected, name);
    }
    if (field.type.kind !== 'primitive') {
      throw new ConditionError(
        this.text,
        column,
        `an attribute of a primitive type (${name} is ${typeText(field.type)})`,
        name,
      );
    }
    return [index, field.type.name];
  }

  compile(node: ConditionNode): ConditionPredicate {
    switch (node.kind) {
      case 'and': {
        const left = this.compile(node.left);
        const right = this.compile(node.right);
        return (get) => left(get) && right(get);
      }
      case 'or': {
        const left = this.compile(node.left);
        const right = this.compile(node.right);
        return (get) => left(get) || right(get);
      }
      case 'not': {
        const operand = this.compile(node.operand);
        return (get) => !operand(get);
      }
      case 'truth': {
        const [index, type] = this.field(node.attribute, node.attributeColumn);
        if (type !== 'BOOL') {
          throw new ConditionError(
            this.text,
            node.attributeColumn,
            `a comparison after ${node.attribute} (only a BOOL attribute stands alone)`,
            node.attribute,
          );
        }
        return (get) => get(index) === true;
      }
      case 'compare': {
        const [index, type] = this.field(node.attribute, node.attributeColumn);
        const value = literalFor(type, node.value);
        if (value === undefined) {
          throw new ConditionError(
            this.text,
            node.valueColumn,
            `${expectedLiteral[type]} for ${type} attribute ${node.attribute}`,
            literalText(node.value),
          );
        }
        const test = holds[node.op];
        // Values that cannot be ordered (NaN) are only ever "not equal".
        const unordered = node.op === '!=';
        return (get) => {
          const sign = order(get(index), value);
          return sign === undefined ? unordered : test(sign);
        };
      }
    }
  }
}

/**
 * Parses and compiles a condition over `fields` (a type's attributes, in getter order); `owner`
 * names the type in error messages. Throws ConditionError on any problem.
 */
export function compileCondition(
  text: string,
  fields: readonly ConditionField[],
  owner: string,
): ConditionPredicate {
  return new Compiler(text, fields, owner).compile(parseCondition(text));
}
