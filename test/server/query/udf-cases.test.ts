// Runs the cases of udf-cases.ts (library UDFs, instr, POST-ACCUM aliases) on one shared
// `social` fixture, as cases.test.ts does for the core constructs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCompileError, QueryRuntimeError } from '../../../src/server/engine/query/index.js';
import type { QueryCase } from '../engine/query/cases.js';
import { openSocial, runText, type Fixture } from '../engine/query/fixtures.js';
import { udfCases } from './udf-cases.js';

let fx: Fixture;
beforeAll(async () => {
  fx = await openSocial();
});
afterAll(async () => {
  await fx.close();
});

async function run(c: QueryCase): Promise<unknown> {
  const out = await runText(fx, c.query, c.params ?? {}, { allowedFileDirs: [] });
  return out.results;
}

describe('library UDFs and newer constructs', () => {
  for (const c of udfCases) {
    it(c.name, async () => {
      if (c.error) {
        const err = await run(c).then(
          () => null,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(Error);
        if (err instanceof QueryCompileError || err instanceof QueryRuntimeError)
          expect(err.code).toBe(c.error);
        else throw err;
        return;
      }
      expect(await run(c)).toEqual(c.expect);
    });
  }
});
