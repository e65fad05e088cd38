// The ends of an edge type as the faces show them, from the schema's one pair or its EdgePairs.
import { describe, expect, it } from 'vitest';
import { edgePairs, pairsArrows, pairsClause } from '../../../src/core/session/index.js';

const located = {
  FromVertexTypeName: '*',
  ToVertexTypeName: '*',
  EdgePairs: [
    { From: 'Shop', To: 'Town' },
    { From: 'Member', To: 'Town' },
    { From: 'Shop', To: 'Region' },
  ],
};
const wrote = {
  FromVertexTypeName: '*',
  ToVertexTypeName: 'Member',
  EdgePairs: [
    { From: 'Note', To: 'Member' },
    { From: 'Reply', To: 'Member' },
  ],
};

describe('edge pairs', () => {
  it('reads one pair from the type names and several from EdgePairs', () => {
    expect(edgePairs({ FromVertexTypeName: 'Member', ToVertexTypeName: 'Town' })).toEqual([
      { from: 'Member', to: 'Town' },
    ]);
    expect(edgePairs(located)).toHaveLength(3);
  });

  it('writes sources with the same targets together, as DDL does', () => {
    expect(pairsClause(wrote)).toBe('FROM Note|Reply, TO Member');
    expect(pairsClause(located)).toBe('FROM Shop, TO Town|Region | FROM Member, TO Town');
    expect(pairsArrows(wrote)).toBe('Note|Reply -> Member');
    expect(pairsArrows({ FromVertexTypeName: 'A', ToVertexTypeName: 'B' })).toBe('A -> B');
  });
});
