// The corpus: real-world-shaped GSQL (graph algorithms, schema, loading, administration)
// must parse without a single diagnostic and survive the formatter unchanged, comments too.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatText, lex, parse, withoutRanges } from '../../../src/core/gsql/index.js';
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

describe('corpus', () => {
  it('has files', () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
  });

  for (const file of files) {
    const text = readFileSync(`${dir}${file}`, 'utf8');
    it(`${file} parses without diagnostics`, () => {
      expect(parse(text).diagnostics.map(diagnosticLine)).toEqual([]);
    });
    it(`${file} round-trips through the formatter`, () => {
      expect(roundTripProblem(text)).toBeNull();
    });
    it(`${file} keeps its comments when formatted from source`, () => {
      const out = formatText(text);
      expect(parse(out).diagnostics.map(diagnosticLine)).toEqual([]);
      expect(withoutRanges(parse(out).ast)).toEqual(withoutRanges(parse(text).ast));
      expect(commentTexts(out)).toEqual(commentTexts(text));
      expect(formatText(out)).toBe(out);
    });
  }
});
