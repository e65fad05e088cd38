// Adjacency of one edge type, one direction, one vertex type: compact CSR arrays (offsets into
// a list of edge slots) built by the last fold, plus a per-vertex delta of edges added since.
// Readers see the delta at once; a fold merges it into the CSR and drops deleted edges.
import { ensureSize } from './arrays.js';

export class Adjacency {
  /** offsets[v]..offsets[v+1] index `edges` for vertex v < built. */
  offsets = new Uint32Array(1);
  edges = new Int32Array(0);
  built = 0;
  /** Edge slots added since the last fold, by vertex. */
  readonly delta = new Map<number, number[]>();
  /** Edges in the delta (for the rebuild summary and the fold trigger). */
  deltaCount = 0;

  add(vertex: number, edge: number): void {
    const list = this.delta.get(vertex);
    if (list) list.push(edge);
    else this.delta.set(vertex, [edge]);
    this.deltaCount += 1;
  }

  /** Calls `visit` for every edge slot of `vertex`, dead ones included (callers check alive). */
  forEach(vertex: number, visit: (edge: number) => void): void {
    if (vertex < this.built) {
      const end = this.offsets[vertex + 1] ?? 0;
      for (let i = this.offsets[vertex] ?? 0; i < end; i++) visit(this.edges[i] ?? -1);
    }
    const list = this.delta.get(vertex);
    if (list) for (const edge of list) visit(edge);
  }

  /** Slots of `vertex` as an array (for iteration that may stop early). */
  slots(vertex: number): number[] {
    const out: number[] = [];
    this.forEach(vertex, (e) => out.push(e));
    return out;
  }

  /** Rebuilds the CSR for `vertexCount` vertices from itself and the delta, keeping live edges. */
  fold(vertexCount: number, alive: Uint8Array): void {
    const counts = new Uint32Array(vertexCount + 1);
    const keep = (e: number) => alive[e] === 1;
    for (let v = 0; v < vertexCount; v++) {
      let n = 0;
      this.forEach(v, (e) => {
        if (keep(e)) n++;
      });
      counts[v + 1] = n;
    }
    for (let v = 0; v < vertexCount; v++) counts[v + 1] = (counts[v + 1] ?? 0) + (counts[v] ?? 0);
    let edges = new Int32Array(counts[vertexCount] ?? 0);
    let cursor = 0;
    for (let v = 0; v < vertexCount; v++) {
      this.forEach(v, (e) => {
        if (keep(e)) edges[cursor++] = e;
      });
    }
    edges = ensureSize(edges, cursor);
    this.offsets = counts;
    this.edges = edges;
    this.built = vertexCount;
    this.delta.clear();
    this.deltaCount = 0;
  }
}
