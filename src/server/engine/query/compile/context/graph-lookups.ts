// Graph lookups of the compile context: vertex and edge type names resolved against the catalog,
// attribute types, and the per-run readers compiled code uses to reach vertex columns. Nothing
// here compiles an AST node; every compiler layer above uses these.
import { QueryRuntimeError } from '../../errors.js';
import type { Run } from '../../run.js';
import { vid, vslotOf, vtypeOf } from '../../runtime-values.js';
import type { T } from '../../types.js';
import type { VertexIds } from '../../vertex-ids.js';
import type { VertexTable } from '../../../graph/vertex-table.js';
import { coerce } from '../../../values.js';
import type { CompileContext } from './compile-context.js';

/** Run-time type index of a vertex type name (cached per run). */
export function typeIndexOf(comp: CompileContext, r: Run, name: string): number {
  return r.graph.vertices.get(name)?.typeIndex ?? -1;
}

/** The name of the vertex type of index t (`v.type`), '' for no such type. */
export function vertexTypeName(r: Run, t: number): string {
  return r.graph.vertexByIndex[t]?.def.name ?? '';
}

/**
 * Every live vertex of the named types, in type then slot order. One type: the table's list,
 * shared while the table is unchanged (callers only read it, as a vertex set's ids are read).
 */
export function allOf(comp: CompileContext, r: Run, types: readonly string[]): VertexIds {
  const only = types.length === 1 ? r.graph.vertices.get(types[0] as string) : undefined;
  if (only) return liveIds(only);
  // Each type once, so the list holds distinct vertices (a list of names may repeat one).
  const tables = [...new Set(types)].map((name) => {
    const table = r.graph.vertices.get(name);
    if (!table) throw new QueryRuntimeError('QUERY-UNKNOWN-TYPE', `unknown vertex type ${name}`);
    return table;
  });
  let n = 0;
  for (const table of tables) n += table.liveCount;
  const ids = new Float64Array(n);
  let k = 0;
  for (const table of tables) k = fill(table, ids, k);
  return k === n ? ids : ids.slice(0, k);
}

/** allOf's lists by table: its liveness array and counts when made (any change alters one). */
const cached = new WeakMap<
  VertexTable,
  { alive: Uint8Array; slots: number; live: number; ids: VertexIds }
>();

/**
 * The live vertex ids of a table in slot order, made once per state of the table: slots are
 * never reused, so an insertion changes the slot count, a deletion the live count, and a clear
 * the liveness array. Whole-type seeds ({T.*}) of queries over an unchanged graph then cost
 * nothing per query.
 */
function liveIds(table: VertexTable): VertexIds {
  const hit = cached.get(table);
  if (
    hit &&
    hit.alive === table.alive &&
    hit.slots === table.slotCount &&
    hit.live === table.liveCount
  )
    return hit.ids;
  const all = new Float64Array(table.liveCount);
  const n = fill(table, all, 0);
  const ids = n === all.length ? all : all.slice(0, n);
  cached.set(table, { alive: table.alive, slots: table.slotCount, live: table.liveCount, ids });
  return ids;
}

/** Writes the live vertices of a table into `ids` from index k, in slot order; the next index. */
function fill(table: VertexTable, ids: Float64Array, k: number): number {
  const t = table.typeIndex;
  const alive = table.alive;
  const n = table.slotCount;
  for (let s = 0; s < n && k < ids.length; s++) if (alive[s] === 1) ids[k++] = vid(t, s);
  return k;
}

/** A type name given at run time (a STRING parameter), checked against the graph. */
export function checkVertexType(comp: CompileContext, name: unknown): string {
  const s = String(name);
  if (!comp.isVertexType(s))
    throw new QueryRuntimeError(
      'QUERY-UNKNOWN-TYPE',
      `"${s}" is not a vertex type of graph ${comp.env.graphName}`,
    );
  return s;
}

/** Column index of an attribute per vertex type index (cached per run), -1 when absent. */
export function vertexColumns(comp: CompileContext, name: string): (r: Run) => Int32Array {
  const k = comp.cacheSlot();
  return (r) => {
    let cols = r.cache[k] as Int32Array | undefined;
    if (!cols) {
      cols = new Int32Array(r.graph.vertexByIndex.length).fill(-1);
      r.graph.vertexByIndex.forEach((table, i) => {
        if (table) cols![i] = table.def.attributes.findIndex((a) => a.name === name);
      });
      r.cache[k] = cols;
    }
    return cols;
  };
}

/**
 * The values of attribute column `cols[t]` of vertex type t by slot (cols from vertexColumns), or
 * null when the type keeps no such column (the primary id read as an attribute, or no attribute
 * of that name: vertexAttrReader answers those). Generated SELECT code reads it once per type.
 */
export function vertexColumnOf(r: Run, cols: Int32Array, t: number): readonly unknown[] | null {
  const c = cols[t] ?? -1;
  return c < 0 ? null : (r.graph.vertexByIndex[t]?.columns[c] ?? null);
}

/** The static type of a vertex attribute, looked up in the given or all vertex types. */
export function vertexAttrType(
  comp: CompileContext,
  vt: string | null,
  name: string,
): T | undefined {
  const types = vt ? [vt] : comp.vertexTypeNames;
  for (const tn of types) {
    const def = comp.env.catalog.vertexTypes.find((v) => v.name === tn);
    const a = def?.attributes.find((x) => x.name === name);
    if (a) return comp.attrT(a.type);
    if (def && def.primaryId.name === name) return comp.attrT(def.primaryId.type);
  }
  return undefined;
}

export function edgeAttrType(comp: CompileContext, name: string): T | undefined {
  for (const def of comp.env.catalog.edgeTypes) {
    const a = def.attributes.find((x) => x.name === name);
    if (a) return comp.attrT(a.type);
  }
  return undefined;
}

/**
 * Primary ids already converted, by table and slot, with the text they came from (a slot may be
 * given to another vertex later: the text is checked at each read). Queries read `p.id` once per
 * result row of a whole-graph scan, over and over.
 */
const idValues = new WeakMap<
  VertexTable,
  { type: unknown; text: (string | undefined)[]; value: unknown[] }
>();

/**
 * The primary id read as an attribute (primary_id_as_attribute) has the id's declared type, so a
 * UINT id compares and sorts as a number, as the type checker already types it.
 */
function primaryIdValue(table: VertexTable, id: number): unknown {
  const s = vslotOf(id);
  const text = table.ids[s];
  const type = table.def.primaryId.type;
  let known = idValues.get(table);
  if (known === undefined || known.type !== type || known.text.length < table.slotCount) {
    // Arrays made at their size (a write past the end of a long array could make it sparse),
    // doubled as the table grows, keeping the values read so far when the type is unchanged.
    const kept = known?.type === type ? known : undefined;
    const n = Math.max(table.slotCount, 2 * (kept?.text.length ?? 0), 1);
    const grown = { type, text: new Array<string | undefined>(n), value: new Array<unknown>(n) };
    if (kept)
      for (let i = 0; i < kept.text.length; i++) {
        grown.text[i] = kept.text[i];
        grown.value[i] = kept.value[i];
      }
    idValues.set(table, grown);
    known = grown;
  }
  if (text !== undefined && known.text[s] === text) return known.value[s];
  const value = coerce(type, text);
  if (s < known.text.length) {
    known.text[s] = text;
    known.value[s] = value;
  }
  return value;
}

export function vertexAttrReader(
  comp: CompileContext,
  name: string,
): (r: Run, id: number) => unknown {
  const cols = vertexColumns(comp, name);
  return (r, id) => {
    const t = vtypeOf(id);
    const c = cols(r)[t] ?? -1;
    const table = r.graph.vertexByIndex[t];
    if (c < 0) {
      if (table && table.def.primaryId.name === name) return primaryIdValue(table, id);
      throw new QueryRuntimeError(
        'QUERY-UNKNOWN-ATTRIBUTE',
        `vertex type ${table?.def.name ?? '?'} has no attribute ${name}`,
      );
    }
    return table?.columns[c]?.[vslotOf(id)];
  };
}

export function dynamicAttrReader(
  comp: CompileContext,
  name: string,
): (r: Run, id: number) => unknown {
  return (r, id) => {
    const table = r.graph.vertexByIndex[vtypeOf(id)];
    if (!table) return null;
    const c = table.def.attributes.findIndex((a) => a.name === name);
    if (c < 0) {
      if (table.def.primaryId.name === name) return primaryIdValue(table, id);
      throw new QueryRuntimeError(
        'QUERY-UNKNOWN-ATTRIBUTE',
        `vertex type ${table.def.name} has no attribute ${name}`,
      );
    }
    return table.columns[c]?.[vslotOf(id)];
  };
}
