// Runs every case of cases.ts, udf-cases.ts (library UDFs, instr, POST-ACCUM aliases,
// PercentileContAccum) and language-cases.ts (INTERVAL, LOADACCUM, recursion, syntax versions,
// ...): read-only cases share one fixture, writing ones get their own; every case runs with the
// generated-code tier on and off.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCompileError, QueryRuntimeError } from '../../../../src/server/engine/query/index.js';
import { cases, type QueryCase } from './cases.js';
import { openSocial, runText, type Fixture } from './fixtures.js';
import { languageCases } from './language-cases.js';
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

/** The case's files in a fresh folder, and its parameters with `{dir}` naming that folder. */
function withFiles(c: QueryCase): { dir: string | null; params: Record<string, unknown> } {
  const params = c.params ?? {};
  if (!c.files) return { dir: null, params };
  const dir = mkdtempSync(join(tmpdir(), 'gwb-case-files-'));
  for (const [name, text] of Object.entries(c.files)) writeFileSync(join(dir, name), text);
  const placed = Object.fromEntries(
    Object.entries(params).map(([k, v]) => [
      k,
      typeof v === 'string' ? v.replace('{dir}', dir) : v,
    ]),
  );
  return { dir, params: placed };
}

async function run(c: QueryCase, generatedCode: boolean): Promise<unknown> {
  const fx = c.writes ? await openSocial() : c.delta ? delta : shared;
  const { dir, params } = withFiles(c);
  try {
    const out = await runText(
      fx,
      c.query,
      params,
      { allowedFileDirs: dir ? [dir] : [] },
      { generatedCode },
    );
    return out.results;
  } finally {
    if (c.writes) await fx.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

// Each case runs with the generated-code tier (compile/select/jit.ts) on and off: both must agree.
for (const generatedCode of [true, false])
  describe(`query cases, generated code ${generatedCode ? 'on' : 'off'}`, () => {
    for (const c of [...cases, ...udfCases, ...languageCases]) {
      it(c.name, async () => {
        if (c.error) {
          const err = await run(c, generatedCode).then(
            () => null,
            (e: unknown) => e,
          );
          expect(err).toBeInstanceOf(Error);
          if (err instanceof QueryCompileError || err instanceof QueryRuntimeError)
            expect(err.code).toBe(c.error);
          else throw err;
          return;
        }
        expect(await run(c, generatedCode)).toEqual(c.expect);
      });
    }
  });
