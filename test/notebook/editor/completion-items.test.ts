// Completion items for monaco from the core helper and the live schema.
import { describe, expect, it } from 'vitest';
import type { CompletionSchema } from '../../../src/core/gsql/index.js';
import {
  completionsAt,
  KIND_NAMES,
  wordStartBefore,
} from '../../../src/notebook/web/editor/completion-items.js';

const schema: CompletionSchema = {
  graphs: ['social'],
  vertexTypes: [
    { name: 'Person', attributes: ['name', 'age'] },
    { name: 'Post', attributes: ['title'] },
  ],
  edgeTypes: [{ name: 'Knows', attributes: ['since'] }],
  queries: ['friends'],
};

const at = (text: string) => completionsAt(text, text.length, schema);
const labels = (text: string) => at(text).items.map((i) => i.label);

describe('completionsAt', () => {
  it('offers the attributes of the alias type after a dot', () => {
    const text = 'INTERPRET QUERY () {\n  S = SELECT s FROM Person:s WHERE s.';
    const result = at(text);
    expect(result.replaceFrom).toBe(text.length);
    expect(result.items.slice(0, 2)).toEqual([
      { label: 'name', insertText: 'name', kind: 'Field', detail: 'Person', sortText: '00000' },
      { label: 'age', insertText: 'age', kind: 'Field', detail: 'Person', sortText: '00001' },
    ]);
  });

  it('offers declared accumulators and replaces the @@ prefix', () => {
    const text = 'INTERPRET QUERY () {\n  SumAccum<INT> @@total;\n  PRINT @@to';
    const result = at(text);
    expect(result.replaceFrom).toBe(text.length - 4);
    expect(result.items).toEqual([
      {
        label: '@@total',
        insertText: '@@total',
        kind: 'Variable',
        detail: 'SumAccum<INT>',
        sortText: '00000',
      },
    ]);
  });

  it('offers vertex types after FROM and in a seed set', () => {
    expect(labels('INTERPRET QUERY () {\n  S = SELECT s FROM Pe')).toEqual(['Person']);
    expect(labels('INTERPRET QUERY () {\n  S = SELECT s FROM P')).toEqual(['Person', 'Post']);
    // In an expression the grammar offers keywords and functions; schema names come first.
    expect(labels('INTERPRET QUERY () {\n  S = {P').slice(0, 2)).toEqual(['Person', 'Post']);
  });

  it('offers keywords from the grammar at the start of a statement', () => {
    const result = at('INTERP');
    expect(result.replaceFrom).toBe(0);
    expect(result.items).toContainEqual(
      expect.objectContaining({ label: 'INTERPRET', kind: 'Keyword' }),
    );
  });

  it('offers nothing inside a comment or a string', () => {
    expect(labels('// Pe')).toEqual([]);
    expect(labels('PRINT "Pe')).toEqual([]);
  });

  it('maps every core kind to a monaco kind name', () => {
    expect(Object.keys(KIND_NAMES).sort()).toEqual(
      [
        'accumulator',
        'attribute',
        'edgeType',
        'function',
        'graph',
        'keyword',
        'query',
        'vertexType',
      ].sort(),
    );
  });
});

describe('wordStartBefore', () => {
  it('finds the start of a word or accumulator ending at the offset', () => {
    expect(wordStartBefore('PRINT @@ab', 10)).toBe(6);
    expect(wordStartBefore('PRINT s.@v', 10)).toBe(8);
    expect(wordStartBefore('PRINT @', 7)).toBe(6);
    expect(wordStartBefore('PRINT ', 6)).toBe(6);
    expect(wordStartBefore('s.na', 4)).toBe(2);
  });
});
