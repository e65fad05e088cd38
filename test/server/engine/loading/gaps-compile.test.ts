// Compile-time checks of the newer loading-job forms: typed edge ends, TEMP_TABLE columns and
// flatten arguments, DELETE targets; each refusal has a stable code and the line:column of the
// statement (or of the node at fault) in the job's text.
import { describe, expect, it } from 'vitest';
import { compileError } from './helpers.js';

describe('newer loading-job forms at compile time', () => {
  it.each([
    ['LOAD f TO EDGE knows VALUES ($0 post, $1, _);', 'LOADING-UNKNOWN-TYPE', 'line 3:35'],
    [
      'LOAD TEMP_TABLE t TO VERTEX post VALUES ($0, $1, _);',
      'LOADING-UNKNOWN-FILENAME',
      'line 3:3',
    ],
    [
      'LOAD f TO TEMP_TABLE t (a, b, c) VALUES ($0, flatten($1, ",", 1));',
      'LOADING-VALUE-COUNT',
      '3 columns, the values fill 2',
    ],
    [
      'LOAD f TO TEMP_TABLE t (a, b) VALUES (flatten($0, ",", 1), flatten($1, ",", 1));',
      'LOADING-UNSUPPORTED',
      'only one flatten',
    ],
    [
      'LOAD f TO TEMP_TABLE t (a) VALUES (flatten($0, ","));',
      'LOADING-BAD-ARGUMENTS',
      'flatten takes',
    ],
    [
      'LOAD f TO TEMP_TABLE t (a, b) VALUES ($0, $1);\n  LOAD TEMP_TABLE t TO VERTEX post VALUES ($"a", $"z", _);',
      'LOADING-UNKNOWN-HEADER',
      'temp table t has no column "z"',
    ],
    ['DELETE VERTEX nobody (PRIMARY_ID $0) FROM f;', 'LOADING-UNKNOWN-TYPE', 'line 3:3'],
    ['DELETE EDGE * (FROM $0) FROM f;', 'LOADING-AMBIGUOUS-ENDPOINT', 'DELETE EDGE * needs'],
    [
      'LOAD f TO EDGE placed VALUES ($0 person, $1 person, $2);',
      'LOADING-EDGE-PAIR',
      'edge placed does not go from person to person (its pairs: person -> bag, post -> person)',
    ],
    ['LOAD f TO EDGE placed VALUES ($0 bag, $1 person, $2);', 'LOADING-UNKNOWN-TYPE', 'bag'],
    [
      'LOAD f TO EDGE placed VALUES ($0, $1 bag, $2);',
      'LOADING-AMBIGUOUS-ENDPOINT',
      'several source',
    ],
    [
      'DELETE EDGE knows (FROM $0, TO $1, DISCRIMINATOR ($2)) FROM f;',
      'LOADING-VALUE-COUNT',
      '0 discriminator',
    ],
  ])('%s is refused (%s)', (body, code, message) => {
    const error = compileError(body);
    expect(error?.code).toBe(code);
    expect(error?.message).toContain(message);
  });

  it.each([
    'LOAD f TO EDGE knows VALUES ($0 person, $1 person, _) WHERE $2 IS NOT NUMERIC;',
    'LOAD f TO TEMP_TABLE t (a, b) VALUES ($0, flatten($1, ";", 1));\n  LOAD TEMP_TABLE t TO VERTEX post VALUES ($0, $"b", _);',
    'DELETE EDGE knows (FROM $0) FROM f WHERE $1 IS EMPTY;',
    'DELETE EDGE * (FROM $0 $1) FROM f;',
  ])('%s compiles', (body) => {
    expect(compileError(body)).toBeUndefined();
  });
});
