// Adjacency of one edge type, one direction, one vertex type: compact CSR arrays (offsets into
// a list of edge slots) built by the last fold, plus a per-vertex delta of edges added since.
// Readers see the delta at once; a fold merges it into the CSR and drops deleted edges. The fold
// also writes the far end of each CSR edge (type index and slot) beside it, so a traversal reads
// the CSR sequentially, and `dead` counts CSR edges deleted since: while 0, all are alive.
// Between rebuilds a query may compact a large delta into the CSR early (walking the delta list
// of every vertex costs about a third more than the CSR range); `unfolded` keeps counting the
// edges added since the last rebuild, so what /rebuildnow reports does not change.
// Merges (append, compact, fold) also come as generators of steps (see steps.ts).

import type { PreparedOut } from './bulk-edges.js';
import { scratchInt32 } from './scratch.js';
import { runSteps, stepMask } from './steps.js';

/** Entries a merge in place moves in one step (see appendSteps). */
const moveChunk = 1 << 18;

/** About how many entries a merge copies or counts before it yields. */
const stepWork = 1 << 18;

/** The per-edge arrays of a CSR. */
interface CsrArrays {
  readonly edges: Int32Array<ArrayBuffer>;
  readonly farType: Uint16Array<ArrayBuffer>;
  readonly far: Int32Array<ArrayBuffer>;
}

export class Adjacency {
  /** offsets[v]..offsets[v+1] index `edges` for vertex v < built. */
  offsets = new Uint32Array(1);
  edges = new Int32Array(0);
  /** Far end of the edge at each CSR position: vertex type index and slot. */
  farType = new Uint16Array(0);
  far = new Int32Array(0);
  /** Edges deleted since the last fold (0: every CSR edge is alive). */
  dead = 0;
  built = 0;
  /** Edge slots added since the last fold, by vertex. */
  readonly delta = new Map<number, number[]>();
  /** Edges in the delta list (readers walk it while > 0). */
  deltaCount = 0;
  /** Edges added since the last rebuild (fold), compacted or not: the rebuild summary's count. */
  unfolded = 0;

  /** The delta list add() used last (writes often add several edges of a vertex in a row). */
  private lastVertex = -1;
  private lastList: number[] | undefined;

  add(vertex: number, edge: number): void {
    let list = vertex === this.lastVertex ? this.lastList : this.delta.get(vertex);
    if (list) list.push(edge);
    else this.delta.set(vertex, (list = [edge]));
    this.lastVertex = vertex;
    this.lastList = list;
    this.deltaCount += 1;
    this.unfolded += 1;
  }

  private clearDelta(): void {
    this.delta.clear();
    this.deltaCount = 0;
    this.lastVertex = -1;
    this.lastList = undefined;
  }

  /**
   * Whether the delta is worth merging before a traversal: at least `minDelta` edges and an
   * eighth of the CSR, so steady small writes cost O(E) only once per E/8 new edges.
   */
  deltaIsLarge(minDelta: number): boolean {
    return this.deltaCount >= minDelta && this.deltaCount * 8 >= this.edges.length;
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

  /**
   * Bulk loading: a CSR of what is here plus the edge slots in [from, to) whose end on this side
   * is of type `typeIndex` (`sideTypes`/`sides`: that end of each slot), in one pass, instead of
   * a delta entry per edge. Order per vertex: the existing edges, then the new ones by slot.
   */
  append(
    vertexCount: number,
    alive: Uint8Array,
    farTypes: Uint16Array,
    fars: Int32Array,
    typeIndex: number,
    sideTypes: Uint16Array,
    sides: Int32Array,
    from: number,
    to: number,
  ): void {
    runSteps(
      this.appendSteps(vertexCount, alive, farTypes, fars, typeIndex, sideTypes, sides, from, to),
    );
  }

  /**
   * append() in steps: it yields every few thousand vertices or edges, so a caller may give the
   * event loop back in between (nothing may read or change this adjacency until it is done).
   * When no CSR edge died since the last compaction and the arrays an earlier append allocated
   * have room, the CSR grows in place (each vertex's range moved up, last vertex first); else
   * the merge goes to new arrays with half as much room again, so that steady writes merge in
   * place most of the time instead of allocating (and page-faulting) the whole CSR each time.
   */
  *appendSteps(
    vertexCount: number,
    alive: Uint8Array,
    farTypes: Uint16Array,
    fars: Int32Array,
    typeIndex: number,
    sideTypes: Uint16Array,
    sides: Int32Array,
    from: number,
    to: number,
  ): Generator<void> {
    const counts = this.offsetsFor(vertexCount);
    const built = Math.min(this.built, vertexCount);
    const offsets = this.offsets;
    const old = this.edges;
    const oldFarType = this.farType;
    const oldFar = this.far;
    // No CSR edge deleted since the last compaction: its ranges are copied as they are.
    const clean = this.dead === 0 && oldFar.length === old.length;
    for (let v = 0; v < built; v++) {
      if ((v & stepMask) === stepMask) yield;
      const start = offsets[v] as number;
      const end = offsets[v + 1] as number;
      let n = end - start;
      if (!clean) {
        n = 0;
        for (let i = start; i < end; i++) if (alive[old[i] as number] === 1) n++;
      }
      counts[v + 1] = n;
    }
    let work = 0;
    for (const [v, list] of this.delta) {
      if ((work += list.length) > stepWork) {
        work = 0;
        yield;
      }
      if (v >= vertexCount) continue;
      let n = 0;
      for (const e of list) if (alive[e] === 1) n++;
      counts[v + 1] = (counts[v + 1] as number) + n;
    }
    let added = 0;
    for (let e = from; e < to; e++) {
      if ((e & stepMask) === stepMask) yield;
      if (sideTypes[e] !== typeIndex || alive[e] !== 1) continue;
      const v = sides[e] as number;
      counts[v + 1] = (counts[v + 1] as number) + 1;
      added++;
    }
    for (let v = 0; v < vertexCount; v++)
      counts[v + 1] = (counts[v + 1] as number) + (counts[v] as number);
    const total = counts[vertexCount] as number;
    const room = clean && built > 0 ? this.roomFor(total) : undefined;
    const store = room ?? this.allocate(total + (total >> 1));
    const edges = store.edges;
    const farType = store.farType;
    const far = store.far;
    const cursor = scratchInt32('adjacency.cursor', vertexCount);
    cursor.set(counts.subarray(0, vertexCount));
    if (room) {
      // In place, from the last vertex down: a run of vertices that gain no edge below one that
      // may moves up as one block (a new start is never below the old one, and what lies below
      // the block is not moved yet); the top vertex's new edges then follow its old ones.
      let steps = 0;
      for (let v = built - 1; v >= 0;) {
        if ((++steps & stepMask) === 0 || work > stepWork) {
          work = 0;
          yield;
        }
        let u = v;
        while (
          u > 0 &&
          (counts[u] as number) - (counts[u - 1] as number) ===
            (offsets[u] as number) - (offsets[u - 1] as number)
        )
          u--;
        const start = offsets[u] as number;
        const end = offsets[v + 1] as number;
        const at = cursor[u] as number;
        if (at !== start && end - start > 256) {
          // From the top down, a step per chunk (the shift is upward: no chunk overwrites the
          // part of the block still to move).
          for (let hi = end; hi > start;) {
            const lo = Math.max(start, hi - moveChunk);
            const to = at + (lo - start);
            edges.copyWithin(to, lo, hi);
            farType.copyWithin(to, lo, hi);
            far.copyWithin(to, lo, hi);
            hi = lo;
            if (hi > start) yield;
          }
        } else if (at !== start) {
          // Short blocks by hand (a copyWithin call costs more than a few hundred entries).
          for (let i = end - start - 1; i >= 0; i--) {
            edges[at + i] = edges[start + i] as number;
            farType[at + i] = farType[start + i] as number;
            far[at + i] = far[start + i] as number;
          }
        }
        if (at !== start) work += end - start;
        cursor[v] = (cursor[v] as number) + (end - (offsets[v] as number));
        v = u - 1;
      }
    } else if (clean && built > 0) {
      // Vertex by vertex, each existing range moves to its new place (far ends included); a
      // step per so many vertices or entries (the new arrays' pages fault in as they are
      // written).
      for (let v = 0; v < built; v++) {
        const start = offsets[v] as number;
        const end = offsets[v + 1] as number;
        if ((v & stepMask) === stepMask || (work += end - start) > stepWork) {
          work = 0;
          yield;
        }
        if (end === start) continue;
        let at = cursor[v] as number;
        if (end - start > 64) {
          edges.set(old.subarray(start, end), at);
          farType.set(oldFarType.subarray(start, end), at);
          far.set(oldFar.subarray(start, end), at);
          at += end - start;
        } else {
          for (let i = start; i < end; i++, at++) {
            edges[at] = old[i] as number;
            farType[at] = oldFarType[i] as number;
            far[at] = oldFar[i] as number;
          }
        }
        cursor[v] = at;
      }
    } else {
      for (let v = 0; v < built; v++) {
        const end = offsets[v + 1] as number;
        if ((v & stepMask) === stepMask || (work += end - (offsets[v] as number)) > stepWork) {
          work = 0;
          yield;
        }
        let c = cursor[v] as number;
        for (let i = offsets[v] as number; i < end; i++) {
          const e = old[i] as number;
          if (alive[e] !== 1) continue;
          edges[c] = e;
          farType[c] = farTypes[e] as number;
          far[c++] = fars[e] as number;
        }
        cursor[v] = c;
      }
    }
    // Delta lists after the CSR part of each vertex, in insertion order (as forEach reads them).
    for (const [v, list] of this.delta) {
      if ((work += list.length) > stepWork) {
        work = 0;
        yield;
      }
      if (v >= vertexCount) continue;
      let c = cursor[v] as number;
      for (const e of list) {
        if (alive[e] !== 1) continue;
        edges[c] = e;
        farType[c] = farTypes[e] as number;
        far[c++] = fars[e] as number;
      }
      cursor[v] = c;
    }
    for (let e = from; e < to; e++) {
      if ((e & stepMask) === stepMask) yield;
      if (sideTypes[e] !== typeIndex || alive[e] !== 1) continue;
      const v = sides[e] as number;
      const c = cursor[v] as number;
      edges[c] = e;
      farType[c] = farTypes[e] as number;
      far[c] = fars[e] as number;
      cursor[v] = c + 1;
    }
    this.spareOffsets = this.offsets.length === counts.length ? this.offsets : undefined;
    this.offsets = counts;
    this.edges = edges.subarray(0, total);
    this.farType = farType.subarray(0, total);
    this.far = far.subarray(0, total);
    this.dead = 0;
    this.built = vertexCount;
    this.clearDelta();
    this.unfolded += added;
  }

  /**
   * The offsets an append replaced, reused by the next one for the same number of vertices
   * (zeroed): one fresh offsets array per merge was a page-faulting allocation per merge.
   */
  private spareOffsets: Uint32Array<ArrayBuffer> | undefined;

  private offsetsFor(vertexCount: number): Uint32Array<ArrayBuffer> {
    const spare = this.spareOffsets;
    this.spareOffsets = undefined;
    if (spare && spare.length === vertexCount + 1) return spare.fill(0);
    return new Uint32Array(vertexCount + 1);
  }

  /** Arrays an append allocated (with room to grow), whose prefixes are the CSR arrays. */
  private owned: CsrArrays | undefined;

  /**
   * The owned arrays when the CSR arrays are still their prefixes (nothing replaced them since)
   * and they hold `total` edges; else undefined.
   */
  private roomFor(total: number): CsrArrays | undefined {
    const owned = this.owned;
    if (!owned || owned.edges.length < total) return undefined;
    const views = [
      [this.edges, owned.edges],
      [this.farType, owned.farType],
      [this.far, owned.far],
    ] as const;
    for (const [view, array] of views)
      if (view.buffer !== array.buffer || view.byteOffset !== array.byteOffset) return undefined;
    return owned;
  }

  private allocate(capacity: number): CsrArrays {
    const owned = {
      edges: new Int32Array(capacity),
      farType: new Uint16Array(capacity),
      far: new Int32Array(capacity),
    };
    this.owned = owned;
    return owned;
  }

  /**
   * Bulk loading into an adjacency with no edges: takes the CSR a bulk load's settling sorted
   * (bulk-edges.ts PreparedOut), for `vertexCount` vertices, instead of sorting the new edge slots
   * again (what appendSteps would do). Its arrays become this adjacency's.
   */
  *adoptSteps(vertexCount: number, prepared: PreparedOut): Generator<void> {
    const { ends, edges, far } = prepared;
    const total = edges.length;
    const offsets = new Uint32Array(vertexCount + 1);
    const known = Math.min(ends.length, vertexCount);
    offsets.set(ends.subarray(0, known), 1);
    if (known < vertexCount) offsets.fill(total, known + 1);
    yield;
    const farType = new Uint16Array(total);
    if (prepared.farType !== 0) farType.fill(prepared.farType);
    this.offsets = offsets;
    this.edges = edges;
    this.farType = farType;
    this.far = far;
    this.dead = 0;
    this.built = vertexCount;
    this.clearDelta();
    this.unfolded += total;
  }

  /**
   * A rebuild: compacts, and the edges added so far count as folded. With nothing added or
   * deleted since the last compaction the arrays are already compact, and are kept.
   */
  fold(
    vertexCount: number,
    alive: Uint8Array,
    farTypes: Uint16Array = new Uint16Array(0),
    fars: Int32Array = new Int32Array(0),
  ): void {
    runSteps(this.foldSteps(vertexCount, alive, farTypes, fars));
  }

  /** fold() in steps (see appendSteps). */
  *foldSteps(
    vertexCount: number,
    alive: Uint8Array,
    farTypes: Uint16Array = new Uint16Array(0),
    fars: Int32Array = new Int32Array(0),
  ): Generator<void> {
    if (this.deltaCount > 0 || this.dead > 0)
      yield* this.compactSteps(vertexCount, alive, farTypes, fars);
    this.unfolded = 0;
  }

  /**
   * Rebuilds the CSR for `vertexCount` vertices from itself and the delta, keeping live edges;
   * `farTypes` and `fars` give the far end of each edge slot. Readers mid-query see the same
   * edges before and after (they re-read the arrays per source vertex). Per vertex the CSR's
   * edges come first, then the delta's in the order they were added (as forEach reads them).
   */
  compact(
    vertexCount: number,
    alive: Uint8Array,
    farTypes: Uint16Array = new Uint16Array(0),
    fars: Int32Array = new Int32Array(0),
  ): void {
    runSteps(this.compactSteps(vertexCount, alive, farTypes, fars));
  }

  /** compact() in steps (see appendSteps). */
  *compactSteps(
    vertexCount: number,
    alive: Uint8Array,
    farTypes: Uint16Array = new Uint16Array(0),
    fars: Int32Array = new Int32Array(0),
  ): Generator<void> {
    const counts = new Uint32Array(vertexCount + 1);
    const offsets = this.offsets;
    const old = this.edges;
    const built = Math.min(this.built, vertexCount);
    for (let v = 0; v < built; v++) {
      if ((v & stepMask) === stepMask) yield;
      let n = 0;
      const end = offsets[v + 1] as number;
      for (let i = offsets[v] as number; i < end; i++) if (alive[old[i] as number] === 1) n++;
      counts[v + 1] = n;
    }
    for (const [v, list] of this.delta) {
      if (v >= vertexCount) continue;
      let n = 0;
      for (let i = 0; i < list.length; i++) if (alive[list[i] as number] === 1) n++;
      counts[v + 1] = (counts[v + 1] as number) + n;
    }
    for (let v = 0; v < vertexCount; v++)
      counts[v + 1] = (counts[v + 1] as number) + (counts[v] as number);
    const total = counts[vertexCount] as number;
    const edges = new Int32Array(total);
    const cursor = counts.slice(0, vertexCount);
    for (let v = 0; v < built; v++) {
      if ((v & stepMask) === stepMask) yield;
      const end = offsets[v + 1] as number;
      let c = cursor[v] as number;
      for (let i = offsets[v] as number; i < end; i++) {
        const e = old[i] as number;
        if (alive[e] === 1) edges[c++] = e;
      }
      cursor[v] = c;
    }
    for (const [v, list] of this.delta) {
      if (v >= vertexCount) continue;
      let c = cursor[v] as number;
      for (let i = 0; i < list.length; i++) {
        const e = list[i] as number;
        if (alive[e] === 1) edges[c++] = e;
      }
      cursor[v] = c;
    }
    const farType = new Uint16Array(total);
    const far = new Int32Array(total);
    for (let i = 0; i < total; i++) {
      if ((i & stepMask) === stepMask) yield;
      const e = edges[i] as number;
      farType[i] = farTypes[e] ?? 0;
      far[i] = fars[e] ?? 0;
    }
    this.offsets = counts;
    this.edges = edges;
    this.farType = farType;
    this.far = far;
    this.dead = 0;
    this.built = vertexCount;
    this.clearDelta();
  }

  private oneTypeOf: Uint16Array | null = null;
  private oneType = -1;

  /**
   * The vertex type of the far end of every CSR edge when they share one, else -1 (none, or
   * several): a traversal can then skip reading `farType`. Computed once per CSR array.
   */
  get farTypeOnly(): number {
    const types = this.farType;
    if (this.oneTypeOf !== types) {
      let only = types.length > 0 ? (types[0] as number) : -1;
      for (let i = 1; i < types.length && only >= 0; i++) if (types[i] !== only) only = -1;
      this.oneTypeOf = types;
      this.oneType = only;
    }
    return this.oneType;
  }
}
