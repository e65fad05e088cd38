// The core's table of built-in functions and the engine's implementations name the same
// functions: a name in the table without a body, or a body the table does not list (so
// completion, the checker and the engine would disagree), fails here.
import { describe, expect, it } from 'vitest';
import { BUILTIN_FUNCTIONS } from '../../../../src/core/gsql/index.js';
import {
  BUILTINS,
  COMPILED_FORMS,
  IMPLEMENTATIONS,
} from '../../../../src/server/engine/query/functions.js';
import { UDF_NAMES } from '../../../../src/server/engine/query/udf/index.js';

describe('the built-in function table', () => {
  it('has an engine implementation for every name', () => {
    const missing = [...BUILTIN_FUNCTIONS.keys()].filter(
      (n) => !IMPLEMENTATIONS.has(n) && !COMPILED_FORMS.has(n),
    );
    expect(missing).toEqual([]);
  });

  it('lists every function the engine implements', () => {
    const unlisted = [...IMPLEMENTATIONS.keys()].filter((n) => !BUILTIN_FUNCTIONS.has(n));
    expect(unlisted).toEqual([]);
  });

  it('gives the engine each function with the table arity', () => {
    for (const f of BUILTIN_FUNCTIONS.values()) {
      if (COMPILED_FORMS.has(f.name)) continue;
      const b = BUILTINS.get(f.name);
      expect(b && [b.min, b.max], f.name).toEqual([f.min, f.max]);
    }
  });

  it('names only table functions as compiled forms', () => {
    expect([...COMPILED_FORMS].filter((n) => !BUILTIN_FUNCTIONS.has(n))).toEqual([]);
  });

  it('keeps user-defined functions apart: no UDF takes a built-in name', () => {
    expect(UDF_NAMES.filter((n) => BUILTIN_FUNCTIONS.has(n.toLowerCase()))).toEqual([]);
  });

  it('types results as the reference pages say (log10 and sqrt FLOAT, log DOUBLE, ceil INT)', () => {
    const returns = (n: string) => BUILTIN_FUNCTIONS.get(n)?.returns;
    expect([returns('log10'), returns('sqrt'), returns('log'), returns('ceil')]).toEqual([
      'FLOAT',
      'FLOAT',
      'DOUBLE',
      'INT',
    ]);
  });
});
