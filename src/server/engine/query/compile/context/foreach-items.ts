// Context layer: what a FOREACH over a value iterates, one definition for the closure tier
// (statements/control.ts) and the generated SELECT code (select/jit-gen.ts): a MapAccum's
// (key, value) pairs, a GroupByAccum's rows (by field name for one loop variable), a MAP's
// entries, the elements of anything else; and how several loop variables take their values
// from an item.
import { BagAcc, elementsOf, GroupByAcc, ListAcc, MapAcc, SetAcc } from '../../accum.js';
import type { T } from '../../types.js';

/** The row of a GroupByAccum seen by one loop variable: its keys, then its accumulators. */
export type GroupRow = T & { k: 'tuple' };

/** The items of a FOREACH over `v`, in a fresh array (the loop may change `v` meanwhile). */
export function foreachItems(v: unknown, rowT: GroupRow | null): unknown[] {
  if (v instanceof MapAcc) return [...v.map.values()].map((e) => [e.k, e.acc.value()]);
  if (v instanceof GroupByAcc && rowT)
    return [...v.map.values()].map((e) => {
      const values = [...e.keys, ...e.accs.map((x) => x.value())];
      return Object.fromEntries(rowT.fields.map((field, i) => [field.name, values[i]]));
    });
  if (v instanceof GroupByAcc)
    return [...v.map.values()].map((e) => [...e.keys, ...e.accs.map((x) => x.value())]);
  if (v instanceof Map) return [...v.entries()];
  // A SetAccum's or BagAccum's items are a copy already.
  if (v instanceof SetAcc || v instanceof BagAcc) return v.items();
  return elementsOf(v).slice();
}

/** The values of `n` loop variables from one item: an array's elements, an object's values. */
export function itemParts(x: unknown): readonly unknown[] {
  return Array.isArray(x) ? x : x && typeof x === 'object' ? Object.values(x) : [x];
}

/**
 * The values the loop variables take, `n` per pass, in one array (generated code binds them by
 * index, with no array per pass): with one variable, foreachItems' items. `view`: nothing
 * changes `v` while the loop runs (an ACCUM clause, whose accumulator inputs are deferred) and
 * the caller only reads the answer, so a SetAccum's or ListAccum's own element list may be it.
 */
export function foreachValues(
  v: unknown,
  rowT: GroupRow | null,
  n: number,
  view: boolean,
): readonly unknown[] {
  if (n === 1) {
    if (view && v instanceof SetAcc) return v.elements();
    if (view && v instanceof ListAcc) return v.list;
    return foreachItems(v, rowT);
  }
  if (v instanceof MapAcc && n === 2) {
    const out = new Array<unknown>(2 * v.map.size);
    let i = 0;
    for (const e of v.map.values()) {
      out[i++] = e.k;
      out[i++] = e.acc.value();
    }
    return out;
  }
  const items = foreachItems(v, rowT);
  const out = new Array<unknown>(n * items.length);
  for (let i = 0; i < items.length; i++) {
    const parts = itemParts(items[i]);
    for (let k = 0; k < n; k++) out[i * n + k] = parts[k];
  }
  return out;
}
