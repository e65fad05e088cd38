// The corpus: real-world-shaped GSQL (graph algorithms, schema, loading, administration)
// must parse without a single diagnostic and survive the formatter unchanged, comments too.
// The LDBC SNB BI queries, schema and loading jobs for TigerGraph (vendored) are part of it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatText, lex, parse, withoutRanges } from '../../../src/core/gsql/index.js';
import { LDBC_TIGERGRAPH, ldbcGsqlFiles } from '../../ldbc/paths.js';
import { diagnosticLine, roundTripProblem } from './helpers.js';

/**
 * Comment texts, whitespace-normalized (block comments are re-indented) and sorted (a comment
 * inside a statement moves after it, while one at the end of its line stays there).
 */
function commentTexts(text: string): string[] {
  return lex(text, { comments: true })
    .filter((t) => t.kind === 'comment')
    .map((t) => t.text.replace(/\s+/g, ' ').trim())
    .sort();
}

const dir = fileURLToPath(new URL('./corpus/', import.meta.url));
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.gsql'))
  .sort();

/** The LDBC SNB BI workload for TigerGraph, vendored with its license: GSQL nobody here wrote. */
const ldbc = LDBC_TIGERGRAPH;
const ldbcFiles = ldbcGsqlFiles();

describe('corpus', () => {
  it('has files', () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
    expect(ldbcFiles.length).toBeGreaterThanOrEqual(56);
  });

  for (const [base, list] of [
    [dir, files],
    [ldbc, ldbcFiles],
  ] as const) {
    for (const file of list) {
      const text = readFileSync(join(base, file), 'utf8');
      const name = base === ldbc ? `ldbc ${file}` : file;
      it(`${name} parses without diagnostics`, () => {
        expect(parse(text).diagnostics.map(diagnosticLine)).toEqual([]);
      });
      it(`${name} round-trips through the formatter`, () => {
        expect(roundTripProblem(text)).toBeNull();
      });
      it(`${name} keeps its comments when formatted from source`, () => {
        const out = formatText(text);
        expect(parse(out).diagnostics.map(diagnosticLine)).toEqual([]);
        expect(withoutRanges(parse(out).ast)).toEqual(withoutRanges(parse(text).ast));
        expect(commentTexts(out)).toEqual(commentTexts(text));
        expect(formatText(out)).toBe(out);
      });
    }
  }
});
