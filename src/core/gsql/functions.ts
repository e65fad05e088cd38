// The one table of GSQL's built-in functions: name, arity range, parameter and result types as
// the reference's func/*.adoc pages document them. Completion offers these names, the checker
// reports unknown names and wrong argument counts from it, and the embedded engine implements
// exactly these names (src/server/engine/query/functions.ts, a test holds the two together).
//
// Built-in names are case-insensitive (the reference's functions page); they are stored lower
// case. User-defined functions (the graph algorithm library's ExprFunctions, a workload's own,
// `gwb serve --udf`) are not here: they are case-sensitive and live in the engine's UDF registry.

/**
 * A result type: a GSQL type name, or a rule over the argument types the engine resolves:
 * `arg` the first argument's type, `element` the element type of the first argument's
 * collection (or the first argument's type when given two scalars), `numeric` INT when the
 * collection holds integers and DOUBLE otherwise, `rounded` INT with one argument and DOUBLE
 * with two.
 */
export type ResultType =
  | 'INT'
  | 'UINT'
  | 'FLOAT'
  | 'DOUBLE'
  | 'STRING'
  | 'BOOL'
  | 'DATETIME'
  | 'VERTEX'
  | 'SET<VERTEX>'
  | 'SET<STRING>'
  | 'JSONOBJECT'
  | 'JSONARRAY'
  | 'arg'
  | 'element'
  | 'numeric'
  | 'rounded';

export type FunctionCategory =
  'math' | 'string' | 'conversion' | 'datetime' | 'aggregation' | 'vertex' | 'context' | 'misc';

export interface BuiltinFunction {
  /** Lower case; calls match case-insensitively. */
  readonly name: string;
  readonly category: FunctionCategory;
  /** Parameters as the reference names them; the ones after `min` are optional. */
  readonly params: readonly string[];
  readonly min: number;
  /** Largest argument count; `Infinity` for a variadic function. */
  readonly max: number;
  readonly returns: ResultType;
}

type Row = readonly [
  name: string,
  category: FunctionCategory,
  params: string,
  min: number,
  max: number,
  returns: ResultType,
];

// params: `type name` pairs separated by commas, as completion shows them.
const rows: readonly Row[] = [
  // mathematical-functions.adoc
  ['abs', 'math', 'NUMBER num', 1, 1, 'arg'],
  ['ceil', 'math', 'NUMBER num', 1, 1, 'INT'],
  ['floor', 'math', 'NUMBER num', 1, 1, 'INT'],
  ['exp', 'math', 'NUMBER num', 1, 1, 'FLOAT'],
  ['float_to_int', 'math', 'FLOAT num', 1, 1, 'INT'],
  ['fmod', 'math', 'NUMBER numer, NUMBER denom', 2, 2, 'FLOAT'],
  ['ldexp', 'math', 'NUMBER x, NUMBER exp', 2, 2, 'FLOAT'],
  ['pi', 'math', '', 0, 0, 'DOUBLE'],
  ['pow', 'math', 'NUMBER base, NUMBER exp', 2, 2, 'FLOAT'],
  ['rand', 'math', 'UINT seed', 0, 1, 'DOUBLE'],
  ['round', 'math', 'NUMBER num, INT integer', 1, 2, 'rounded'],
  ['sign', 'math', 'NUMBER num', 1, 1, 'INT'],
  ['square', 'math', 'NUMBER num', 1, 1, 'arg'],
  ['sqrt', 'math', 'NUMBER num', 1, 1, 'FLOAT'],
  ['trunc', 'math', 'NUMBER num, INT decimal_places', 1, 2, 'DOUBLE'],
  // log(base, num) is the engine's two-argument form (a change of base).
  ['log', 'math', 'NUMBER num, NUMBER x', 1, 2, 'DOUBLE'],
  ['log2', 'math', 'NUMBER num', 1, 1, 'DOUBLE'],
  ['log10', 'math', 'NUMBER num', 1, 1, 'FLOAT'],
  ['acos', 'math', 'NUMBER num', 1, 1, 'FLOAT'],
  ['asin', 'math', 'NUMBER num', 1, 1, 'FLOAT'],
  ['atan', 'math', 'NUMBER num', 1, 1, 'FLOAT'],
  ['atan2', 'math', 'NUMBER y, NUMBER x', 2, 2, 'FLOAT'],
  ['cos', 'math', 'NUMBER num', 1, 1, 'FLOAT'],
  ['cosh', 'math', 'NUMBER num', 1, 1, 'FLOAT'],
  ['cot', 'math', 'NUMBER num', 1, 1, 'DOUBLE'],
  ['degrees', 'math', 'NUMBER num', 1, 1, 'DOUBLE'],
  ['radians', 'math', 'NUMBER num', 1, 1, 'DOUBLE'],
  ['sin', 'math', 'NUMBER num', 1, 1, 'FLOAT'],
  ['sinh', 'math', 'NUMBER num', 1, 1, 'FLOAT'],
  ['tan', 'math', 'NUMBER num', 1, 1, 'FLOAT'],
  ['tanh', 'math', 'NUMBER num', 1, 1, 'FLOAT'],
  ['is_nan', 'math', 'NUMBER num', 1, 1, 'BOOL'],
  ['isnan', 'math', 'NUMBER num', 1, 1, 'BOOL'],
  ['isinf', 'math', 'NUMBER num', 1, 1, 'BOOL'],
  // string-functions.adoc
  ['ascii', 'string', 'STRING str', 1, 1, 'INT'],
  ['chr', 'string', 'INT n', 1, 1, 'STRING'],
  ['difference', 'string', 'STRING str1, STRING str2', 2, 2, 'INT'],
  ['find_in_set', 'string', 'STRING str, STRING str_list', 2, 2, 'INT'],
  ['gsql_uuid_v4', 'string', '', 0, 0, 'STRING'],
  ['insert', 'string', 'STRING str1, INT position, INT number, STRING str2', 3, 4, 'STRING'],
  ['instr', 'string', 'STRING str, STRING substr, INT position, INT occurrence', 2, 4, 'INT'],
  ['left', 'string', 'STRING str, INT number_of_chars', 2, 2, 'STRING'],
  ['length', 'string', 'STRING str', 1, 1, 'INT'],
  ['lower', 'string', 'STRING str', 1, 1, 'STRING'],
  ['lpad', 'string', 'STRING str, INT padded_length, STRING pad_str', 2, 3, 'STRING'],
  ['ltrim', 'string', 'STRING str, STRING set', 1, 2, 'STRING'],
  ['repeat', 'string', 'STRING str, INT repetitions', 2, 2, 'STRING'],
  [
    'replace',
    'string',
    'STRING str, STRING str_to_replace, STRING replacement_str',
    2,
    3,
    'STRING',
  ],
  ['reverse', 'string', 'STRING str', 1, 1, 'STRING'],
  ['right', 'string', 'STRING str, INT number_of_chars', 2, 2, 'STRING'],
  ['rpad', 'string', 'STRING str, INT padded_length, STRING pad_str', 2, 3, 'STRING'],
  ['rtrim', 'string', 'STRING str, STRING set', 1, 2, 'STRING'],
  ['soundex', 'string', 'STRING str', 1, 1, 'STRING'],
  ['space', 'string', 'INT n', 1, 1, 'STRING'],
  ['substr', 'string', 'STRING str, INT start, INT length', 2, 3, 'STRING'],
  [
    'translate',
    'string',
    'STRING str_origin, STRING characters, STRING translations',
    3,
    3,
    'STRING',
  ],
  ['trim', 'string', 'STRING str', 1, 1, 'STRING'],
  ['upper', 'string', 'STRING str', 1, 1, 'STRING'],
  ['find', 'string', 'STRING str, STRING substr', 2, 2, 'INT'],
  ['concat', 'string', 'STRING str1, STRING str2', 2, 2, 'STRING'],
  // type-conversion-functions.adoc (and the conversions loading jobs share)
  ['parse_json_array', 'conversion', 'STRING str', 1, 1, 'JSONARRAY'],
  ['parse_json_object', 'conversion', 'STRING str', 1, 1, 'JSONOBJECT'],
  ['str_to_int', 'conversion', 'STRING str', 1, 1, 'INT'],
  ['str_to_float', 'conversion', 'STRING str', 1, 1, 'DOUBLE'],
  ['to_int', 'conversion', 'STRING str', 1, 1, 'INT'],
  ['to_float', 'conversion', 'STRING str', 1, 1, 'DOUBLE'],
  ['to_string', 'conversion', 'NUMBER num', 1, 1, 'STRING'],
  ['to_datetime', 'conversion', 'STRING str', 1, 1, 'DATETIME'],
  // datetime-functions.adoc; datetime_add/sub take `INTERVAL n unit` (or the older n, "unit")
  ['datetime_add', 'datetime', 'DATETIME date, INTERVAL interval, STRING unit', 2, 3, 'DATETIME'],
  ['datetime_sub', 'datetime', 'DATETIME date, INTERVAL interval, STRING unit', 2, 3, 'DATETIME'],
  ['datetime_diff', 'datetime', 'DATETIME date1, DATETIME date2', 2, 2, 'INT'],
  ['datetime_format', 'datetime', 'DATETIME date, STRING str', 1, 2, 'STRING'],
  ['datetime_to_epoch', 'datetime', 'DATETIME date', 1, 1, 'INT'],
  ['epoch_to_datetime', 'datetime', 'INT int_value', 1, 1, 'DATETIME'],
  ['now', 'datetime', '', 0, 0, 'DATETIME'],
  ['year', 'datetime', 'DATETIME date', 1, 1, 'INT'],
  ['month', 'datetime', 'DATETIME date', 1, 1, 'INT'],
  ['day', 'datetime', 'DATETIME date', 1, 1, 'INT'],
  ['hour', 'datetime', 'DATETIME date', 1, 1, 'INT'],
  ['minute', 'datetime', 'DATETIME date', 1, 1, 'INT'],
  ['second', 'datetime', 'DATETIME date', 1, 1, 'INT'],
  // aggregation-functions.adoc: max/min also take two scalars
  ['avg', 'aggregation', 'SET setExp', 1, 1, 'numeric'],
  ['count', 'aggregation', 'SET setExp', 1, 1, 'INT'],
  ['sum', 'aggregation', 'SET setExp', 1, 1, 'numeric'],
  ['max', 'aggregation', 'SET setExp, NUMBER other', 1, 2, 'element'],
  ['min', 'aggregation', 'SET setExp, NUMBER other', 1, 2, 'element'],
  ['percentilecont', 'aggregation', 'SET setExp, DOUBLE percent', 2, 2, 'DOUBLE'],
  ['isempty', 'aggregation', 'SET setExp', 1, 1, 'BOOL'],
  // vertex-methods.adoc (vertex functions)
  ['getvid', 'vertex', 'VERTEX v', 1, 1, 'UINT'],
  ['to_vertex', 'vertex', 'STRING id, STRING vertex_type', 2, 2, 'VERTEX'],
  ['to_vertex_set', 'vertex', 'SET ids, STRING vertex_type', 2, 2, 'SET<VERTEX>'],
  ['type', 'vertex', 'VERTEX v', 1, 1, 'STRING'],
  [
    'selectvertex',
    'vertex',
    'STRING filePath, COLUMN vertexIdColumn, COLUMN vertexTypeColumn, STRING separator, BOOL header',
    5,
    5,
    'SET<VERTEX>',
  ],
  // context-functions.adoc: the running user's roles (REST++ authentication must be on)
  ['current_roles', 'context', '', 0, 0, 'SET<STRING>'],
  ['is_granted_to_current_roles', 'context', 'STRING roleName', 1, 1, 'BOOL'],
  // miscellaneous-functions.adoc
  ['coalesce', 'misc', 'ANY exp', 1, Infinity, 'arg'],
  ['evaluate', 'misc', 'STRING expressionStr, STRING typeStr', 1, 2, 'BOOL'],
];

/** Every built-in function by its lower-case name. */
export const BUILTIN_FUNCTIONS: ReadonlyMap<string, BuiltinFunction> = new Map(
  rows.map(([name, category, params, min, max, returns]) => [
    name,
    {
      name,
      category,
      params: params === '' ? [] : params.split(', '),
      min,
      max,
      returns,
    },
  ]),
);

/** The built-in called `name` (any case), if there is one. */
export function builtinFunction(name: string): BuiltinFunction | undefined {
  return BUILTIN_FUNCTIONS.get(name.toLowerCase());
}

/** `name(TYPE a, TYPE b [, TYPE c]) -> RESULT`, as completion details show a built-in. */
export function functionSignature(f: BuiltinFunction): string {
  const shown = f.params.map((p, i) => (i >= f.min ? `[${p}]` : p));
  const args = f.max === Infinity ? `${shown.join(', ')}, ...` : shown.join(', ');
  return `${f.name}(${args}) -> ${f.returns}`;
}

/** The arity as a message says it: `1`, `1 to 3`, `at least 1`. */
export function arityText(f: BuiltinFunction): string {
  if (f.max === Infinity) return `at least ${f.min}`;
  return f.min === f.max ? String(f.min) : `${f.min} to ${f.max}`;
}
