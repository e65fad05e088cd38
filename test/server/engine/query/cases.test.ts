// Runs every case of cases.ts and udf-cases.ts (library UDFs, instr, POST-ACCUM aliases,
// PercentileContAccum): read-only cases share one fixture, writing ones get their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCompileError, QueryRuntimeError } from '../../../../src/server/engine/query/index.js';
import { cases, type QueryCase } from './cases.js';
import { openSocial, runText, type Fixture } from './fixtures.js';
import { udfCases } from './udf-cases.js';

let shared: Fixture;
let delta: Fixture;
beforeAll(async () => {
  shared = await openSocial();
  delta = await openSocial(false);
});
afterAll(async () => {
  await shared.close();
  await delta.close();
});

async function run(c: QueryCase): Promise<unknown> {
  const fx = c.writes ? await openSocial() : c.delta ? delta : shared;
  try {
    const out = await runText(fx, c.query, c.params ?? {}, { allowedFileDirs: [] });
    return out.results;
  } finally {
    if (c.writes) await fx.close();
  }
}

describe('query cases', () => {
  for (const c of [...cases, ...udfCases]) {
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
