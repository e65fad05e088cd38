// User-defined functions from a JavaScript module (`gwb serve --udf FILE`): the embedded
// service's stand-in for the C++ ExprFunctions it cannot compile. Every exported function (and
// every function of an exported default object) becomes a UDF under its export name,
// case-sensitive as C++ UDFs are. A function takes exactly as many arguments as it declares;
// an optional `returns` property ('INT', 'FLOAT', 'DOUBLE', 'STRING', 'BOOL', 'DATETIME') types
// its result, which is otherwise typed by its use. Functions run synchronously inside the query.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtinFunction } from '../../../../core/gsql/index.js';
import { AccBase, elementsOf } from '../accum.js';
import { QueryRuntimeError } from '../errors.js';
import type { Builtin } from '../functions-types.js';
import { converter, VSet } from '../runtime-values.js';
import { ANY, BOOL, DATETIME, DOUBLE, FLOAT, INT, STRING, UINT, type T } from '../types.js';

/** A module that cannot serve as a UDF module: unreadable, or exporting a clashing name. */
export class UdfModuleError extends Error {
  readonly code = 'GWB-UDF';
  constructor(message: string) {
    super(message);
    this.name = 'UdfModuleError';
  }
}

const resultTypes: Readonly<Record<string, T>> = {
  INT,
  UINT,
  FLOAT,
  DOUBLE,
  STRING,
  BOOL,
  DATETIME,
};

type JsFunction = ((...args: unknown[]) => unknown) & { returns?: unknown };

/** An argument as a JavaScript function sees it: collections and accumulators as arrays. */
function jsValue(v: unknown): unknown {
  if (v instanceof AccBase) return elementsOf(v);
  if (v instanceof VSet) return [...v.ids];
  if (v instanceof Map) return Object.fromEntries(v);
  return v;
}

function asUdf(name: string, fn: JsFunction, file: string): Builtin {
  let type: T = ANY;
  if (fn.returns !== undefined) {
    const returns = typeof fn.returns === 'string' ? fn.returns : JSON.stringify(fn.returns);
    const declared = resultTypes[returns.toUpperCase()];
    if (!declared)
      throw new UdfModuleError(
        `${file}: ${name}.returns is ${returns}; use one of ${Object.keys(resultTypes).join(', ')}`,
      );
    type = declared;
  }
  const convert = converter(type);
  return {
    min: fn.length,
    max: fn.length,
    type: () => type,
    fn: (args) => {
      let out: unknown;
      try {
        out = fn(...args.map(jsValue));
      } catch (e) {
        throw new QueryRuntimeError(
          'QUERY-UDF-FAILED',
          `function ${name} (from ${file}) failed: ${e instanceof Error ? e.message : String(e)}`,
        );
      }
      if (out instanceof Promise)
        throw new QueryRuntimeError(
          'QUERY-UDF-FAILED',
          `function ${name} (from ${file}) returned a Promise; UDFs must return their value`,
        );
      return convert && out !== undefined && out !== null ? convert(out) : out;
    },
  };
}

/** The UDFs a JavaScript module exports, by name. */
export async function loadUdfModule(file: string): Promise<ReadonlyMap<string, Builtin>> {
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(resolve(file)).href)) as Record<string, unknown>;
  } catch (e) {
    throw new UdfModuleError(
      `cannot load the UDF module ${file}: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  const exported: [string, unknown][] = Object.entries(mod).filter(([k]) => k !== 'default');
  const fallback = mod.default;
  if (typeof fallback === 'object' && fallback !== null) exported.push(...Object.entries(fallback));
  const out = new Map<string, Builtin>();
  for (const [name, value] of exported) {
    if (typeof value !== 'function') continue;
    if (builtinFunction(name))
      throw new UdfModuleError(
        `${file}: ${name} is a GSQL built-in function; a UDF may not take a built-in name`,
      );
    out.set(name, asUdf(name, value as JsFunction, file));
  }
  if (out.size === 0) throw new UdfModuleError(`${file} exports no functions`);
  return out;
}
