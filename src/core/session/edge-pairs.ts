// The FROM/TO pairs of an edge type as the schema reports them: one pair in
// FromVertexTypeName/ToVertexTypeName, or several in EdgePairs (the names are then `*` where the
// pairs differ). Every face shows an edge's ends through these two functions.

/** The part of an edge type's schema that names its ends. */
export interface EdgeEnds {
  readonly FromVertexTypeName?: string;
  readonly ToVertexTypeName?: string;
  readonly EdgePairs?: readonly { readonly From: string; readonly To: string }[];
}

export interface EndPair {
  readonly from: string;
  readonly to: string;
}

/** Every FROM/TO pair of the edge type, in schema order. */
export function edgePairs(e: EdgeEnds): EndPair[] {
  if (e.EdgePairs && e.EdgePairs.length > 0) {
    return e.EdgePairs.map((p) => ({ from: p.From, to: p.To }));
  }
  return [{ from: e.FromVertexTypeName ?? '*', to: e.ToVertexTypeName ?? '*' }];
}

/**
 * The pairs as DDL writes them, grouped by source so `Comment|Post -> Person` stays short:
 * `FROM Comment|Post, TO Person` or `FROM Company, TO Country | FROM Person, TO City`.
 */
export function pairsClause(e: EdgeEnds): string {
  return groupPairs(edgePairs(e))
    .map((g) => `FROM ${g.from}, TO ${g.to}`)
    .join(' | ');
}

/** The pairs as arrows for a table cell: `Comment|Post -> Person`, `Company -> Country, ...`. */
export function pairsArrows(e: EdgeEnds): string {
  return groupPairs(edgePairs(e))
    .map((g) => `${g.from} -> ${g.to}`)
    .join(', ');
}

/** Sources that share the same set of targets are written together (`A|B`). */
function groupPairs(pairs: readonly EndPair[]): EndPair[] {
  const targetsOf = new Map<string, string[]>();
  for (const p of pairs) {
    const targets = targetsOf.get(p.from) ?? [];
    if (!targets.includes(p.to)) targets.push(p.to);
    targetsOf.set(p.from, targets);
  }
  const bySameTargets = new Map<string, string[]>();
  for (const [from, targets] of targetsOf) {
    const key = targets.join('|');
    bySameTargets.set(key, [...(bySameTargets.get(key) ?? []), from]);
  }
  return [...bySameTargets].map(([to, froms]) => ({ from: froms.join('|'), to }));
}
