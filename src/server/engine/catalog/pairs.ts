// The FROM/TO pairs of an edge type as rules: which endpoint types an edge may join. One
// definition for every writer (upsert, REST++ edges, loading jobs, query INSERT) and reader.
import type { EdgeTypeDef } from './types.js';

const fits = (declared: string, actual: string) => declared === '*' || declared === actual;

/**
 * May an edge of `def` go from a `from` vertex to a `to` vertex? One of its pairs must match
 * (`*` matches any type); an undirected edge may also be given the other way round.
 */
export function pairAllows(def: EdgeTypeDef, from: string, to: string): boolean {
  return def.pairs.some(
    (p) =>
      (fits(p.from, from) && fits(p.to, to)) ||
      (!def.directed && fits(p.from, to) && fits(p.to, from)),
  );
}

/** The pairs as `A -> B` text for messages: `Comment -> Person, Post -> Person`. */
export function pairsText(def: EdgeTypeDef): string {
  const arrow = def.directed ? '->' : '-';
  return def.pairs.map((p) => `${p.from} ${arrow} ${p.to}`).join(', ');
}
