// Select layer: the PER clause of pattern SELECTs (the PER clause tutorial page). `PER (a, b)`
// groups the match table's rows by the vertices bound to a and b: ACCUM runs once per distinct
// group (the first row of each, after WHERE), not once per row. The SELECT, ACCUM and POST-ACCUM
// may then name only vertex aliases the PER clause lists, so what they see is the same for every
// row of a group.
import type { Select } from '../../../../../core/gsql/index.js';
import type { CompileContext } from '../context/compile-context.js';
import { namesIn, vertexAliases } from './pattern-rules.js';

/** The PER clause's rules: it lists vertex aliases, and the clauses after it use only those. */
export function checkPer(c: CompileContext, sel: Select): void {
  const per = sel.per;
  if (per === null) return;
  const aliases = vertexAliases(sel);
  const listed = new Set(per);
  for (const a of per)
    if (!aliases.has(a))
      c.error(sel, 'QUERY-BAD-CLAUSE', `PER (${per.join(', ')}): ${a} is not a vertex alias`);
  const outside = (where: string, names: Iterable<string>) => {
    for (const n of names)
      if (aliases.has(n) && !listed.has(n))
        c.error(
          sel,
          'QUERY-BAD-CLAUSE',
          `${where} uses ${n}, which the PER clause (${per.join(', ')}) does not list`,
        );
  };
  outside('the SELECT', [sel.output]);
  outside('ACCUM', namesIn(sel.accum ?? []));
  outside('POST-ACCUM', namesIn(sel.postAccum.flat()));
  outside(
    'POST-ACCUM',
    (sel.postAccumAliases ?? []).filter((a): a is string => a !== null),
  );
}

/**
 * A run's gate for the rows of one SELECT with PER: true for the first row of each distinct
 * binding of the PER aliases (their frame slots), false for the rest.
 */
export function perGate(slots: readonly number[]): (f: readonly unknown[]) => boolean {
  if (slots.length === 1) {
    const slot = slots[0] as number;
    const seen = new Set<unknown>();
    return (f) => {
      const v = f[slot];
      if (seen.has(v)) return false;
      seen.add(v);
      return true;
    };
  }
  const seen = new Set<string>();
  return (f) => {
    const key = slots.map((s) => String(f[s])).join(',');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
}
