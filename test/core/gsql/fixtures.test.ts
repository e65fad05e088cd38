// Runs every parser fixture in fixtures/: the expected diagnostics and tree, and for inputs
// without errors the formatter round trip. Only files named errors*.txt may hold inputs with
// diagnostics. UPDATE_FIXTURES=1 rewrites the expected blocks
// from the actual output; review the diff by hand, the fixtures are the specification.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from '../../../src/core/gsql/index.js';
import { readFixtures, writeFixtures } from './fixture-format.js';
import { describeParse, diagnosticLine, roundTripProblem } from './helpers.js';

const dir = fileURLToPath(new URL('./fixtures/', import.meta.url));
const update = process.env['UPDATE_FIXTURES'] === '1';

for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.txt'))
  .sort()) {
  const path = `${dir}${file}`;
  let cases = readFixtures(readFileSync(path, 'utf8'));
  if (update) {
    cases = cases.map((c) => ({ ...c, expected: describeParse(c.input) }));
    writeFileSync(path, writeFixtures(cases));
  }
  describe(file, () => {
    for (const c of cases) {
      it(c.name, () => {
        expect(describeParse(c.input), `${file}:${c.line}`).toBe(c.expected);
        const { diagnostics } = parse(c.input);
        // Only errors*.txt may expect diagnostics: elsewhere an error is a regression even
        // when UPDATE_FIXTURES has written it into the expected block.
        if (!file.startsWith('errors')) expect(diagnostics.map(diagnosticLine)).toEqual([]);
        if (diagnostics.length === 0) expect(roundTripProblem(c.input)).toBeNull();
      });
    }
  });
}
