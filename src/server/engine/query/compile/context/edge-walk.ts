// Context layer: edge walking, used by SELECT patterns and by vertex methods (degree,
// neighbourhoods): how each edge type is traversed (forward, backward, undirected), the degree
// function built on it, and the collector of a SELECT's distinct vertices.
import type { Adjacency } from '../../../graph/adjacency.js';
import type { EdgeTable } from '../../../graph/edge-table.js';
import { elementsOf } from '../../accum.js';
import type { Fn } from './compile-types.js';
import type { CompileContext } from './compile-context.js';
import { QueryRuntimeError } from '../../errors.js';
import type { Run } from '../../run.js';
import { VT, vslotOf, vtypeOf } from '../../runtime-values.js';

/** How one edge type is walked: forward (source to target), backward, or both (undirected). */
export interface Walk {
  readonly table: EdgeTable;
  readonly fwd: boolean;
  readonly bwd: boolean;
  readonly name: string;
}

export type Visit = (edge: number, farType: number, farSlot: number, flip: boolean) => void;

/** Every live edge from vertex (t, s) along `w`. */
export function walkEdges(w: Walk, t: number, s: number, visit: Visit): void {
  const table = w.table;
  const alive = table.alive;
  if (w.fwd) {
    const adj = table.out[t];
    if (adj) {
      const dstType = table.dstType;
      const dst = table.dst;
      if (s < adj.built) {
        const off = adj.offsets;
        const edges = adj.edges;
        const end = off[s + 1] as number;
        for (let i = off[s] as number; i < end; i++) {
          const e = edges[i] as number;
          if (alive[e] === 1) visit(e, dstType[e] as number, dst[e] as number, false);
        }
      }
      if (adj.deltaCount > 0) {
        const list = adj.delta.get(s);
        if (list)
          for (const e of list)
            if (alive[e] === 1) visit(e, dstType[e] as number, dst[e] as number, false);
      }
    }
  }
  if (w.bwd) {
    const adj = table.in[t];
    if (adj) {
      const srcType = table.srcType;
      const src = table.src;
      // Undirected: a self-loop was walked forward already. (No closure per call: this runs
      // once per source vertex of a backward walk.)
      const skipLoops = w.fwd;
      if (s < adj.built) {
        const off = adj.offsets;
        const edges = adj.edges;
        const end = off[s + 1] as number;
        for (let i = off[s] as number; i < end; i++) {
          const e = edges[i] as number;
          if (alive[e] !== 1) continue;
          const ft = srcType[e] as number;
          const fs = src[e] as number;
          if (skipLoops && ft === t && fs === s) continue;
          visit(e, ft, fs, true);
        }
      }
      if (adj.deltaCount > 0) {
        const list = adj.delta.get(s);
        if (list)
          for (const e of list) {
            if (alive[e] !== 1) continue;
            const ft = srcType[e] as number;
            const fs = src[e] as number;
            if (skipLoops && ft === t && fs === s) continue;
            visit(e, ft, fs, true);
          }
      }
    }
  }
}

/** Resolves edge type names (literal, `_`/ANY, or given at run time) to walks. */
export function walksFor(
  c: CompileContext,
  r: Run,
  names: readonly string[],
  dir: 'out' | 'in' | 'any',
  arrow: 'left' | 'right' | 'none',
): Walk[] {
  const res: Walk[] = [];
  const push = (name: string) => {
    const table = r.graph.edges.get(name);
    if (table && c.edgeTypeNames.includes(name)) {
      if (!table.def.directed) res.push({ table, fwd: true, bwd: true, name });
      else {
        const back = dir === 'in' || (dir === 'any' && arrow === 'left');
        res.push({ table, fwd: !back, bwd: back, name });
      }
      return;
    }
    for (const t of r.graph.edges.values()) {
      if (t.def.reverseEdge === name && c.edgeTypeNames.includes(t.def.name)) {
        const back = dir !== 'in';
        res.push({ table: t, fwd: !back, bwd: back, name });
        return;
      }
    }
    throw new QueryRuntimeError(
      'QUERY-UNKNOWN-TYPE',
      `"${name}" is not an edge type of graph ${c.env.graphName}`,
    );
  };
  for (const name of names) {
    if (name === '_' || name.toUpperCase() === 'ANY') {
      // Every edge type of the graph, reverse edge types included (they are edges of their own).
      for (const e of c.edgeTypeNames) {
        push(e);
        const reverse = r.graph.edges.get(e)?.def.reverseEdge;
        if (reverse) push(reverse);
      }
    } else push(name);
  }
  return res;
}

export function edgeNames(v: unknown): string[] {
  if (v === null || v === undefined || v === '') return ['_'];
  return elementsOf(v).map(String);
}

interface DegreeCache {
  readonly byKey: Map<string, DegreeEntry>;
  lastRaw: unknown;
  last: DegreeEntry | undefined;
}

/**
 * Live edges from vertex (t, s) along directed walks, counted from the arrays without visiting
 * them: while no edge of an adjacency was deleted since its fold (`dead` 0), every edge in its
 * CSR range and delta list is alive. -1 when some adjacency has deleted edges (walk instead).
 */
function countDirected(walks: readonly Walk[], t: number, s: number): number {
  let n = 0;
  for (let i = 0; i < walks.length; i++) {
    const w = walks[i] as Walk;
    const adj = w.fwd ? w.table.out[t] : w.table.in[t];
    if (!adj) continue;
    if (adj.dead !== 0) return -1;
    if (s < adj.built) n += (adj.offsets[s + 1] as number) - (adj.offsets[s] as number);
    if (adj.deltaCount > 0) n += adj.delta.get(s)?.length ?? 0;
  }
  return n;
}

/** The walks of one edge type list; `directed` when none is undirected (countDirected applies). */
export interface DegreeEntry {
  readonly walks: Walk[];
  readonly directed: boolean;
  readonly deg: (Int32Array | undefined)[];
}

/** The degree entry of the edge type list `raw` (a value as edgeNames takes it), cached per run. */
function degreeEntry(c: CompileContext, r: Run, k: number, raw: unknown): DegreeEntry {
  let cache = r.cache[k] as DegreeCache | undefined;
  if (!cache) r.cache[k] = cache = { byKey: new Map(), lastRaw: undefined, last: undefined };
  let entry = cache.last;
  if (!entry || raw !== cache.lastRaw) {
    const list = edgeNames(raw);
    const key = list.join('\u0000');
    entry = cache.byKey.get(key);
    if (!entry) {
      const walks = walksFor(c, r, list, 'out', 'right');
      entry = { walks, directed: walks.every((w) => w.fwd !== w.bwd), deg: [] };
      cache.byKey.set(key, entry);
    }
    cache.last = entry;
    cache.lastRaw = raw;
  }
  return entry;
}

/** The degree of vertex (t, s) along an entry's walks (see degreeFn). */
export function degreeAt(r: Run, entry: DegreeEntry, t: number, s: number): number {
  if (entry.directed) {
    const n = countDirected(entry.walks, t, s);
    if (n >= 0) return n;
  }
  let arr = entry.deg[t];
  if (!arr) entry.deg[t] = arr = new Int32Array(r.graph.vertexByIndex[t]?.slotCount ?? 0).fill(-1);
  let d = arr[s] as number;
  if (d < 0) {
    let n = 0;
    const count = () => {
      n++;
    };
    for (const w of entry.walks) walkEdges(w, t, s, count);
    arr[s] = d = n;
  }
  return d;
}

/**
 * The one adjacency an entry's degree of a vertex of type t is counted from (one directed walk),
 * or null: generated code reads its range sizes directly while it has no deletes and no delta.
 */
export function singleAdjacency(entry: DegreeEntry, t: number): Adjacency | null {
  const w = entry.walks[0];
  if (entry.walks.length !== 1 || !entry.directed || !w) return null;
  return (w.fwd ? w.table.out[t] : w.table.in[t]) ?? null;
}

/**
 * `v.outdegree([edge types])`: counted from the adjacency arrays when they can answer (no
 * per-vertex state, so a query that asks one vertex costs nothing in the graph's size);
 * otherwise walked once per vertex and cached per run and edge type list.
 */
export function degreeFn(c: CompileContext, names: Fn | null): (r: Run, id: number) => number {
  const k = c.cacheSlot();
  return (r, id) =>
    degreeAt(r, degreeEntry(c, r, k, names ? names(r) : null), vtypeOf(id), vslotOf(id));
}

/**
 * degreeFn's entry for the edge type list as it is now: generated code reads it once per clause
 * when the list cannot change during the clause, then calls degreeAt per vertex.
 */
export function degreeEntryFn(c: CompileContext, names: Fn | null): (r: Run) => DegreeEntry {
  const k = c.cacheSlot();
  return (r) => degreeEntry(c, r, k, names ? names(r) : null);
}

/**
 * Distinct vertices in first-seen order, marked per type. While collecting, `ids[0..count)` are
 * the vertices, in a scratch array from the run's pool with room for every vertex of the graph
 * (room() makes sure of it), so adding never grows an array; release() leaves `ids` holding
 * exactly the collected vertices and gives the scratch array back.
 */
export class Collector {
  ids: Float64Array;
  count = 0;
  private readonly marks: (Uint8Array | undefined)[] = [];
  private scratch: Float64Array | null;
  constructor(private readonly run: Run) {
    this.scratch = run.pool.takeScratch(totalSlots(run) + 1);
    this.ids = this.scratch;
  }
  private last = -1;
  add(id: number): void {
    // Rows of one source vertex come together: skip the repeats cheaply.
    if (id !== this.last) this.addAt(id, vtypeOf(id), vslotOf(id));
  }
  /** add() with the vertex's type index and slot already known. */
  addAt(id: number, t: number, s: number): void {
    if (id === this.last) return;
    this.last = id;
    let m = this.marks[t];
    if (m === undefined || s >= m.length) m = this.marksFor(t);
    if (m[s] === 0) {
      m[s] = 1;
      if (this.count >= this.ids.length) this.room();
      this.ids[this.count++] = id;
    }
  }
  /**
   * The marks of vertex type t (1: in `ids`), a slot for each vertex of the type as it is now.
   * Generated code adds a vertex by testing and setting its mark and writing its id at `count`
   * (kept in a local, stored back before it returns); it asks for the marks at least once per
   * call, so marks grown with the graph between two calls are seen.
   */
  marksFor(t: number): Uint8Array {
    const slots = this.run.graph.vertexByIndex[t]?.slotCount ?? 0;
    let m = this.marks[t];
    if (m && m.length >= slots) return m;
    const bigger = this.run.pool.take(false, 0, slots) as Uint8Array;
    if (m) {
      bigger.set(m);
      // What goes back to the pool must be clear.
      m.fill(0);
      this.run.pool.give(0, m);
    }
    this.marks[t] = m = bigger;
    return m;
  }

  /**
   * The array being collected into, with room for one more than every vertex of the graph as it
   * is now (each is collected at most once; generated code may write one id past the count): a
   * run that writes may see the graph grow between its slices.
   */
  room(): Float64Array {
    const need = totalSlots(this.run) + 1;
    if (this.ids.length < need) {
      const bigger = this.run.pool.takeScratch(need);
      bigger.set(this.ids.subarray(0, this.count));
      if (this.scratch) this.run.pool.giveScratch(this.scratch);
      this.scratch = bigger;
      this.ids = bigger;
    }
    return this.ids;
  }

  /** Done collecting: `ids` becomes exactly the collected vertices; marks and scratch go back. */
  release(): void {
    const scratch = this.scratch;
    if (scratch === null) return;
    this.scratch = null;
    const ids = scratch.slice(0, this.count);
    this.ids = ids;
    this.run.pool.giveScratch(scratch);
    const marks = this.marks;
    if (marks.length === 0) return;
    // A fill is cheaper than clearing many marks one by one.
    let slots = 0;
    for (const m of marks) slots += m?.length ?? 0;
    if (ids.length * 16 > slots) for (const m of marks) m?.fill(0);
    else
      for (let i = 0; i < ids.length; i++) {
        const id = ids[i] as number;
        const t = Math.floor(id / VT);
        (marks[t] as Uint8Array)[id - t * VT] = 0;
      }
    for (const m of marks) if (m) this.run.pool.give(0, m);
    marks.length = 0;
  }
}

/** Vertex slots of every type of the run's graph (an upper bound of any vertex set's size). */
function totalSlots(r: Run): number {
  let n = 0;
  for (const table of r.graph.vertexByIndex) n += table?.slotCount ?? 0;
  return n;
}
