// A bulk load into an edge type with no live edges (a fresh load): its edges are upserted without
// the endpoint index. Each one's ends are written straight after the table's last slot as it
// comes, and when the load ends (or anything else is about to use the table) they are settled at
// once: sorted by source vertex with a counting sort, the repeats of an edge found per source
// with a stamp per target vertex, and the first of each kept, in input order, as new slots. That
// is what upserting them one by one would leave (a repeat updates the edge its first made), for
// a few sequential passes instead of a hash probe into a table of millions per edge; the index
// takes the new slots later as a range (PairIndex.addLater). Attribute updates of the rows are
// applied in input order once the slots are known. When every row goes between the same two
// vertex types and none repeats, the sort by source is the out-adjacency itself (PreparedOut):
// the table installs it instead of sorting the new slots again.
import { scratchInt32 } from './scratch.js';
import { stepMask } from './steps.js';

/** The edge table columns the rows are written to and settled in (EdgeTable's). */
export interface BulkColumns {
  srcType: Uint16Array;
  src: Int32Array;
  dstType: Uint16Array;
  dst: Int32Array;
  alive: Uint8Array;
  slotCount: number;
  liveCount: number;
}

/** Applies the attribute updates of row `row` of batch `batch` to edge `slot`. */
export type RowUpdate<B> = (batch: B, row: number, slot: number, created: boolean) => void;

/**
 * The out-adjacency of settled rows of one source type: per source vertex slot v (below
 * ends.length) its edges end at ends[v] in `edges` (new slots, by source, in slot order), the
 * far end of each is slot far[i] of type farType.
 */
export interface PreparedOut {
  readonly type: number;
  readonly farType: number;
  /** The slots it covers: [from, to). */
  readonly from: number;
  readonly to: number;
  readonly ends: Uint32Array<ArrayBuffer>;
  readonly edges: Int32Array<ArrayBuffer>;
  readonly far: Int32Array<ArrayBuffer>;
}

/** Marks a repeated row in `alive` until the rows are settled. */
const repeat = 2;

/** Stamps per source vertex, unique across settles (see dedupSteps). */
let nextStamp = 1;

export class BulkEdges<B = unknown> {
  /** Rows written so far, at slots [slotCount, slotCount + n) of the columns. */
  n = 0;
  /** The highest vertex slot written per vertex type index, at either end. */
  private readonly maxSlot: number[] = [];
  /** The source and target vertex type of every row so far (-1: none yet, -2: several). */
  private srcType = -1;
  private dstType = -1;
  /** The out-adjacency of the rows last settled, when settleSteps could prepare it. */
  prepared: PreparedOut | undefined;
  /** Batches of attribute updates, and per row (once any row has some) its batch and row. */
  private readonly batches: B[] = [];
  private batchOf: Int32Array | undefined;
  private rowOf: Int32Array | undefined;

  constructor(private readonly update: RowUpdate<B>) {}

  /** Registers a batch of attribute updates; its index, for note(). */
  addBatch(batch: B): number {
    this.batches.push(batch);
    return this.batches.length - 1;
  }

  /**
   * Records the row just written at slot slotCount + n (its ends canonically ordered): its
   * vertex types and slots, and its attribute updates (`batch` -1: none).
   */
  note(a: number, b: number, c: number, e: number, batch: number, row: number): void {
    const max = this.maxSlot;
    if (!(b <= (max[a] ?? -1))) max[a] = b;
    if (!(e <= (max[c] ?? -1))) max[c] = e;
    if (a !== this.srcType) this.srcType = this.srcType === -1 ? a : -2;
    if (c !== this.dstType) this.dstType = this.dstType === -1 ? c : -2;
    const i = this.n++;
    if (batch < 0 && !this.batchOf) return;
    if (!this.batchOf || i >= this.batchOf.length) this.growRows(i + 1);
    (this.batchOf as Int32Array)[i] = batch;
    (this.rowOf as Int32Array)[i] = row;
  }

  private growRows(size: number): void {
    const capacity = Math.max(1024, size * 2);
    const batchOf = new Int32Array(capacity).fill(-1);
    const rowOf = new Int32Array(capacity);
    if (this.batchOf && this.rowOf) {
      batchOf.set(this.batchOf.subarray(0, this.n - 1));
      rowOf.set(this.rowOf.subarray(0, this.n - 1));
    }
    this.batchOf = batchOf;
    this.rowOf = rowOf;
  }

  /**
   * Settles the rows (see the module comment) in steps: new slots [slotCount, returned end) are
   * live afterwards, with `place` called for each (default attributes) and the row updates
   * applied. With `prepareOut`, `prepared` is set when it can be (see PreparedOut). Nothing may
   * use the table until the last step.
   */
  *settleSteps(
    table: BulkColumns,
    place: ((slot: number) => void) | undefined,
    prepareOut: boolean,
  ): Generator<void, number> {
    const n = this.n;
    const base = table.slotCount;
    this.prepared = undefined;
    if (n === 0) return base;
    // Vertex keys: the slots of each type after those of the types before it.
    const offset = new Int32Array(this.maxSlot.length);
    let vertices = 0;
    this.maxSlot.forEach((max, type) => {
      offset[type] = vertices;
      vertices += max + 1;
    });
    const first = this.batchOf ? scratchInt32('bulk.first', n) : undefined;
    // One source and one target type: the sort by source goes to arrays it may keep.
    const keep = prepareOut && this.srcType >= 0 && this.dstType >= 0;
    const order: Int32Array<ArrayBuffer> = keep ? new Int32Array(n) : scratchInt32('bulk.order', n);
    const targets: Int32Array<ArrayBuffer> = keep
      ? new Int32Array(n)
      : scratchInt32('bulk.targets', n);
    const ends = scratchInt32('bulk.starts', vertices + 1, true);
    const repeats = yield* this.dedupSteps(table, offset, ends, vertices, order, targets, first);
    const { srcType, src, dstType, dst, alive } = table;
    const batchOf = this.batchOf;
    const rowOf = this.rowOf;
    let w = base;
    for (let r = 0; r < n; r++) {
      if ((r & stepMask) === stepMask) yield;
      const at = base + r;
      if (alive[at] === repeat) {
        alive[at] = 0;
        if (first && batchOf && rowOf) {
          // The row it repeats is before it: first[] holds that row's slot by now.
          const slot = first[first[r] as number] as number;
          first[r] = slot;
          const batch = batchOf[r] as number;
          if (batch >= 0) this.update(this.batches[batch] as B, rowOf[r] as number, slot, false);
        }
        continue;
      }
      if (w !== at) {
        srcType[w] = srcType[at] as number;
        src[w] = src[at] as number;
        dstType[w] = dstType[at] as number;
        dst[w] = dst[at] as number;
        alive[at] = 0;
      }
      alive[w] = 1;
      if (place) place(w);
      if (first && batchOf && rowOf) {
        first[r] = w;
        const batch = batchOf[r] as number;
        if (batch >= 0) this.update(this.batches[batch] as B, rowOf[r] as number, w, true);
      }
      w++;
    }
    table.slotCount = w;
    table.liveCount += w - base;
    this.n = 0;
    if (keep && repeats === 0) {
      // Row r is slot base + r: `order` lists the new slots by source, `targets` their targets.
      const type = this.srcType;
      const far = this.dstType;
      const from = offset[type] as number;
      const count = (this.maxSlot[type] as number) + 1;
      const farFrom = offset[far] as number;
      for (let p = 0; p < n; p++) {
        if ((p & stepMask) === stepMask) yield;
        order[p] = base + (order[p] as number);
        targets[p] = (targets[p] as number) - farFrom;
      }
      this.prepared = {
        type,
        farType: far,
        from: base,
        to: w,
        ends: Uint32Array.from(ends.subarray(from, from + count)),
        edges: order,
        far: targets,
      };
    }
    return w;
  }

  /**
   * Marks every row that repeats an earlier one (same ends) with `repeat` in `alive`, and, when
   * `first` is given, sets first[r] to the row it repeats (r itself for a first occurrence);
   * answers how many repeat. Rows are grouped by source vertex, in input order within a group (a
   * stable counting sort into `order`: rows, and `targets`: target vertex keys); a target already
   * stamped with its group's stamp is a repeat. `ends[k]` is left at the end of group k.
   */
  private *dedupSteps(
    table: BulkColumns,
    offset: Int32Array,
    ends: Int32Array,
    vertices: number,
    order: Int32Array,
    targets: Int32Array,
    first: Int32Array | undefined,
  ): Generator<void, number> {
    const n = this.n;
    const base = table.slotCount;
    const { srcType, src, dstType, dst, alive } = table;
    const starts = ends;
    for (let r = 0; r < n; r++) {
      if ((r & stepMask) === stepMask) yield;
      const k = (offset[srcType[base + r] as number] as number) + (src[base + r] as number) + 1;
      starts[k] = (starts[k] as number) + 1;
    }
    for (let k = 0; k < vertices; k++)
      starts[k + 1] = (starts[k + 1] as number) + (starts[k] as number);
    // starts[k]: the first position of group k; after the scatter, the position after its last.
    for (let r = 0; r < n; r++) {
      if ((r & stepMask) === stepMask) yield;
      const at = base + r;
      const k = (offset[srcType[at] as number] as number) + (src[at] as number);
      const p = starts[k] as number;
      starts[k] = p + 1;
      order[p] = r;
      targets[p] = (offset[dstType[at] as number] as number) + (dst[at] as number);
      alive[at] = 0;
    }
    const stamps = scratchInt32('bulk.stamps', vertices);
    const firstRow = first ? scratchInt32('bulk.firstRow', vertices) : undefined;
    if (nextStamp + vertices >= 0x7fffffff) {
      stamps.fill(0);
      nextStamp = 1;
    }
    let repeats = 0;
    let p = 0;
    for (let k = 0; k < vertices; k++) {
      const end = starts[k] as number;
      if (end === p) continue;
      if ((k & stepMask) === stepMask) yield;
      const stamp = nextStamp++;
      for (; p < end; p++) {
        const t = targets[p] as number;
        const r = order[p] as number;
        if (stamps[t] === stamp) {
          alive[base + r] = repeat;
          repeats++;
          if (first && firstRow) first[r] = firstRow[t] as number;
        } else {
          stamps[t] = stamp;
          if (first && firstRow) {
            firstRow[t] = r;
            first[r] = r;
          }
        }
      }
    }
    return repeats;
  }
}
