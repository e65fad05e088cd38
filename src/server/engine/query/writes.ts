// Writes a query makes (attribute updates, INSERT, DELETE), collected while it runs and turned
// into engine mutations at the end, so a query that fails changes nothing. Reads during the query
// see the graph as it was.
import { pairAllows, pairsText } from '../catalog/pairs.js';
import type { AttributeDef } from '../catalog/types.js';
import type { EdgeTable } from '../graph/edge-table.js';
import type { Graph } from '../graph/graph.js';
import type { Mutation } from '../mutations.js';
import { coerce, ValueError } from '../values.js';
import { AccBase, elementsOf, isCollection } from './accum.js';
import { QueryRuntimeError } from './errors.js';
import { vslotOf, vtypeOf, type EdgeRef } from './runtime-values.js';

type Op = '=' | '+=';

function accumulate(base: unknown, v: unknown): unknown {
  if (typeof base === 'string') return base + String(v);
  if (typeof base === 'bigint' || typeof v === 'bigint')
    return BigInt(base as number | bigint) + BigInt(v as number | bigint);
  if (typeof base === 'number') return base + Number(v);
  if (Array.isArray(base)) return base.concat(Array.isArray(v) ? v : [v]);
  if (typeof base === 'boolean') return base || Boolean(v);
  return v;
}

/** One vertex's or edge's attribute writes: positions and values (few per element, no Map). */
class AttrWrites {
  readonly pos: number[] = [];
  readonly vals: unknown[] = [];
  /** The index of attribute position p, -1 when not written. */
  at(p: number): number {
    return this.pos.indexOf(p);
  }
  set(p: number, v: unknown): void {
    const i = this.pos.indexOf(p);
    if (i >= 0) this.vals[i] = v;
    else {
      this.pos.push(p);
      this.vals.push(v);
    }
  }
  list(): [number, '=', unknown][] {
    return this.pos.map((p, i) => [p, '=', this.vals[i]]);
  }
}

/** Attribute positions by name, per attribute list (a write per row looks one up). */
const positions = new WeakMap<readonly AttributeDef[], Map<string, number>>();
function attrPosition(attributes: readonly AttributeDef[], name: string): number {
  let byName = positions.get(attributes);
  if (!byName) {
    byName = new Map(attributes.map((a, i) => [a.name, i]));
    positions.set(attributes, byName);
  }
  return byName.get(name) ?? -1;
}

export class WriteSet {
  private readonly vertexUpdates = new Map<number, AttrWrites>();
  /** Per edge table, per edge slot (no key text per written edge). */
  private readonly edgeUpdates = new Map<
    EdgeTable,
    Map<number, { edge: EdgeRef; updates: AttrWrites }>
  >();
  private readonly inserts: Mutation[] = [];
  private readonly deletes: Mutation[] = [];

  constructor(private readonly graph: Graph) {}

  get empty(): boolean {
    return (
      this.vertexUpdates.size === 0 &&
      this.edgeUpdates.size === 0 &&
      this.inserts.length === 0 &&
      this.deletes.length === 0
    );
  }

  private tuples = (name: string) => this.graph.catalog.tuples.find((t) => t.name === name)?.fields;

  private value(attr: AttributeDef, v: unknown): unknown {
    try {
      // A ListAccum/SetAccum/BagAccum stored into a LIST/SET attribute stores its elements.
      const plain = v instanceof AccBase && isCollection(v) ? elementsOf(v).slice() : v;
      return coerce(attr.type, plain, this.tuples);
    } catch (e) {
      if (e instanceof ValueError) throw new QueryRuntimeError('QUERY-BAD-VALUE', e.message);
      throw e;
    }
  }

  setVertexAttr(id: number, name: string, op: Op, v: unknown): void {
    const table = this.graph.vertexByIndex[vtypeOf(id)];
    if (!table) return;
    const pos = attrPosition(table.def.attributes, name);
    const attr = table.def.attributes[pos];
    if (!attr)
      throw new QueryRuntimeError(
        'QUERY-UNKNOWN-ATTRIBUTE',
        `vertex type ${table.def.name} has no attribute ${name}`,
      );
    let updates = this.vertexUpdates.get(id);
    if (!updates) this.vertexUpdates.set(id, (updates = new AttrWrites()));
    const i = updates.at(pos);
    const base = i >= 0 ? updates.vals[i] : table.columns[pos]?.[vslotOf(id)];
    updates.set(pos, this.value(attr, op === '=' ? v : accumulate(base, v)));
  }

  setEdgeAttr(edge: EdgeRef, name: string, op: Op, v: unknown): void {
    const def = edge.table.def;
    const pos = attrPosition(def.attributes, name);
    const attr = def.attributes[pos];
    if (!attr)
      throw new QueryRuntimeError(
        'QUERY-UNKNOWN-ATTRIBUTE',
        `edge type ${def.name} has no attribute ${name}`,
      );
    let bySlot = this.edgeUpdates.get(edge.table);
    if (!bySlot)
      this.edgeUpdates.set(
        edge.table,
        (bySlot = new Map<number, { edge: EdgeRef; updates: AttrWrites }>()),
      );
    let entry = bySlot.get(edge.slot);
    if (!entry) bySlot.set(edge.slot, (entry = { edge, updates: new AttrWrites() }));
    const i = entry.updates.at(pos);
    const base = i >= 0 ? entry.updates.vals[i] : edge.table.columns[pos]?.[edge.slot];
    entry.updates.set(pos, this.value(attr, op === '=' ? v : accumulate(base, v)));
  }

  insertVertex(type: string, id: string, values: readonly [string, unknown][]): void {
    const table = this.graph.vertices.get(type);
    if (!table) throw new QueryRuntimeError('QUERY-UNKNOWN-TYPE', `unknown vertex type ${type}`);
    const u: [number, '=', unknown][] = [];
    for (const [name, v] of values) {
      const pos = table.def.attributes.findIndex((a) => a.name === name);
      const attr = table.def.attributes[pos];
      if (!attr)
        throw new QueryRuntimeError(
          'QUERY-UNKNOWN-ATTRIBUTE',
          `vertex type ${type} has no attribute ${name}`,
        );
      u.push([pos, '=', this.value(attr, v)]);
    }
    this.inserts.push({ k: 'v', t: type, id, u });
  }

  insertEdge(
    type: string,
    from: { type: string; id: string },
    to: { type: string; id: string },
    values: readonly [string, unknown][],
  ): void {
    const table = this.graph.edges.get(type);
    if (!table) throw new QueryRuntimeError('QUERY-UNKNOWN-TYPE', `unknown edge type ${type}`);
    if (!pairAllows(table.def, from.type, to.type)) {
      throw new QueryRuntimeError(
        'QUERY-BAD-VALUE',
        `INSERT INTO ${type}: edge type ${type} does not go from ${from.type} to ${to.type} (its pairs: ${pairsText(table.def)})`,
      );
    }
    const u: [number, '=', unknown][] = [];
    const byName = new Map<string, unknown>();
    for (const [name, v] of values) {
      const pos = table.def.attributes.findIndex((a) => a.name === name);
      const attr = table.def.attributes[pos];
      if (!attr)
        throw new QueryRuntimeError(
          'QUERY-UNKNOWN-ATTRIBUTE',
          `edge type ${type} has no attribute ${name}`,
        );
      const value = this.value(attr, v);
      byName.set(name, value);
      u.push([pos, '=', value]);
    }
    const disc = table.def.discriminator.map((n) => byName.get(n));
    this.inserts.push({
      k: 'e',
      t: type,
      ft: from.type,
      f: from.id,
      tt: to.type,
      to: to.id,
      u,
      disc,
    });
  }

  deleteVertex(id: number): void {
    const table = this.graph.vertexByIndex[vtypeOf(id)];
    if (!table) return;
    this.deletes.push({ k: 'dv', t: table.def.name, id: table.ids[vslotOf(id)] ?? '' });
  }

  deleteEdge(edge: EdgeRef): void {
    const t = edge.table;
    const s = edge.slot;
    const from = this.graph.vertexByIndex[t.srcType[s] ?? 0];
    const to = this.graph.vertexByIndex[t.dstType[s] ?? 0];
    if (!from || !to) return;
    this.deletes.push({
      k: 'de',
      t: t.def.name,
      ft: from.def.name,
      f: from.ids[t.src[s] ?? 0] ?? '',
      tt: to.def.name,
      to: to.ids[t.dst[s] ?? 0] ?? '',
      ...(t.discriminated ? { disc: t.discriminatorOf(s) } : {}),
    });
  }

  /** Inserts, then attribute updates, then deletions. */
  mutations(): Mutation[] {
    const out: Mutation[] = [...this.inserts];
    for (const [id, updates] of this.vertexUpdates) {
      const table = this.graph.vertexByIndex[vtypeOf(id)];
      if (!table) continue;
      out.push({
        k: 'v',
        t: table.def.name,
        id: table.ids[vslotOf(id)] ?? '',
        u: updates.list(),
        only: 'update',
      });
    }
    for (const bySlot of this.edgeUpdates.values())
      for (const { edge, updates } of bySlot.values()) {
        const t = edge.table;
        const s = edge.slot;
        const from = this.graph.vertexByIndex[t.srcType[s] ?? 0];
        const to = this.graph.vertexByIndex[t.dstType[s] ?? 0];
        if (!from || !to) continue;
        out.push({
          k: 'e',
          t: t.def.name,
          ft: from.def.name,
          f: from.ids[t.src[s] ?? 0] ?? '',
          tt: to.def.name,
          to: to.ids[t.dst[s] ?? 0] ?? '',
          u: updates.list(),
          disc: t.discriminatorOf(s),
          must: 'both',
        });
      }
    for (const d of this.deletes) out.push(d);
    return out;
  }
}
