// Lists of vertex ids as the query runtime keeps them: Float64Arrays (vertex ids are exact
// doubles, see runtime-values). A typed array rather than a JS array because these lists are
// often large and made per query: on V8 a JS array past about 16k elements lives in the
// large-object space, where building or growing it costs 50 to 100 ns per element (each growth
// is a fresh allocation, with page faults), against about 1 ns for a typed array allocated by
// size. IdsBuilder grows a typed array by doubling for lists of unknown length.

/** Vertex ids in order: a Float64Array of exactly the list's length. */
export type VertexIds = Float64Array;

export const noIds: VertexIds = new Float64Array(0);

/** `ids` as VertexIds: itself when it is one, else a copy. */
export function vertexIds(ids: ArrayLike<number>): VertexIds {
  if (ids instanceof Float64Array) return ids;
  const out = new Float64Array(ids.length);
  for (let i = 0; i < out.length; i++) out[i] = ids[i] as number;
  return out;
}

/** Appends ids to a Float64Array grown by doubling; done() answers them at their exact length. */
export class IdsBuilder {
  private a: Float64Array;
  length = 0;
  constructor(capacity = 16) {
    this.a = new Float64Array(Math.max(1, capacity));
  }
  push(id: number): void {
    if (this.length === this.a.length) this.grow(this.length + 1);
    this.a[this.length++] = id;
  }
  pushAll(ids: ArrayLike<number>): void {
    const n = ids.length;
    if (this.length + n > this.a.length) this.grow(this.length + n);
    const a = this.a;
    let k = this.length;
    if (ids instanceof Float64Array) a.set(ids, k);
    else for (let i = 0; i < n; i++) a[k + i] = ids[i] as number;
    k += n;
    this.length = k;
  }
  private grow(need: number): void {
    const next = new Float64Array(Math.max(need, 2 * this.a.length));
    next.set(this.a.subarray(0, this.length));
    this.a = next;
  }
  done(): VertexIds {
    return this.length === this.a.length ? this.a : this.a.slice(0, this.length);
  }
}

/** The ids without repeats, first occurrences in order (the list itself when it has none). */
export function dedupeIds(ids: VertexIds): VertexIds {
  if (ids.length < 2) return ids;
  // Ids in increasing order (a whole vertex type, {T.*}) have no repeats: no set needed.
  let increasing = 1;
  while (increasing < ids.length && (ids[increasing - 1] as number) < (ids[increasing] as number))
    increasing++;
  if (increasing === ids.length) return ids;
  const seen = new Set<number>();
  const out = new IdsBuilder(ids.length);
  for (const id of ids)
    if (!seen.has(id)) {
      seen.add(id);
      out.push(id);
    }
  return out.done();
}
