// The FROM/TO pairs of an edge type as rules: which endpoint types an edge may join. One
// definition for every writer (upsert, REST++ edges, loading jobs, query INSERT) and reader.
import type { EdgePair, EdgeTypeDef } from './types.js';

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

/**
 * The pairs with `*` replaced by the vertex types in `types`, each pair once, in order. The
 * reference defines `*` as an alias for the vertex types that exist when the edge type is
 * defined: a vertex type created later is not included.
 */
export function expandWildcards(pairs: readonly EdgePair[], types: readonly string[]): EdgePair[] {
  const out: EdgePair[] = [];
  for (const pair of pairs) {
    for (const from of pair.from === '*' ? types : [pair.from]) {
      for (const to of pair.to === '*' ? types : [pair.to]) {
        if (!out.some((p) => p.from === from && p.to === to)) out.push({ from, to });
      }
    }
  }
  return out;
}
